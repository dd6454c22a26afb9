import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Db, Transaction } from '../../db/client.js';
import type { MailTransport, OutgoingMail } from './transports.js';

const QUEUE = 'mail';

/**
 * What a dropped statement answers: nothing found, nothing changed. pg-boss reads a count from the first row of
 * its completion commands (complete, fail, cancel: `... SELECT COUNT(*) FROM results`) and calls complete without
 * awaiting it, so an empty answer there is a TypeError nobody catches (an unhandled rejection, seen in CI).
 */
export function droppedStatement(text: string): { rows: unknown[] } {
  return { rows: /select\s+count\(\*\)\s+from\s+results/i.test(text) ? [{ count: '0' }] : [] };
}

/**
 * pg-boss speaks SQL through this: the app's own connection (PGlite or the pool), or a transaction's. Once the
 * queue has stopped, a late statement of pg-boss's (a job finishing after stop returned) is dropped instead of
 * reaching a database that may be closing: the job is then retried by whichever instance runs next.
 */
function adapter(
  runner: Pick<Db, 'run'> | Pick<Transaction, 'run'>,
  state: { stopping: () => boolean; stopped: () => boolean } = { stopping: () => false, stopped: () => false },
): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      if (state.stopped()) return droppedStatement(text);
      try {
        return await runner.run(text, values);
      } catch (error) {
        // While stopping, the database may be closing under a statement pg-boss does not wait for.
        if (state.stopping()) return droppedStatement(text);
        throw error;
      }
    },
  };
}

/**
 * App instances starting together on a fresh database each create the queue, and pg-boss's create_queue can
 * deadlock against itself then (2 of 5 concurrent starts in test/mail-queue-instances.test.ts; the cluster test
 * saw a sign-up answer 500 because its enqueue awaited the failed start). PostgreSQL aborts one of the two; that
 * one tries again and finds the queue made (ON CONFLICT DO NOTHING).
 */
async function createQueueRetryingDeadlocks(boss: PgBoss): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(QUEUE);
      return;
    } catch (error) {
      if (attempt >= 5 || (error as { code?: unknown }).code !== '40P01') throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** How the queue is run: how often the worker looks, and when a message taken by a crashed worker is retried. */
export interface MailQueueTiming {
  pollingIntervalSeconds: number;
  /** A message still marked as being sent after this long was taken by a worker that died: it is tried again. */
  expireSeconds: number;
}

/**
 * The one mail service: messages are queued in the database (pg-boss, in the same transaction as the change
 * that causes them when there is one), and a worker sends them through SMTP or into the outbox, retrying with
 * backoff. Each message is its own unit of delivery: it is marked sent as soon as it is sent, and a failure
 * retries only that message, never one of its batch already delivered. A message is marked only after it is
 * sent, so a crash loses none: one taken by a worker that died is tried again after `expireSeconds` (the outbox
 * then recognises one it had written, see OutboxTransport; over SMTP it keeps its Message-ID). pg-boss locks
 * each job (SKIP LOCKED), so with several app instances each message is sent by one of them.
 */
export class MailQueue {
  private readonly boss: PgBoss;
  private started: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    /** The From header; a function when it follows a setting that can change while the app runs. */
    private readonly from: string | (() => string),
    private readonly log: FastifyBaseLogger,
    private readonly timing: MailQueueTiming,
    /** Told of each attempt to send a message (for /metrics). */
    private readonly observe: (outcome: 'sent' | 'failed') => void = () => {},
  ) {
    this.boss = new PgBoss({
      db: adapter(db, { stopping: () => this.stopped, stopped: () => this.finished }),
      schedule: false,
      supervise: true,
      migrate: true,
      // Expired messages are found by this maintenance pass, so it runs at least twice per expiry period.
      maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(timing.expireSeconds / 2))),
    });
    this.boss.on('error', (error: unknown) => this.log.warn({ err: error }, 'mail queue error'));
  }

  get transportKind(): MailTransport['kind'] {
    return this.transport.kind;
  }

  private retry: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Set once pg-boss has stopped: its late statements are dropped (see adapter). */
  private finished = false;

  /**
   * Creates the queue's tables on first use and starts the worker. A failure (the database unreachable at
   * start) is logged and tried again in 5 s, and by the next enqueue: the app serves meanwhile.
   */
  startInBackground(): void {
    this.start().catch((error: unknown) => {
      this.log.warn({ err: error }, 'mail queue could not start; retrying in 5 s');
      if (!this.stopped) {
        this.retry = setTimeout(() => this.startInBackground(), 5_000);
        this.retry.unref();
      }
    });
  }

  start(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      await createQueueRetryingDeadlocks(this.boss);
      const options = { pollingIntervalSeconds: this.timing.pollingIntervalSeconds, batchSize: 5 };
      await this.boss.work<OutgoingMail>(QUEUE, options, (jobs) => this.deliver(jobs));
    })().catch((error: unknown) => {
      this.started = undefined;
      throw error;
    });
    return this.started;
  }

  /**
   * Sends a batch one message at a time, marking each as it goes. pg-boss would complete or fail the batch as a
   * whole when the handler returns; its completion only touches messages still active, so the ones marked here
   * are left as they are.
   */
  private async deliver(jobs: PgBoss.Job<OutgoingMail>[]): Promise<void> {
    for (const job of jobs) {
      try {
        await this.transport.send(job.id, typeof this.from === 'string' ? this.from : this.from(), job.data);
      } catch (error) {
        this.log.warn({ err: error, mailId: job.id }, 'a message could not be sent; it will be tried again');
        this.observe('failed');
        await this.boss.fail(QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) });
        continue;
      }
      this.observe('sent');
      await this.boss.complete(QUEUE, job.id);
    }
  }

  /**
   * Queues a message; with `tx`, it is queued only if that transaction commits. With `delaySeconds`, it waits
   * that long before a worker may take it (until then `cancelWaiting` can take it back).
   */
  async enqueue(mail: OutgoingMail, tx?: Transaction, delaySeconds = 0): Promise<string> {
    await this.start();
    const id = await this.boss.send(QUEUE, mail, {
      retryLimit: 8,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: this.timing.expireSeconds,
      ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      ...(tx ? { db: adapter(tx) } : {}),
    });
    if (!id) throw new Error('the mail queue refused a message');
    return id;
  }

  /**
   * Cancels a queued message no worker has taken yet; false when one has (it is being sent, or was). The row is
   * locked first: a worker fetches with SKIP LOCKED, so it cannot take the message while this decides.
   */
  async cancelWaiting(id: string, tx: Transaction): Promise<boolean> {
    await this.start();
    const rows = await tx.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = $1 AND id = $2 FOR UPDATE`,
      [QUEUE, id],
    );
    const state = rows[0]?.state;
    if (state !== 'created' && state !== 'retry') return false;
    await this.boss.cancel(QUEUE, id, { db: adapter(tx) });
    return true;
  }

  /** The queue's messages by pg-boss state (created, retry, active, completed, failed...); empty before it started. */
  async countByState(): Promise<Record<string, number>> {
    if (!this.started) return {};
    await this.started;
    const rows = await this.db.query<{ state: string; count: number }>(
      `SELECT state, count(*)::int AS count FROM pgboss.job WHERE name = $1 GROUP BY state`,
      [QUEUE],
    );
    return Object.fromEntries(rows.map((row) => [row.state, row.count]));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    if (this.started) {
      await this.started.catch(() => {});
      await this.boss.stop({ graceful: true, wait: true, timeout: 5_000 });
    }
    this.finished = true;
    this.transport.close();
  }
}
