/**
 * The texts the server answers about posting and changing jobs (issue 35 item 1): in a table, so the web app says
 * them in the reader's language (apps/web/src/components/server-text.ts). The English never changes: API clients
 * and tests read it. A text that starts with a field's name ("companyId: ...") is placed beside that field.
 */
export const JOB_MESSAGES = {
  notAMember: 'companyId: You can only post jobs for companies you are a member of',
  viewerCannotPost: 'companyId: Viewers of a company cannot post jobs for it',
  companyNameRequired: 'companyName: Company name is required',
  posterOnly: 'Only the poster of a job can change it',
  apiKeyChangesOwnCompany: 'companyId: an API key changes the jobs of its own company only',
  apiKeyPostsOwnCompany: 'companyId: an API key posts for its own company only',
  noLongerMember: "You are no longer a member of this job's company",
  viewerCannotChange: "Viewers of this job's company cannot change its jobs",
  ownJobsOnly: 'You can only list the jobs you posted',
  validThroughNotDate: 'validThrough: must be a date (YYYY-MM-DD)',
  reopenNeedsDate: 'validThrough: an expired job needs a new closing date to reopen',
  idempotencyKey: 'Idempotency-Key: must be a UUID (one per form, sent again with its retries)',
  downloadsBusy: 'Too many downloads of every job at once. Please try again shortly.',
  sitemapsBusy: 'Too many sitemap files are being written at once. Please try again shortly.',
} as const;
