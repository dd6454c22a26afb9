import { z } from './zod.js';
import { screeningAnswersSchema } from './apply-options.js';
import { APPLICATION_STAGES } from './stages.js';
import { coverNoteSchema, cvIdSchema, cvSummarySchema } from './cv.js';
import { candidateProfileSchema } from './candidate-profile.js';
import { APPLIED_JOB_STATUSES } from './job-model.js';
import { idSchema } from './fields.js';
import { salaryOutSchema } from './job-schemas.js';

// Applications, errors, health and the other small answers.

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
