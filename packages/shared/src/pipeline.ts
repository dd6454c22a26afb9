import { z } from './zod.js';
import { LIMITS, TABLE_PAGE_SIZES } from './constants.js';
import { applicationSchema } from './schemas.js';
import { screeningResultSchema } from './apply-options.js';
import { STAGE_MAIL_MESSAGE_MAX } from './stage-mail.js';
import { APPLICATION_STAGES } from './stages.js';
import { customStageSchema } from './teams.js';
import { PIPELINE_LIMITS } from './pipeline-messages.js';

const stageSchema = z.enum(APPLICATION_STAGES, {
  error: `stage must be one of ${APPLICATION_STAGES.join(', ')}`,
});

/** The application of the pipeline's calls; a malformed id is a 404 ("Application not found"), as everywhere. */
export const applicationParamsSchema = z.object({ id: z.string().max(100) });

/** One note of an application (PATCH and DELETE /api/applications/:id/notes/:noteId); a malformed id is a 404. */
export const noteParamsSchema = z.object({ id: z.string().max(100), noteId: z.string().max(100) });

/** Plain text: letters, punctuation, line breaks and tabs; no other control characters. */
const PLAIN_TEXT = /^[^\p{Cc}]*$/u;

export const stageBodySchema = z.strictObject({
  stage: stageSchema,
  // Issue 33: a company's own stage, after `stage` (which must be the fixed stage it follows).
  customStageId: z.string().max(100).optional(),
  // Issue 29: the part of the e-mail the poster wrote, for a move that e-mails (ignored for one that does not);
  // absent or blank: the default text (STAGE_MAIL_DEFAULT_MESSAGE), so the spec's body keeps working.
  message: z
    .string({ error: 'message must be text' })
    .trim()
    .max(STAGE_MAIL_MESSAGE_MAX, {
      error: `message: at most ${STAGE_MAIL_MESSAGE_MAX.toLocaleString('en-US')} characters`,
    })
    .refine((text) => PLAIN_TEXT.test(text.replace(/[\n\r\t]/g, ' ')), {
      error: 'message: plain text only (no control characters)',
    })
    .optional(),
});
export type StageBody = z.infer<typeof stageBodySchema>;

export const noteBodySchema = z.strictObject({
  body: z
    .string({ error: 'body must be text' })
    .trim()
    .min(1, { error: 'body: Write a note' })
    .max(PIPELINE_LIMITS.noteMaxLength, {
      error: `body: A note has at most ${PIPELINE_LIMITS.noteMaxLength.toLocaleString('en-US')} characters`,
    }),
});
export type NoteBody = z.infer<typeof noteBodySchema>;

export const responsesQuerySchema = z.strictObject({
  job: z.uuid({ error: 'job must be a job id' }).optional(),
  stage: stageSchema.optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int({ error: 'page must be a whole number' })
    .min(1, { error: 'page must be at least 1' })
    .max(LIMITS.maxPage, { error: `page must be at most ${LIMITS.maxPage}` })
    .default(1),
  pageSize: z.coerce
    .number({ error: `pageSize must be one of ${TABLE_PAGE_SIZES.join(', ')}` })
    .refine((size) => (TABLE_PAGE_SIZES as readonly number[]).includes(size), {
      error: `pageSize must be one of ${TABLE_PAGE_SIZES.join(', ')}`,
    })
    .default(PIPELINE_LIMITS.pageSize),
});
export type ResponsesQuery = z.infer<typeof responsesQuerySchema>;

/**
 * An application as its job's poster and company members see it: the spec's fields, its stage and whether the
 * applicant withdrew. (What the applicant sent with it, a cover note and a CV, is added beside these fields by
 * the apply work, issue 14 point 1.)
 */
export const responseSchema = applicationSchema.extend({
  stage: stageSchema,
  stageChangedAt: z.string().nullable().describe('When the stage last changed (ISO 8601); null when never moved'),
  withdrawnAt: z.string().nullable().describe('When the applicant withdrew (ISO 8601); null while active'),
  notesCount: z.number().int().describe('Private notes on it'),
  screening: screeningResultSchema.optional(),
  customStage: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .optional()
    .describe("The company's own stage it is in (after `stage`); null when none"),
});
export type ReceivedApplication = z.infer<typeof responseSchema>;

export const responsesPageSchema = z.object({
  items: z.array(responseSchema).describe('Newest first'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  jobs: z
    .array(z.object({ id: z.string(), title: z.string(), applications: z.number().int() }))
    .describe("The jobs with applications the caller may manage (the job filter's choices), newest first"),
  customStages: z
    .record(z.string(), z.array(customStageSchema))
    .optional()
    .describe("Per job id on this page, its company's own stages (jobs of companies without any are left out)"),
  readOnly: z
    .array(z.string())
    .optional()
    .describe('The ids of jobs on this page the caller may only read (a viewer of their company)'),
});
export type ResponsesPage = z.infer<typeof responsesPageSchema>;

export const stageChangeSchema = z.object({
  id: z.string(),
  stage: stageSchema,
  stageChangedAt: z.string().nullable(),
  customStage: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  emailed: z.boolean().describe('true when the applicant was e-mailed about the move'),
  undoUntil: z
    .string()
    .nullable()
    .optional()
    .describe(
      'Until when (ISO 8601) POST /api/applications/:id/stage/undo can take the move back and cancel its e-mail; null: no undo',
    ),
});
export type StageChange = z.infer<typeof stageChangeSchema>;

export const noteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorName: z.string().nullable().describe("The author's name; null once their account is deleted"),
  authorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type Note = z.infer<typeof noteSchema>;

export const notesSchema = z.object({ items: z.array(noteSchema).describe('Oldest first') });
export type Notes = z.infer<typeof notesSchema>;

export const noteDeletionSchema = z.object({ id: z.string(), deleted: z.literal(true) });
export type NoteDeletion = z.infer<typeof noteDeletionSchema>;

export const withdrawalSchema = z.object({ id: z.string(), withdrawnAt: z.string() });
export type Withdrawal = z.infer<typeof withdrawalSchema>;

// ---------- job statistics (issue 14, point 3) ----------

export const jobStatsSchema = z.object({
  jobId: z.string(),
  views: z.number().int().describe('Visitors of the job page, each counted once per UTC day'),
  applications: z.number().int().describe('Applications received, withdrawn ones included'),
  conversion: z.number().nullable().describe('applications / views, from 0; null without views'),
  applyClicks: z
    .number()
    .int()
    .optional()
    .describe("Seekers sent to the company's site (a job that takes applications there)"),
});
export type JobStats = z.infer<typeof jobStatsSchema>;

export const myJobStatsSchema = z.object({ items: z.array(jobStatsSchema).describe('One per job the caller posted') });
export type MyJobStats = z.infer<typeof myJobStatsSchema>;

export const jobViewSchema = z.object({
  counted: z.boolean().describe('false when this visitor was already counted today'),
});
export type JobView = z.infer<typeof jobViewSchema>;

/** "12.5%"; "–" without views. */
export function conversionText(conversion: number | null): string {
  if (conversion === null) return '–';
  const percent = conversion * 100;
  return `${percent >= 10 || percent === 0 ? Math.round(percent) : percent.toFixed(1)}%`;
}

/** POST /api/applications/bulk-stage: each application's own outcome, in the order asked. */
export const bulkStageResultSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      change: stageChangeSchema.optional().describe('The move, as PATCH /api/applications/:id/stage answers it'),
      error: z
        .object({ status: z.number().int(), message: z.string() })
        .optional()
        .describe('Why this one did not move'),
    }),
  ),
  moved: z.number().int(),
  failed: z.number().int(),
});
export type BulkStageResult = z.infer<typeof bulkStageResultSchema>;
