import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { resolvedAddress } from '../../http/outbound-address.js';

/** What a receiver's answer keeps of its body in the delivery log. */
const RESPONSE_CHARS = 1_000;
/** Deliveries one round takes; each is sent in parallel with its own timeout. */
const BATCH = 10;

export interface WebhookSenderOptions {
  pollMs: number;
  /** The first retry's delay; each next one doubles it (30 s: 30 s, 1 min, 2 min ... about 1 h for the 8th). */
  retryBaseMs: number;
  maxAttempts: number;
  timeoutMs: number;
  allowedHosts: readonly string[];
}

interface Due {
  id: string;
  event: string;
  payload: Record<string, unknown>;
  attempts: number;
  url: string;
  secret: string;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs (docs/product.md says how to verify). */
export function signature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/** One POST to the checked address, no redirects followed, the answer cut to RESPONSE_CHARS. */
async function post(url: URL, body: string, headers: Record<string, string>, options: WebhookSenderOptions) {
  const target = await resolvedAddress(url, options.allowedHosts);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      timeout: options.timeoutMs,
      lookup: (_host, lookupOptions, callback) =>
        lookupOptions.all
          ? callback(null, [target])
          : (callback as (e: null, a: string, f: number) => void)(null, target.address, target.family),
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
        if (text.length > RESPONSE_CHARS) response.destroy();
      });
      const done = () => resolve({ status: response.statusCode ?? 0, text: text.slice(0, RESPONSE_CHARS) });
      response.on('end', done);
      response.on('close', done);
    });
    request.end(body);
  });
}

/**
 * Sends the deliveries the database says are due: claimed for a minute (a sender that dies lets them fall due
 * again), signed, posted off the request path, then marked delivered, retried later with backoff, or failed after
 * `maxAttempts`. Every instance runs one; SKIP LOCKED gives each delivery to one of them.
 */
export class WebhookSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly options: WebhookSenderOptions,
  ) {}

  start(): void {
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round()
        .then(() => undefined)
        .catch((error: unknown) => this.log.warn({ err: error }, 'webhook round failed; trying again'))
        .finally(() => this.schedule());
    }, this.options.pollMs);
    this.timer.unref();
  }

  /** One round: the due deliveries taken and sent; answers how many. */
  async round(): Promise<number> {
    const due = await this.db.query<Due>(
      `UPDATE webhook_deliveries d SET claimed_until = now() + interval '1 minute', attempts = d.attempts + 1,
              last_attempt_at = now()
         FROM webhook_endpoints e
        WHERE e.id = d.endpoint_id AND d.id IN (
              SELECT id FROM webhook_deliveries
               WHERE delivered_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
                 AND (claimed_until IS NULL OR claimed_until < now())
               ORDER BY next_attempt_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.event, d.payload, d.attempts, e.url, e.secret`,
    );
    await Promise.all(due.map((delivery) => this.send(delivery)));
    return due.length;
  }

  private async send(delivery: Due): Promise<void> {
    const body = JSON.stringify({ id: delivery.id, ...delivery.payload });
    const headers = {
      'user-agent': 'Jobboard-Webhooks/1',
      'jobboard-event': delivery.event,
      'jobboard-delivery': delivery.id,
      'jobboard-signature': signature(delivery.secret, body, new Date()),
    };
    let outcome: { status: number | null; text: string | null; error: string | null };
    try {
      const answer = await post(new URL(delivery.url), body, headers, this.options);
      outcome = { status: answer.status, text: answer.text, error: null };
    } catch (error) {
      outcome = { status: null, text: null, error: error instanceof Error ? error.message : String(error) };
    }
    const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const gaveUp = !ok && delivery.attempts >= this.options.maxAttempts;
    const retryMs = this.options.retryBaseMs * 2 ** (delivery.attempts - 1);
    await this.db.query(
      `UPDATE webhook_deliveries
          SET claimed_until = NULL, last_status = $2, last_response = $3, last_error = $4,
              delivered_at = CASE WHEN $5::boolean THEN now() END, failed_at = CASE WHEN $6::boolean THEN now() END,
              next_attempt_at = now() + make_interval(secs => $7::double precision / 1000)
        WHERE id = $1`,
      [delivery.id, outcome.status, outcome.text, outcome.error, ok, gaveUp, retryMs],
    );
  }
}
