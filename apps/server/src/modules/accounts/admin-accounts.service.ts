import { ADMIN_CONSOLE_MESSAGES, MESSAGES, type AdminActionAnswer } from '@jobboard/shared';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { recordAdminAction } from '../moderation/audit.repository.js';
import type { ModerationDeps } from '../moderation/moderation.service.js';
import { findUserById } from '../users/users.repository.js';
import { sendVerification } from './accounts.service.js';
import { setAdministrator } from './administrators.js';

/**
 * The console's account actions (issue 34; decision 36): here rather than in moderation, which the accounts module
 * already imports (the guard, the audit log), so the two modules do not import each other.
 */

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
