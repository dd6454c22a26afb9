import type { ApplicationStage } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import type { CurrentUser } from '../../http/session.js';

export const API_SCOPES = ['jobs:read', 'jobs:write', 'applications:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export interface ApiKeyRow {
  id: string;
  company_id: string;
  created_by: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  created_at: Date | string;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
}

const KEY_COLUMNS = 'id, company_id, created_by, name, prefix, scopes, created_at, last_used_at, revoked_at';

export async function insertApiKey(
  db: Queryable,
  key: { companyId: string; createdBy: string; name: string; prefix: string; secretHash: Buffer; scopes: ApiScope[] },
): Promise<ApiKeyRow> {
  const rows = await db.query<ApiKeyRow>(
    `INSERT INTO api_keys (company_id, created_by, name, prefix, secret_hash, scopes)
     VALUES ($1, $2, $3, $4, $5, $6::text[]) RETURNING ${KEY_COLUMNS}`,
    [key.companyId, key.createdBy, key.name, key.prefix, key.secretHash, key.scopes],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row;
}

/** A company's keys, revoked ones included (the owner sees what was revoked and when), newest first. */
export async function findApiKeysOfCompany(db: Queryable, companyId: string): Promise<ApiKeyRow[]> {
  return db.query<ApiKeyRow>(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE company_id = $1 ORDER BY created_at DESC, id`, [
    companyId,
  ]);
}

/** Revokes a key of the company; answers the key (undefined: the company has no such key). Revoking twice keeps the first time. */
export async function revokeApiKey(db: Queryable, companyId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  const rows = await db.query<ApiKeyRow>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE company_id = $1 AND id = $2 RETURNING ${KEY_COLUMNS}`,
    [companyId, keyId],
  );
  return rows[0];
}

export type KeyHolder = ApiKeyRow & { user: CurrentUser; banned: boolean; owner_id: string };

/** The key with this secret's hash, with the account it acts for (its creator) and the company's creator now. */
export async function findApiKeyByHash(db: Queryable, secretHash: Buffer): Promise<KeyHolder | undefined> {
  const rows = await db.query<ApiKeyRow & CurrentUser & { key_id: string; banned: boolean; owner_id: string }>(
    `SELECT k.id AS key_id, k.company_id, k.created_by, k.name, k.prefix, k.scopes, k.created_at, k.last_used_at, k.revoked_at,
            u.id, u.name, u.username, u.email, u.avatar, u.resume, u.email_verified_at IS NOT NULL AS email_verified,
            u.pending_email, u.banned_at IS NOT NULL AS banned, c.created_by AS owner_id
       FROM api_keys k JOIN users u ON u.id = k.created_by JOIN companies c ON c.id = k.company_id
      WHERE k.secret_hash = $1`,
    [secretHash],
  );
  const row = rows[0];
  if (!row) return undefined;
  const user: CurrentUser = {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    avatar: row.avatar,
    resume: row.resume,
    email_verified: row.email_verified,
    pending_email: row.pending_email,
  };
  const key: ApiKeyRow = {
    id: row.key_id,
    company_id: row.company_id,
    created_by: row.created_by,
    // The user's name shadows the key's in the joined row: the key's is read back by its own query when needed.
    name: '',
    prefix: row.prefix,
    scopes: row.scopes,
    created_at: row.created_at,
    last_used_at: row.last_used_at,
    revoked_at: row.revoked_at,
  };
  return { ...key, user, banned: row.banned, owner_id: row.owner_id };
}

/** Records a use; at most once a minute per key, so a busy client does not write on every call. */
export async function touchApiKey(db: Queryable, keyId: string): Promise<void> {
  await db.query(
    `UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [keyId],
  );
}

export interface CompanyApplicationRow {
  id: string;
  job_id: string;
  job_title: string;
  external_id: string | null;
  applicant_name: string;
  applicant_email: string;
  applied_at: Date | string;
  stage: ApplicationStage;
  withdrawn_at: Date | string | null;
  cover_note: string | null;
  cv_id: string | null;
}

/** Applications to a company's jobs, newest first. */
export async function findApplicationsOfCompany(
  db: Queryable,
  companyId: string,
  limit: number,
  offset: number,
): Promise<CompanyApplicationRow[]> {
  return db.query<CompanyApplicationRow>(
    `SELECT a.id, a.job_id, j.job_title, j.external_id, u.name AS applicant_name, u.email AS applicant_email,
            a.applied_at, a.stage, a.withdrawn_at, a.cover_note, a.cv_id
       FROM applications a JOIN jobs j ON j.id = a.job_id JOIN users u ON u.id = a.user_id
      WHERE j.company_id = $1
      ORDER BY a.applied_at DESC, a.id LIMIT $2 OFFSET $3`,
    [companyId, limit, offset],
  );
}
