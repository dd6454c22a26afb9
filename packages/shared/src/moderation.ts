import { z } from './zod.js';
import { LIMITS } from './constants.js';
import { jobSchema } from './schemas.js';
import { MODERATION_LIMITS, REPORT_REASONS } from './moderation-text.js';

export * from './moderation-text.js';

/** Moderation (issue 14, point 4; decision record 20): reports, the administrators' queue, hidden jobs, bans. */

const reasonSchema = z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}` });

export const reportBodySchema = z.strictObject({
  reason: reasonSchema,
  details: z
    .string({ error: 'details must be text' })
    .trim()
    .max(MODERATION_LIMITS.detailsMaxLength, {
      error: `details: at most ${MODERATION_LIMITS.detailsMaxLength.toLocaleString('en-US')} characters`,
    })
    .default(''),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

export const reportAckSchema = z.object({
  reportId: z.string(),
  message: z.string(),
});
export type ReportAck = z.infer<typeof reportAckSchema>;

/** The caller's own latest report of a job (issue 29): the job page shows it instead of a second "Report job". */
export const myReportSchema = z.object({
  report: z
    .object({
      reportedAt: z.string().describe('ISO 8601'),
      resolvedAt: z.string().nullable().describe('When an administrator decided (ISO 8601); null while open'),
      resolution: z
        .enum(['approved', 'hidden', 'banned'])
        .nullable()
        .describe('approved: the job stays up; null while open'),
    })
    .nullable()
    .describe('Null when the caller never reported the job'),
});
export type MyReport = z.infer<typeof myReportSchema>;

/** Hiding a job and banning an account need a reason: the poster is shown it. */
export const moderationReasonBodySchema = z.strictObject({
  reason: z
    .string({ error: 'reason is required' })
    .trim()
    .min(1, { error: 'reason: Give a reason' })
    .max(MODERATION_LIMITS.reasonMaxLength, {
      error: `reason: at most ${MODERATION_LIMITS.reasonMaxLength.toLocaleString('en-US')} characters`,
    }),
});

/** Approve and unban: a reason is optional (old clients send no body); the audit log keeps it when given. */
export const optionalReasonBodySchema = z
  .strictObject({
    reason: z
      .string({ error: 'reason must be text' })
      .trim()
      .max(MODERATION_LIMITS.reasonMaxLength, {
        error: `reason: at most ${MODERATION_LIMITS.reasonMaxLength.toLocaleString('en-US')} characters`,
      })
      .optional(),
  })
  // A POST with no body at all reaches validation as null.
  .nullish();
export type ModerationReasonBody = z.infer<typeof moderationReasonBodySchema>;

export const moderationParamsSchema = z.object({ id: z.string().max(100) });

export const queueQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(LIMITS.maxPage, { error: `page must be at most ${LIMITS.maxPage}` })
    .default(1),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const queueReportSchema = z.object({
  reason: reasonSchema,
  details: z.string(),
  createdAt: z.string().describe('ISO 8601'),
});

export const queueItemSchema = z.object({
  job: jobSchema,
  poster: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    createdAt: z.string().describe('When the account was made (ISO 8601)'),
    bannedAt: z.string().nullable(),
    isAdmin: z.boolean(),
  }),
  reportCount: z.number().int().describe('Open reports of the job'),
  reasons: z
    .array(z.object({ reason: reasonSchema, count: z.number().int() }))
    .describe('Open reports by reason, most first'),
  reports: z.array(queueReportSchema).describe(`The newest open reports (at most ${MODERATION_LIMITS.reportsShown})`),
  since: z
    .string()
    .describe('Oldest open report, or when the pending job was posted (ISO 8601): the queue is oldest first'),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queuePageSchema = z.object({
  items: z.array(queueItemSchema).describe('Jobs awaiting review (pending) and jobs with open reports, oldest first'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

export const jobDecisionSchema = z.object({
  jobId: z.string(),
  status: jobSchema.shape.status,
  moderation: jobSchema.shape.moderation,
  resolvedReports: z.number().int(),
  message: z.string(),
});
export type JobDecision = z.infer<typeof jobDecisionSchema>;

export const banAnswerSchema = z.object({
  userId: z.string(),
  bannedAt: z.string().nullable(),
  hiddenJobs: z.number().int().describe('Open or pending jobs of the account hidden by the ban'),
  message: z.string(),
});
export type BanAnswer = z.infer<typeof banAnswerSchema>;

/** The administrators' lists of their own decisions (issue 29): hidden jobs and banned accounts, paged. */
export const hiddenJobSchema = z.object({
  job: jobSchema.describe('The job as its poster sees it; moderation holds the reason and when it was hidden'),
  poster: z.object({ id: z.string(), name: z.string(), email: z.string(), bannedAt: z.string().nullable() }),
});
export type HiddenJob = z.infer<typeof hiddenJobSchema>;

export const hiddenJobsPageSchema = z.object({
  items: z.array(hiddenJobSchema).describe('Hidden jobs, most recently hidden first'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type HiddenJobsPage = z.infer<typeof hiddenJobsPageSchema>;

export const bannedUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  bannedAt: z.string().describe('ISO 8601'),
  reason: z.string().describe("The administrator's reason for the ban"),
  hiddenJobs: z.number().int().describe('Jobs of the account still hidden'),
});
export type BannedUser = z.infer<typeof bannedUserSchema>;

export const bannedUsersPageSchema = z.object({
  items: z.array(bannedUserSchema).describe('Banned accounts, most recently banned first'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BannedUsersPage = z.infer<typeof bannedUsersPageSchema>;
