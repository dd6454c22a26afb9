import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import type { UserRow } from '../users/users.repository.js';

/** Sessions end after a week without use, and after 30 days whatever happens. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export async function createSession(db: Queryable, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_ABSOLUTE_MS);
  await db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    hashToken(token),
    userId,
    expiresAt,
  ]);
  return { token, expiresAt };
}

type SessionUserRow = UserRow & { last_seen_at: Date };

export async function findSessionUser(db: Queryable, token: string): Promise<UserRow | undefined> {
  const tokenHash = hashToken(token);
  const rows = await db.query<SessionUserRow>(
    `SELECT u.id, u.name, u.username, u.email, u.password_hash, u.avatar, u.resume, s.last_seen_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.last_seen_at > $2`,
    [tokenHash, new Date(Date.now() - SESSION_IDLE_MS)],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (Date.now() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
    await db.query('UPDATE sessions SET last_seen_at = now() WHERE token_hash = $1', [tokenHash]);
  }
  const { last_seen_at: _lastSeen, ...user } = row;
  return user;
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

export async function deleteExpiredSessions(db: Queryable): Promise<void> {
  await db.query('DELETE FROM sessions WHERE expires_at <= now() OR last_seen_at <= $1', [
    new Date(Date.now() - SESSION_IDLE_MS),
  ]);
}
