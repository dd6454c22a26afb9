import { z } from './zod.js';
import { LIMITS } from './constants.js';
import { jobSummarySchema } from './schemas.js';

/** Saved jobs (issue 13, point 5): a signed-in user's bookmarks of jobs, listed newest saved first. */
export const SAVED_JOBS_LIMITS = {
  /** Saved jobs one account may keep; a save beyond it is refused with 409 (MESSAGES.savedJobsFull). */
  perUser: 1_000,
  /** Jobs on one page of GET /api/saved-jobs. */
  pageSize: 10,
} as const;

/** The job of PUT and DELETE /api/saved-jobs/:jobId; a malformed id is a 404 ("Job not found"), as everywhere. */
export const savedJobParamsSchema = z.object({ jobId: z.string().max(100) });

export const savedJobsQuerySchema = z.strictObject({
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(LIMITS.maxPage, { error: `page must be at most ${LIMITS.maxPage}` })
    .default(1),
});
export type SavedJobsQuery = z.infer<typeof savedJobsQuerySchema>;

/** A saved job: the job as its card shows it (`status` open, closed or expired), and when the user saved it. */
export const savedJobSchema = jobSummarySchema.extend({
  savedAt: z.string().describe('When the user saved it (ISO 8601)'),
});
export type SavedJob = z.infer<typeof savedJobSchema>;

export const savedJobsPageSchema = z.object({
  items: z.array(savedJobSchema).describe('Newest saved first; closed and expired jobs stay listed'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SavedJobsPage = z.infer<typeof savedJobsPageSchema>;

/** Every job the user saved, newest saved first: what marks the save toggles of cards and job pages. */
export const savedJobIdsSchema = z.object({ ids: z.array(z.string()) });
export type SavedJobIds = z.infer<typeof savedJobIdsSchema>;

/** The answer of a save or an unsave: where the job stands now (both calls are idempotent). */
export const savedJobStateSchema = z.object({
  jobId: z.string(),
  saved: z.boolean(),
  savedAt: z.string().nullable().describe('When it was first saved (a repeated save keeps it); null once unsaved'),
});
export type SavedJobState = z.infer<typeof savedJobStateSchema>;
