import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import { hashToken } from '../sessions/sessions.repository.js';

export type TokenPurpose = 'verify-email' | 'reset-password';

export interface AccountToken {
  userId: string;
  /** The address the link was mailed to. */
  email: string;
}

/** A new single-use link token: 256 random bits; only its SHA-256 is stored. */
export async function insertAccountToken(
  db: Queryable,
  userId: string,
  purpose: TokenPurpose,
  email: string,
  ttlMs: number,
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query(
    'INSERT INTO account_tokens (token_hash, user_id, purpose, email, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hashToken(token), userId, purpose, email, new Date(Date.now() + ttlMs)],
  );
  return token;
}

/** A live token, left in place (checked before costly work; `takeAccountToken` still decides). */
export async function findAccountToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<AccountToken | undefined> {
  const rows = await db.query<{ user_id: string; email: string }>(
    'SELECT user_id, email FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND expires_at > now()',
    [hashToken(token), purpose],
  );
  const row = rows[0];
  return row && { userId: row.user_id, email: row.email };
}

/** Reads and deletes a live token in one statement: a link works once. */
export async function takeAccountToken(
  db: Queryable,
  token: string,
  purpose: TokenPurpose,
): Promise<AccountToken | undefined> {
  const rows = await db.query<{ user_id: string; email: string }>(
    `DELETE FROM account_tokens WHERE token_hash = $1 AND purpose = $2 AND expires_at > now() RETURNING user_id, email`,
    [hashToken(token), purpose],
  );
  const row = rows[0];
  return row && { userId: row.user_id, email: row.email };
}

/** Earlier links of a purpose stop working when a new one is sent, or when the account changes hands. */
export async function deleteAccountTokens(db: Queryable, userId: string, purpose?: TokenPurpose): Promise<void> {
  if (purpose) await db.query('DELETE FROM account_tokens WHERE user_id = $1 AND purpose = $2', [userId, purpose]);
  else await db.query('DELETE FROM account_tokens WHERE user_id = $1', [userId]);
}

export async function deleteExpiredAccountTokens(db: Queryable, now: Date = new Date()): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM account_tokens WHERE expires_at <= $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [now],
  );
  return rows[0]?.n ?? 0;
}
