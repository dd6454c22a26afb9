import { MESSAGES, type UserUpdateBody } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import { uniqueViolationToConflict } from '../auth/auth.service.js';
import { assertPasswordAllowed } from '../auth/password-policy.js';
import { hashPassword } from '../auth/passwords.js';
import { deleteSessionsForUser } from '../auth/sessions.repository.js';
import {
  deleteUserById,
  findUserByEmail,
  isUsernameTaken,
  updateUser,
  type UserChanges,
  type UserRow,
} from './users.repository.js';

function requireSelf(caller: UserRow, rawUserId: string, action: string): string {
  const userId = parseId(rawUserId, MESSAGES.userNotFound);
  if (userId !== caller.id) throw new AppError('forbidden', `You can only ${action} your own account`);
  return userId;
}

export async function updateProfile(
  db: Db,
  caller: UserRow,
  rawUserId: string,
  body: UserUpdateBody,
  currentSessionToken: string | null,
): Promise<UserRow> {
  const userId = requireSelf(caller, rawUserId, 'update');
  const changes: UserChanges = {
    name: body.name,
    username: body.username,
    email: body.email,
    resume: body.resume,
    avatar: body.avatar,
  };
  if (body.email !== undefined && body.email !== caller.email && (await findUserByEmail(db, body.email))) {
    throw new AppError('conflict', MESSAGES.emailTaken);
  }
  if (
    body.username !== undefined &&
    body.username.toLowerCase() !== caller.username.toLowerCase() &&
    (await isUsernameTaken(db, body.username))
  ) {
    throw new AppError('conflict', MESSAGES.usernameTaken);
  }
  if (body.password !== undefined) {
    assertPasswordAllowed(body.password);
    changes.passwordHash = await hashPassword(body.password);
  }
  try {
    return await db.transaction(async (tx) => {
      const updated = await updateUser(tx, userId, changes);
      if (!updated) throw new AppError('not_found', MESSAGES.userNotFound);
      // A new password ends every other session: whoever knew the old one is signed out everywhere.
      if (changes.passwordHash) await deleteSessionsForUser(tx, userId, currentSessionToken ?? undefined);
      return updated;
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
}

/** Deletes the account with its sessions, applications, jobs and the applications to them, in one transaction. */
export async function deleteAccount(db: Db, caller: UserRow, rawUserId: string): Promise<void> {
  const userId = requireSelf(caller, rawUserId, 'delete');
  await db.transaction(async (tx) => {
    if (!(await deleteUserById(tx, userId))) throw new AppError('not_found', MESSAGES.userNotFound);
  });
}
