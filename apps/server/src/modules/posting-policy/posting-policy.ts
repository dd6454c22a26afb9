import { MODERATION_LIMITS, MODERATION_MESSAGES } from '@jobboard/shared';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { CurrentUser } from '../../http/session.js';

/** What deciding about administrators and new posts needs of the configuration (decision record 20). */
export type ModerationConfig = Pick<Config, 'adminEmails' | 'moderation' | 'postsPerDay'> & {
  /** Days a new job stays open when its poster gives no closing date (a site setting); unset: the product's 30. */
  jobDurationDays?: number;
};

/**
 * An administrator is an account with a verified address that is granted the role in the database (`npm run
 * admin`) or listed in ADMIN_EMAILS. Verified, because anybody can sign up with the administrator's address before
 * its owner does, but only the owner can follow the link mailed to it.
 */
export function isAdmin(
  adminEmails: readonly string[],
  user: Pick<CurrentUser, 'email' | 'email_verified' | 'is_admin'> | null,
): boolean {
  if (!user?.email_verified) return false;
  return Boolean(user.is_admin) || adminEmails.includes(user.email.toLowerCase());
}

const DAY = "interval '1 day'";

/**
 * Admits one new job of `poster`, inside the transaction that inserts it: at most POSTS_PER_DAY in 24 hours
 * (429 beyond, with Retry-After until the oldest counted post is a day old), counted from the posting log under
 * a lock on the poster's row, so parallel posts take turns and none slips past the count. Answers whether the
 * job waits for an administrator (MODERATION=pre, an account younger than 7 days that is not an administrator).
 */
export async function admitPost(
  tx: Queryable,
  poster: CurrentUser,
  config: ModerationConfig,
): Promise<'open' | 'pending'> {
  const [account] = await tx.query<{ young: boolean }>(
    `SELECT created_at > now() - make_interval(days => $2) AS young FROM users WHERE id = $1 FOR UPDATE`,
    [poster.id, MODERATION_LIMITS.newAccountDays],
  );
  await tx.query(`DELETE FROM job_posting_log WHERE user_id = $1 AND posted_at <= now() - ${DAY}`, [poster.id]);
  const [posted] = await tx.query<{ n: number; retry_seconds: number | null }>(
    `SELECT count(*)::int AS n, ceil(extract(epoch FROM min(posted_at) + ${DAY} - now()))::int AS retry_seconds
       FROM job_posting_log WHERE user_id = $1`,
    [poster.id],
  );
  if ((posted?.n ?? 0) >= config.postsPerDay) {
    const retry = Math.max(1, posted?.retry_seconds ?? 1);
    throw new AppError('rate_limited', MODERATION_MESSAGES.postingLimit(config.postsPerDay), {
      'Retry-After': String(retry),
    });
  }
  await tx.query('INSERT INTO job_posting_log (user_id) VALUES ($1)', [poster.id]);
  const reviewFirst = config.moderation === 'pre' && Boolean(account?.young) && !isAdmin(config.adminEmails, poster);
  return reviewFirst ? 'pending' : 'open';
}

/**
 * Whether an edit of `poster`'s job waits for an administrator again (MODERATION=pre): the poster is still new
 * under the rule above and not an administrator. Without this, a job approved once could be rewritten entirely
 * and stay live (security review round 2, finding 7). Which edits count is the caller's (substantive ones).
 */
export async function reviewsEdits(tx: Queryable, poster: CurrentUser, config: ModerationConfig): Promise<boolean> {
  if (config.moderation !== 'pre' || isAdmin(config.adminEmails, poster)) return false;
  const [account] = await tx.query<{ young: boolean }>(
    'SELECT created_at > now() - make_interval(days => $2) AS young FROM users WHERE id = $1',
    [poster.id, MODERATION_LIMITS.newAccountDays],
  );
  return Boolean(account?.young);
}

/** Puts a job just inserted (or substantively edited) into the review queue: pending, with the status approval gives it back. */
export async function holdForReview(tx: Queryable, jobId: string): Promise<void> {
  await tx.query(
    `UPDATE jobs SET status_before_moderation = status, status = 'pending' WHERE id = $1 AND status IN ('open', 'closed', 'expired')`,
    [jobId],
  );
}
