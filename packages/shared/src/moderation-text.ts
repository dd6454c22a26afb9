/**
 * Moderation's words and limits (issue 14, point 4; decision record 20), importing no schema: the job page shows the
 * report reasons and moderation notices without pulling zod's module graph into the browser (evaluating it was the
 * job page's longest task after the first paint; docs/decisions/0008-web-app-size.md). The schemas are in
 * moderation.ts, which re-exports these.
 */

export const REPORT_REASONS = ['spam', 'scam', 'offensive', 'misleading', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  scam: 'Scam or fraud',
  offensive: 'Offensive or discriminatory',
  misleading: 'Misleading or wrong',
  other: 'Something else',
};

export const MODERATION_LIMITS = {
  /** Characters of a report's details. */
  detailsMaxLength: 1_000,
  /** Characters of an administrator's reason for hiding a job or banning an account. */
  reasonMaxLength: 1_000,
  /** Items on one page of the review queue. */
  queuePageSize: 10,
  /** Under MODERATION=pre, jobs of accounts younger than this many days wait for an administrator. */
  newAccountDays: 7,
  /** Reports shown per queue item (the newest). */
  reportsShown: 5,
} as const;

export const MODERATION_MESSAGES = {
  reported: 'Thank you. An administrator will review this job.',
  alreadyReported: 'You have already reported this job. An administrator will review it.',
  cannotReportOwnJob: 'You cannot report your own job',
  adminsOnly: 'Administrators only',
  approved: 'Job approved',
  hidden: 'Job hidden',
  banned: 'Account banned',
  unbanned: 'Account unbanned',
  cannotBanAdmin: 'Administrators cannot be banned',
  posterBanned: 'The poster is banned: unban the account before approving its jobs',
  accountBanned: 'This account has been suspended by the administrators and cannot sign in.',
  postingLimit: (perDay: number) =>
    `You can post at most ${perDay.toLocaleString('en-US')} jobs a day. Please try again tomorrow.`,
  awaitingReview: 'Awaiting review: an administrator checks new accounts’ first jobs before they appear in search.',
  jobHiddenBy: 'Hidden by an administrator',
} as const;
