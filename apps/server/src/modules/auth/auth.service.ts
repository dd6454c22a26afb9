import { MESSAGES, type SignInBody, type SignUpBody, DEFAULT_AVATAR_URL } from '@jobboard/shared';
import type { RateLimits } from '../../config.js';
import { KNOWN_ADDRESS, accountAddressPair, rateLimited, type RateLimiter } from '../../http/rate-limit.js';
import type { Db } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../http/errors.js';
import { sendVerification } from '../accounts/accounts.service.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { signUpAttemptMail } from '../mail/templates.js';
import { assertPasswordAllowed } from '../passwords/password-policy.js';
import { hashPassword, verifyPassword } from '../passwords/passwords.js';
import {
  findUserByEmail,
  insertUser,
  isUsernameTaken,
  uniqueViolationToConflict,
  type UserRow,
} from '../users/users.repository.js';
import { accountLanguage } from '../mail/mail-language.js';

export interface Throttle {
  limiter: RateLimiter;
  /** Every limit resolved (`rateLimitsOf`). */
  limits: Required<RateLimits>;
  /** The client's address. */
  address: string;
}

/**
 * Sign-in throttling (security review finding 6). A wrong password counts against its (account, address) pair:
 * past a few free failures each one locks that pair for a growing time (1 s, 2 s, 4 s... up to 15 min), so a
 * guesser is slowed to a crawl while the owner, from any other address, signs in as usual. Failures of the
 * account from every address together meet a much higher ceiling, which addresses the account signed in from
 * recently are exempt from, so not even many attackers at once lock the owner out of their usual address. The
 * per-address limit on attempts stays in front of it all.
 */
export async function signIn(db: Db, body: SignInBody, throttle: Throttle): Promise<UserRow> {
  const { limiter, limits, address } = throttle;
  const pair = accountAddressPair(body.email, address);
  await limiter.consume([[{ name: 'signin-address', ...limits.signInPerAddress }, address]]);
  const lock = await limiter.peek(PAIR_LOCK, pair);
  if (lock) throw rateLimited(lock.resetMs);
  const accountRule = { name: ACCOUNT_FAILURES, ...limits.signInFailuresPerAccount };
  if (!(await limiter.peek(KNOWN_ADDRESS, pair))) {
    const account = await limiter.peek(ACCOUNT_FAILURES, body.email);
    if (account && account.count >= accountRule.limit) throw rateLimited(account.resetMs);
  }

  const user = await findUserByEmail(db, body.email);
  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) {
    const { freeFailures, baseDelayMs, maxDelayMs, windowMs } = limits.signInFailuresPerPair;
    const failures = await limiter.hit(PAIR_FAILURES, pair, windowMs);
    if (failures && failures.count >= freeFailures) {
      const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, failures.count - freeFailures));
      await limiter.hit(PAIR_LOCK, pair, delay);
    }
    await limiter.hit(ACCOUNT_FAILURES, body.email, accountRule.windowMs);
    throw new AppError('unauthenticated', MESSAGES.wrongCredentials);
  }
  // Only failures in a row count; this address is now one the owner uses.
  await Promise.all([
    limiter.forget({ name: PAIR_FAILURES }, pair),
    limiter.forget({ name: ACCOUNT_FAILURES }, body.email),
    limiter.hit(KNOWN_ADDRESS, pair, limits.knownAddressMs),
  ]);
  return user;
}

const ACCOUNT_FAILURES = 'signin-account';
const PAIR_FAILURES = 'signin-pair';
const PAIR_LOCK = 'signin-pair-lock';

/**
 * A new account, and the link that confirms its address queued in the same transaction. An address already
 * registered gets the same answer as a free one (nothing tells the caller it is taken) and its owner a notice
 * instead; the password is hashed either way, so the time taken tells nothing either. A taken username is still
 * refused: usernames are public (decision record 25).
 */
export async function signUp(
  deps: { db: Db; mail: MailQueue },
  body: SignUpBody,
  throttle: Throttle,
  origin: string,
): Promise<void> {
  const { db } = deps;
  await throttle.limiter.consume([[{ name: 'signup-address', ...throttle.limits.signUpPerAddress }, throttle.address]]);
  assertPasswordAllowed(body.password);
  if (await isUsernameTaken(db, body.username)) throw new AppError('conflict', MESSAGES.usernameTaken);
  const passwordHash = await hashPassword(body.password);
  const owner = await findUserByEmail(db, body.email);
  if (owner) return noticeOwner(deps, throttle, owner, origin);
  try {
    await db.transaction(async (tx) => {
      const user = await insertUser(tx, {
        name: body.name,
        username: body.username,
        email: body.email,
        passwordHash,
        avatar: DEFAULT_AVATAR_URL,
        emailVerified: false,
      });
      await sendVerification(deps, tx, user, user.email, origin, false);
    });
  } catch (error) {
    // Two sign-ups racing past the checks above: the unique indexes decide, and a lost race on the address is
    // answered like any other taken address.
    if (isUniqueViolation(error, 'users_email_key')) {
      const raced = await findUserByEmail(db, body.email);
      if (raced) return noticeOwner(deps, throttle, raced, origin);
    }
    throw uniqueViolationToConflict(error);
  }
}

/** Tells an address's owner someone tried to sign up with it; a few an hour at most, past that nothing is sent. */
async function noticeOwner(
  deps: { mail: MailQueue },
  throttle: Throttle,
  owner: UserRow,
  origin: string,
): Promise<void> {
  const rule = throttle.limits.signUpNoticePerEmail;
  const sent = await throttle.limiter.hit('signup-notice-email', owner.email, rule.windowMs);
  if (sent && sent.count > rule.limit) return;
  await deps.mail.enqueue(signUpAttemptMail(owner.email, owner.name, origin, accountLanguage(owner)));
}
