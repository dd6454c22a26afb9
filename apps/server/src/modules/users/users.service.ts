import { MESSAGES } from '@jobboard/shared';
import type { Db, Transaction } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import type { PrivateStorage } from '../cvs/cv-storage.js';
import { findCvKeysOfOwner } from '../cvs/cvs.repository.js';
import { removeStoredCvs } from '../cvs/cvs.service.js';
import { deleteUserById } from './users.repository.js';

function requireSelf(caller: CurrentUser, rawUserId: string): string {
  const userId = parseId(rawUserId, MESSAGES.userNotFound);
  if (userId !== caller.id) throw new AppError('forbidden', MESSAGES.deleteOwnAccountOnly);
  return userId;
}

/**
 * Deletes the account with its sessions, applications, jobs and the applications to them, in one transaction,
 * then its uploaded CVs' files (the rows went with the account). `jobsChanged` runs after it (the account's jobs
 * left search), whether or not the user had any. Answers the CV keys whose files could not be deleted.
 */
export async function deleteAccount(
  db: Db,
  cvStorage: PrivateStorage,
  caller: CurrentUser,
  rawUserId: string,
  jobsChanged: () => void,
): Promise<{ cvFilesLeft: string[] }> {
  return removeAccount(db, cvStorage, requireSelf(caller, rawUserId), jobsChanged);
}

/**
 * The deletion itself, for the account's owner and for an administrator (who passes `first`: its checks and
 * audit line run in the deletion's transaction, before the row goes).
 */
export async function removeAccount(
  db: Db,
  cvStorage: PrivateStorage,
  userId: string,
  jobsChanged: () => void,
  first?: (tx: Transaction) => Promise<void>,
): Promise<{ cvFilesLeft: string[] }> {
  let cvKeys: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await first?.(tx);
      cvKeys = await findCvKeysOfOwner(tx, userId);
      if (!(await deleteUserById(tx, userId))) throw new AppError('not_found', MESSAGES.userNotFound);
    });
  } finally {
    jobsChanged();
  }
  return { cvFilesLeft: await removeStoredCvs(cvStorage, cvKeys) };
}
