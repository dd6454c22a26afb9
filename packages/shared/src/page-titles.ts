/**
 * Document titles that the server writes into a rendered page and the browser keeps once it takes over, so
 * a search engine, a shared link and the tab all name the page the same way.
 */
export const SITE_NAME = 'Jobboard';
export const HOME_TITLE = 'Jobboard: find your next job';

/** The home page's title under the site settings: "<name>: <tagline>", the tagline defaulting to the product's. */
export function homeTitleOf(siteName: string, tagline: string): string {
  return `${siteName}: ${tagline || HOME_TITLE.slice(SITE_NAME.length + 2)}`;
}

/** "Frontend Engineer at Tidewater Labs | Jobboard" (the company as the job shows it). */
export function jobPageTitle(job: { jobTitle: string; companyName: string; company: { name: string } }): string {
  const company = job.company.name || job.companyName;
  return company ? `${job.jobTitle} at ${company} | ${SITE_NAME}` : `${job.jobTitle} | ${SITE_NAME}`;
}
