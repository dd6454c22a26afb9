import { MESSAGES, type Account, type Language, type User } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../http/errors.js';
import type { CurrentUser } from '../../http/session.js';

/** A stored user: the profile fields plus the password hash (NULL for provider-only accounts). */
export interface UserRow extends CurrentUser {
  password_hash: string | null;
}

const USER_COLUMNS =
  'id, name, username, email, password_hash, avatar, resume, email_verified_at IS NOT NULL AS email_verified, pending_email, ' +
  'admin_since IS NOT NULL AS is_admin, locale';

/** The public shape of a user: never the password or its hash. */
export function toUser(row: CurrentUser): User {
  return {
    _id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    resume: row.resume,
  };
}

/** What the account's owner sees of it: the public shape, plus whether the address is verified and any pending change. */
export function toAccount(row: CurrentUser): Account {
  return {
    ...toUser(row),
    emailVerified: row.email_verified,
    pendingEmail: row.pending_email,
    locale: row.locale ?? null,
  };
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1`, [id]);
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE email = $1`, [email]);
  return rows[0];
}

export interface NewUser {
  name: string;
  username: string;
  email: string;
  passwordHash: string | null;
  avatar: string;
  /** True when the identity provider vouches for the address. */
  emailVerified: boolean;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<UserRow> {
  const rows = await db.query<UserRow>(
    `INSERT INTO users (name, username, email, password_hash, avatar, email_verified_at)
     VALUES ($1, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END) RETURNING ${USER_COLUMNS}`,
    [user.name, user.username, user.email, user.passwordHash, user.avatar, user.emailVerified],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row;
}

export interface UserChanges {
  name?: string;
  username?: string;
  email?: string;
  /** null: the account has no password any more (taken over by the address's verified owner). */
  passwordHash?: string | null;
  resume?: string;
  avatar?: string;
  pendingEmail?: string | null;
  emailVerifiedAt?: Date | null;
  /** null: the account's language is no longer chosen. */
  locale?: Language | null;
}

const COLUMN_BY_CHANGE: Record<keyof UserChanges, string> = {
  name: 'name',
  username: 'username',
  email: 'email',
  passwordHash: 'password_hash',
  resume: 'resume',
  avatar: 'avatar',
  pendingEmail: 'pending_email',
  emailVerifiedAt: 'email_verified_at',
  locale: 'locale',
};

export async function updateUser(db: Queryable, id: string, changes: UserChanges): Promise<UserRow | undefined> {
  const entries = (Object.keys(COLUMN_BY_CHANGE) as (keyof UserChanges)[])
    .filter((key) => changes[key] !== undefined)
    .map((key) => [COLUMN_BY_CHANGE[key], changes[key]] as const);
  if (entries.length === 0) return findUserById(db, id);
  const assignments = entries.map(([column], i) => `${column} = $${i + 2}`).join(', ');
  const rows = await db.query<UserRow>(
    `UPDATE users SET ${assignments}, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [id, ...entries.map(([, value]) => value)],
  );
  return rows[0];
}

/** Sessions, applications, jobs and the applications to those jobs go with the user (ON DELETE CASCADE). */
export async function deleteUserById(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('DELETE FROM users WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** The caller and the people who applied to the caller's jobs (docs/principles.md, "API rules"). */
export async function findUsersVisibleTo(db: Queryable, userId: string): Promise<UserRow[]> {
  return db.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = $1
     UNION
     SELECT ${USER_COLUMNS.split(', ')
       .map((c) => `u.${c}`)
       .join(', ')}
       FROM applications a
       JOIN jobs j ON j.id = a.job_id
       JOIN users u ON u.id = a.user_id
      WHERE j.poster_id = $1
     ORDER BY name`,
    [userId],
  );
}

export async function isUsernameTaken(db: Queryable, username: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
  return rows.length > 0;
}

/** Two writers racing past the "already taken" checks: the unique indexes decide, with the same message. */
export function uniqueViolationToConflict(error: unknown): unknown {
  if (isUniqueViolation(error, 'users_email_key')) return new AppError('conflict', MESSAGES.emailTaken);
  if (isUniqueViolation(error, 'users_username_key')) return new AppError('conflict', MESSAGES.usernameTaken);
  return error;
}
