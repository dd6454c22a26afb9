/**
 * Document titles that the server writes into a rendered page and the browser keeps once it takes over, so
 * a search engine, a shared link and the tab all name the page the same way.
 */
export const SITE_NAME = 'Jobboard';
export const HOME_TITLE = 'Jobboard: find your next job';

/** "Frontend Engineer at Tidewater Labs | Jobboard" (the company as the job shows it). */
export function jobPageTitle(job: { jobTitle: string; companyName: string; company: { name: string } }): string {
  const company = job.company.name || job.companyName;
  return company ? `${job.jobTitle} at ${company} | ${SITE_NAME}` : `${job.jobTitle} | ${SITE_NAME}`;
}
