import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCKS, unlessRunningElsewhere } from '../src/db/exclusive.js';
import { openPostgres, type Db } from '../src/db/client.js';
import type { ScratchDatabase } from './support/scratch.js';
import { createTestDb, describeEachDb } from './helpers.js';

/**
 * Background work runs on one instance at a time (issue 15 point 4): two app instances are two pools on one
 * database; while one holds the work's lock the other skips, and takes its turn once the first has committed.
 * PostgreSQL only: an embedded PGlite database has one instance by construction.
 */
describeEachDb('work that runs on one instance at a time', (kind) => {
  let scratch: ScratchDatabase;
  let instanceA: Db;
  let instanceB: Db;

  beforeAll(async () => {
    scratch = await createTestDb(kind);
    instanceA = scratch.db;
    // A second pool on the same database, as a second app instance has.
    instanceB = kind === 'postgres' && scratch.url ? openPostgres(scratch.url, { max: 2 }) : scratch.db;
  });

  afterAll(async () => {
    if (instanceB !== instanceA) await instanceB.close();
    await scratch.drop();
  });

  it.skipIf(kind === 'pglite')(
    'the second instance skips while the first works, and runs once the first is done',
    async () => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started: () => void = () => {};
      const working = new Promise<void>((resolve) => {
        started = resolve;
      });
      const first = unlessRunningElsewhere(instanceA, LOCKS.expirySweep, async () => {
        started();
        await held;
        return 'a';
      });
      await working;
      expect(await unlessRunningElsewhere(instanceB, LOCKS.expirySweep, async () => 'b')).toBeUndefined();
      // Another kind of work is not held up by it.
      expect(await unlessRunningElsewhere(instanceB, LOCKS.housekeeping, async () => 'b')).toBe('b');
      release();
      expect(await first).toBe('a');
      expect(await unlessRunningElsewhere(instanceB, LOCKS.expirySweep, async () => 'b')).toBe('b');
    },
  );

  it('answers what the work answered, and rolls back what it wrote when it fails', async () => {
    await instanceA.exec('CREATE TABLE IF NOT EXISTS exclusive_probe (n int)');
    await expect(
      unlessRunningElsewhere(instanceA, LOCKS.housekeeping, async (tx) => {
        await tx.query('INSERT INTO exclusive_probe VALUES (1)');
        throw new Error('work failed');
      }),
    ).rejects.toThrow('work failed');
    expect(await instanceA.query('SELECT * FROM exclusive_probe')).toEqual([]);
    expect(await unlessRunningElsewhere(instanceA, LOCKS.housekeeping, async () => 42)).toBe(42);
  });
});
