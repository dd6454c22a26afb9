import { afterAll, beforeAll, expect, it } from 'vitest';
import { ReplicaSet } from '../src/db/replicas.js';
import type { Db } from '../src/db/client.js';
import { buildTestApp, describeEachDb, type TestApp } from './helpers.js';

/**
 * /api/ready answers anyone: it says each replica's state, never its address, credentials or the driver's error
 * (issue 28, finding 11). Two replicas that do not serve: one refuses connections, one is a primary.
 */

const SECRET = 'readiness-secret-pw';
const REFUSED = `postgres://reader:${SECRET}@127.0.0.1:1/jobs?password=${SECRET}&host=replica-7.internal.example`;

describeEachDb('readiness tells states only', (kind) => {
  let t: TestApp;
  let replicas: ReplicaSet;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const notInRecovery = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    // The primary's position is fixed: only the replicas' own answers (and failures) matter here.
    replicas = new ReplicaSet({ query: async <T>() => [{ lsn: '0/1' }] as T[] }, [REFUSED, notInRecovery], {
      maxLagMs: 1000,
    });
    await replicas.check();
    (t.db as { replicaStatus?: () => unknown }).replicaStatus = () => replicas.status();
  });
  afterAll(async () => {
    await replicas.close();
    await t.close();
  });

  it('answers each replica as ready, lagging or down by its index, with no address, host or error text', async () => {
    // The details exist (for the log): the test is that they stay out of the answer.
    expect(replicas.status().map((status) => status.reason)).toEqual([
      expect.stringMatching(/ENOTFOUND|ECONNREFUSED|connect/),
      'not a replica (not in recovery)',
    ]);
    const response = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: 'ready',
      replicas: [
        { index: 0, state: 'down', healthy: false },
        { index: 1, state: 'down', healthy: false },
      ],
    });
    for (const replica of response.json<{ replicas: object[] }>().replicas)
      expect(Object.keys(replica).sort()).toEqual(['healthy', 'index', 'state']);
    const body = response.body;
    for (const leak of [
      SECRET,
      'reader',
      '127.0.0.1',
      'internal.example',
      'postgres://',
      'ENOTFOUND',
      'ECONNREFUSED',
      'recovery',
      '5432',
    ])
      expect(body).not.toContain(leak);
  });
});

describeEachDb('readiness waits for the search index', (kind) => {
  let t: TestApp;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });

  beforeAll(async () => {
    // The index's load starts by reading the change log's position: held until the test lets it go.
    const wrapDb = (db: Db): Db =>
      Object.assign(Object.create(db) as Db, {
        query: async (sql: string, params?: unknown[]) => {
          if (sql.includes('max(change_no)')) await held;
          return db.query(sql, params);
        },
      });
    t = await buildTestApp(kind, {}, { wrapDb });
  });
  afterAll(async () => {
    release();
    await t.close();
  });

  it('answers 503 "loading" with the reason until the index is loaded, then 200', async () => {
    const loading = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(loading.statusCode).toBe(503);
    expect(loading.json()).toMatchObject({
      status: 'loading',
      reason: 'the search index is loading',
      searchIndex: 'loading',
    });
    release();
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode, { timeout: 10_000 })
      .toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).json()).toMatchObject({
      status: 'ready',
      searchIndex: 'ready',
    });
  });
});
