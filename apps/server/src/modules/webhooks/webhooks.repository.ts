import type { Queryable } from '../../db/client.js';
import type { WebhookEvent } from './webhooks.schemas.js';

export interface EndpointRow {
  id: string;
  company_id: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  created_at: Date | string;
}

export interface DeliveryRow {
  id: string;
  event: WebhookEvent;
  created_at: Date | string;
  attempts: number;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
  failed_at: Date | string | null;
  last_attempt_at: Date | string | null;
  last_status: number | null;
  last_error: string | null;
  last_response: string | null;
}

const ENDPOINT = 'id, company_id, url, events, secret, created_at';
const DELIVERY = `id, event, created_at, attempts, next_attempt_at, delivered_at, failed_at, last_attempt_at,
  last_status, last_error, last_response`;

export async function findEndpoints(db: Queryable, companyId: string): Promise<EndpointRow[]> {
  return db.query(`SELECT ${ENDPOINT} FROM webhook_endpoints WHERE company_id = $1 ORDER BY created_at`, [companyId]);
}

export async function insertEndpoint(
  db: Queryable,
  endpoint: { companyId: string; url: string; events: WebhookEvent[]; secret: string; createdBy: string },
): Promise<EndpointRow> {
  const [row] = await db.query<EndpointRow>(
    `INSERT INTO webhook_endpoints (company_id, url, events, secret, created_by) VALUES ($1, $2, $3, $4, $5)
     RETURNING ${ENDPOINT}`,
    [endpoint.companyId, endpoint.url, endpoint.events, endpoint.secret, endpoint.createdBy],
  );
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row;
}

export async function deleteEndpoint(db: Queryable, companyId: string, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.query<EndpointRow>(
    `DELETE FROM webhook_endpoints WHERE company_id = $1 AND id = $2 RETURNING ${ENDPOINT}`,
    [companyId, id],
  );
  return row;
}

/** The endpoint's latest deliveries, newest first. */
export async function findDeliveries(db: Queryable, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  return db.query(
    `SELECT ${DELIVERY} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [endpointId, limit],
  );
}

/** A delivery due again now, its attempts counted afresh (the company asked); undefined while being sent. */
export async function resetDelivery(db: Queryable, endpointId: string, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.query<DeliveryRow>(
    `UPDATE webhook_deliveries
        SET attempts = 0, next_attempt_at = now(), delivered_at = NULL, failed_at = NULL, claimed_until = NULL
      WHERE endpoint_id = $1 AND id = $2 AND (claimed_until IS NULL OR claimed_until < now())
      RETURNING ${DELIVERY}`,
    [endpointId, id],
  );
  return row;
}

/** Whether the endpoint has this delivery at all (true: it exists; resetDelivery refused it because it is being sent). */
export async function deliveryExists(db: Queryable, endpointId: string, id: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM webhook_deliveries WHERE endpoint_id = $1 AND id = $2', [endpointId, id]);
  return rows.length > 0;
}
