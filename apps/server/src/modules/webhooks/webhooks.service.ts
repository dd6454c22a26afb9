import { randomBytes } from 'node:crypto';
import { WEBHOOK_MESSAGES } from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import type { CompanyRow } from '../companies/companies.repository.js';
import { companyOrNotFound } from '../companies/companies.service.js';
import {
  deleteEndpoint,
  deliveryExists,
  findDeliveries,
  findEndpoints,
  insertEndpoint,
  resetDelivery,
  type DeliveryRow,
  type EndpointRow,
} from './webhooks.repository.js';
import { MAX_ENDPOINTS, type WebhookEvent } from './webhooks.schemas.js';
import { refusalOf } from '../../http/outbound-address.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function endpointView(row: EndpointRow) {
  return { id: row.id, url: row.url, events: row.events, secret: row.secret, createdAt: iso(row.created_at) ?? '' };
}

function deliveryView(row: DeliveryRow) {
  const state = row.delivered_at ? 'delivered' : row.failed_at ? 'failed' : 'pending';
  return {
    id: row.id,
    event: row.event,
    createdAt: iso(row.created_at) ?? '',
    state,
    attempts: row.attempts,
    nextAttemptAt: state === 'pending' ? iso(row.next_attempt_at) : null,
    lastAttemptAt: iso(row.last_attempt_at),
    lastStatus: row.last_status,
    lastError: row.last_error,
    lastResponse: row.last_response,
  } as const;
}

/** The company `slug` when `user` is its owner (its creator), as for API keys; 403 for anybody else. */
async function ownedCompany(db: Queryable, user: CurrentUser, slug: string): Promise<CompanyRow> {
  const company = await companyOrNotFound(db, slug);
  if (company.created_by !== user.id) throw new AppError('forbidden', WEBHOOK_MESSAGES.owner);
  return company;
}

async function ownedEndpoint(db: Queryable, user: CurrentUser, slug: string, rawId: string): Promise<EndpointRow> {
  const company = await ownedCompany(db, user, slug);
  const id = parseId(rawId, WEBHOOK_MESSAGES.notFound);
  const endpoint = (await findEndpoints(db, company.id)).find((row) => row.id === id);
  if (!endpoint) throw new AppError('not_found', WEBHOOK_MESSAGES.notFound);
  return endpoint;
}

export async function listWebhooks(db: Db, user: CurrentUser, slug: string) {
  const company = await ownedCompany(db, user, slug);
  return (await findEndpoints(db, company.id)).map(endpointView);
}

/** A new endpoint with its signing secret; the address must be one the sender would call (http/outbound-address.ts). */
export async function createWebhook(
  db: Db,
  user: CurrentUser,
  slug: string,
  body: { url: string; events: WebhookEvent[] },
  allowedHosts: readonly string[],
) {
  const company = await ownedCompany(db, user, slug);
  const refusal = refusalOf(new URL(body.url), allowedHosts);
  if (refusal) throw new AppError('bad_request', `url: ${refusal}`);
  return db.transaction(async (tx) => {
    // Counted under a lock on the company's row, so parallel creations cannot pass the limit together.
    await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [company.id]);
    if ((await findEndpoints(tx, company.id)).length >= MAX_ENDPOINTS)
      throw new AppError('conflict', WEBHOOK_MESSAGES.tooMany);
    const secret = `whsec_${randomBytes(24).toString('base64url')}`;
    const events = [...new Set(body.events)].sort();
    const row = await insertEndpoint(tx, { companyId: company.id, url: body.url, events, secret, createdBy: user.id });
    return endpointView(row);
  });
}

export async function removeWebhook(db: Db, user: CurrentUser, slug: string, rawId: string) {
  const endpoint = await ownedEndpoint(db, user, slug, rawId);
  await deleteEndpoint(db, endpoint.company_id, endpoint.id);
  return endpointView(endpoint);
}

export async function listDeliveries(db: Db, user: CurrentUser, slug: string, rawId: string) {
  const endpoint = await ownedEndpoint(db, user, slug, rawId);
  return (await findDeliveries(db, endpoint.id, 50)).map(deliveryView);
}

export async function resendDelivery(db: Db, user: CurrentUser, slug: string, rawId: string, rawDelivery: string) {
  const endpoint = await ownedEndpoint(db, user, slug, rawId);
  const deliveryId = parseId(rawDelivery, WEBHOOK_MESSAGES.deliveryNotFound);
  const row = await resetDelivery(db, endpoint.id, deliveryId);
  if (row) return deliveryView(row);
  const exists = await deliveryExists(db, endpoint.id, deliveryId);
  throw new AppError(
    exists ? 'conflict' : 'not_found',
    exists ? WEBHOOK_MESSAGES.beingSent : WEBHOOK_MESSAGES.deliveryNotFound,
  );
}
