import {
  MESSAGES,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  type BanAnswer,
  type BannedUsersPage,
  type HiddenJobsPage,
  type MyReport,
  type JobDecision,
  type QueuePage,
  type ReportAck,
  type ReportBody,
} from '@jobboard/shared';
import type { Db, Transaction } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { findJobById, PUBLIC_VIEWER, toJob } from '../jobs/jobs.repository.js';
import type { SearchCache } from '../search/search.service.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { jobReportedMail, reportOutcomeMail } from '../mail/templates.js';
import { deleteSessionsForUser } from '../sessions/sessions.repository.js';
import {
  findBannedUsersPage,
  findHiddenJobsPage,
  findLatestReport,
  findQueueItems,
  findQueuePage,
  hasOtherOpenReports,
  hideJobs,
  insertReport,
  lockJob,
  lockUser,
  resolveReports,
  restoreJob,
  setBan,
  type ResolvedReport,
} from './moderation.repository.js';
import { isAdmin } from '../posting-policy/posting-policy.js';
import { recordAdminAction } from './audit.repository.js';
import { recipientLanguage, translator } from '../mail/mail-language.js';

export interface ModerationDeps {
  db: Db;
  /** Every decision changes which jobs are open: the search cache forgets its answers. */
  searchCounts: SearchCache;
  adminEmails: readonly string[];
  /** Reporters hear the outcome of their report; administrators hear of a new one. */
  mail: MailQueue;
  /** The site's origin (config.siteOrigin), for the links in those e-mails. */
  origin: string;
}

/** 401 for a visitor, 403 for anyone who is not an administrator (ADMIN_EMAILS, verified address). */
export function requireAdmin(user: CurrentUser | null, adminEmails: readonly string[]): CurrentUser {
  if (!user) throw new AppError('unauthenticated', MESSAGES.notSignedIn);
  if (!isAdmin(adminEmails, user)) throw new AppError('forbidden', MODERATION_MESSAGES.adminsOnly);
  return user;
}

/**
 * A signed-in user's report of a job they can see and did not post. One open report per (job, reporter): the
 * partial unique index is the judge, so two reports sent at once make one (409 for the other). The job's first
 * open report e-mails every address of ADMIN_EMAILS, in the same transaction (under a lock on the job's row, so
 * two first reports at once mail once); later ones wait in the queue without mail, so reports cannot flood them.
 */
export async function reportJob(
  deps: ModerationDeps,
  user: CurrentUser,
  rawJobId: string,
  body: ReportBody,
): Promise<ReportAck> {
  const job = await findJobById(deps.db, parseId(rawJobId, MESSAGES.jobNotFound));
  if (!job || (job.moderation_state && !isAdmin(deps.adminEmails, user)))
    throw new AppError('not_found', MESSAGES.jobNotFound);
  if (job.poster_id === user.id) throw new AppError('forbidden', MODERATION_MESSAGES.cannotReportOwnJob);
  try {
    const reportId = await deps.db.transaction(async (tx) => {
      await lockJob(tx, job.id);
      const id = await insertReport(tx, job.id, user.id, body);
      if (!(await hasOtherOpenReports(tx, job.id, id))) {
        const content = {
          jobTitle: job.job_title,
          company: job.company_ref_name || job.company_name,
          details: body.details,
          jobLink: `${deps.origin}/job/${job.id}`,
          queueLink: `${deps.origin}/admin`,
        };
        for (const to of deps.adminEmails) {
          const language = await recipientLanguage(tx, to);
          // The reason's label in the administrator's language (the catalogue holds the web app's words).
          const reason = translator(language)(`words.reportReason.${body.reason}`);
          await deps.mail.enqueue(jobReportedMail(to, { ...content, reason }, language), tx);
        }
      }
      return id;
    });
    return { reportId, message: MODERATION_MESSAGES.reported };
  } catch (error) {
    if (isUniqueViolation(error, 'job_reports_open_once'))
      throw new AppError('conflict', MODERATION_MESSAGES.alreadyReported);
    throw error;
  }
}

/** Resolves the jobs' open reports and queues each confirmed reporter's e-mail about the outcome, in `tx`. */
async function resolveAndTell(
  deps: ModerationDeps,
  tx: Transaction,
  jobIds: string[],
  resolution: 'approved' | 'hidden' | 'banned',
): Promise<number> {
  const resolved: ResolvedReport[] = await resolveReports(tx, jobIds, resolution);
  for (const report of resolved) {
    if (!report.reporter_verified) continue;
    const mail = reportOutcomeMail(
      report.reporter_email,
      report.reporter_name,
      { jobTitle: report.job_title, removed: resolution !== 'approved' },
      await recipientLanguage(tx, report.reporter_email),
    );
    await deps.mail.enqueue(mail, tx);
  }
  return resolved.length;
}

/** The caller's own latest report of a job they can see (as for a report: 404 for a job hidden from them). */
export async function myReport(
  db: Db,
  user: CurrentUser,
  rawJobId: string,
  adminEmails: readonly string[],
): Promise<MyReport> {
  const job = await findJobById(db, parseId(rawJobId, MESSAGES.jobNotFound));
  if (!job || (job.moderation_state && !isAdmin(adminEmails, user)))
    throw new AppError('not_found', MESSAGES.jobNotFound);
  return { report: await findLatestReport(db, job.id, user.id) };
}

export async function listQueue(db: Db, adminEmails: readonly string[], page: number): Promise<QueuePage> {
  const pageSize = MODERATION_LIMITS.queuePageSize;
  const { ids, total } = await findQueuePage(db, pageSize, (page - 1) * pageSize);
  const items = await findQueueItems(db, ids, (email, verified) =>
    isAdmin(adminEmails, { email, email_verified: verified }),
  );
  return { items, total, page, pageSize };
}

/** Hidden jobs, so an administrator can find one again and approve (unhide) it. */
export async function listHiddenJobs(db: Db, page: number): Promise<HiddenJobsPage> {
  const pageSize = MODERATION_LIMITS.queuePageSize;
  return { ...(await findHiddenJobsPage(db, pageSize, (page - 1) * pageSize)), page, pageSize };
}

/** Banned accounts, so an administrator can find one again and unban it. */
export async function listBannedUsers(db: Db, page: number): Promise<BannedUsersPage> {
  const pageSize = MODERATION_LIMITS.queuePageSize;
  return { ...(await findBannedUsersPage(db, pageSize, (page - 1) * pageSize)), page, pageSize };
}

async function decided(db: Db, jobId: string, resolvedReports: number, message: string): Promise<JobDecision> {
  const row = await findJobById(db, jobId);
  if (!row) throw new AppError('not_found', MESSAGES.jobNotFound);
  const job = toJob(row, { ...PUBLIC_VIEWER, admin: true });
  return { jobId, status: job.status, moderation: job.moderation, resolvedReports, message };
}

async function changing<T>(deps: ModerationDeps, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    deps.searchCounts.invalidate();
  }
}

/** Approve: a hidden or pending job goes back to the status it had; its open reports are resolved as approved. */
export async function approveJob(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawJobId: string,
  reason = '',
): Promise<JobDecision> {
  const jobId = parseId(rawJobId, MESSAGES.jobNotFound);
  const resolved = await changing(deps, () =>
    deps.db.transaction(async (tx) => {
      const job = await lockJob(tx, jobId);
      if (!job) throw new AppError('not_found', MESSAGES.jobNotFound);
      // A banned account's jobs stay out of search until the account is unbanned.
      if (job.poster_banned && job.status === 'hidden')
        throw new AppError('conflict', MODERATION_MESSAGES.posterBanned);
      await restoreJob(tx, jobId, admin.id);
      await recordAdminAction(tx, { admin, action: 'job.approve', targetId: jobId, reason });
      return resolveAndTell(deps, tx, [jobId], 'approved');
    }),
  );
  return decided(deps.db, jobId, resolved, MODERATION_MESSAGES.approved);
}

/** Hide: out of search and 404 to everyone but its poster (who sees the reason) and the administrators. */
export async function hideJob(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawJobId: string,
  reason: string,
): Promise<JobDecision> {
  const jobId = parseId(rawJobId, MESSAGES.jobNotFound);
  const resolved = await changing(deps, () =>
    deps.db.transaction(async (tx) => {
      if (!(await lockJob(tx, jobId))) throw new AppError('not_found', MESSAGES.jobNotFound);
      await hideJobs(tx, { jobId }, reason, admin.id);
      await recordAdminAction(tx, { admin, action: 'job.hide', targetId: jobId, reason });
      return resolveAndTell(deps, tx, [jobId], 'hidden');
    }),
  );
  return decided(deps.db, jobId, resolved, MODERATION_MESSAGES.hidden);
}

/**
 * Ban: the account cannot sign in (every session deleted now; a new one is refused at its start), every job of
 * it not hidden already is hidden with the ban's reason, and their open reports are resolved as banned.
 * Administrators cannot be banned (nor ban themselves): ADMIN_EMAILS is the place to remove one.
 */
export async function banUser(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawUserId: string,
  reason: string,
): Promise<BanAnswer> {
  const userId = parseId(rawUserId, MESSAGES.userNotFound);
  return changing(deps, () =>
    deps.db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('not_found', MESSAGES.userNotFound);
      if (user.id === admin.id || isAdmin(deps.adminEmails, user))
        throw new AppError('conflict', MODERATION_MESSAGES.cannotBanAdmin);
      const bannedAt = await setBan(tx, userId, reason);
      await recordAdminAction(tx, { admin, action: 'user.ban', targetId: userId, reason });
      await deleteSessionsForUser(tx, userId);
      const hidden = await hideJobs(tx, { posterId: userId }, reason, admin.id);
      const ownJobs = await tx.query<{ id: string }>('SELECT id FROM jobs WHERE poster_id = $1', [userId]);
      await resolveAndTell(
        deps,
        tx,
        ownJobs.map((j) => j.id),
        'banned',
      );
      return { userId, bannedAt, hiddenJobs: hidden.length, message: MODERATION_MESSAGES.banned };
    }),
  );
}

/** Unban: the account can sign in again. Its hidden jobs stay hidden until an administrator approves each. */
export async function unbanUser(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawUserId: string,
  reason = '',
): Promise<BanAnswer> {
  const userId = parseId(rawUserId, MESSAGES.userNotFound);
  return deps.db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw new AppError('not_found', MESSAGES.userNotFound);
    const bannedAt = await setBan(tx, userId, null);
    await recordAdminAction(tx, { admin, action: 'user.unban', targetId: userId, reason });
    return { userId, bannedAt, hiddenJobs: 0, message: MODERATION_MESSAGES.unbanned };
  });
}
