import type { Job, SalaryPeriod } from '@jobboard/shared';
import { countryName } from '@jobboard/shared';
import type { JobPosting, Place, WithContext } from 'schema-dts';
import { renderDescription } from '../jobs/description-html.js';

/**
 * schema.org JobPosting for Google for Jobs (https://developers.google.com/search/docs/appearance/structured-data/job-posting):
 * every required property (title, description, datePosted, hiringOrganization, jobLocation, or for a fully remote
 * job jobLocationType TELECOMMUTE) and every recommended one the job has (validThrough, baseSalary,
 * employmentType, identifier, directApply, applicantLocationRequirements). Only for open jobs: a closed one
 * carries no markup (pages.routes.ts).
 */

/** The company's own details the job answer does not carry. */
export interface HiringCompany {
  website: string;
}

const UNIT_TEXT: Record<SalaryPeriod, 'HOUR' | 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'> = {
  hour: 'HOUR',
  day: 'DAY',
  week: 'WEEK',
  month: 'MONTH',
  year: 'YEAR',
};

/** The spec's employment types in Google's vocabulary; "Work remotely" is a place, not a type of employment. */
const EMPLOYMENT_TYPE: Record<string, string> = {
  'Full-time': 'FULL_TIME',
  'Part-time': 'PART_TIME',
  Temporary: 'TEMPORARY',
};

/** The description as the HTML Google asks for: the job page's own (decision 27). */
export const descriptionHtml = (text: string): string => renderDescription(text);

/** An address the browser loads (a logo) as an absolute URL; '' when it is not one. */
export function absoluteUrl(href: string, origin: string): string {
  if (!href) return '';
  try {
    const url = new URL(href, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}

function employmentTypes(job: Job): string[] {
  const types = [EMPLOYMENT_TYPE[job.employmentType]].filter((t): t is string => Boolean(t));
  if (job.experienceLevel === 'Internship') types.push('INTERN');
  return types;
}

function place(job: Job): Place | undefined {
  const { city, country } = job.location;
  if (city || country) {
    return {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(city ? { addressLocality: city } : {}),
        ...(country ? { addressCountry: country } : {}),
      },
    };
  }
  // A job from an old client: its free-text location is all there is (a remote job's is not a place).
  if (job.workplace === 'remote') return undefined;
  const legacy = job.jobLocation.trim();
  return legacy && !/^remote$/i.test(legacy)
    ? { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: legacy } }
    : undefined;
}

export function jobPostingJsonLd(
  job: Job,
  company: HiringCompany | undefined,
  origin: string,
  directApply = true,
): WithContext<JobPosting> {
  const url = `${origin}/job/${encodeURIComponent(job._id)}`;
  const companyName = job.company.name || job.companyName;
  const logo = absoluteUrl(job.company.logo || job.companyLogo, origin);
  const website = company?.website ? absoluteUrl(company.website, origin) : '';
  const remote = job.workplace === 'remote';
  const location = place(job);
  const types = employmentTypes(job);

  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.jobTitle,
    description: descriptionHtml(job.description),
    datePosted: job.postingDate,
    // The last day applications are taken, to its end (UTC).
    validThrough: `${job.validThrough}T23:59:59Z`,
    url,
    identifier: { '@type': 'PropertyValue', name: 'Jobboard', value: job._id },
    // True only when the job takes applications on this site (issue 33: not its company's site, not by e-mail).
    directApply,
    hiringOrganization: {
      '@type': 'Organization',
      name: companyName,
      ...(website ? { sameAs: website } : {}),
      ...(job.company.slug ? { url: `${origin}/company/${encodeURIComponent(job.company.slug)}` } : {}),
      ...(logo ? { logo } : {}),
    },
    // A fully remote job: TELECOMMUTE, and where applicants may live when the job says (none listed: anywhere,
    // which Google reads from the absence of the property). Its home city, if it names one, is still its place.
    ...(remote ? { jobLocationType: 'TELECOMMUTE' } : {}),
    ...(remote && job.remoteCountries.length > 0
      ? {
          applicantLocationRequirements: job.remoteCountries.map((code) => ({
            '@type': 'Country' as const,
            name: countryName(code),
          })),
        }
      : {}),
    ...(location ? { jobLocation: location } : {}),
    ...(job.salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: job.salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              ...(job.salary.min === job.salary.max
                ? { value: job.salary.min }
                : { minValue: job.salary.min, maxValue: job.salary.max }),
              unitText: UNIT_TEXT[job.salary.period],
            },
          },
        }
      : {}),
    ...(types.length > 0 ? { employmentType: types.length === 1 ? types[0] : types } : {}),
    ...(job.skills.length > 0 ? { skills: job.skills.map((s) => s.label).join(', ') } : {}),
  };
}
