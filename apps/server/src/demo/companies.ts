import { Faker, en } from '@faker-js/faker';
import { slugify } from '@jobboard/shared';
import type { GenerateOptions, GeneratedCompany } from './generated-job.js';
import { INDUSTRIES, INDUSTRY_KEYS, INDUSTRY_SUMS, type Industry } from './industries.js';
import { item, weightedIndex } from './random.js';

/** The companies generated jobs belong to: unique names and slugs, logos by initials, deterministic for a seed. */

export const DEFAULT_SEED = 1;

/** The files under apps/server/public/static/logos, by the initials they show; a company gets the one matching its name. */
const LOGOS_BY_INITIALS: Readonly<Record<string, string>> = {
  BS: 'bluepeak.svg',
  CH: 'cobalt.svg',
  FS: 'fernway.svg',
  HL: 'harbor.svg',
  KE: 'kite.svg',
  LA: 'lumen.svg',
  MC: 'maple.svg',
  NL: 'northwind.svg',
  OR: 'orbit.svg',
  QF: 'quartz.svg',
  SS: 'sable.svg',
  TE: 'tidewater.svg',
};

function initials(name: string): string {
  return name
    .split(/[^A-Za-z]+/)
    .filter((word) => /^[A-Z]/.test(word))
    .slice(0, 2)
    .map((word) => word.charAt(0))
    .join('');
}

/** 'build' -> 'builds', 'publish' -> 'publishes', 'supply' -> 'supplies' (the first word of a phrase). */
function thirdPerson(phrase: string): string {
  const space = phrase.indexOf(' ');
  const verb = space < 0 ? phrase : phrase.slice(0, space);
  const rest = space < 0 ? '' : phrase.slice(space);
  if (/(s|sh|ch|x|z|o)$/.test(verb)) return `${verb}es${rest}`;
  if (/[^aeiou]y$/.test(verb)) return `${verb.slice(0, -1)}ies${rest}`;
  return `${verb}s${rest}`;
}

export interface CompanyRecord {
  company: GeneratedCompany;
  industry: Industry;
  /** The company in its own words ('we run hotels for city visitors'), for job descriptions. */
  about: string;
}

export function buildCompanies(count: number, seed: number): CompanyRecord[] {
  const faker = new Faker({ locale: [en] });
  faker.seed(seed);
  const names = new Set<string>();
  const slugs = new Set<string>();
  const records: CompanyRecord[] = [];
  for (let index = 0; index < count; index++) {
    const industry = item(
      INDUSTRY_KEYS,
      weightedIndex(() => faker.number.float(), INDUSTRY_SUMS),
    );
    const data = INDUSTRIES[industry];
    let name = '';
    let slug = '';
    for (let attempt = 0; ; attempt++) {
      const form = faker.number.int(99);
      name =
        form < 50
          ? `${faker.person.lastName()} ${faker.helpers.arrayElement(data.words)}`
          : form < 55
            ? `${faker.person.lastName()} & Co`
            : faker.company.name();
      // After many collisions (tens of thousands of companies), a number keeps names unique.
      if (attempt > 20) name = `${name} ${index + 1}`;
      slug = slugify(name);
      if (slug && !names.has(name) && !slugs.has(slug)) break;
    }
    names.add(name);
    slugs.add(slug);
    const activity = faker.helpers.arrayElement(data.activities);
    const audience = faker.helpers.arrayElement(data.audiences);
    const logo = LOGOS_BY_INITIALS[initials(name)];
    records.push({
      company: {
        key: `company-${index + 1}`,
        name,
        slug,
        logo: logo ? `/static/logos/${logo}` : '',
        website: `https://${slug}.example.com`,
        description: `${name} ${thirdPerson(activity)} ${audience}.`,
      },
      industry,
      about: `${activity} ${audience}`,
    });
  }
  return records;
}

/** Companies for generated jobs: unique names and slugs, deterministic for a seed. */
export function generateCompanies(count: number, seed: number = DEFAULT_SEED): GeneratedCompany[] {
  return buildCompanies(count, seed).map((record) => record.company);
}

export function companyCount(count: number, options: GenerateOptions): number {
  if (options.companies !== undefined) return Math.max(1, Math.floor(options.companies));
  return Math.min(2000, Math.max(20, Math.floor(count / 50)));
}

/** The companies the jobs of generateJobs(count, options) refer to (same seed -> same list). */
export function companiesFor(count: number, options: GenerateOptions = {}): GeneratedCompany[] {
  return generateCompanies(companyCount(count, options), options.seed ?? DEFAULT_SEED);
}
