import {
  ADMIN_CONSOLE_LIMITS,
  ADMIN_CONSOLE_MESSAGES,
  FEATURE_MOST_DAYS,
  MESSAGES,
  toIsoDate,
  type AdminActionAnswer,
  type AdminCompaniesPage,
  type AdminJobFilter,
  type AdminJobsPage,
  type AdminReportsPage,
  type AdminUserDetail,
  type AdminUsersPage,
} from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import type { PrivateStorage } from '../cvs/cv-storage.js';
import { isAdmin } from '../posting-policy/posting-policy.js';
import { removeAccount } from '../users/users.service.js';
import { recordAdminAction } from './audit.repository.js';
import {
  closeJobRow,
  findJobsPage,
  findReportsPage,
  findUserDetail,
  findUsersPage,
  findCompaniesPage,
  mergeBlocker,
  mergeCompanyRows,
  setJobFeatured,
} from './console.repository.js';
import { lockJob, lockUser } from './moderation.repository.js';
import type { ModerationDeps } from './moderation.service.js';

/** The console's lists and its actions beyond the review queue's (issue 34); every action has its audit line. */

const PAGE = ADMIN_CONSOLE_LIMITS.pageSize;

export async function listUsers(
  db: Db,
  adminEmails: readonly string[],
  q: string,
  page: number,
): Promise<AdminUsersPage> {
  return { ...(await findUsersPage(db, q, adminEmails, PAGE, (page - 1) * PAGE)), page, pageSize: PAGE };
}

export async function listJobs(
  db: Db,
  filter: { status: AdminJobFilter; q: string },
  page: number,
): Promise<AdminJobsPage> {
  return { ...(await findJobsPage(db, filter, PAGE, (page - 1) * PAGE)), page, pageSize: PAGE };
}

export async function listCompanies(db: Db, q: string, page: number): Promise<AdminCompaniesPage> {
  return { ...(await findCompaniesPage(db, q, PAGE, (page - 1) * PAGE)), page, pageSize: PAGE };
}

/**
 * Merges a duplicate company into the one kept (`into`, its slug): the duplicate's jobs and members move, then it is
 * deleted, in one transaction with its audit line. Refused while the duplicate has integrations (keys, webhooks,
 * import sources) or a job whose external id the kept company also uses.
 */
export async function mergeCompany(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawCompanyId: string,
  { into, reason }: { into: string; reason: string },
): Promise<AdminActionAnswer> {
  const fromId = parseId(rawCompanyId, ADMIN_CONSOLE_MESSAGES.companyNotFound);
  try {
    await deps.db.transaction(async (tx) => {
      const companies = await tx.query<{ id: string; slug: string; name: string }>(
        'SELECT id, slug, name FROM companies WHERE id = $1 OR slug = $2 ORDER BY id FOR UPDATE',
        [fromId, into.toLowerCase()],
      );
      const from = companies.find((c) => c.id === fromId);
      const kept = companies.find((c) => c.slug === into.toLowerCase());
      if (!from) throw new AppError('not_found', ADMIN_CONSOLE_MESSAGES.companyNotFound);
      if (!kept) throw new AppError('bad_request', ADMIN_CONSOLE_MESSAGES.mergeTargetMissing);
      if (kept.id === from.id) throw new AppError('bad_request', ADMIN_CONSOLE_MESSAGES.mergeIntoSelf);
      const blocker = await mergeBlocker(tx, from.id, kept.id);
      if (blocker === 'integrations') throw new AppError('conflict', ADMIN_CONSOLE_MESSAGES.mergeHasIntegrations);
      if (blocker === 'external-id') throw new AppError('conflict', ADMIN_CONSOLE_MESSAGES.mergeExternalIdClash);
      await recordAdminAction(tx, {
        admin,
        action: 'company.merge',
        targetId: kept.id,
        targetLabel: `${from.name} (${from.slug}) into ${kept.name} (${kept.slug})`,
        reason,
      });
      await mergeCompanyRows(tx, from.id, kept.id);
    });
  } finally {
    deps.searchCounts.invalidate();
  }
  return { id: fromId, message: ADMIN_CONSOLE_MESSAGES.merged };
}

export async function listReports(db: Db, state: 'open' | 'closed', page: number): Promise<AdminReportsPage> {
  return { ...(await findReportsPage(db, state, PAGE, (page - 1) * PAGE)), page, pageSize: PAGE };
}

export async function userDetail(db: Db, adminEmails: readonly string[], rawUserId: string): Promise<AdminUserDetail> {
  const detail = await findUserDetail(db, parseId(rawUserId, MESSAGES.userNotFound), adminEmails);
  if (!detail) throw new AppError('not_found', MESSAGES.userNotFound);
  return detail;
}

/** Close: applications stop, the job leaves search; its reports stay open (closing is not a verdict on them). */
export async function closeJob(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawJobId: string,
  reason: string,
): Promise<AdminActionAnswer> {
  const jobId = parseId(rawJobId, MESSAGES.jobNotFound);
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await lockJob(tx, jobId))) throw new AppError('not_found', MESSAGES.jobNotFound);
      await closeJobRow(tx, jobId);
      await recordAdminAction(tx, { admin, action: 'job.close', targetId: jobId, reason });
    });
  } finally {
    deps.searchCounts.invalidate();
  }
  return { id: jobId, message: ADMIN_CONSOLE_MESSAGES.closed };
}

/**
 * Features an open job until a day (today at the earliest, at most FEATURE_MOST_DAYS ahead), or stops featuring it
 * (`until` null): its searches show it first while featured (search.service.ts).
 */
export async function featureJob(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawJobId: string,
  { until, reason }: { until: string | null; reason: string },
  today = toIsoDate(new Date()),
): Promise<AdminActionAnswer> {
  const jobId = parseId(rawJobId, MESSAGES.jobNotFound);
  const latest = toIsoDate(new Date(Date.parse(`${today}T00:00:00Z`) + FEATURE_MOST_DAYS * 86_400_000));
  if (until !== null && (until < today || until > latest)) {
    throw new AppError('bad_request', `until: a day from ${today} to ${latest}`);
  }
  try {
    await deps.db.transaction(async (tx) => {
      if (!(await lockJob(tx, jobId))) throw new AppError('not_found', MESSAGES.jobNotFound);
      if (!(await setJobFeatured(tx, jobId, until)))
        throw new AppError('conflict', ADMIN_CONSOLE_MESSAGES.cannotFeature);
      const action = until === null ? 'job.unfeature' : 'job.feature';
      const why = until === null ? reason : `${reason} (until ${until})`;
      await recordAdminAction(tx, { admin, action, targetId: jobId, reason: why });
    });
  } finally {
    deps.searchCounts.invalidate();
  }
  return { id: jobId, message: until === null ? ADMIN_CONSOLE_MESSAGES.unfeatured : ADMIN_CONSOLE_MESSAGES.featured };
}

/**
 * Deletes an account as its owner's deletion does (everything of it goes, in one transaction), with the audit
 * line written first in that transaction. Administrators are refused: revoke the role first, so a console
 * session cannot remove the other administrators in one step.
 */
export async function deleteUserAsAdmin(
  deps: ModerationDeps & { cvStorage: PrivateStorage },
  admin: CurrentUser,
  rawUserId: string,
  reason: string,
): Promise<AdminActionAnswer & { avatar: string; cvFilesLeft: string[] }> {
  const userId = parseId(rawUserId, MESSAGES.userNotFound);
  let avatar = '';
  const { cvFilesLeft } = await removeAccount(
    deps.db,
    deps.cvStorage,
    userId,
    () => deps.searchCounts.invalidate(),
    async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw new AppError('not_found', MESSAGES.userNotFound);
      if (user.id === admin.id || isAdmin(deps.adminEmails, user))
        throw new AppError('conflict', ADMIN_CONSOLE_MESSAGES.cannotDeleteAdmin);
      const [row] = await tx.query<{ avatar: string }>('SELECT avatar FROM users WHERE id = $1', [userId]);
      avatar = row?.avatar ?? '';
      await recordAdminAction(tx, { admin, action: 'user.delete', targetId: userId, reason });
    },
  );
  return { id: userId, message: ADMIN_CONSOLE_MESSAGES.deleted, avatar, cvFilesLeft };
}
