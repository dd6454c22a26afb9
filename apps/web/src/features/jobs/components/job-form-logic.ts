import type { CompanyCreateBody, Job, JobCreateBody, SalaryPeriod, Skill, Workplace } from '@jobboard/shared';
import {
  companyCreateBodySchema,
  DEFAULT_JOB_TITLE,
  JOB_MODEL_LIMITS,
  jobCreateBodySchema,
  payAmount,
  skillKey,
  isJobLanguage,
} from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { appI18n } from '../../../lib/i18n';
import { addDays, todayIso } from '../job-dates';

/** The company picker's value for "a new company, created before the job is posted". */
export const NEW_COMPANY = 'new';

/** What the job form edits: every field the poster fills in (the server sets postedBy, postingDate and status). */
export interface JobFormValues {
  jobTitle: string;
  employmentType: string;
  experienceLevel: string;
  description: string;
  /** One of the poster's companies (its id), or NEW_COMPANY. */
  company: string;
  companyName: string;
  companyLogo: string;
  companyWebsite: string;
  companyDescription: string;
  skills: Skill[];
  city: string;
  /** The region of a city picked from the suggestions ('Illinois'): "Springfield, IL" then finds this job. */
  region?: string;
  /** ISO 3166 alpha-2, or '' for none. */
  country: string;
  workplace: Workplace;
  /** Where a remote job can hire; empty: anywhere. */
  remoteCountries: string[];
  payMin: string;
  payMax: string;
  currency: string;
  period: SalaryPeriod;
  /** YYYY-MM-DD: the last day the job takes applications. */
  validThrough: string;
  /** The language the job is written in (JOB_LANGUAGES); '' until chosen: the poster's. */
  language: string;
}

export type JobFormField = keyof JobFormValues;
export type JobFormErrors = Partial<Record<JobFormField, string>>;
/** What the form sends: the create body without `status` (closing and reopening is My Jobs' business). */
export type JobFormBody = Omit<JobCreateBody, 'status'>;

/** The fields in the order the form shows them: the first with an error gets the focus. */
export const FIELD_ORDER: readonly JobFormField[] = [
  'jobTitle',
  'company',
  'companyName',
  'companyLogo',
  'companyWebsite',
  'companyDescription',
  'employmentType',
  'experienceLevel',
  'skills',
  'city',
  'country',
  'workplace',
  'remoteCountries',
  'payMin',
  'payMax',
  'currency',
  'period',
  'validThrough',
  'language',
  'description',
];

export { addDays, todayIso };

export function emptyJobForm(today: string = todayIso()): JobFormValues {
  return {
    jobTitle: DEFAULT_JOB_TITLE,
    employmentType: '',
    experienceLevel: '',
    description: '',
    company: '',
    companyName: '',
    companyLogo: '',
    companyWebsite: '',
    companyDescription: '',
    skills: [],
    city: '',
    country: '',
    workplace: 'on-site',
    remoteCountries: [],
    payMin: '',
    payMax: '',
    currency: 'USD',
    period: 'year',
    validThrough: addDays(today, JOB_MODEL_LIMITS.validityDefaultDays),
    language: '',
  };
}

/** A new job is written in the poster's language unless they choose another. */
export function inReaderLanguage(values: JobFormValues, language: string): JobFormValues {
  return values.language ? values : { ...values, language: isJobLanguage(language) ? language : 'en' };
}

export function formFromJob(job: Job): JobFormValues {
  const { city, country } = job.location;
  return {
    jobTitle: job.jobTitle,
    employmentType: job.employmentType,
    experienceLevel: job.experienceLevel,
    description: job.description,
    company: job.company.id,
    companyName: '',
    companyLogo: '',
    companyWebsite: '',
    companyDescription: '',
    skills: job.skills.map((s) => ({ value: s.value, label: s.label })),
    // A job from an old client may have only its free-text location.
    city: city || (country || job.workplace === 'remote' ? '' : job.jobLocation),
    country,
    workplace: job.workplace,
    remoteCountries: [...job.remoteCountries],
    payMin: job.salary ? String(job.salary.min) : '',
    payMax: job.salary ? String(job.salary.max) : '',
    currency: job.salary?.currency ?? 'USD',
    period: job.salary?.period ?? 'year',
    validThrough: job.validThrough,
    language: job.language,
  };
}

/** A skill typed or picked, added once (case-insensitively, as the server keys them), at most 20. */
export function addSkill(skills: readonly Skill[], text: string): Skill[] {
  const value = text.normalize('NFKC').trim().replace(/\s+/g, ' ');
  if (!value || value.length > JOB_MODEL_LIMITS.skillChars || skills.length >= JOB_MODEL_LIMITS.skillsPerJob)
    return [...skills];
  if (skills.some((s) => skillKey(s.value) === skillKey(value))) return [...skills];
  return [...skills, { value, label: value }];
}

/** '60,000', ' 45.5 ', '$20k' -> numbers (the shared reading, so the form and the server agree); '' -> null; else NaN. */
export function parseAmount(text: string): number | null {
  return payAmount(text);
}

export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'INR', 'JPY', 'CHF'] as const;

export interface CurrencyOption {
  code: string;
  name: string;
}

const currenciesIn = new Map<string, { common: CurrencyOption[]; others: CurrencyOption[] }>();
/** Every ISO 4217 currency the browser knows, the common ones first, each with its name in `locale`. */
export function currencyOptions(locale = 'en'): { common: CurrencyOption[]; others: CurrencyOption[] } {
  let currencies = currenciesIn.get(locale);
  if (!currencies) {
    const names = new Intl.DisplayNames([locale, 'en'], { type: 'currency' });
    const option = (code: string) => ({ code, name: names.of(code) ?? code });
    const common = new Set<string>(COMMON_CURRENCIES);
    currencies = {
      common: COMMON_CURRENCIES.map(option),
      others: Intl.supportedValuesOf('currency')
        .filter((code) => !common.has(code))
        .map(option),
    };
    currenciesIn.set(locale, currencies);
  }
  return currencies;
}

export const PERIOD_LABELS: Record<SalaryPeriod, MessageDescriptor> = {
  hour: msg`Per hour`,
  day: msg`Per day`,
  week: msg`Per week`,
  month: msg`Per month`,
  year: msg`Per year`,
};

/** A valid uuid standing in for a company that is created just before the job (the body is checked first). */
const PENDING_COMPANY_ID = '00000000-0000-4000-8000-000000000000';

const COMPANY_FIELDS: Record<string, JobFormField> = {
  name: 'companyName',
  logo: 'companyLogo',
  website: 'companyWebsite',
  description: 'companyDescription',
};

/** An empty (or tampered) select's message, naming the field as its label does rather than listing the values. */
const SELECT_PROMPTS: Partial<Record<JobFormField, MessageDescriptor>> = {
  employmentType: msg`Choose an experience type`,
  experienceLevel: msg`Choose an experience level`,
};

/** Where a schema issue's path lands in the form. */
function fieldOf(path: readonly PropertyKey[]): JobFormField | undefined {
  const [head, next] = path;
  switch (head) {
    case 'salary':
      return next === 'min' ? 'payMin' : next === 'currency' ? 'currency' : next === 'period' ? 'period' : 'payMax';
    case 'location':
      return next === 'country' ? 'country' : 'city';
    case 'jobLocation':
      return 'city';
    case 'companyId':
    case 'companyName':
    case 'companyLogo':
      return 'company';
    case 'minPrice':
      return 'payMin';
    case 'maxPrice':
      return 'payMax';
    case 'salaryType':
      return 'period';
    default:
      return typeof head === 'string' && (FIELD_ORDER as readonly string[]).includes(head)
        ? (head as JobFormField)
        : undefined;
  }
}

export interface ValidateOptions {
  today: string;
  /** Editing this job: an unchanged closing date is not sent, and a job without structured pay may keep its old text. */
  original?: Job;
  /** The messages' language: the app's by default. (The shared schemas' own messages stay in English.) */
  i18n?: I18n;
}

export type ValidationResult =
  { ok: true; body: JobFormBody; newCompany?: CompanyCreateBody } | { ok: false; errors: JobFormErrors };

/**
 * Checks the form with the shared schemas (the server's own rules and messages) plus what only the form knows
 * (a company chosen, amounts that are numbers, a closing date within 90 days), and builds the body the API takes.
 * With a new company, the body has no companyId yet: it is created first (POST /api/companies).
 */
export function validateJobForm(
  values: JobFormValues,
  { today, original, i18n = appI18n() }: ValidateOptions,
): ValidationResult {
  const errors: JobFormErrors = {};
  const fail = (field: JobFormField, message: string | MessageDescriptor) => {
    errors[field] ??= typeof message === 'string' ? message : i18n._(message);
  };

  let newCompany: CompanyCreateBody | undefined;
  if (values.company === NEW_COMPANY) {
    const parsed = companyCreateBodySchema.safeParse({
      name: values.companyName,
      logo: values.companyLogo.trim(),
      website: values.companyWebsite.trim(),
      description: values.companyDescription,
    });
    if (parsed.success) newCompany = parsed.data;
    else
      for (const issue of parsed.error.issues)
        fail(COMPANY_FIELDS[String(issue.path[0])] ?? 'companyName', issue.message);
  } else if (!values.company) {
    fail('company', msg`Choose a company, or add a new one`);
  }

  const body: Record<string, unknown> = {
    jobTitle: values.jobTitle,
    employmentType: values.employmentType,
    experienceLevel: values.experienceLevel,
    description: values.description,
    skills: values.skills,
    companyId: values.company === NEW_COMPANY || !values.company ? PENDING_COMPANY_ID : values.company,
    location: { city: values.city, country: values.country, ...(values.region ? { region: values.region } : {}) },
    workplace: values.workplace,
    remoteCountries: values.workplace === 'remote' ? values.remoteCountries : [],
    ...(values.language ? { language: values.language } : {}),
  };

  const min = parseAmount(values.payMin);
  const max = parseAmount(values.payMax);
  if (original && original.salary === null && min === null && max === null) {
    // An old job's salary text stays as it was until the poster gives numbers.
    Object.assign(body, { minPrice: original.minPrice, maxPrice: original.maxPrice, salaryType: original.salaryType });
  } else {
    if (min === null) fail('payMin', msg`Minimum Salary is required`);
    else if (Number.isNaN(min)) fail('payMin', msg`Minimum Salary must be a number, such as $20k or 20000`);
    if (max === null) fail('payMax', msg`Maximum Salary is required`);
    else if (Number.isNaN(max)) fail('payMax', msg`Maximum Salary must be a number, such as $120k or 120000`);
    body.salary = { min: min ?? 0, max: max ?? 0, currency: values.currency, period: values.period };
  }

  const lastDay = addDays(today, JOB_MODEL_LIMITS.validityMaxDays);
  if (!original || values.validThrough !== original.validThrough) {
    const days = JOB_MODEL_LIMITS.validityMaxDays;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.validThrough)) fail('validThrough', msg`Choose the day applications close`);
    else if (values.validThrough < today) fail('validThrough', msg`Applications cannot close before today`);
    else if (values.validThrough > lastDay)
      fail('validThrough', msg`Applications must close within ${days} days (by ${lastDay})`);
    body.validThrough = values.validThrough;
  }

  const parsed = jobCreateBodySchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path);
      if (!field) continue;
      fail(
        field,
        field === 'city' && issue.path[0] !== 'location'
          ? msg`Enter the city of the job, or choose Remote`
          : (SELECT_PROMPTS[field] ?? issue.message),
      );
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) {
    const ordered: JobFormErrors = {};
    for (const field of FIELD_ORDER) if (errors[field]) ordered[field] = errors[field];
    return { ok: false, errors: ordered };
  }
  const { status: _status, companyId, ...rest } = parsed.data;
  const result: JobFormBody = newCompany ? rest : { ...rest, companyId };
  return newCompany ? { ok: true, body: result, newCompany } : { ok: true, body: result };
}
