import {
  ADMIN_CONSOLE_LIMITS,
  ADMIN_CONSOLE_MESSAGES,
  MESSAGES,
  type AdminActionAnswer,
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
import { sendVerification } from '../accounts/accounts.service.js';
import { setAdministrator } from '../accounts/administrators.js';
import type { PrivateStorage } from '../cvs/cv-storage.js';
import { isAdmin } from '../posting-policy/posting-policy.js';
import { findUserById } from '../users/users.repository.js';
import { removeAccount } from '../users/users.service.js';
import { recordAdminAction } from './audit.repository.js';
import { closeJobRow, findJobsPage, findReportsPage, findUserDetail, findUsersPage } from './console.repository.js';
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

/** A new confirmation link for an account whose address (or pending new address) is not confirmed yet. */
export async function resendConfirmation(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawUserId: string,
  reason = '',
): Promise<AdminActionAnswer> {
  const user = await findUserById(deps.db, parseId(rawUserId, MESSAGES.userNotFound));
  if (!user) throw new AppError('not_found', MESSAGES.userNotFound);
  const target = user.pending_email ?? (user.email_verified ? undefined : user.email);
  if (!target) throw new AppError('conflict', ADMIN_CONSOLE_MESSAGES.alreadyConfirmed);
  await deps.db.transaction(async (tx) => {
    await sendVerification(deps, tx, user, target, deps.origin, target !== user.email);
    await recordAdminAction(tx, { admin, action: 'user.resend-confirmation', targetId: user.id, reason });
  });
  return { id: user.id, message: ADMIN_CONSOLE_MESSAGES.confirmationSent };
}

/**
 * Grant or revoke the administrator role kept in the database. Revoking refuses the caller's own role (a console
 * with nobody left to open it) and an ADMIN_EMAILS address (the environment would grant it back at once).
 */
export async function changeAdministrator(
  deps: ModerationDeps,
  admin: CurrentUser,
  rawUserId: string,
  grant: boolean,
  reason: string,
): Promise<AdminActionAnswer> {
  const user = await findUserById(deps.db, parseId(rawUserId, MESSAGES.userNotFound));
  if (!user) throw new AppError('not_found', MESSAGES.userNotFound);
  if (!grant && user.id === admin.id) throw new AppError('conflict', ADMIN_CONSOLE_MESSAGES.cannotRevokeSelf);
  if (!grant && deps.adminEmails.includes(user.email))
    throw new AppError('conflict', ADMIN_CONSOLE_MESSAGES.cannotRevokeEnvironment);
  const change = await setAdministrator(deps.db, user.email, grant, { id: admin.id, email: admin.email, reason });
  if (change.outcome === 'unverified') throw new AppError('conflict', ADMIN_CONSOLE_MESSAGES.cannotGrantUnverified);
  if (change.outcome === 'no-account') throw new AppError('not_found', MESSAGES.userNotFound);
  const message =
    change.outcome === 'unchanged'
      ? ADMIN_CONSOLE_MESSAGES.unchanged
      : grant
        ? ADMIN_CONSOLE_MESSAGES.granted
        : ADMIN_CONSOLE_MESSAGES.revoked;
  return { id: user.id, message };
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
