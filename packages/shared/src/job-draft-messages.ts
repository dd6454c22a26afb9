/**
 * Job drafts' limits and answers, importing no schema: the web app's server-text map takes them from here
 * without pulling zod into every screen. job-drafts.ts holds the schemas.
 */
export const JOB_DRAFT_LIMITS = {
  /** Drafts one account may keep; one more is refused with 409 (JOB_DRAFT_MESSAGES.tooMany). */
  perUser: 20,
} as const;

export const JOB_DRAFT_MESSAGES = {
  saved: 'Draft saved',
  deleted: 'Draft deleted',
  notFound: 'Draft not found',
  notYours: 'Only the poster who saved a draft can open or change it',
  tooMany: `You have ${JOB_DRAFT_LIMITS.perUser} drafts, the most there can be: publish or delete one to save another.`,
} as const;
