import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { seedBulk } from '../src/demo/seed.js';
import { buildTestApp, describeEachDb, type TestApp } from './helpers.js';

/**
 * `npm run seed` at a million jobs can stop part way (a crash, Ctrl-C, a machine restart): run again with the same
 * options, it resumes after the last committed batch and ends with exactly the jobs a load that never stopped writes.
 */
describeEachDb('a bulk load that stopped resumes where it stopped', (kind) => {
  let stopped: TestApp;
  let whole: TestApp;
  const options = { jobs: 45, users: 3, seed: 7, batchSize: 10 };
  const titles = async (t: TestApp) =>
    (
      await t.db.query<{ job_title: string; posting_date: string }>(
        'SELECT job_title, posting_date::text FROM jobs ORDER BY seq',
      )
    ).map((row) => `${row.posting_date} ${row.job_title}`);

  beforeAll(async () => {
    [stopped, whole] = await Promise.all([buildTestApp(kind), buildTestApp(kind)]);
  });
  afterAll(async () => {
    await Promise.all([stopped.close(), whole.close()]);
  });

  it('writes the rest once, with the same users and companies, and marks the load finished', async () => {
    const crash = new Error('stopped after the second batch');
    await expect(
      seedBulk(stopped.db, {
        ...options,
        onProgress: (done) => {
          if (done === 20) throw crash;
        },
      }),
    ).rejects.toBe(crash);
    expect(await stopped.db.query('SELECT jobs_done, finished_at FROM bulk_loads')).toEqual([
      { jobs_done: 20, finished_at: null },
    ]);
    const [usersBefore] = await stopped.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE username LIKE 'seed-%'",
    );

    let resumedAt = -1;
    await seedBulk(stopped.db, { ...options, onStart: (done) => (resumedAt = done) });
    expect(resumedAt).toBe(20);
    await seedBulk(whole.db, options);

    expect(await titles(stopped)).toHaveLength(45);
    expect(await titles(stopped)).toEqual(await titles(whole));
    const [usersAfter] = await stopped.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE username LIKE 'seed-%'",
    );
    expect(usersAfter?.n).toBe(usersBefore?.n);
    const loads = await stopped.db.query<{ jobs_done: number; finished: boolean }>(
      'SELECT jobs_done, finished_at IS NOT NULL AS finished FROM bulk_loads',
    );
    expect(loads).toEqual([{ jobs_done: 45, finished: true }]);
    // A finished load is not resumed: the same options again make a new load.
    let again = -1;
    await seedBulk(stopped.db, { ...options, jobs: 5, onStart: (done) => (again = done) });
    expect(again).toBe(0);
  });
});

describe('a bulk load connection', () => {
  it.skipIf(!process.env.DATABASE_URL)("has none of the request pool's timeouts (PostgreSQL)", async () => {
    const url = process.env.DATABASE_URL ?? '';
    const requests = await openDatabase({ databaseUrl: url, dataDir: '' });
    const bulk = await openDatabase({ databaseUrl: url, dataDir: '', bulk: true });
    try {
      expect(await requests.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '15s' }]);
      expect(await bulk.query('SHOW statement_timeout')).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await Promise.all([requests.close(), bulk.close()]);
    }
  });
});
