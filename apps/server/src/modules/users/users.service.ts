import { MESSAGES } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { deleteUserById } from './users.repository.js';

function requireSelf(caller: CurrentUser, rawUserId: string, action: string): string {
  const userId = parseId(rawUserId, MESSAGES.userNotFound);
  if (userId !== caller.id) throw new AppError('forbidden', `You can only ${action} your own account`);
  return userId;
}

/**
 * Deletes the account with its sessions, applications, jobs and the applications to them, in one transaction.
 * `jobsChanged` runs after it (the account's jobs left search), whether or not the user had any.
 */
export async function deleteAccount(db: Db, caller: CurrentUser, rawUserId: string, jobsChanged: () => void): Promise<void> {
  const userId = requireSelf(caller, rawUserId, 'delete');
  try {
    await db.transaction(async (tx) => {
      if (!(await deleteUserById(tx, userId))) throw new AppError('not_found', MESSAGES.userNotFound);
    });
  } finally {
    jobsChanged();
  }
}
