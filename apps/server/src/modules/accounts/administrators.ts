import { DEFAULT_AVATAR_URL, emailSchema, nameSchema, usernameSchema } from '@jobboard/shared';
import { userInfo } from 'node:os';
import { z } from 'zod';
import { recordAdminAction } from '../moderation/audit.repository.js';
import type { Db } from '../../db/client.js';
import { insertAccountToken } from './account-tokens.repository.js';
import { findUserByEmail, insertUser } from '../users/users.repository.js';

/** Who the audit log says acted when the operator ran `npm run admin`. */
export const COMMAND_LINE = `npm run admin (${operatorName()})`;

function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'operator'; // a container user without a passwd entry
  }
}

/** How long the link `createAdministrator` prints stays valid: long enough to reach a mailbox-less first install. */
export const FIRST_PASSWORD_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** Who changes the role and why, for the audit log: the console's administrator (the command line is a name). */
export interface AdminActor {
  id: string | null;
  email: string;
  reason: string;
}

export type AdminChange =
  | { outcome: 'granted' | 'revoked' | 'unchanged'; email: string }
  | { outcome: 'no-account' | 'unverified'; email: string };

/**
 * Grants the role to an account with a verified address (an unverified one could be a squatter's: see isAdmin).
 * Revoking never touches ADMIN_EMAILS, which still grants the role to the addresses it lists.
 */
export async function setAdministrator(
  db: Db,
  rawEmail: string,
  admin: boolean,
  actor: string | AdminActor = COMMAND_LINE,
): Promise<AdminChange> {
  const by = typeof actor === 'string' ? { id: null, email: actor, reason: '' } : actor;
  const email = emailSchema.parse(rawEmail);
  const user = await findUserByEmail(db, email);
  if (!user) return { outcome: 'no-account', email };
  if (admin && !user.email_verified) return { outcome: 'unverified', email };
  if (Boolean(user.is_admin) === admin) return { outcome: 'unchanged', email };
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE users SET admin_since = ${admin ? 'now()' : 'NULL'} WHERE id = $1`, [user.id]);
    const action = admin ? 'admin.grant' : 'admin.revoke';
    await recordAdminAction(tx, { admin: by, action, targetId: user.id, reason: by.reason });
  });
  return { outcome: admin ? 'granted' : 'revoked', email };
}

export async function listAdministrators(db: Db): Promise<{ email: string; name: string; since: Date }[]> {
  return db.query(
    'SELECT email, name, admin_since AS since FROM users WHERE admin_since IS NOT NULL ORDER BY admin_since, email',
  );
}

const newAdministratorSchema = z.strictObject({ email: emailSchema, name: nameSchema, username: usernameSchema });

/**
 * The first administrator of a fresh install: a new account with its address taken as verified (the operator
 * vouches for it) and no password, and a single-use link, printed rather than mailed, where its owner sets one.
 */
export async function createAdministrator(
  db: Db,
  input: { email: string; name: string; username: string },
  origin: string,
): Promise<{ email: string; link: string }> {
  const { email, name, username } = newAdministratorSchema.parse(input);
  return db.transaction(async (tx) => {
    const user = await insertUser(tx, {
      name,
      username,
      email,
      passwordHash: null,
      avatar: DEFAULT_AVATAR_URL,
      emailVerified: true,
    });
    await tx.query('UPDATE users SET admin_since = now() WHERE id = $1', [user.id]);
    await recordAdminAction(tx, { admin: { id: null, email: COMMAND_LINE }, action: 'admin.grant', targetId: user.id });
    const token = await insertAccountToken(tx, user.id, 'reset-password', email, FIRST_PASSWORD_LINK_TTL_MS);
    return { email, link: `${origin}/reset-password?token=${token}` };
  });
}
