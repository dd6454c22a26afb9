/**
 * The job model of a real board (docs/product.md, "The job model"): open skills, a place with a country,
 * where the work happens, pay with a currency and a period, jobs that close, companies. The spec's flat fields
 * (jobLocation, minPrice, maxPrice, salaryType, companyName, companyLogo) stay, derived both ways, so an old
 * client that sends and reads only them keeps working.
 */

export const WORKPLACES = ['on-site', 'hybrid', 'remote'] as const;
export type Workplace = (typeof WORKPLACES)[number];
export const WORKPLACE_LABELS: Record<Workplace, string> = { 'on-site': 'On-site', hybrid: 'Hybrid', remote: 'Remote' };

export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];
/** Working time in a year: 40 hours a week, 5 days a week, 52 weeks. */
export const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = { hour: 2080, day: 260, week: 52, month: 12, year: 1 };
export const PERIOD_WORDS: Record<SalaryPeriod, string> = {
  hour: 'an hour',
  day: 'a day',
  week: 'a week',
  month: 'a month',
  year: 'a year',
};

export const JOB_STATUSES = ['open', 'closed', 'expired'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/**
 * A job as its applicants see it (Application.jobStatus): its status, or "removed" while an administrator has it
 * hidden or pending review (no one but its poster and administrators sees it then).
 */
export const APPLIED_JOB_STATUSES = [...JOB_STATUSES, 'removed'] as const;
export type AppliedJobStatus = (typeof APPLIED_JOB_STATUSES)[number];

export const JOB_SORTS = ['relevance', 'newest', 'pay'] as const;
export type JobSort = (typeof JOB_SORTS)[number];
export const JOB_SORT_LABELS: Record<JobSort, string> = {
  relevance: 'Most relevant',
  newest: 'Newest',
  pay: 'Highest pay',
};

/** The widest radius a search takes, in kilometres. */
export const RADIUS_MAX_KM = 500;

export const JOB_MODEL_LIMITS = {
  skillsPerJob: 20,
  skillChars: 40,
  city: 100,
  remoteCountries: 50,
  validityDefaultDays: 30,
  validityMaxDays: 90,
  /** Salaries are whole or cent amounts below this (any currency, any period). */
  salaryMax: 1_000_000_000,
  companyName: 120,
  companyDescription: 2_000,
  companySlug: 80,
  suggestions: 8,
  topFacetValues: 10,
} as const;

/** "Pay at least" options of the search sidebar: yearly amounts in US dollars (see toYearlyUsd). */
export const PAY_AT_LEAST_OPTIONS = [
  { value: '40000', label: '$40,000+' },
  { value: '60000', label: '$60,000+' },
  { value: '80000', label: '$80,000+' },
  { value: '100000', label: '$100,000+' },
  { value: '150000', label: '$150,000+' },
] as const;

/**
 * US dollars per unit of a currency, to put every salary on one yearly scale for the "pay at least" filter and
 * the "highest pay" sort. Reference rates of 2026-11 rounded to three significant figures: a ranking aid, never
 * shown as an amount. A currency missing here is still accepted; its jobs sort after those with a known rate.
 */
export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.08,
  GBP: 1.27,
  CHF: 1.13,
  CAD: 0.73,
  AUD: 0.66,
  NZD: 0.6,
  JPY: 0.0067,
  CNY: 0.138,
  HKD: 0.128,
  SGD: 0.74,
  INR: 0.012,
  SEK: 0.095,
  NOK: 0.092,
  DKK: 0.145,
  PLN: 0.25,
  CZK: 0.043,
  HUF: 0.0027,
  RON: 0.217,
  BRL: 0.18,
  MXN: 0.055,
  ARS: 0.001,
  CLP: 0.00105,
  COP: 0.00024,
  ZAR: 0.054,
  NGN: 0.00062,
  KES: 0.0077,
  EGP: 0.02,
  TRY: 0.029,
  ILS: 0.27,
  AED: 0.272,
  SAR: 0.267,
  KRW: 0.00072,
  TWD: 0.031,
  THB: 0.028,
  MYR: 0.22,
  IDR: 0.000063,
  PHP: 0.017,
  VND: 0.00004,
  UAH: 0.024,
  PKR: 0.0036,
  BDT: 0.0083,
};

export interface SalaryRange {
  min: number;
  max: number;
  currency: string;
  period: SalaryPeriod;
}

/** The top of the range in US dollars a year, or null when the currency has no rate. */
export function toYearlyUsd(salary: SalaryRange): number | null {
  const rate = USD_PER_UNIT[salary.currency];
  if (rate === undefined) return null;
  return Math.round(salary.max * PERIODS_PER_YEAR[salary.period] * rate);
}

let currencyCodes: Set<string> | undefined;
/** ISO 4217 codes as the runtime's ICU knows them (Node and every current browser): no list of our own. */
export function isCurrencyCode(code: string): boolean {
  currencyCodes ??= new Set(Intl.supportedValuesOf('currency'));
  return currencyCodes.has(code);
}

/**
 * "EUR 60,000-75,000 a year", "$45-60 an hour" in the reader's locale (Intl.NumberFormat.formatRange), with
 * cents only when the amounts have them.
 */
export function formatSalary(salary: SalaryRange, locale?: string): string {
  const whole = Number.isInteger(salary.min) && Number.isInteger(salary.max);
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: salary.currency,
    maximumFractionDigits: whole ? 0 : 2,
    minimumFractionDigits: whole ? 0 : 2,
  });
  const amount = salary.min === salary.max ? format.format(salary.min) : format.formatRange(salary.min, salary.max);
  return `${amount} ${PERIOD_WORDS[salary.period]}`;
}

/** The spec's flat salary fields. */
export interface LegacySalary {
  minPrice: string;
  maxPrice: string;
  salaryType: 'Hourly' | 'Monthly' | 'Yearly';
}

const SYMBOL_CURRENCIES: [RegExp, string][] = [
  [/€|\beur\b/i, 'EUR'],
  [/£|\bgbp\b/i, 'GBP'],
  [/\$|\busd\b/i, 'USD'],
];

/**
 * The spec's salary text ('$20k', '120,000', '45') as an amount in currency units. A 'k' multiplies by a thousand;
 * a bare number under 1,000 on a monthly or yearly salary is in thousands (the demo's '80' meant 80k), on an
 * hourly one it is the amount itself. Null when there is no number.
 */
export function legacyAmount(text: string, salaryType: LegacySalary['salaryType']): number | null {
  const cleaned = text.replace(/[\s$€£,_]/g, '').toLowerCase();
  const match = /(\d+(?:\.\d+)?)(k|m)?/.exec(cleaned);
  if (!match?.[1]) return null;
  const amount = Number(match[1]);
  if (!Number.isFinite(amount)) return null;
  if (match[2] === 'k') return amount * 1000;
  if (match[2] === 'm') return amount * 1_000_000;
  return salaryType !== 'Hourly' && amount < 1000 ? amount * 1000 : amount;
}

/**
 * A pay amount as typed on the job form, read as legacyAmount reads the spec's text ('$20k', '20k', '20,000' are
 * 20000) but strictly: one amount, an optional leading $, EUR or GBP sign, an optional 'k'. '' -> null (not
 * given); anything else -> NaN. A bare number is the amount itself (the form has an hourly period too).
 */
export function payAmount(text: string): number | null {
  const cleaned = text
    .replace(/[\s,_]/g, '')
    .replace(/^[$€£]/, '')
    .toLowerCase();
  if (cleaned === '') return null;
  const match = /^(\d+(?:\.\d{1,2})?)(k?)$/.exec(cleaned);
  if (!match?.[1]) return Number.NaN;
  return match[2] ? Math.round(Number(match[1]) * 1000 * 100) / 100 : Number(match[1]);
}

const LEGACY_PERIOD: Record<LegacySalary['salaryType'], SalaryPeriod> = {
  Hourly: 'hour',
  Monthly: 'month',
  Yearly: 'year',
};

/** An old client's flat fields as a structured range (amounts sorted); null when either amount has no number. */
export function salaryFromLegacy(legacy: LegacySalary): SalaryRange | null {
  const a = legacyAmount(legacy.minPrice, legacy.salaryType);
  const b = legacyAmount(legacy.maxPrice, legacy.salaryType);
  if (a === null || b === null) return null;
  const currency =
    SYMBOL_CURRENCIES.find(([pattern]) => pattern.test(`${legacy.minPrice} ${legacy.maxPrice}`))?.[1] ?? 'USD';
  return { min: Math.min(a, b), max: Math.max(a, b), currency, period: LEGACY_PERIOD[legacy.salaryType] };
}

/**
 * A structured range as the spec's flat fields, for old clients: plain amounts in currency units ('60000'), the
 * period as the nearest of the spec's three types (a daily or weekly rate becomes a monthly one).
 */
export function legacyFromSalary(salary: SalaryRange): LegacySalary {
  const asMonthly = salary.period === 'day' || salary.period === 'week';
  const factor = asMonthly ? PERIODS_PER_YEAR[salary.period] / 12 : 1;
  const text = (amount: number) => String(Math.round(amount * factor * 100) / 100);
  const salaryType = asMonthly
    ? 'Monthly'
    : salary.period === 'hour'
      ? 'Hourly'
      : salary.period === 'month'
        ? 'Monthly'
        : 'Yearly';
  return { minPrice: text(salary.min), maxPrice: text(salary.max), salaryType };
}

/** 'Senior Engineer, Acme & Co.' -> 'senior-engineer-acme-co' (ASCII letters and digits, accents folded). */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, JOB_MODEL_LIMITS.companySlug)
    .replace(/-+$/g, '');
}

/** Skill text as typed -> the key it is unique and searched by ('  React.js ' -> 'react.js'). */
export function skillKey(label: string): string {
  return label.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}
