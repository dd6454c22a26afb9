import { z } from './zod.js';
import { LIMITS } from './constants.js';
import { REPORT_REASONS } from './moderation-text.js';
import { moderationReasonBodySchema } from './moderation.js';
import { ADMIN_CONSOLE_LIMITS } from './admin-console-messages.js';

/** The administrators' console (issue 34, items 1 and 7): users, jobs and reports, each paged and searchable. */

/** How far ahead a job may be featured. */
export const FEATURE_MOST_DAYS = 365;

/** Feature a job until a day (its last featured day), with the reason the audit log keeps. */
export const adminFeatureBodySchema = moderationReasonBodySchema.extend({
  until: z
    .string({ error: 'until is required' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'until must be a date (YYYY-MM-DD)' })
    .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)), { error: 'until must be a real date' })
    .describe('The last day the job is featured (YYYY-MM-DD), today at the earliest, at most a year ahead'),
});

const page = z.coerce
  .number({ error: 'page must be a whole number' })
  .int({ error: 'page must be a whole number' })
  .min(1, { error: 'page must be at least 1' })
  .max(LIMITS.maxPage, { error: `page must be at most ${LIMITS.maxPage}` })
  .default(1);
const query = z
  .string({ error: 'q must be text' })
  .trim()
  .max(ADMIN_CONSOLE_LIMITS.queryMaxLength, {
    error: `q: at most ${ADMIN_CONSOLE_LIMITS.queryMaxLength} characters`,
  })
  .default('');

export const adminUsersQuerySchema = z.strictObject({ q: query, page });

export const ADMIN_JOB_FILTERS = ['all', 'open', 'closed', 'expired', 'hidden', 'pending'] as const;
export type AdminJobFilter = (typeof ADMIN_JOB_FILTERS)[number];
export const adminJobsQuerySchema = z.strictObject({
  status: z.enum(ADMIN_JOB_FILTERS, { error: `status must be one of ${ADMIN_JOB_FILTERS.join(', ')}` }).default('all'),
  q: query,
  page,
});

export const adminReportsQuerySchema = z.strictObject({
  state: z.enum(['open', 'closed'], { error: 'state must be open or closed' }).default('open'),
  page,
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const adminUserSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string().describe('ISO 8601'),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  isAdmin: z.boolean().describe('An administrator now (the role in the database or ADMIN_EMAILS, confirmed address)'),
  adminByEnvironment: z.boolean().describe('Listed in ADMIN_EMAILS: the console cannot revoke it'),
  jobs: z.number().int(),
  applications: z.number().int(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUsersPageSchema = pageOf(adminUserSummarySchema).describe('Accounts, newest first');
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const ADMIN_JOB_STATUSES = ['open', 'closed', 'expired', 'hidden', 'pending'] as const;
export const adminJobRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  company: z.string(),
  status: z.enum(ADMIN_JOB_STATUSES).describe('hidden and pending over the status the job would have'),
  moderationReason: z.string().nullable(),
  posterId: z.string(),
  posterEmail: z.string(),
  postedAt: z.string().describe('ISO 8601'),
  openReports: z.number().int(),
  featuredUntil: z.string().nullable().describe('YYYY-MM-DD: the last day the job is featured; null when it is not'),
});
export type AdminJobRow = z.infer<typeof adminJobRowSchema>;
export const adminJobsPageSchema = pageOf(adminJobRowSchema).describe('Jobs of every status, newest first');
export type AdminJobsPage = z.infer<typeof adminJobsPageSchema>;

export const adminReportSchema = z.object({
  id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  jobStatus: z.enum(ADMIN_JOB_STATUSES),
  reporterId: z.string(),
  reporterEmail: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  resolvedAt: z.string().nullable(),
  outcome: z.enum(['approved', 'hidden', 'banned']).nullable().describe('null while open'),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsPageSchema = pageOf(adminReportSchema).describe('Open: oldest first; closed: newest first');
export type AdminReportsPage = z.infer<typeof adminReportsPageSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserSummarySchema,
  jobs: z.array(adminJobRowSchema).describe(`The newest ${ADMIN_CONSOLE_LIMITS.detailRows}`),
  applications: z.array(
    z.object({
      id: z.string(),
      jobId: z.string(),
      jobTitle: z.string(),
      stage: z.string(),
      appliedAt: z.string().describe('ISO 8601'),
    }),
  ),
  companies: z.array(z.object({ id: z.string(), slug: z.string(), name: z.string(), creator: z.boolean() })),
  reportsMade: z.array(adminReportSchema),
  reportsReceived: z.array(adminReportSchema).describe("Reports of the account's jobs"),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

export const adminActionAnswerSchema = z.object({ id: z.string(), message: z.string() });
export type AdminActionAnswer = z.infer<typeof adminActionAnswerSchema>;

export const adminCompaniesQuerySchema = z.strictObject({ q: query, page });

export const adminCompanyRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  creatorEmail: z.string().nullable().describe('null once the creator deleted their account'),
  members: z.number().int(),
  jobs: z.number().int(),
  openJobs: z.number().int(),
  createdAt: z.string().describe('ISO 8601'),
});
export type AdminCompanyRow = z.infer<typeof adminCompanyRowSchema>;
export const adminCompaniesPageSchema = pageOf(adminCompanyRowSchema).describe('Companies, newest first');
export type AdminCompaniesPage = z.infer<typeof adminCompaniesPageSchema>;

/** Merge a duplicate company into another: its jobs and members move there, and the duplicate goes. */
export const adminMergeBodySchema = moderationReasonBodySchema.extend({
  into: z
    .string({ error: 'into is required' })
    .trim()
    .min(1, { error: 'into: the address (slug) of the company to keep' })
    .max(LIMITS.searchQuery, { error: 'into: too long' })
    .describe('The slug of the company that stays'),
});
