import type { Job } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { descriptionHtml, jobPostingJsonLd } from './job-posting.js';

const ORIGIN = 'https://jobs.example.org';

const base: Job = {
  _id: '0b6c3a52-9a0e-4c55-9d55-6b1f2a3c4d5e',
  jobTitle: 'Frontend Engineer',
  companyName: 'Tidewater Labs',
  companyLogo: '/static/logos/tidewater.svg',
  jobLocation: 'London',
  employmentType: 'Full-time',
  experienceLevel: 'Any Experience',
  salaryType: 'Yearly',
  minPrice: '60k',
  maxPrice: '75k',
  postingDate: '2026-11-20',
  description: 'Build the web app.\n\nYou know React & <TypeScript>.\nLondon office.',
  postedBy: 'Carol Poster',
  posterName: 'Carol Poster',
  skills: [{ value: 'react', label: 'React' }],
  company: { id: 'c1', slug: 'tidewater-labs', name: 'Tidewater Labs', logo: '/static/logos/tidewater.svg' },
  location: { city: 'London', country: 'GB' },
  workplace: 'on-site',
  remoteCountries: [],
  language: 'en',
  salary: { min: 60000, max: 75000, currency: 'GBP', period: 'year' },
  validThrough: '2026-12-20',
  status: 'open',
};

type Markup = Record<string, unknown>;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(Z|[+-]\d{2}:\d{2}))?$/;
const GOOGLE_EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'CONTRACTOR',
  'TEMPORARY',
  'INTERN',
  'VOLUNTEER',
  'PER_DIEM',
  'OTHER',
];
const UNIT_TEXTS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];

/**
 * Google's rules for JobPosting rich results (developers.google.com/search/docs/appearance/structured-data/job-posting):
 * the required properties, and the shape of each recommended one when present. Returns the problems found.
 */
function googleProblems(markup: Markup): string[] {
  const problems: string[] = [];
  const need = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  need(markup['@context'] === 'https://schema.org', '@context');
  need(markup['@type'] === 'JobPosting', '@type');
  need(typeof markup.title === 'string' && markup.title.length > 0, 'title');
  need(typeof markup.description === 'string' && /^<p>/.test(markup.description), 'description (HTML)');
  need(typeof markup.datePosted === 'string' && ISO_DATE.test(markup.datePosted), 'datePosted (ISO 8601)');
  const org = markup.hiringOrganization as Markup | undefined;
  need(
    org?.['@type'] === 'Organization' && typeof org.name === 'string' && org.name.length > 0,
    'hiringOrganization.name',
  );
  const remote = markup.jobLocationType === 'TELECOMMUTE';
  const place = markup.jobLocation as Markup | undefined;
  const address = place?.address as Markup | undefined;
  need(
    remote || (place?.['@type'] === 'Place' && address?.['@type'] === 'PostalAddress'),
    'jobLocation (or TELECOMMUTE)',
  );
  if (address)
    need(
      typeof address.addressCountry === 'string' || typeof address.addressLocality === 'string',
      'jobLocation.address',
    );
  if (markup.validThrough !== undefined)
    need(typeof markup.validThrough === 'string' && ISO_DATE.test(markup.validThrough), 'validThrough');
  if (markup.baseSalary !== undefined) {
    const salary = markup.baseSalary as Markup;
    const value = salary.value as Markup;
    need(salary['@type'] === 'MonetaryAmount' && /^[A-Z]{3}$/.test(String(salary.currency)), 'baseSalary.currency');
    need(
      value?.['@type'] === 'QuantitativeValue' && UNIT_TEXTS.includes(String(value.unitText)),
      'baseSalary.value.unitText',
    );
    need(
      typeof value?.value === 'number' || (typeof value?.minValue === 'number' && typeof value?.maxValue === 'number'),
      'baseSalary amount',
    );
  }
  if (markup.employmentType !== undefined) {
    const types = [markup.employmentType].flat();
    need(
      types.every((t) => GOOGLE_EMPLOYMENT_TYPES.includes(String(t))),
      'employmentType values',
    );
  }
  if (markup.identifier !== undefined) {
    const id = markup.identifier as Markup;
    need(id['@type'] === 'PropertyValue' && typeof id.name === 'string' && typeof id.value === 'string', 'identifier');
  }
  if (markup.applicantLocationRequirements !== undefined) {
    const places = [markup.applicantLocationRequirements].flat() as Markup[];
    need(
      places.every((p) => p['@type'] === 'Country' && typeof p.name === 'string'),
      'applicantLocationRequirements',
    );
  }
  return problems;
}

const markupOf = (job: Job, website = 'https://tidewater.example.com') =>
  jobPostingJsonLd(job, { website }, ORIGIN) as unknown as Markup;

describe('JobPosting JSON-LD', () => {
  it('an on-site yearly job: every required and recommended property, in Google values', () => {
    const markup = markupOf(base);
    expect(googleProblems(markup)).toEqual([]);
    expect(markup).toMatchObject({
      title: 'Frontend Engineer',
      datePosted: '2026-11-20',
      validThrough: '2026-12-20T23:59:59Z',
      employmentType: 'FULL_TIME',
      directApply: true,
      identifier: { '@type': 'PropertyValue', name: 'Jobboard', value: base._id },
      url: `${ORIGIN}/job/${base._id}`,
      hiringOrganization: {
        name: 'Tidewater Labs',
        sameAs: 'https://tidewater.example.com/',
        logo: `${ORIGIN}/static/logos/tidewater.svg`,
        url: `${ORIGIN}/company/tidewater-labs`,
      },
      jobLocation: { address: { addressLocality: 'London', addressCountry: 'GB' } },
      baseSalary: { currency: 'GBP', value: { minValue: 60000, maxValue: 75000, unitText: 'YEAR' } },
    });
    expect(markup.jobLocationType).toBeUndefined();
    expect(markup.applicantLocationRequirements).toBeUndefined();
  });

  it('an hourly job with one rate: value and unitText HOUR', () => {
    const markup = markupOf({
      ...base,
      salary: { min: 25, max: 25, currency: 'USD', period: 'hour' },
      employmentType: 'Part-time',
    });
    expect(googleProblems(markup)).toEqual([]);
    expect(markup.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', value: 25, unitText: 'HOUR' },
    });
    expect(markup.employmentType).toBe('PART_TIME');
  });

  it('a remote job for two countries: TELECOMMUTE and the countries applicants may live in', () => {
    const markup = markupOf({
      ...base,
      workplace: 'remote',
      location: { city: '', country: '' },
      remoteCountries: ['DE', 'FR'],
    });
    expect(googleProblems(markup)).toEqual([]);
    expect(markup.jobLocationType).toBe('TELECOMMUTE');
    expect(markup.applicantLocationRequirements).toEqual([
      { '@type': 'Country', name: 'Germany' },
      { '@type': 'Country', name: 'France' },
    ]);
    expect(markup.jobLocation).toBeUndefined();
  });

  it('a remote job from anywhere keeps TELECOMMUTE and its home city', () => {
    const markup = markupOf({ ...base, workplace: 'remote', remoteCountries: [] });
    expect(googleProblems(markup)).toEqual([]);
    expect(markup.jobLocationType).toBe('TELECOMMUTE');
    expect(markup.applicantLocationRequirements).toBeUndefined();
    expect(markup.jobLocation).toMatchObject({ address: { addressLocality: 'London' } });
  });

  it("an old client's job: no salary numbers, free-text place, legacy employment type left out", () => {
    const markup = markupOf(
      {
        ...base,
        salary: null,
        location: { city: '', country: '' },
        jobLocation: 'Leeds',
        employmentType: 'Work remotely',
        experienceLevel: 'Internship',
        company: { id: '', slug: '', name: '', logo: '' },
        companyLogo: '',
      },
      '',
    );
    expect(googleProblems(markup)).toEqual([]);
    expect(markup.baseSalary).toBeUndefined();
    expect(markup.employmentType).toBe('INTERN');
    expect(markup.jobLocation).toMatchObject({ address: { addressLocality: 'Leeds' } });
    expect(markup.hiringOrganization).toEqual({ '@type': 'Organization', name: 'Tidewater Labs' });
  });

  it('the description is HTML with the text escaped, paragraphs and line breaks kept', () => {
    expect(descriptionHtml(base.description)).toBe(
      '<p>Build the web app.</p><p>You know React &amp; &lt;TypeScript&gt;.<br>London office.</p>',
    );
  });

  it('the validator has teeth: markup without a place or a title fails', () => {
    const markup = markupOf(base);
    delete markup.jobLocation;
    delete markup.title;
    expect(googleProblems(markup)).toEqual(['title', 'jobLocation (or TELECOMMUTE)']);
  });
});
