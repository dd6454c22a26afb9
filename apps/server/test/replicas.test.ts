import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openPostgres, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { parseLsn, replicaShouldFallBack } from '../src/db/replicas.js';
import { jobBody, postJob, signUpAndSignIn, type SignedInUser } from './helpers.js';
import { postgresPairSkipReason, startPostgresPair, type PostgresPair } from './support/postgres-pair.js';

/**
 * Read replicas (issue 15 point 2, decision record 21) against a real streaming replica this file starts
 * (initdb + pg_basebackup, test/support/postgres-pair.ts): a GET reads on the replica, a writer reads their own
 * writes from the primary, a replica lagging beyond REPLICA_MAX_LAG_MS or down serves nothing and the primary
 * answers instead, and writes never reach the replica.
 */

describe('replicaShouldFallBack', () => {
  it('falls back on connection errors, shutdowns and recovery conflicts, not on SQL errors or timeouts', () => {
    expect(replicaShouldFallBack(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(replicaShouldFallBack(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(replicaShouldFallBack({ code: '57P01' })).toBe(true); // admin shutdown
    expect(replicaShouldFallBack({ code: '08006' })).toBe(true); // connection failure
    expect(replicaShouldFallBack({ code: '40001' })).toBe(true); // conflict with recovery
    expect(replicaShouldFallBack({ code: '57014' })).toBe(false); // statement timeout: the primary would time out too
    expect(replicaShouldFallBack({ code: '42P01' })).toBe(false); // a mistake in the SQL is a mistake everywhere
    expect(replicaShouldFallBack({ code: '23505' })).toBe(false);
  });
});

describe('parseLsn', () => {
  it('reads PostgreSQL WAL positions in order', () => {
    expect(parseLsn('0/0')).toBe(0n);
    expect(parseLsn('0/16B3748')).toBe(0x16b3748n);
    expect(parseLsn('1/0') > parseLsn('0/FFFFFFFF')).toBe(true);
    expect(() => parseLsn('nonsense')).toThrow(/WAL position/);
  });
});

const skip = postgresPairSkipReason();
const MAX_LAG_MS = 400;

describe.skipIf(Boolean(skip))(`read replicas on a streaming replica${skip ? ` (${skip})` : ''}`, () => {
  let pair: PostgresPair;
  let db: Db;
  let app: FastifyInstance;
  let poster: SignedInUser;
  let database: string;

  const replicaReads = (): number => db.replicaStatus?.()[0]?.reads ?? 0;
  const replicaHealthy = (): boolean => db.replicaStatus?.()[0]?.healthy ?? false;
  async function until(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await probe())) {
      if (Date.now() > deadline)
        throw new Error(`timed out waiting for ${what}: ${JSON.stringify(db.replicaStatus?.())}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  async function onReplica(sql: string): Promise<void> {
    const client = new pg.Client({ connectionString: pair.replicaUrl(database) });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  }
  const search = (q: string, cookie?: string): Promise<LightMyRequestResponse> =>
    app.inject({ method: 'GET', url: `/api/job/search?q=${q}`, headers: cookie ? { cookie } : {} });
  const titles = (response: LightMyRequestResponse): string[] =>
    response.json<{ items: { jobTitle: string }[] }>().items.map((j) => j.jobTitle);

  beforeAll(async () => {
    pair = await startPostgresPair();
    database = `jobboard_replica_${randomBytes(4).toString('hex')}`;
    await pair.createDatabase(database);
    const env = {
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      DATABASE_URL: pair.primaryUrl(database),
      DATABASE_READ_URL: pair.replicaUrl(database),
      REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      READ_YOUR_WRITES_MS: '5000',
      SEARCH_CACHE_TTL_MS: '0',
    };
    const config = loadConfig(env);
    db = openPostgres(config.databaseUrl ?? '', {
      readUrls: config.databaseReadUrls,
      replicaMaxLagMs: config.replicaMaxLagMs,
    });
    await migrate(db);
    app = await buildApp({ db, config });
    await app.ready();
    poster = await signUpAndSignIn(app);
    await db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [poster.user._id]);
    await until('the replica to serve', replicaHealthy);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await pair?.stop();
  });

  it('a visitor’s search reads on the replica; a POST is written on the primary', async () => {
    const word = `replicated${randomBytes(3).toString('hex')}`;
    await postJob(app, poster.cookie, { jobTitle: `Engineer ${word}` });
    // On a busy machine a lag check now and then finds the replica more than MAX_LAG_MS behind, and reads go to the
    // primary until the next check says otherwise: a search is measured only while the replica serves throughout
    // (at most 20 tries), and then it must have read there.
    await until(
      'the job to reach the replica',
      async () => replicaHealthy() && titles(await search(word)).length === 1,
    );
    let measured: { reads: number; response: LightMyRequestResponse } | undefined;
    for (let tries = 0; tries < 20 && !measured; tries += 1) {
      const servingBefore = replicaHealthy();
      const before = replicaReads();
      const response = await search(word);
      if (servingBefore && replicaHealthy()) measured = { reads: replicaReads() - before, response };
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!measured) throw new Error('the replica never served throughout one search');
    expect(measured.response.statusCode).toBe(200);
    expect(titles(measured.response)).toEqual([`Engineer ${word}`]);
    expect(measured.reads).toBeGreaterThan(0);
  });

  it('a write answers with the read-your-writes cookie, and the writer reads from the primary while it lasts', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const word = `ownwrite${randomBytes(3).toString('hex')}`;
      const posted = await app.inject({
        method: 'POST',
        url: '/api/job/post-job',
        headers: { cookie: poster.cookie },
        payload: jobBody({ jobTitle: `Writer ${word}` }),
      });
      expect(posted.statusCode).toBe(201);
      const fresh = posted.cookies.find((c) => c.name === 'jobboard_fresh');
      expect(fresh?.value).toBe('1');
      expect(fresh?.maxAge).toBe(5);
      const before = replicaReads();
      // With the cookie: the primary, which has the job though the replica has stopped replaying.
      const own = await search(word, `${poster.cookie}; jobboard_fresh=1`);
      expect(titles(own)).toEqual([`Writer ${word}`]);
      expect(replicaReads()).toBe(before);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
  });

  it('a replica lagging beyond REPLICA_MAX_LAG_MS serves nothing until it catches up; the primary answers meanwhile', async () => {
    await onReplica('SELECT pg_wal_replay_pause()');
    try {
      const word = `lagging${randomBytes(3).toString('hex')}`;
      await postJob(app, poster.cookie, { jobTitle: `Lagged ${word}` });
      await until('the paused replica to be taken out of service', () => !replicaHealthy());
      expect(db.replicaStatus?.()[0]?.reason).toMatch(/lagging/);
      const before = replicaReads();
      // A visitor (no cookie) now reads on the primary and sees the job the replica has not replayed.
      expect(titles(await search(word))).toEqual([`Lagged ${word}`]);
      expect(replicaReads()).toBe(before);
    } finally {
      await onReplica('SELECT pg_wal_replay_resume()');
    }
    await until('the replica to serve again', replicaHealthy);
  });

  it('a replica that goes down: reads fall back to the primary without an error, and /api/ready says so', async () => {
    await pair.stopReplica();
    const word = `downed${randomBytes(3).toString('hex')}`;
    await postJob(app, poster.cookie, { jobTitle: `Fallback ${word}` });
    for (let i = 0; i < 5; i += 1) {
      const response = await search(word);
      expect(response.statusCode, response.body).toBe(200);
      expect(titles(response)).toEqual([`Fallback ${word}`]);
    }
    await until('the replica to be out of service', () => !replicaHealthy());
    const ready = await app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({
      status: 'ready',
      database: 'postgres',
      replicas: [{ index: 0, state: 'down', healthy: false }],
    });
    expect(JSON.stringify(ready.json())).not.toContain('password');
  });
});
