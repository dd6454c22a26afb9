import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.js';
import { LOCKS, unlessRunningElsewhere } from '../../db/exclusive.js';
import { FLOW_TTL_MS } from '../auth/google.service.js';
import { deleteFlowsOlderThan } from '../auth/oidc-flows.repository.js';
import { deleteExpiredAccountTokens } from '../accounts/account-tokens.repository.js';
import { expireJobs } from '../jobs/jobs.repository.js';
import { deleteJobChangesBefore } from '../search/search-index.js';
import { deleteExpiredSessions } from '../sessions/sessions.repository.js';
import type { PrivateStorage } from '../cvs/cv-storage.js';
import type { FileStorage } from '../uploads/storage.js';
import { sweepOrphanFiles } from './orphan-files.js';

/** Any fixed number: the lock that lets one app instance at a time do the sweep on a shared database. */

export interface SweepResult {
  /** False when another instance held the lock and did the sweep. */
  ran: boolean;
  sessions: number;
  oidcFlows: number;
  accountTokens: number;
  /** Rows of job_changes older than JOB_CHANGES_KEPT_MS (migration 020). */
  jobChanges: number;
  /** Webhook deliveries delivered or given up more than WEBHOOK_LOG_KEPT_MS ago (migration 031). */
  webhookDeliveries: number;
}

/** How long job_changes keeps a change: an app instance away longer loads its search index anew. */
export const JOB_CHANGES_KEPT_MS = 86_400_000;
/** How long a company's delivery log keeps a finished delivery (pending ones stay until they finish). */
export const WEBHOOK_LOG_KEPT_MS = 30 * 86_400_000;

async function deleteFinishedDeliveriesBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query('DELETE FROM webhook_deliveries WHERE delivered_at < $1 OR failed_at < $1 RETURNING 1', [
    before,
  ]);
  return rows.length;
}

/**
 * Deletes what has expired: sessions past their idle or absolute limit, Google sign-ins never finished, mailed
 * links past their time, and webhook deliveries finished a month ago.
 * A transaction-scoped advisory lock makes concurrent instances skip instead of doing the same work twice
 * (and works behind a pooler in transaction mode).
 */
export async function sweepExpired(db: Db, now: Date = new Date()): Promise<SweepResult> {
  const result = await unlessRunningElsewhere(db, LOCKS.housekeeping, async (tx) => {
    const sessions = await deleteExpiredSessions(tx, now);
    const oidcFlows = await deleteFlowsOlderThan(tx, new Date(now.getTime() - FLOW_TTL_MS));
    const accountTokens = await deleteExpiredAccountTokens(tx, now);
    const jobChanges = await deleteJobChangesBefore(tx, new Date(now.getTime() - JOB_CHANGES_KEPT_MS));
    const webhookDeliveries = await deleteFinishedDeliveriesBefore(tx, new Date(now.getTime() - WEBHOOK_LOG_KEPT_MS));
    return { ran: true, sessions, oidcFlows, accountTokens, jobChanges, webhookDeliveries };
  });
  return result ?? { ran: false, sessions: 0, oidcFlows: 0, accountTokens: 0, jobChanges: 0, webhookDeliveries: 0 };
}

/**
 * Sweeps soon after start, then every `intervalMs`; stop() ends it (the app calls it on close). With `files`, the
 * stored files no row points at go too (orphan-files.ts).
 */
export function scheduleHousekeeping(
  db: Db,
  log: FastifyBaseLogger,
  intervalMs: number,
  files?: { storage: FileStorage; cvStorage: PrivateStorage },
): { stop: () => void } {
  const run = () => {
    sweepExpired(db).then(
      (result) => {
        if (
          result.sessions ||
          result.oidcFlows ||
          result.accountTokens ||
          result.jobChanges ||
          result.webhookDeliveries
        )
          log.info(result, 'housekeeping: expired rows deleted');
      },
      (error: unknown) => log.warn({ err: error }, 'housekeeping failed; will retry at the next interval'),
    );
    if (files) {
      sweepOrphanFiles(db, files).then(
        (swept) => {
          if (swept.avatars || swept.cvs) log.info(swept, 'housekeeping: orphan files deleted');
        },
        (error: unknown) => log.warn({ err: error }, 'the orphan file sweep failed; will retry at the next interval'),
      );
    }
  };
  const first = setTimeout(run, Math.min(intervalMs, 5_000));
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}

/** How often jobs past their closing date are marked expired (searches already leave them out by date). */
export const EXPIRY_SWEEP_MS = 60_000;

/**
 * Marks jobs past their closing date expired every `everyMs`, one instance at a time (the others skip: the work is
 * the same); `onExpired` hears when some were, so cached answers go. The status change is what tells webhooks.
 */
export function scheduleExpirySweep(
  db: Db,
  log: FastifyBaseLogger,
  onExpired: () => void,
  everyMs: number = EXPIRY_SWEEP_MS,
): { stop: () => void } {
  const run = () =>
    void unlessRunningElsewhere(db, LOCKS.expirySweep, (tx) => expireJobs(tx)).then(
      (expired) => {
        if (expired) onExpired();
      },
      (error: unknown) => log.warn({ err: error }, 'the expiry sweep failed; will retry at the next interval'),
    );
  const first = setTimeout(run, Math.min(everyMs, 5_000));
  const every = setInterval(run, everyMs);
  first.unref();
  every.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(every);
    },
  };
}
