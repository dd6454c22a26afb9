import { z } from 'zod';
import { screeningAnswersSchema } from './apply-options.js';
import {
  EMPLOYMENT_OPTIONS,
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  EXPERIENCE_OPTIONS,
  FILTER_GROUP_NAMES,
  LIMITS,
  MAX_PRICE_OPTIONS,
  POSTED_OPTIONS,
  SALARY_TYPES,
  SALARY_TYPE_OPTIONS,
  WORKPLACE_OPTIONS,
  type FilterGroup,
} from './constants.js';
import { isCountryCode } from './countries.js';
import { APPLICATION_STAGES } from './stages.js';
import { companyRoleSchema } from './teams.js';
import { coverNoteSchema, cvIdSchema, cvSummarySchema } from './cv.js';
import { candidateProfileSchema } from './candidate-profile.js';
import { JOB_LANGUAGES, LANGUAGES } from './languages.js';
import {
  APPLIED_JOB_STATUSES,
  isCurrencyCode,
  JOB_MODEL_LIMITS,
  RADIUS_MAX_KM,
  JOB_SORTS,
  JOB_STATUSES,
  SALARY_PERIODS,
  WORKPLACES,
} from './job-model.js';

/**
 * One schema per contract (docs/principles.md, "Conventions"): the server validates with these, the forms validate with
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

/** Control, format (zero-width, bidi), default-ignorable (fillers, variation selectors) and line/paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Co}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}]/u;

/** Scripts told apart; a character belongs to every script of its Script_Extensions among them. */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Georgian',
  'Hangul',
  'Ethiopic',
  'Cherokee',
  'Khmer',
  'Mongolian',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
].map((name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, 'u')] as const);
const SHARED = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** The CJK writing systems mix scripts by nature (UTS #39): Han with kana is Japanese, with Hangul Korean. */
const WRITING_SYSTEMS: Record<string, string[]> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

function scriptSets(text: string): Set<string>[] {
  const sets: Set<string>[] = [];
  for (const char of text) {
    const scripts = SCRIPTS.filter(([, pattern]) => pattern.test(char)).map(([name]) => name);
    if (scripts.length === 0) {
      // Digits, punctuation, spaces and combining marks go with any script; a letter of an unlisted one does not.
      if (!SHARED.test(char)) sets.push(new Set([`other:${char}`]));
      continue;
    }
    sets.push(new Set(scripts.flatMap((s) => [s, ...(WRITING_SYSTEMS[s] ?? [])])));
  }
  return sets;
}

const intersect = (sets: Set<string>[]) =>
  sets.reduce<Set<string> | undefined>(
    (acc, set) => (acc ? new Set([...acc].filter((s) => set.has(s))) : new Set(set)),
    undefined,
  );

/**
 * One script, or Latin with one CJK writing system (UTS #39 "highly restrictive"): `аlice` (Cyrillic а) and
 * `pаypal` are refused, `алиса`, `山田はなこ` and `Tanaka 太郎` are fine.
 */
export function isSingleScript(text: string): boolean {
  const sets = scriptSets(text);
  const all = intersect(sets);
  if (!all || all.size > 0) return true;
  const withoutLatin = intersect(sets.filter((set) => !(set.size === 1 && set.has('Latin'))));
  return Boolean(withoutLatin && ['Jpan', 'Kore', 'Hanb'].some((system) => withoutLatin.has(system)));
}

/** A name people read: NFKC-normalised (full-width and compatibility forms become plain), one script, nothing hidden. */
const personText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .normalize('NFKC')
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine((v) => !INVISIBLE.test(v), {
      error: `${label} must not contain invisible or text-direction characters`,
      abort: true,
    })
    .refine(isSingleScript, {
      error: `${label} must not mix scripts (for example Latin and Cyrillic letters)`,
      abort: true,
    });

export const usernameSchema = personText('Username', LIMITS.username).regex(/^[\p{L}\p{N}._-]+$/u, {
  error: 'Username may only contain letters, digits, dots, dashes and underscores',
});

export const nameSchema = personText('Name', LIMITS.name);

/**
 * The one rule for every name shown to others (user names, company names, job titles): NFKC-normalised,
 * nothing invisible or text-direction, one script. A company called `Аcme` (Cyrillic А) cannot pose as `Acme`.
 */
export const displayNameSchema = personText;

/** Whether a stored text (written before the rule, or by a bulk load) passes the display-name rule. */
export function isPlainDisplayText(text: string): boolean {
  return !INVISIBLE.test(text) && text.normalize('NFKC') === text && isSingleScript(text);
}

// ---------- auth ----------

export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(LIMITS.passwordMax * 4),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const signUpBodySchema = z.strictObject({
  name: nameSchema,
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpBody = z.infer<typeof signUpBodySchema>;

/** Only a provider ID token is accepted: a bare name/email/photo proves nothing (docs/principles.md, "Promises"). */
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

/** The signed-in user's own view of the account (sign-in, /me, profile update): the user plus its e-mail state. */
export const accountSchema = userSchema.extend({
  emailVerified: z.boolean().describe('The address was confirmed by a mailed link or the identity provider'),
  pendingEmail: z.string().nullable().describe('An address waiting for its confirmation link to be followed'),
  isAdmin: z
    .boolean()
    .optional()
    .describe(
      'Present and true for an administrator (ADMIN_EMAILS, verified address): the web app shows the Admin page',
    ),
  locale: z
    .enum(LANGUAGES)
    .nullable()
    .describe('The language chosen for the screens and e-mails; null: the browser decides, e-mails in English'),
});
export type Account = z.infer<typeof accountSchema>;

const resumeSchema = z
  .string()
  .trim()
  .max(LIMITS.url, { error: `Resume link must be at most ${LIMITS.url} characters` })
  .refine((v) => v === '' || isSafeUrl(v), { error: 'Resume link must be a valid URL' });

/** Profile update: only the fields that changed are sent (docs/product.md, "API calls"). */
export const userUpdateBodySchema = z.strictObject({
  name: nameSchema.optional(),
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  password: passwordSchema.optional(),
  resume: resumeSchema.optional(),
  avatar: safeUrl('Avatar').optional(),
  /** The account's language (issue 35); null clears the choice. */
  locale: z
    .enum(LANGUAGES, { error: `locale must be one of ${LANGUAGES.join(', ')} or null` })
    .nullable()
    .optional(),
  /** Required with a new password or e-mail on accounts that have a password. */
  currentPassword: z
    .string()
    .max(LIMITS.passwordMax * 4)
    .optional(),
});
export type UserUpdateBody = z.infer<typeof userUpdateBodySchema>;

/**
 * Account deletion: the current password (accounts without one: a Google sign-in within 10 minutes instead). No
 * body at all (the spec's call) reaches the route, which then names the missing field.
 */
export const accountDeleteBodySchema = z
  .strictObject({
    currentPassword: z
      .string()
      .max(LIMITS.passwordMax * 4)
      .optional(),
  })
  .nullish();
export type AccountDeleteBody = z.infer<typeof accountDeleteBodySchema>;

const tokenSchema = z
  .string({ error: 'token is required' })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This link is not valid. Ask for a new one.' });

/** The token of a mailed link (verification or reset). */
export const verifyEmailBodySchema = z.strictObject({ token: tokenSchema });
export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });
export const resetPasswordBodySchema = z.strictObject({ token: tokenSchema, password: passwordSchema });

// ---------- jobs ----------

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

// ---------- companies ----------

const companyFields = {
  name: displayNameSchema('Company name', JOB_MODEL_LIMITS.companyName),
  logo: z.union([z.literal(''), safeUrl('Logo')]).default(''),
  website: z.union([z.literal(''), safeUrl('Website')]).default(''),
  description: z
    .string()
    .trim()
    .max(JOB_MODEL_LIMITS.companyDescription, {
      error: `Description must be at most ${JOB_MODEL_LIMITS.companyDescription} characters`,
    })
    .default(''),
};

export const companyCreateBodySchema = z.strictObject(companyFields);
/** Links a company shows on its page beside its website (its careers page, LinkedIn...). */
export const COMPANY_LINKS_MAX = 5;

export const companyUpdateBodySchema = z
  .strictObject({
    name: companyFields.name,
    logo: companyFields.logo,
    website: companyFields.website,
    description: companyFields.description,
    cover: z.union([z.literal(''), safeUrl('Cover image')]),
    links: z
      .array(safeUrl('Link'))
      .max(COMPANY_LINKS_MAX, { error: `A company shows at most ${COMPANY_LINKS_MAX} links` }),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to update' });
export const companyMemberBodySchema = z.strictObject({
  email: emailSchema,
  // Issue 33 (decision record 43): the role the invitee gets on accepting; absent (an old client): recruiter.
  role: companyRoleSchema.optional(),
});
export type CompanyCreateBody = z.infer<typeof companyCreateBodySchema>;
export type CompanyUpdateBody = z.infer<typeof companyUpdateBodySchema>;

export const companySchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.string(),
  website: z.string(),
  description: z.string(),
  canEdit: z.boolean().describe('Whether the signed-in user may edit it (an owner)'),
  openJobs: z.number().int(),
  role: companyRoleSchema.optional().describe("The signed-in user's role in it; absent when not a member"),
});
export type Company = z.infer<typeof companySchema>;

export const companyPageSchema = companySchema.extend({
  cover: z.string().describe("The cover image's URL, '' for none"),
  links: z.array(z.string()).describe('Its links beside the website, at most 5'),
  descriptionHtml: z.string().describe('The description in the safe Markdown subset, rendered (decision 27)'),
  jobs: z.array(jobSummarySchema).describe('Its open jobs, newest first (at most 100)'),
});
export type CompanyPage = z.infer<typeof companyPageSchema>;

export const companyMemberSchema = z.object({
  email: z.string(),
  name: z.string(),
  isCreator: z.boolean(),
  role: companyRoleSchema.optional().describe('owner, recruiter or viewer'),
});
export const companyMembersSchema = z.array(companyMemberSchema);

/** A pending invitation to join a company, as its creator sees it (GET /api/companies/:slug/invitations). */
export const companyInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  role: companyRoleSchema.optional().describe('The role accepting gives'),
});
export const companyInvitationsSchema = z.array(companyInvitationSchema);

/** An invitation to the signed-in user's address, as the invitee sees it (GET /api/invitations). */
export const myInvitationSchema = z.object({
  id: z.string(),
  company: companyRefSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const myInvitationsSchema = z.array(myInvitationSchema);
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export type CompanyInvitation = z.infer<typeof companyInvitationSchema>;

/** Accepting or declining: the mailed link's token, or (from the list, for a confirmed address) the invitation's id. */
export const invitationAnswerBodySchema = z
  .strictObject({
    id: idSchema.optional(),
    token: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'token: This link is not valid. Ask for a new invitation.' })
      .optional(),
  })
  .refine((body) => (body.id === undefined) !== (body.token === undefined), { error: 'Send either id or token' });
export type InvitationAnswerBody = z.infer<typeof invitationAnswerBodySchema>;

/** Removing or leaving: what happens to the leaving member's jobs under the company (default: closed). */
export const memberRemovalQuerySchema = z.strictObject({
  jobs: z.enum(['close', 'move'], { error: 'jobs must be close or move' }).default('close'),
});
export const membershipAnswerSchema = z.object({ accepted: z.boolean(), company: companyRefSchema.optional() });

// ---------- suggestions ----------

export const suggestQuerySchema = z.strictObject({
  q: z
    .string()
    .normalize('NFKC')
    .trim()
    .max(JOB_MODEL_LIMITS.skillChars, { error: `q must be at most ${JOB_MODEL_LIMITS.skillChars} characters` })
    .default(''),
});
/** GET /api/places: `countries=first` puts the countries the text begins before the cities (the search's "where"). */
export const placeQuerySchema = suggestQuerySchema.extend({
  countries: z.enum(['first'], { error: 'countries must be first' }).optional(),
});
export const skillSuggestionsSchema = z.array(
  z.object({ value: z.string(), label: z.string(), count: z.number().int() }),
);
export const placeSuggestionsSchema = z.array(
  z.object({
    city: z.string().describe('Empty for a country (countries=first)'),
    country: z.string(),
    countryName: z.string(),
    region: z.string().describe("The region's name ('Ohio', 'Ontario') where known, else empty"),
    population: z.number().int(),
  }),
);
export type PlaceSuggestion = z.infer<typeof placeSuggestionsSchema>[number];

/** The search box's completions (GET /api/job/suggest): titles, skills and companies of open jobs, most jobs first. */
export const SEARCH_SUGGESTION_KINDS = ['title', 'skill', 'company'] as const;
export const searchSuggestionSchema = z.object({
  kind: z.enum(SEARCH_SUGGESTION_KINDS),
  /** What goes into the search box ("what"). */
  value: z.string(),
  label: z.string(),
  /** Open jobs with it. */
  count: z.number().int(),
  /** A company's page (/company/:slug); companies only. */
  slug: z.string().optional(),
});
export const searchSuggestionsSchema = z.array(searchSuggestionSchema);
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

/** The spec's write acknowledgements (MongoDB's shape, kept for old clients). */
export const insertAckSchema = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export const updateAckSchema = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() });
export const deleteAckSchema = z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() });
export type WriteAck =
  z.infer<typeof insertAckSchema> | z.infer<typeof updateAckSchema> | z.infer<typeof deleteAckSchema>;

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

const optionalText = (label: string, max: number) =>
  z
    .string()
    .normalize('NFKC')
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .transform((v) => (v ? v : undefined))
    .optional();

/** Country filters check the shape only (an unknown code matches nothing); job writes check the list. */
const countryFilter = (label: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, { error: `${label} must be a two-letter country code` })
      .transform((v) => v.toUpperCase())
      .optional(),
  );

export const searchQuerySchema = z.strictObject({
  /** "What": title, company, skills and description words; the title counts most. */
  q: optionalText('Search text', LIMITS.searchQuery),
  /** "Where": a city, a country (name or code), "City, Country", or "remote". */
  where: optionalText('where', LIMITS.searchQuery),
  // The spec's four cities are the sidebar's options; any city is a valid value.
  location: z.preprocess((v) => emptyToUndefined(lower(v)), optionalText('location', JOB_MODEL_LIMITS.city)),
  salaryType: filterValue('salaryType', SALARY_TYPE_OPTIONS),
  maxPrice: filterValue('maxPrice', MAX_PRICE_OPTIONS),
  posted: filterValue('posted', POSTED_OPTIONS),
  experience: filterValue('experience', EXPERIENCE_OPTIONS),
  employment: filterValue('employment', EMPLOYMENT_OPTIONS),
  workplace: filterValue('workplace', WORKPLACE_OPTIONS),
  skill: z.preprocess((v) => emptyToUndefined(lower(v)), optionalText('skill', JOB_MODEL_LIMITS.skillChars)),
  country: countryFilter('country'),
  /** Remote jobs open to applicants in this country (or anywhere). */
  remoteCountry: countryFilter('remoteCountry'),
  /** Jobs written in this language. */
  language: z.preprocess(
    (v) => emptyToUndefined(lower(v)),
    z.enum(JOB_LANGUAGES, { error: `language must be one of ${JOB_LANGUAGES.join(', ')}` }).optional(),
  ),
  /** With a city in `where`: the jobs within this many kilometres of it instead of the city's own. */
  radius: z.preprocess(
    (v) => emptyToUndefined(v),
    z.coerce
      .number({ error: 'radius must be a whole number of kilometres' })
      .int({ error: 'radius must be a whole number of kilometres' })
      .min(1, { error: 'radius must be at least 1 km' })
      .max(RADIUS_MAX_KM, { error: `radius must be at most ${RADIUS_MAX_KM} km` })
      .optional(),
  ),
  /** With a radius: also the remote jobs open to people in the city's country. */
  withRemote: z.preprocess(
    (v) => emptyToUndefined(v),
    z.enum(['1', 'true', '0', 'false'], { error: 'withRemote must be true or false' }).optional(),
  ),
  /** Pay at least this much a year, in US dollars (jobs whose range reaches it). */
  payMin: z.preprocess(
    (v) => emptyToUndefined(v),
    z.coerce
      .number({ error: 'payMin must be a whole number' })
      .int({ error: 'payMin must be a whole number' })
      .min(0, { error: 'payMin must not be negative' })
      .max(10_000_000, { error: 'payMin must be at most 10000000' })
      .optional(),
  ),
  sort: filterValue(
    'sort',
    JOB_SORTS.map((value) => ({ value })),
  ),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(LIMITS.maxPage, { error: `page must be at most ${LIMITS.maxPage}` })
    .default(1),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;
export type SearchFilters = Pick<SearchQuery, FilterGroup>;

/** For every filter group, how many jobs each option would match with the other current filters. */
export const facetsSchema = z.object(
  Object.fromEntries(FILTER_GROUP_NAMES.map((group) => [group, z.record(z.string(), z.number().int())])) as Record<
    FilterGroup,
    z.ZodRecord<z.ZodString, z.ZodNumber>
  >,
);
export type Facets = Record<FilterGroup, Record<string, number>>;

/** The most common places and skills of the current results, most common first. */
export const topFacetsSchema = z.object({
  places: z.array(z.object({ city: z.string(), country: z.string(), count: z.number().int() })),
  skills: z.array(z.object({ value: z.string(), label: z.string(), count: z.number().int() })),
});
export type TopFacets = z.infer<typeof topFacetsSchema>;

export const searchResultSchema = z.object({
  items: z.array(jobSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  facets: facetsSchema,
  topFacets: topFacetsSchema,
  totalIsEstimate: z
    .boolean()
    .describe(
      'true when the matches are too many to count at once: total is then an estimate from a sample of the open jobs, within 10% of the exact figure',
    ),
  facetsAreEstimates: z
    .boolean()
    .describe(
      'true when the facet and top place and skill counts are estimates from that sample (an option with few matches may then show 0)',
    ),
  sort: z.enum(JOB_SORTS).describe('The order the items are in'),
  correctedQuery: z
    .string()
    .optional()
    .describe(
      'The text with its misspelt words corrected ("devloper" -> "developer"), when any were: its matches follow those of the text as typed',
    ),
  featured: z
    .array(jobSummarySchema)
    .optional()
    .describe(
      'Up to two featured jobs that match the search, for the top of this page (labelled "Featured"); they may also be among the items',
    ),
  unknownPlace: z
    .object({ where: z.string(), suggestions: z.array(z.string()) })
    .optional()
    .describe(
      'When nothing matched and "where" names no known place: the places nearest in name, each as a "where" text ("Seattle, WA")',
    ),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

// ---------- applications ----------

export const applyBodySchema = z.strictObject({
  job: idSchema,
  // The applicant is the signed-in user; a `user` in the body is accepted for compatibility and ignored.
  user: z.unknown().optional(),
  // Issue 14, point 1 (decision record 23): what the seeker sends with it; both optional, so the spec's body works.
  coverNote: coverNoteSchema.optional().describe('Up to 5,000 characters; blank means none'),
  cvId: cvIdSchema.optional().describe('A CV the caller uploaded (POST /api/upload/cv)'),
  // Issue 33: the job's screening questions answered, by question id (GET /api/job/:id/apply-form).
  answers: screeningAnswersSchema.optional(),
  screeningVersion: z
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .optional()
    .describe('The questions version answered: when the job has another by now, 409'),
});

export const applicationSchema = z.object({
  _id: z.string(),
  user: z.string().describe("The applicant's id"),
  job: z.string().describe("The job's id"),
  appliedDate: z.string(),
  // The job applied to, so lists need no second call.
  jobTitle: z.string(),
  companyName: z.string(),
  minPrice: z.string(),
  maxPrice: z.string(),
  salary: salaryOutSchema
    .nullable()
    .optional()
    .describe("The job's structured pay, as on the job; null when it was posted with salary text without numbers"),
  postedBy: z
    .string()
    .describe("The poster's e-mail address for the poster and their company's members; else their public name"),
  // The applicant, visible to the applicant and to the job's poster only.
  applicantName: z.string(),
  applicantEmail: z.string(),
  applicantResume: z.string(),
  // The pipeline (issue 14; decision record 18), beside the spec's fields: where the application stands.
  stage: z.enum(APPLICATION_STAGES).describe('applied, reviewing, interview, offer, hired or rejected'),
  withdrawnAt: z.string().nullable().describe('When the applicant withdrew it (ISO 8601); null while active'),
  // What the applicant sent with it (decision record 23); the CV's bytes only through GET /api/applications/:id/cv-link.
  coverNote: z.string().nullable().optional().describe('The cover note; null when none'),
  cv: cvSummarySchema.nullable().optional().describe('The CV sent with it; null when none'),
  candidate: candidateProfileSchema
    .nullable()
    .optional()
    .describe("The applicant's profile headline, location and links (decision record 44); null when they gave none"),
  // Where the job itself stands, so a list can say a job closed or was taken down instead of linking to nothing.
  jobStatus: z
    .enum(APPLIED_JOB_STATUSES)
    .optional()
    .describe(
      'open; closed by its poster; expired (past its closing date); removed (taken down or awaiting review by an administrator)',
    ),
});
export type Application = z.infer<typeof applicationSchema>;

// ---------- other answers ----------

export const errorBodySchema = z.object({
  success: z.literal(false),
  statusCode: z.number().int(),
  message: z.string(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const messageBodySchema = z.object({ success: z.boolean(), message: z.string() });
export type MessageBody = z.infer<typeof messageBodySchema>;

export const healthBodySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.enum(['pglite', 'postgres']),
});
export type HealthBody = z.infer<typeof healthBodySchema>;

/** GET /api/ready: whether a load balancer should send this instance requests (decision record 22). */
export const readinessBodySchema = z.object({
  status: z
    .enum(['ready', 'loading', 'unavailable', 'stopping'])
    .describe('loading: the search index is still loading; stopping: shutting down, finishing what it has'),
  reason: z.string().optional().describe('Why the instance is not ready, for an operator'),
  database: z.enum(['pglite', 'postgres']),
  replicas: z
    .array(
      z.object({
        index: z.number().int().describe('Its place in DATABASE_READ_URL, from 0'),
        state: z
          .enum(['ready', 'lagging', 'down'])
          .describe('ready: serving reads; lagging: too far behind to; down: not serving'),
        healthy: z.boolean().describe('Serving reads now'),
      }),
    )
    .describe('The read replicas (DATABASE_READ_URL), states only (addresses and errors go to the log); empty without'),
  searchIndex: z
    .enum(['off', 'loading', 'ready', 'failed'])
    .optional()
    .describe('The in-memory search index (SEARCH_INDEX): while loading, searches read the database'),
});
export type ReadinessBody = z.infer<typeof readinessBodySchema>;

export const uploadResultSchema = z.object({ url: z.string() });
export type UploadResult = z.infer<typeof uploadResultSchema>;

export const googleConfigSchema = z.object({ configured: z.boolean() });

/** Pages (the Google popup's) rather than JSON: documented as HTML text. */
export const htmlPageSchema = z.string().describe('An HTML page');
