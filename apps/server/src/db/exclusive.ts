import type { Db, Transaction } from './client.js';

/**
 * The advisory locks of work that any instance may start but only one may do at a time (docs/deploy.md,
 * "Background work"). Fixed numbers, one per kind of work; migrations have their own (db/migrate.ts).
 */
export const LOCKS = {
  housekeeping: 720_001,
  expirySweep: 720_003,
  /** Held (waited for, not skipped) while the demo data goes into an empty database (demo/seed.ts). */
  demoData: 720_004,
} as const;

/**
 * Runs `work` in a transaction holding the advisory lock `lock`, or answers undefined at once when another instance
 * holds it (that instance is doing the same work). Transaction-scoped, so it holds behind a pooler in
 * transaction mode, and a crash releases it.
 */
export async function unlessRunningElsewhere<T>(
  db: Db,
  lock: number,
  work: (tx: Transaction) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [lock]);
    return row?.locked ? work(tx) : undefined;
  });
}
