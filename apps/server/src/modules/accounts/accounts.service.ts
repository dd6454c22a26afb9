import { MESSAGES, type UserUpdateBody } from '@jobboard/shared';
import type { RateLimits } from '../../config.js';
import type { Db, Transaction } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import { KNOWN_ADDRESS, accountAddressPair, type RateLimiter } from '../../http/rate-limit.js';
import type { CurrentUser, SessionInfo } from '../../http/session.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { accountLanguage, recipientLanguage } from '../mail/mail-language.js';
import {
  addressInUseMail,
  emailChangedMail,
  passwordChangedMail,
  resetPasswordMail,
  verifyEmailMail,
} from '../mail/templates.js';
import { isBanned } from '../moderation/moderation.repository.js';
import { assertPasswordAllowed } from '../passwords/password-policy.js';
import { hashPassword, verifyPassword } from '../passwords/passwords.js';
import { deleteSessionsForUser, hashToken } from '../sessions/sessions.repository.js';
import {
  findUserByEmail,
  findUserById,
  isUsernameTaken,
  uniqueViolationToConflict,
  updateUser,
  type UserChanges,
  type UserRow,
} from '../users/users.repository.js';
import {
  deleteAccountTokens,
  findAccountToken,
  insertAccountToken,
  takeAccountToken,
} from './account-tokens.repository.js';

export const VERIFY_LINK_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;
/** Without a password, credentials change only within this time of a provider sign-in. */
export const REAUTH_WINDOW_MS = 10 * 60 * 1000;

export interface AccountDeps {
  db: Db;
  mail: MailQueue;
  limiter: RateLimiter;
  /** Every limit resolved (`rateLimitsOf`). */
  limits: Required<RateLimits>;
}

const link = (origin: string, page: string, token: string) => `${origin}/${page}?token=${token}`;

/** Mails a confirmation link for `email` (the account's address, or the one it is changing to). */
export async function sendVerification(
  deps: Pick<AccountDeps, 'mail'>,
  tx: Transaction,
  user: Pick<CurrentUser, 'id' | 'name' | 'locale'>,
  email: string,
  origin: string,
  isChange: boolean,
): Promise<void> {
  await deleteAccountTokens(tx, user.id, 'verify-email');
  const token = await insertAccountToken(tx, user.id, 'verify-email', email, VERIFY_LINK_TTL_MS);
  const mail = verifyEmailMail(email, user.name, link(origin, 'verify-email', token), isChange, accountLanguage(user));
  await deps.mail.enqueue(mail, tx);
}

/** Confirmation links mailed on request: limited per client address and per account. */
function limitAccountMail(deps: AccountDeps, address: string, account: string): Promise<void> {
  return deps.limiter.consume([
    [{ name: 'account-mail-address', ...deps.limits.accountMailPerAddress }, address],
    [{ name: 'account-mail-account', ...deps.limits.accountMailPerAccount }, account],
  ]);
}

/** A new link for an unconfirmed address (or a pending change); earlier links stop working. */
export async function resendVerification(
  deps: AccountDeps,
  user: CurrentUser,
  address: string,
  origin: string,
): Promise<void> {
  await limitAccountMail(deps, address, user.id);
  const target = user.pending_email ?? (user.email_verified ? undefined : user.email);
  if (!target) return;
  await deps.db.transaction((tx) => sendVerification(deps, tx, user, target, origin, target !== user.email));
}

/** Follows a confirmation link: the address it was sent to is proven, and becomes the account's if it was a change. */
export async function verifyEmail(deps: Pick<AccountDeps, 'db' | 'mail'>, token: string): Promise<UserRow> {
  try {
    return await deps.db.transaction(async (tx) => {
      const proof = await takeAccountToken(tx, token, 'verify-email');
      const user = proof && (await findUserById(tx, proof.userId));
      if (!proof || !user) throw new AppError('bad_request', MESSAGES.linkInvalid);
      if (proof.email === user.email) {
        // The owner proved the current address: a change of address someone else asked for, and every other
        // link, no longer stand.
        await deleteAccountTokens(tx, user.id);
        return (await updateUser(tx, user.id, { emailVerifiedAt: new Date(), pendingEmail: null })) ?? user;
      }
      if (proof.email !== user.pending_email) throw new AppError('bad_request', MESSAGES.linkInvalid);
      const taken = await findUserByEmail(tx, proof.email);
      if (taken) throw new AppError('conflict', MESSAGES.addressNowTaken);
      const updated = await updateUser(tx, user.id, {
        email: proof.email,
        pendingEmail: null,
        emailVerifiedAt: new Date(),
      });
      await deps.mail.enqueue(emailChangedMail(user.email, user.name, proof.email, accountLanguage(user)), tx);
      return updated ?? user;
    });
  } catch (error) {
    // Another account confirmed the same address between the check above and this update.
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('conflict', MESSAGES.addressNowTaken);
    throw error;
  }
}

/**
 * "Forgot password": the same answer whether or not an account uses the address; a link only if one does and it is
 * not banned. Limited
 * per client address, per (account, address) pair and per account. The pair's limit is below the account's and is
 * checked first (a refused request counts no further), so one abusive address cannot spend the owner's allowance;
 * an address the account signed in from recently is exempt from the account's.
 */
export async function requestPasswordReset(
  deps: AccountDeps,
  email: string,
  address: string,
  origin: string,
): Promise<void> {
  const pair = accountAddressPair(email, address);
  await deps.limiter.consume([
    [{ name: 'account-mail-address', ...deps.limits.accountMailPerAddress }, address],
    [{ name: 'reset-mail-pair', ...deps.limits.passwordResetMailPerPair }, pair],
  ]);
  if (!(await deps.limiter.peek(KNOWN_ADDRESS, pair))) {
    await deps.limiter.consume([[{ name: 'reset-mail-account', ...deps.limits.passwordResetMailPerAccount }, email]]);
  }
  const user = await findUserByEmail(deps.db, email);
  // A banned account cannot sign in with a new password either: the same answer, no e-mail.
  if (!user || (await isBanned(deps.db, user.id))) return;
  await deps.db.transaction(async (tx) => {
    await deleteAccountTokens(tx, user.id, 'reset-password');
    const token = await insertAccountToken(tx, user.id, 'reset-password', user.email, RESET_LINK_TTL_MS);
    const resetLink = link(origin, 'reset-password', token);
    await deps.mail.enqueue(resetPasswordMail(user.email, user.name, resetLink, accountLanguage(user)), tx);
  });
}

/**
 * Follows a reset link: a new password, every session ended, the owner told. The link proves the mailbox too, so
 * whatever else was pending on the account is cancelled: a change of address someone else asked for (an account
 * pre-registered with the owner's address) and every other link. The token is checked before any hashing, and calls
 * are limited per client address and per token: a bad link costs no Argon2 work.
 */
export async function resetPassword(
  deps: AccountDeps,
  token: string,
  password: string,
  address: string,
): Promise<void> {
  await deps.limiter.consume([
    [{ name: 'reset-password-address', ...deps.limits.resetPasswordPerAddress }, address],
    [{ name: 'reset-password-token', ...deps.limits.resetPasswordPerToken }, hashToken(token).toString('base64url')],
  ]);
  if (!(await findAccountToken(deps.db, token, 'reset-password')))
    throw new AppError('bad_request', MESSAGES.linkInvalid);
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const proof = await takeAccountToken(tx, token, 'reset-password');
    const user = proof && (await findUserById(tx, proof.userId));
    if (!proof || !user || proof.email !== user.email) throw new AppError('bad_request', MESSAGES.linkInvalid);
    const changes: UserChanges = { passwordHash, pendingEmail: null };
    if (!user.email_verified) changes.emailVerifiedAt = new Date();
    await updateUser(tx, user.id, changes);
    await deleteAccountTokens(tx, user.id);
    await deleteSessionsForUser(tx, user.id);
    await deps.mail.enqueue(passwordChangedMail(user.email, user.name, accountLanguage(user)), tx);
  });
}

/**
 * Changing the password or the e-mail, or deleting the account, needs proof that the person at the keyboard owns
 * the account: the current password, or for an account without one, a Google sign-in within the last 10 minutes.
 */
export async function reauthenticate(
  deps: Pick<AccountDeps, 'db' | 'limiter' | 'limits'>,
  caller: CurrentUser,
  session: SessionInfo | null,
  currentPassword: string | undefined,
  messages: { required: string; google: string } = {
    required: MESSAGES.currentPasswordRequired,
    google: MESSAGES.reauthenticateWithGoogle,
  },
): Promise<void> {
  const row = await findUserById(deps.db, caller.id);
  if (!row) throw new AppError('not_found', MESSAGES.userNotFound);
  if (row.password_hash) {
    if (!currentPassword) throw new AppError('bad_request', messages.required);
    await deps.limiter.consume([[{ name: 'credential-check', ...deps.limits.credentialChangesPerAccount }, caller.id]]);
    if (!(await verifyPassword(row.password_hash, currentPassword)))
      throw new AppError('bad_request', MESSAGES.currentPasswordWrong);
    return;
  }
  const fresh = session?.authMethod === 'google' && Date.now() - session.startedAt.getTime() <= REAUTH_WINDOW_MS;
  if (!fresh) throw new AppError('forbidden', messages.google);
}

export interface ProfileUpdate {
  caller: CurrentUser;
  session: SessionInfo | null;
  sessionToken: string | null;
  rawUserId: string;
  body: UserUpdateBody;
  origin: string;
}

/**
 * The profile update (only the fields sent change). A new password needs the current one, ends every other
 * session and is announced to the owner. A new e-mail needs the current password too, and takes effect only
 * when the link mailed to it is followed; the answer is the same whether or not the address is taken, so the
 * call reveals nothing about other accounts.
 */
export async function updateProfile(deps: AccountDeps, update: ProfileUpdate): Promise<UserRow> {
  const { caller, body } = update;
  const userId = parseId(update.rawUserId, MESSAGES.userNotFound);
  if (userId !== caller.id) throw new AppError('forbidden', MESSAGES.updateOwnAccountOnly);
  const newEmail = body.email !== undefined && body.email !== caller.email ? body.email : undefined;
  if (body.password !== undefined || newEmail !== undefined) {
    await reauthenticate(deps, caller, update.session, body.currentPassword);
  }
  if (
    body.username !== undefined &&
    body.username.toLowerCase() !== caller.username.toLowerCase() &&
    (await isUsernameTaken(deps.db, body.username))
  ) {
    throw new AppError('conflict', MESSAGES.usernameTaken);
  }
  const changes: UserChanges = {
    name: body.name,
    username: body.username,
    resume: body.resume,
    avatar: body.avatar,
    locale: body.locale,
  };
  if (body.password !== undefined) {
    assertPasswordAllowed(body.password);
    changes.passwordHash = await hashPassword(body.password);
  }
  let emailTaken = false;
  if (newEmail !== undefined) {
    await deps.limiter.consume([[{ name: 'email-change', ...deps.limits.credentialChangesPerAccount }, caller.id]]);
    emailTaken = Boolean(await findUserByEmail(deps.db, newEmail));
    changes.pendingEmail = newEmail;
  }
  try {
    return await deps.db.transaction(async (tx) => {
      const updated = await updateUser(tx, userId, changes);
      if (!updated) throw new AppError('not_found', MESSAGES.userNotFound);
      if (changes.passwordHash) {
        // Whoever knew the old password is signed out everywhere else.
        await deleteSessionsForUser(tx, userId, update.sessionToken ?? undefined);
        await deps.mail.enqueue(passwordChangedMail(caller.email, caller.name, accountLanguage(updated)), tx);
      }
      if (newEmail !== undefined) {
        if (emailTaken) {
          await deleteAccountTokens(tx, userId, 'verify-email');
          await deps.mail.enqueue(addressInUseMail(newEmail, await recipientLanguage(tx, newEmail)), tx);
        } else {
          await sendVerification(deps, tx, { ...caller, locale: updated.locale }, newEmail, update.origin, true);
        }
      }
      return updated;
    });
  } catch (error) {
    throw uniqueViolationToConflict(error);
  }
}
