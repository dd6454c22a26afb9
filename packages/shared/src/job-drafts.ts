import { z } from './zod.js';
import { LIMITS } from './constants.js';
import { APPLY_METHODS, SCREENING_TYPES } from './apply-options.js';
import { SCREENING_LIMITS } from './screening-messages.js';
import { JOB_MODEL_LIMITS } from './job-model.js';

/**
 * Drafts of Post a Job: the form as the poster left it, kept on the server so it can be resumed
 * elsewhere, previewed and published. A draft is not a job: it lives in its own table, so search never sees it.
 */

const text = (max: number) =>
  z
    .string()
    .max(max, { error: `must be at most ${max} characters` })
    .optional();

/**
 * What a draft holds: the form's fields, each optional and checked only for type and length. A draft is unfinished
 * by nature (no title yet, pay "20k-ish"), so the job's own rules apply when it is published, not when it is saved.
 */
export const jobDraftPayloadSchema = z.strictObject({
  jobTitle: text(LIMITS.jobTitle),
  employmentType: text(40),
  experienceLevel: text(40),
  description: text(LIMITS.description),
  /** One of the poster's companies (its id), or 'new' for the company fields below. */
  company: text(100),
  companyName: text(JOB_MODEL_LIMITS.companyName),
  companyLogo: text(LIMITS.url),
  companyWebsite: text(LIMITS.url),
  companyDescription: text(JOB_MODEL_LIMITS.companyDescription),
  skills: z
    .array(
      z.strictObject({
        value: z.string().max(JOB_MODEL_LIMITS.skillChars),
        label: z.string().max(JOB_MODEL_LIMITS.skillChars),
      }),
    )
    .max(JOB_MODEL_LIMITS.skillsPerJob, { error: `must have at most ${JOB_MODEL_LIMITS.skillsPerJob} skills` })
    .optional(),
  city: text(JOB_MODEL_LIMITS.city),
  region: text(JOB_MODEL_LIMITS.city),
  country: text(2),
  workplace: text(20),
  remoteCountries: z
    .array(z.string().max(2))
    .max(JOB_MODEL_LIMITS.remoteCountries, { error: `must have at most ${JOB_MODEL_LIMITS.remoteCountries} countries` })
    .optional(),
  payMin: text(LIMITS.price),
  payMax: text(LIMITS.price),
  currency: text(3),
  period: text(20),
  validThrough: text(10),
  language: text(2),
  /** How to apply and the screening questions as the form holds them (issue 33 items 2 and 3), checked on publishing. */
  applyOptions: z
    .strictObject({
      method: z.enum(APPLY_METHODS, { error: `method must be one of ${APPLY_METHODS.join(', ')}` }),
      url: text(LIMITS.url),
      email: text(254),
      autoReject: z.boolean().optional(),
      questions: z
        .array(
          z.strictObject({
            type: z.enum(SCREENING_TYPES, { error: `type must be one of ${SCREENING_TYPES.join(', ')}` }),
            text: text(SCREENING_LIMITS.questionChars),
            required: z.boolean().optional(),
            knockOut: z.enum(['', 'yes', 'no']).optional(),
            /** One option a line, as typed. */
            options: text(SCREENING_LIMITS.options * (SCREENING_LIMITS.optionChars + 1)),
            knockOutOptions: z
              .array(z.string().max(SCREENING_LIMITS.optionChars))
              .max(SCREENING_LIMITS.options)
              .optional(),
            min: text(20),
          }),
        )
        .max(SCREENING_LIMITS.questions, { error: `must have at most ${SCREENING_LIMITS.questions} questions` }),
    })
    .optional(),
});
export type JobDraftPayload = z.infer<typeof jobDraftPayloadSchema>;

/** POST /api/job-drafts and PUT /api/job-drafts/:id. */
export const jobDraftBodySchema = z.strictObject({ payload: jobDraftPayloadSchema });
export type JobDraftBody = z.infer<typeof jobDraftBodySchema>;

export const jobDraftSchema = z.object({
  id: z.string(),
  payload: jobDraftPayloadSchema,
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
export type JobDraft = z.infer<typeof jobDraftSchema>;
export const jobDraftListSchema = z.array(jobDraftSchema);
