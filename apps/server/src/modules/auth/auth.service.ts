import { MESSAGES, type SignInBody, type SignUpBody, DEFAULT_AVATAR_URL } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../http/errors.js';
import { findUserByEmail, insertUser, isUsernameTaken, type UserRow } from '../users/users.repository.js';
import { hashPassword, verifyPassword } from './passwords.js';

export async function signIn(db: Db, body: SignInBody): Promise<UserRow> {
  const user = await findUserByEmail(db, body.email);
  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) throw new AppError('unauthenticated', MESSAGES.wrongCredentials);
  return user;
}

export async function signUp(db: Db, body: SignUpBody): Promise<UserRow> {
  if (await findUserByEmail(db, body.email)) throw new AppError('conflict', MESSAGES.emailTaken);
  if (await isUsernameTaken(db, body.username)) throw new AppError('conflict', MESSAGES.usernameTaken);
  const passwordHash = await hashPassword(body.password);
  try {
    return await insertUser(db, {
      name: body.name,
      username: body.username,
      email: body.email,
      passwordHash,
      avatar: DEFAULT_AVATAR_URL,
    });
  } catch (error) {
    // Two sign-ups racing past the checks above: the unique indexes decide.
    throw uniqueViolationToConflict(error);
  }
}

export function uniqueViolationToConflict(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_email_key')) return new AppError('conflict', MESSAGES.emailTaken);
  if (isUniqueViolation(error, 'users_username_key')) return new AppError('conflict', MESSAGES.usernameTaken);
  return error;
}
