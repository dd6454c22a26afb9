import {
  FIELD_MESSAGES,
  DEFAULT_LANGUAGE,
  JOB_MODEL_LIMITS,
  legacyFromSalary,
  parseSalaryThousands,
  salaryFromLegacy,
  skillKey,
  toIsoDate,
  toYearlyUsd,
  JOB_MESSAGES,
  type JobCreateBody,
  type LegacySalary,
  type SalaryRange,
  type Workplace,
} from '@jobboard/shared';
import { AppError } from '../../http/errors.js';
import { canonicalSkills, jobLocationText } from './job-fields.js';
import type { JobRecord } from './jobs.repository.js';
import { countryOfCity, jobRegion, parseWhere } from './places.js';

/**
 * A job's stored record from what a client sent: the spec's flat fields and their structured replacements, each
 * derived from whichever was sent, so old and new clients read the same job in both forms.
 */

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => toIsoDate(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** A closing date must lie between today and JOB_MODEL_LIMITS.validityMaxDays from today. */
function checkValidThrough(validThrough: string, today: string): string {
  const time = Date.parse(`${validThrough}T00:00:00Z`);
  if (Number.isNaN(time) || toIsoDate(new Date(time)) !== validThrough) {
    throw new AppError('bad_request', JOB_MESSAGES.validThroughNotDate);
  }
  const latest = addDays(today, JOB_MODEL_LIMITS.validityMaxDays);
  if (validThrough < today || validThrough > latest) {
    throw new AppError(
      'bad_request',
      `validThrough: ${FIELD_MESSAGES.validThroughRange(JOB_MODEL_LIMITS.validityMaxDays, today, latest)}`,
    );
  }
  return validThrough;
}

export type JobInput = Omit<Partial<JobCreateBody>, 'status'> & { status?: 'open' | 'closed' | undefined };

const REMOTE = 'Work remotely';

/** Where: a structured location, or the spec's text (whose country is the most populous city of that name). */
function placeOf(input: JobInput, base: JobRecord | undefined, workplace: Workplace) {
  let city = base?.city ?? '';
  let country = base?.country ?? '';
  let region = base?.region ?? '';
  let jobLocation = base?.job_location ?? '';
  if (input.location) {
    city = input.location.city;
    country = input.location.country;
    // An edit that sends the same place without a region (the form knows one only when picked) keeps the region.
    const samePlace = base !== undefined && base.city === city && base.country === country;
    region =
      input.location.region !== undefined || !samePlace ? jobRegion(city, country, input.location.region) : region;
    jobLocation = jobLocationText(city, country, workplace);
  } else if (input.jobLocation !== undefined) {
    jobLocation = input.jobLocation;
    const parsed = parseWhere(jobLocation);
    region = '';
    if ('city' in parsed) {
      city = parsed.city;
      country = parsed.country ?? countryOfCity(parsed.city);
      region = parsed.region ?? '';
    } else if ('country' in parsed) {
      city = '';
      country = parsed.country;
    } else {
      city = '';
      country = '';
    }
  }
  return { city, country, region, jobLocation };
}

/** Pay: structured, or the spec's text (with the numbers it has); each form derived from the one sent. */
function payOf(input: JobInput, base: JobRecord | undefined) {
  let salary: SalaryRange | null =
    base && base.salary_min !== null && base.salary_max !== null && base.salary_currency && base.salary_period
      ? { min: base.salary_min, max: base.salary_max, currency: base.salary_currency, period: base.salary_period }
      : null;
  let legacy: LegacySalary = {
    minPrice: base?.min_price ?? '',
    maxPrice: base?.max_price ?? '',
    salaryType: (base?.salary_type as LegacySalary['salaryType'] | undefined) ?? 'Yearly',
  };
  let maxPriceK = base?.max_price_k ?? null;
  if (input.salary) {
    salary = input.salary;
    legacy = legacyFromSalary(salary);
    maxPriceK = salary.max / 1000;
  } else if (input.minPrice !== undefined || input.maxPrice !== undefined || input.salaryType !== undefined) {
    legacy = {
      minPrice: input.minPrice ?? legacy.minPrice,
      maxPrice: input.maxPrice ?? legacy.maxPrice,
      salaryType: input.salaryType ?? legacy.salaryType,
    };
    salary = salaryFromLegacy(legacy);
    maxPriceK = parseSalaryThousands(legacy.maxPrice);
  }
  return { salary, legacy, maxPriceK };
}

/** The status: the poster closes or reopens; a new closing date revives an expired job. */
function statusOf(input: JobInput, base: JobRecord | undefined, validThrough: string, today: string) {
  let status = base?.status ?? 'open';
  if (input.status === 'closed') status = 'closed';
  else if (input.status === 'open' || (status === 'expired' && input.validThrough !== undefined)) {
    if (validThrough < today) throw new AppError('bad_request', JOB_MESSAGES.reopenNeedsDate);
    status = 'open';
  }
  if (status === 'open' && validThrough < today) status = 'expired';
  return status;
}

/**
 * The whole stored record of a job from what a client sent, merged over the job as stored (for an update):
 * each of the spec's flat groups and its structured replacement is derived from whichever of the two was sent,
 * so old and new clients read the same job in both forms.
 */
export function toRecord(
  input: JobInput,
  existing: JobRecord | undefined,
  company: { id: string; name: string; logo: string },
  today: string,
  durationDays: number = JOB_MODEL_LIMITS.validityDefaultDays,
): JobRecord {
  const base = existing;
  const employmentType = input.employmentType ?? base?.employment_type ?? '';
  const experienceLevel = input.experienceLevel ?? base?.experience_level ?? '';

  // Where the work happens: sent, kept, or (an old client) read from the spec's "Work remotely" values.
  const workplace: Workplace =
    input.workplace ??
    (input.employmentType || input.experienceLevel || !base
      ? employmentType === REMOTE || experienceLevel === REMOTE
        ? 'remote'
        : base?.workplace === 'remote'
          ? 'on-site'
          : (base?.workplace ?? 'on-site')
      : base.workplace);

  const { city, country, region, jobLocation } = placeOf(input, base, workplace);
  const remoteCountries =
    workplace === 'remote' ? [...new Set(input.remoteCountries ?? base?.remote_countries ?? [])].sort() : [];

  const { salary, legacy, maxPriceK } = payOf(input, base);

  const skills = input.skills ? canonicalSkills(input.skills) : (base?.skills ?? []);
  const validThrough =
    input.validThrough !== undefined
      ? checkValidThrough(input.validThrough, today)
      : (base?.valid_through ?? addDays(today, durationDays));

  const status = statusOf(input, base, validThrough, today);

  return {
    job_title: input.jobTitle ?? base?.job_title ?? '',
    company_id: company.id,
    company_name: company.name,
    company_logo:
      input.companyLogo ?? (input.companyId ? company.logo : undefined) ?? base?.company_logo ?? company.logo,
    job_location: jobLocation,
    city,
    country,
    region,
    workplace,
    remote_countries: remoteCountries,
    language: input.language ?? base?.language ?? DEFAULT_LANGUAGE,
    employment_type: employmentType,
    experience_level: experienceLevel,
    salary_type: legacy.salaryType,
    min_price: legacy.minPrice,
    max_price: legacy.maxPrice,
    max_price_k: maxPriceK,
    salary_min: salary?.min ?? null,
    salary_max: salary?.max ?? null,
    salary_currency: salary?.currency ?? null,
    salary_period: salary?.period ?? null,
    pay_yearly_usd: salary ? toYearlyUsd(salary) : null,
    valid_through: validThrough,
    status,
    description: input.description ?? base?.description ?? '',
    skills,
    skill_keys: skills.map((s) => skillKey(s.value)),
  };
}
