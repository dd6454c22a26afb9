import { MESSAGES, type SignInBody, type SignUpBody, DEFAULT_AVATAR_URL } from '@jobboard/shared';
import type { RateLimits } from '../../config.js';
import type { RateLimiter } from '../../http/rate-limit.js';
import type { Db } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../http/errors.js';
import { findUserByEmail, insertUser, isUsernameTaken, type UserRow } from '../users/users.repository.js';
import { assertPasswordAllowed } from './password-policy.js';
import { hashPassword, verifyPassword } from './passwords.js';

export interface Throttle {
  limiter: RateLimiter;
  limits: RateLimits;
  /** The client's address. */
  address: string;
}

export async function signIn(db: Db, body: SignInBody, throttle: Throttle): Promise<UserRow> {
  const { limiter, limits, address } = throttle;
  const accountRule = { name: 'signin-account', ...limits.signInFailuresPerAccount };
  await limiter.consume([
    [{ name: 'signin-address', ...limits.signInPerAddress }, address],
    [accountRule, body.email],
  ]);
  const user = await findUserByEmail(db, body.email);
  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) throw new AppError('unauthenticated', MESSAGES.wrongCredentials);
  // Only failures in a row count against the account.
  await limiter.forget(accountRule, body.email);
  return user;
}

export async function signUp(db: Db, body: SignUpBody, throttle: Throttle): Promise<UserRow> {
  await throttle.limiter.consume([[{ name: 'signup-address', ...throttle.limits.signUpPerAddress }, throttle.address]]);
  assertPasswordAllowed(body.password);
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
