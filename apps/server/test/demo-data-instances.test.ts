import { afterAll, beforeAll, expect, it } from 'vitest';
import { openPostgres, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import type { ScratchDatabase } from './support/scratch.js';
import { seedDemoDataIfEmpty } from '../src/demo/seed.js';
import { createTestDb, describeEachDb } from './helpers.js';

/**
 * Two app instances starting together on an empty database (DEMO_DATA on, the default): one loads the demo data,
 * the other finds it and does nothing; before the lock (db/exclusive.ts, LOCKS.demoData) both tried and one crashed
 * on a duplicate. PostgreSQL only: an embedded PGlite database has one instance.
 */
describeEachDb('demo data with instances starting together', (kind) => {
  let scratch: ScratchDatabase;
  let second: Db;

  beforeAll(async () => {
    scratch = await createTestDb(kind);
    await migrate(scratch.db);
    second = kind === 'postgres' && scratch.url ? openPostgres(scratch.url, { max: 4 }) : scratch.db;
  });

  afterAll(async () => {
    if (second !== scratch.db) await second.close();
    await scratch.drop();
  });

  it.skipIf(kind === 'pglite')('is loaded once: one instance seeds, the other finds it and stops', async () => {
    const results = await Promise.all([seedDemoDataIfEmpty(scratch.db), seedDemoDataIfEmpty(second)]);
    expect(results.sort()).toEqual([false, true]);
    const [users] = await scratch.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE email LIKE '%@example.com'",
    );
    expect(users?.n).toBe(4);
    expect(await seedDemoDataIfEmpty(second)).toBe(false);
  });
});
