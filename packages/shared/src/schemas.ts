import { z } from 'zod';
import {
  EMPLOYMENT_OPTIONS,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  EXPERIENCE_OPTIONS,
  LIMITS,
  LOCATION_OPTIONS,
  MAX_PRICE_OPTIONS,
  POSTED_OPTIONS,
  SALARY_TYPES,
  SALARY_TYPE_OPTIONS,
  SKILL_OPTIONS,
} from './constants.js';

/**
 * One schema per contract (DESIGN.md section 8): the server validates with these, the forms validate with
 * these, and the types below are inferred from them. Field names are the spec's, so older clients keep working.
 */

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** http(s) URL, or a path on this site ('/static/logos/acme.svg'). Never javascript: or data:. */
export function isSafeUrl(value: string): boolean {
  if (/^\/(?!\/)/.test(value)) return true;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

const safeUrl = (label: string) =>
  requiredText(label, LIMITS.url).refine(isSafeUrl, { error: `${label} must be a valid URL` });

export const idSchema = z.uuid({ error: 'Not a valid id' });

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(LIMITS.email, { error: `Email must be at most ${LIMITS.email} characters` })
  .pipe(z.email({ error: 'Email must be a valid email address' }));

export const passwordSchema = z
  .string({ error: 'Password is required' })
  .min(LIMITS.passwordMin, { error: `Password must be at least ${LIMITS.passwordMin} characters` })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` });

export const usernameSchema = requiredText('Username', LIMITS.username).regex(/^[\p{L}\p{N}._-]+$/u, {
  error: 'Username may only contain letters, digits, dots, dashes and underscores',
});

export const nameSchema = requiredText('Name', LIMITS.name);

// ---------- auth ----------

export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(LIMITS.passwordMax * 4),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signUpBodySchema = z.strictObject({
  name: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** Only a provider ID token is accepted: a bare name/email/photo proves nothing (DESIGN.md section 1). */
export const googleSignInBodySchema = z.object({
  idToken: z.string({ error: 'idToken is required' }).min(1, { error: 'idToken is required' }).max(8192),
});

// ---------- users ----------

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  avatar: z.string(),
  resume: z.string(),
});
export type User = z.infer<typeof userSchema>;

const resumeSchema = z
  .string()
  .trim()
  .max(LIMITS.url, { error: `Resume link must be at most ${LIMITS.url} characters` })
  .refine((v) => v === '' || isSafeUrl(v), { error: 'Resume link must be a valid URL' });

/** Profile update: only the fields that changed are sent (spec section 7). */
export const userUpdateBodySchema = z.strictObject({
  name: nameSchema.optional(),
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  resume: resumeSchema.optional(),
  avatar: safeUrl('Avatar').optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

// ---------- jobs ----------

const skillValues = SKILL_OPTIONS.map((s) => s.value) as [string, ...string[]];

export const skillSchema = z.object({
  value: z.enum(skillValues, { error: `Skills must be among ${skillValues.join(', ')}` }),
  label: z.string().max(40),
});

const jobFields = {
  jobTitle: requiredText('Job title', LIMITS.jobTitle),
  companyName: requiredText('Company name', LIMITS.companyName),
  // Free text as entered (spec section 5: no numeric check, no min < max check).
  minPrice: requiredText('Minimum salary', LIMITS.price),
  maxPrice: requiredText('Maximum salary', LIMITS.price),
  salaryType: z.enum(SALARY_TYPES, { error: `Salary type must be one of ${SALARY_TYPES.join(', ')}` }),
  jobLocation: requiredText('Job location', LIMITS.jobLocation),
  employmentType: z.enum(EMPLOYMENT_TYPES, { error: `Employment type must be one of ${EMPLOYMENT_TYPES.join(', ')}` }),
  experienceLevel: z.enum(EXPERIENCE_LEVELS, { error: `Experience level must be one of ${EXPERIENCE_LEVELS.join(', ')}` }),
  skills: z
    .array(skillSchema, { error: 'Skills are required' })
    .min(1, { error: 'Choose at least one skill' })
    .max(SKILL_OPTIONS.length, { error: 'Too many skills' }),
  companyLogo: safeUrl('Company logo'),
  description: requiredText('Description', LIMITS.description),
};

/**
 * Fields a client may send but that the server owns: they are accepted for compatibility with the spec's
 * client (which posts postedBy, and may send the job it loaded back) and ignored.
 */
const serverOwnedJobFields = {
  _id: z.unknown().optional(),
  postedBy: z.unknown().optional(),
  postingDate: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  __v: z.unknown().optional(),
};

export const jobFormSchema = z.object(jobFields);
export type JobForm = z.infer<typeof jobFormSchema>;

export const jobCreateBodySchema = z.strictObject({ ...jobFields, ...serverOwnedJobFields });
export const jobUpdateBodySchema = z
  .strictObject({ ...jobFields, ...serverOwnedJobFields })
  .partial()
  .refine((body) => Object.keys(jobFields).some((key) => key in body), { error: 'Nothing to update' });
export type JobCreateBody = z.infer<typeof jobCreateBodySchema>;
export type JobUpdateBody = z.infer<typeof jobUpdateBodySchema>;

export interface Skill {
  value: string;
  label: string;
}

export interface Job {
  _id: string;
  jobTitle: string;
  companyName: string;
  companyLogo: string;
  jobLocation: string;
  employmentType: string;
  experienceLevel: string;
  salaryType: string;
  minPrice: string;
  maxPrice: string;
  postingDate: string;
  description: string;
  postedBy: string;
  skills: Skill[];
}

/** Card view of a job on the home page: the description is cut server-side so a page stays small. */
export type JobSummary = Omit<Job, 'description'> & { description: string };

export interface WriteAck {
  acknowledged: true;
  insertedId?: string;
  modifiedCount?: number;
  deletedCount?: number;
}

// ---------- search ----------

const optionValues = <T extends readonly { value: string }[]>(options: T) =>
  options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);
const emptyToUndefined = (v: unknown) => (v === '' || v === 'all' || v === 'any' ? undefined : v);
const filterValue = <T extends readonly { value: string }[]>(label: string, options: T) =>
  z.preprocess(
    (v) => emptyToUndefined(lower(v)),
    z
      .enum(optionValues(options), {
        error: `${label} must be one of ${options.map((o) => o.value).join(', ')}`,
      })
      .optional(),
  );

export const searchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .max(LIMITS.searchQuery, { error: `Search text must be at most ${LIMITS.searchQuery} characters` })
    .optional()
    .transform((v) => (v ? v : undefined)),
  location: filterValue('location', LOCATION_OPTIONS),
  salaryType: filterValue('salaryType', SALARY_TYPE_OPTIONS),
  maxPrice: filterValue('maxPrice', MAX_PRICE_OPTIONS),
  posted: filterValue('posted', POSTED_OPTIONS),
  experience: filterValue('experience', EXPERIENCE_OPTIONS),
  employment: filterValue('employment', EMPLOYMENT_OPTIONS),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(LIMITS.maxPage, { error: `page must be at most ${LIMITS.maxPage}` })
    .default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchFilters = Omit<SearchQuery, 'page' | 'q'>;

/** For every filter group, how many jobs each option would match with the other current filters. */
export type Facets = Record<keyof SearchFilters, Record<string, number>>;

export interface SearchResult {
  items: JobSummary[];
  total: number;
  page: number;
  pageSize: number;
  facets: Facets;
}

// ---------- applications ----------

export const applyBodySchema = z.strictObject({
  job: idSchema,
  // The applicant is the signed-in user; a `user` in the body is accepted for compatibility and ignored.
  user: z.unknown().optional(),
});

export interface Application {
  _id: string;
  user: string;
  job: string;
  appliedDate: string;
  /** The job applied to, so lists need no second call. */
  jobTitle: string;
  companyName: string;
  minPrice: string;
  maxPrice: string;
  postedBy: string;
  /** The applicant, visible to the applicant and to the job's poster only. */
  applicantName: string;
  applicantEmail: string;
  applicantResume: string;
}

// ---------- errors ----------

export interface ErrorBody {
  success: false;
  statusCode: number;
  message: string;
}

export interface MessageBody {
  success: boolean;
  message: string;
}

export interface HealthBody {
  status: 'ok' | 'unavailable';
  database: 'pglite' | 'postgres';
}
