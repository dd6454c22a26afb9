import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import type { CurrentUser, SessionInfo } from '../../http/session.js';

/** Sessions end after a week without use, and after 30 days whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export interface NewSession {
  token: string;
  expiresAt: Date;
}

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** A new session, or undefined when the account is banned (moderation, decision record 20): no sign-in path makes one. */
export async function insertSession(
  db: Queryable,
  userId: string,
  authMethod: SessionInfo['authMethod'],
): Promise<NewSession | undefined> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  const rows = await db.query(
    `INSERT INTO sessions (token_hash, user_id, expires_at, auth_method)
     SELECT $1, id, $3, $4 FROM users WHERE id = $2 AND banned_at IS NULL RETURNING user_id`,
    [hashToken(token), userId, expiresAt, authMethod],
  );
  return rows.length > 0 ? { token, expiresAt } : undefined;
}

type SessionUserRow = CurrentUser & { last_seen_at: Date; auth_method: SessionInfo['authMethod']; created_at: Date };

/** The signed-in user of a live session (profile fields only, never the password hash) and how it began. */
export async function findSessionUser(
  db: Queryable,
  token: string,
): Promise<{ user: CurrentUser; session: SessionInfo } | undefined> {
  const tokenHash = hashToken(token);
  const rows = await db.query<SessionUserRow>(
    `SELECT u.id, u.name, u.username, u.email, u.avatar, u.resume, u.email_verified_at IS NOT NULL AS email_verified,
            u.pending_email, u.admin_since IS NOT NULL AS is_admin, u.locale, s.last_seen_at, s.auth_method, s.created_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > $2 AND u.banned_at IS NULL`,
    [tokenHash, new Date(Date.now() - SESSION_IDLE_MS)],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  }
  const { last_seen_at: _lastSeen, auth_method: authMethod, created_at: createdAt, ...user } = row;
  return { user, session: { authMethod, startedAt: new Date(createdAt) } };
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

export async function deleteSessionsForUser(db: Queryable, userId: string, exceptToken?: string): Promise<void> {
  if (exceptToken) {
    await db.query('DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2', [userId, hashToken(exceptToken)]);
  } else {
    await db.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
  }
}

/** Expired and idle sessions; answers how many were removed. */
export async function deleteExpiredSessions(db: Queryable, now: Date = new Date()): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2 RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now, new Date(now.getTime() - SESSION_IDLE_MS)],
  );
  return rows[0]?.n ?? 0;
}
