import { TEAM_MESSAGES } from '@jobboard/shared';
import { createHash, randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { companyOrNotFound } from '../companies/companies.service.js';
import type { CompanyRow } from '../companies/companies.repository.js';
import {
  findApiKeyByHash,
  findApiKeysOfCompany,
  insertApiKey,
  revokeApiKey,
  type ApiKeyRow,
  type ApiScope,
  type KeyHolder,
} from './api-keys.repository.js';

/** What a secret starts with: tells a leaked key apart in logs and secret scanners. */
export const KEY_PREFIX = 'jb_live_';
/** 32 random bytes, base64url: 43 characters after the prefix. */
const KEY_SHAPE = /^jb_live_[A-Za-z0-9_-]{43}$/;
/** Characters of the secret kept in clear to tell keys apart: the prefix and 4 of the 43 random ones. */
const SHOWN_CHARS = KEY_PREFIX.length + 4;

/** A key as its owner sees it: never the secret, nor its hash. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function toView(row: ApiKeyRow): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: iso(row.last_used_at),
    revokedAt: iso(row.revoked_at),
  };
}

/** SHA-256 of the secret (decision record 30: the secret is random, so no slow hash is needed). */
export const hashSecret = (secret: string): Buffer => createHash('sha256').update(secret).digest();

/** The company `slug` when `user` is its owner (its creator); 403 for anybody else, members included. */
async function ownedCompany(db: Queryable, user: CurrentUser, slug: string): Promise<CompanyRow> {
  const company = await companyOrNotFound(db, slug);
  if (company.created_by !== user.id) throw new AppError('forbidden', TEAM_MESSAGES.apiKeysOwnersOnly);
  return company;
}

export async function listApiKeys(db: Db, user: CurrentUser, slug: string): Promise<ApiKeyView[]> {
  const company = await ownedCompany(db, user, slug);
  return (await findApiKeysOfCompany(db, company.id)).map(toView);
}

/** A new key: the secret is in this answer only; the database keeps its hash. */
export async function createApiKey(
  db: Db,
  user: CurrentUser,
  slug: string,
  body: { name: string; scopes: ApiScope[] },
): Promise<ApiKeyView & { secret: string }> {
  const company = await ownedCompany(db, user, slug);
  const secret = KEY_PREFIX + randomBytes(32).toString('base64url');
  const scopes = [...new Set(body.scopes)].sort();
  const row = await insertApiKey(db, {
    companyId: company.id,
    createdBy: user.id,
    name: body.name,
    prefix: secret.slice(0, SHOWN_CHARS),
    secretHash: hashSecret(secret),
    scopes,
  });
  return { ...toView(row), secret };
}

export async function revokeKey(db: Db, user: CurrentUser, slug: string, rawKeyId: string): Promise<ApiKeyView> {
  const company = await ownedCompany(db, user, slug);
  const row = await revokeApiKey(db, company.id, parseId(rawKeyId, TEAM_MESSAGES.apiKeyNotFound));
  if (!row) throw new AppError('not_found', TEAM_MESSAGES.apiKeyNotFound);
  return toView(row);
}

export const API_KEY_MESSAGES = {
  missing: 'API key required: send it as Authorization: Bearer <key>',
  unknown: 'API key not recognised',
  revoked: 'API key revoked',
  ownerGone: 'API key no longer valid: its creator no longer owns the company or the account is suspended',
  cookie: 'Cookies are not accepted on the jobs API: send an API key as Authorization: Bearer <key>',
  elsewhere: 'API keys are accepted only on the jobs API (/api/v1/*)',
  scope: (scope: ApiScope) => `This API key lacks the scope ${scope}`,
} as const;

/** The key an Authorization header names, checked (known, not revoked, its creator still the owner); else 401. */
export async function authenticateKey(db: Queryable, header: string | undefined): Promise<KeyHolder> {
  const match = /^Bearer (\S+)$/i.exec(header?.trim() ?? '');
  if (!match?.[1]) throw new AppError('unauthenticated', API_KEY_MESSAGES.missing);
  const secret = match[1];
  if (!KEY_SHAPE.test(secret)) throw new AppError('unauthenticated', API_KEY_MESSAGES.unknown);
  const key = await findApiKeyByHash(db, hashSecret(secret));
  if (!key) throw new AppError('unauthenticated', API_KEY_MESSAGES.unknown);
  if (key.revoked_at !== null) throw new AppError('unauthenticated', API_KEY_MESSAGES.revoked);
  if (key.banned || key.owner_id !== key.created_by) throw new AppError('unauthenticated', API_KEY_MESSAGES.ownerGone);
  return key;
}
