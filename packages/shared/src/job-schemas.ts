import { z } from './zod.js';
import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, LIMITS, SALARY_TYPES } from './constants.js';
import { isCountryCode } from './countries.js';
import { JOB_LANGUAGES } from './languages.js';
import { isCurrencyCode, JOB_MODEL_LIMITS, JOB_STATUSES, SALARY_PERIODS, WORKPLACES } from './job-model.js';
import { displayNameSchema, idSchema, requiredText, safeUrl } from './fields.js';

// A job as it is written (old clients' fields and the job model's) and as every answer shows it.

const countryCode = (label: string) =>
  z
    .string({ error: `${label} must be a two-letter ISO 3166 country code` })
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { error: `${label} must be a two-letter ISO 3166 country code` });

/**
 * Skills are open (any text, 40 characters at most). A value that names one of the spec's nine, in any case, is
 * stored as that option; others keep their text as typed. The label a client sends is ignored: it always
 * reads as the value.
 */
export const skillSchema = z.object({
  value: z
    .string({ error: 'Each skill needs a value' })
    .normalize('NFKC')
    .trim()
    .min(1, { error: 'A skill must not be empty' })
    .max(JOB_MODEL_LIMITS.skillChars, { error: `A skill must be at most ${JOB_MODEL_LIMITS.skillChars} characters` }),
  label: z.string().max(200).optional(),
});

export const salarySchema = z
  .strictObject({
    min: z
      .number({ error: 'salary.min must be a number' })
      .nonnegative({ error: 'salary.min must not be negative' })
      .max(JOB_MODEL_LIMITS.salaryMax),
    max: z
      .number({ error: 'salary.max must be a number' })
      .nonnegative({ error: 'salary.max must not be negative' })
      .max(JOB_MODEL_LIMITS.salaryMax),
    currency: z
      .string({ error: 'Currency must be an ISO 4217 code such as EUR or USD' })
      .trim()
      .toUpperCase()
      .refine(isCurrencyCode, { error: 'Currency must be an ISO 4217 code such as EUR or USD' }),
    period: z.enum(SALARY_PERIODS, { error: `Pay period must be one of ${SALARY_PERIODS.join(', ')}` }),
  })
  .refine((s) => s.min <= s.max, { error: 'The minimum pay must not be above the maximum', path: ['max'] });

export const placeSchema = z.strictObject({
  city: z
    .string()
    .normalize('NFKC')
    .trim()
    .max(JOB_MODEL_LIMITS.city, { error: `City must be at most ${JOB_MODEL_LIMITS.city} characters` })
    .default(''),
  country: z.union([z.literal(''), countryCode('Country')]).default(''),
  region: z
    .string()
    .trim()
    .max(40, { error: 'Region must be at most 40 characters' })
    .optional()
    .describe(
      "The state, province or territory ('IL', 'Illinois') of a city in the United States, Canada or Australia",
    ),
});
export type Place = z.infer<typeof placeSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validThrough must be a date (YYYY-MM-DD)' });

/** The spec's fields, with the three groups an old client must send and a new one may replace. */
const jobFields = {
  jobTitle: displayNameSchema('Job title', LIMITS.jobTitle),
  companyName: displayNameSchema('Company name', LIMITS.companyName),
  // Free text as entered (docs/product.md, "Validation": no numeric check, no min < max check).
  minPrice: requiredText('Minimum salary', LIMITS.price),
  maxPrice: requiredText('Maximum salary', LIMITS.price),
  salaryType: z.enum(SALARY_TYPES, { error: `Salary type must be one of ${SALARY_TYPES.join(', ')}` }),
  jobLocation: requiredText('Job location', LIMITS.jobLocation),
  employmentType: z.enum(EMPLOYMENT_TYPES, { error: `Employment type must be one of ${EMPLOYMENT_TYPES.join(', ')}` }),
  experienceLevel: z.enum(EXPERIENCE_LEVELS, {
    error: `Experience level must be one of ${EXPERIENCE_LEVELS.join(', ')}`,
  }),
  skills: z
    .array(skillSchema, { error: 'Skills are required' })
    .min(1, { error: 'Choose at least one skill' })
    .max(JOB_MODEL_LIMITS.skillsPerJob, { error: `At most ${JOB_MODEL_LIMITS.skillsPerJob} skills` }),
  companyLogo: safeUrl('Company logo'),
  description: requiredText('Description', LIMITS.description),
};

/** What a new client may send beside (or instead of) the spec's fields. */
const jobModelFields = {
  /** One of the poster's companies; without it, companyName (+ companyLogo) picks or creates one. */
  companyId: idSchema.optional(),
  salary: salarySchema.optional(),
  location: placeSchema.optional(),
  workplace: z.enum(WORKPLACES, { error: `workplace must be one of ${WORKPLACES.join(', ')}` }).optional(),
  remoteCountries: z
    .array(countryCode('remoteCountries'))
    .max(JOB_MODEL_LIMITS.remoteCountries, { error: `At most ${JOB_MODEL_LIMITS.remoteCountries} countries` })
    .optional(),
  validThrough: isoDate.optional(),
  /** The language the job is written in; a new job without one is in its poster's language. */
  language: z.enum(JOB_LANGUAGES, { error: `language must be one of ${JOB_LANGUAGES.join(', ')}` }).optional(),
};

/** A group of the spec's fields an old client sends, and what replaces it for a new one. */
const REPLACEABLE: { fields: (keyof typeof jobFields)[]; by: keyof typeof jobModelFields }[] = [
  { fields: ['companyName', 'companyLogo'], by: 'companyId' },
  { fields: ['minPrice', 'maxPrice', 'salaryType'], by: 'salary' },
  { fields: ['jobLocation'], by: 'location' },
];

const REQUIRED_MESSAGES: Partial<Record<keyof typeof jobFields, string>> = {
  companyName: 'Company name is required',
  companyLogo: 'Company logo is required',
  minPrice: 'Minimum salary is required',
  maxPrice: 'Maximum salary is required',
  salaryType: `Salary type must be one of ${SALARY_TYPES.join(', ')}`,
  jobLocation: 'Job location is required',
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
  company: z.unknown().optional(),
  status: z.unknown().optional(),
};

export const jobFormSchema = z.object(jobFields);
export type JobForm = z.infer<typeof jobFormSchema>;

/** A location given as a place, or a remote job, needs no jobLocation text. */
const locationGiven = (body: Record<string, unknown>) =>
  body.location !== undefined && ((body.location as Place).city !== '' || body.workplace === 'remote');

export const jobCreateBodySchema = z
  .strictObject({
    ...jobFields,
    companyName: jobFields.companyName.optional(),
    companyLogo: jobFields.companyLogo.optional(),
    minPrice: jobFields.minPrice.optional(),
    maxPrice: jobFields.maxPrice.optional(),
    salaryType: jobFields.salaryType.optional(),
    jobLocation: jobFields.jobLocation.optional(),
    ...jobModelFields,
    ...serverOwnedJobFields,
    /** The poster's draft this job was made from (/api/job-drafts): deleted with the job's creation. */
    draftId: idSchema.optional(),
  })
  .superRefine(
    (body, ctx) => {
      for (const group of REPLACEABLE) {
        const replaced = group.by === 'location' ? locationGiven(body) : body[group.by] !== undefined;
        if (replaced) continue;
        for (const field of group.fields) {
          if (body[field] === undefined)
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: REQUIRED_MESSAGES[field] ?? `${field} is required`,
            });
        }
      }
      // Also when other fields failed, so one answer names every missing field.
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value) },
  );

export const jobUpdateBodySchema = z
  .strictObject({
    ...jobFields,
    ...jobModelFields,
    ...serverOwnedJobFields,
    // On an update, status is the poster's choice: close a job, or open it again.
    status: z.enum(['open', 'closed'], { error: 'status must be open or closed' }).optional(),
  })
  .partial()
  .refine(
    (body) =>
      [...Object.keys(jobFields), ...Object.keys(jobModelFields), 'status'].some(
        (key) => key in body && key !== 'company',
      ),
    {
      error: 'Nothing to update',
    },
  );
export type JobCreateBody = z.infer<typeof jobCreateBodySchema>;
export type JobUpdateBody = z.infer<typeof jobUpdateBodySchema>;

export const skillOutSchema = z.object({ value: z.string(), label: z.string() });
export type Skill = z.infer<typeof skillOutSchema>;

export const salaryOutSchema = z.object({
  min: z.number(),
  max: z.number(),
  currency: z.string().describe('ISO 4217'),
  period: z.enum(SALARY_PERIODS),
});

export const companyRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string(), logo: z.string() });

/** A job as every answer shows it: the spec's field names, then the job model's (docs/product.md). */
export const jobSchema = z.object({
  _id: z.string(),
  jobTitle: z.string(),
  companyName: z.string(),
  companyLogo: z.string(),
  jobLocation: z.string(),
  employmentType: z.string(),
  experienceLevel: z.string(),
  salaryType: z.string(),
  minPrice: z.string(),
  maxPrice: z.string(),
  postingDate: z.string().describe('YYYY-MM-DD'),
  description: z.string(),
  descriptionHtml: z
    .string()
    .optional()
    .describe(
      "The description as safe HTML (paragraphs, lists, bold, italic, http(s)/mailto links): only in GET /api/job/all-jobs/:id's answer",
    ),
  postedBy: z
    .string()
    .describe(
      "The poster's e-mail address for the poster, their company's members and administrators; else their public name",
    ),
  posterName: z.string().describe("The poster's public name"),
  skills: z.array(skillOutSchema),
  company: companyRefSchema,
  location: z.object({ city: z.string(), country: z.string().describe('ISO 3166 alpha-2, or empty') }),
  workplace: z.enum(WORKPLACES),
  remoteCountries: z.array(z.string()).describe('Where a remote job can hire; empty: anywhere'),
  language: z.string().describe('The language the job is written in (ISO 639-1): mark its text with it'),
  salary: salaryOutSchema.nullable().describe('Null when an old client sent salary text without numbers'),
  validThrough: z.string().describe('YYYY-MM-DD: the last day the job takes applications'),
  status: z.enum(JOB_STATUSES),
  moderation: z
    .object({
      state: z.enum(['hidden', 'pending']).describe('hidden: taken down by an administrator; pending: awaiting review'),
      reason: z.string().nullable().describe("The administrator's reason for hiding it"),
      at: z.string().nullable().describe('When an administrator decided (ISO 8601)'),
    })
    .optional()
    .describe('Only on a hidden or pending job, which only its poster and administrators see'),
  yourRole: z
    .enum(['poster', 'member'])
    .optional()
    .describe(
      "Only in GET /api/job/:id, for a reader who posted the job ('poster') or is a member of its company ('member')",
    ),
});
export type Job = z.infer<typeof jobSchema>;

/** Card view of a job on the home page: the description is cut server-side so a page stays small. */
export const jobSummarySchema = jobSchema.extend({
  description: z.string().describe('The first characters of the description'),
  distanceKm: z
    .number()
    .int()
    .optional()
    .describe("In a radius search: how far the job's city is from the city searched, in kilometres"),
});
export type JobSummary = z.infer<typeof jobSummarySchema>;
