import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { MESSAGES } from '@jobboard/shared';
import { buildApp } from '../src/app.js';
import { testConfig, testDatabaseUrl } from '../src/config.js';
import { openPostgres, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { jobBody, postJob, sessionCookieOf } from './helpers.js';
import {
  missingJobs,
  sessionOverHttp,
  startServerProcess,
  writeUntilKilled,
  type ServerProcess,
} from './server-process.js';

/**
 * Reliability suite 5 (docs/reliability.md): faults on PostgreSQL (PGlite's SIGKILL case is durability.test.ts).
 * (a) The database becomes unreachable under load, through a TCP proxy this test controls: requests fail fast
 *     with 503 JSON, /api/health says so, and the same app serves again once the database is back.
 * (b) The real server process is killed with SIGKILL during a write load and restarted: every acknowledged
 *     write is there.
 * Everything runs on loopback; without DATABASE_URL the suite is skipped (it needs a PostgreSQL server).
 */

const adminUrl = testDatabaseUrl();
const OUTAGE_MS = 3000;
/** Bounds on the 503s during the outage: docs/reliability.md section 5 quotes these. */
const OUTAGE_P50_MS = 100;
const OUTAGE_P95_MS = 250;
const OUTAGE_MAX_MS = 1000;

async function createDatabase(): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  const name = `jobboard_faults_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** A TCP proxy on loopback in front of the PostgreSQL server that can cut every connection and refuse new ones. */
class FaultyProxy {
  private readonly server: net.Server;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private down = false;
  refused = 0;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = net.createServer((client) => {
      if (this.down) {
        this.refused += 1;
        client.destroy();
        return;
      }
      const upstream = net.connect(this.target.port, this.target.host);
      const pair: [net.Socket, net.Socket] = [client, upstream];
      this.pairs.add(pair);
      const end = () => {
        client.destroy();
        upstream.destroy();
        this.pairs.delete(pair);
      };
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
      client.pipe(upstream);
      upstream.pipe(client);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    if (typeof address !== 'object' || !address) throw new Error('no proxy port');
    this.port = address.port;
  }

  /** The database "goes away": every open connection is cut, new ones are dropped on accept. */
  cut(): void {
    this.down = true;
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    this.pairs.clear();
  }

  restore(): void {
    this.down = false;
  }

  get open(): number {
    return this.pairs.size;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function expect503(response: LightMyRequestResponse, where: string): void {
  expect(response.statusCode, `${where}: ${response.body.slice(0, 200)}`).toBe(503);
  expect(response.headers['content-type'], where).toMatch(/^application\/json/);
  const body = response.json<Record<string, unknown>>();
  if (where.startsWith('GET /api/health')) {
    expect(body).toEqual({ status: 'unavailable', database: 'postgres' });
  } else {
    expect(body, where).toEqual({ success: false, statusCode: 503, message: MESSAGES.databaseUnavailable });
    expect(response.headers['retry-after'], where).toBeDefined();
    expect(response.body, where).not.toMatch(/ECONN|terminated|pg|5432|stack/i);
  }
}

// Both suites need a PostgreSQL server: without DATABASE_URL they are skipped, and their names say why.
describe.skipIf(!adminUrl)('PostgreSQL unreachable under load (TCP proxy on loopback; needs DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let proxy: FaultyProxy;
  let db: Db;
  let app: FastifyInstance;
  let cookie: string;
  let jobId: string;

  beforeAll(async () => {
    database = await createDatabase();
    const target = new URL(database.url);
    proxy = new FaultyProxy({ host: target.hostname, port: Number(target.port || 5432) });
    await proxy.listen();
    const throughProxy = new URL(database.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    db = openPostgres(throughProxy.toString(), { max: 8 });
    await migrate(db);
    app = await buildApp({ db, config: testConfig({ postsPerDay: 1_000_000 }) }); // the load posts more than a day's limit
    await app.ready();
    const credentials = {
      email: `faults-${randomBytes(4).toString('hex')}@example.com`,
      password: 'faulty passphrase 42',
    };
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Fault Tester', username: `faults-${randomBytes(4).toString('hex')}`, ...credentials },
    });
    expect(signUp.statusCode).toBe(201);
    // Confirmed, so the account may post (the confirmation itself is tested in accounts.api.test.ts).
    await db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [credentials.email]);
    cookie = sessionCookieOf(await app.inject({ method: 'POST', url: '/api/auth/signin', payload: credentials }));
    jobId = await postJob(app, cookie);
  });
  afterAll(async () => {
    await app?.close();
    await db?.close().catch(() => {});
    await proxy?.close();
    await database?.drop();
  });

  /** The requests of the load: reads and writes, signed in and not. */
  const requests = (): { where: string; run: () => Promise<LightMyRequestResponse> }[] => [
    { where: 'GET /api/job/search', run: () => app.inject({ method: 'GET', url: '/api/job/search?q=web' }) },
    {
      where: `GET /api/job/all-jobs/${jobId}`,
      run: () => app.inject({ method: 'GET', url: `/api/job/all-jobs/${jobId}` }),
    },
    { where: 'GET /api/auth/me', run: () => app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }) },
    {
      where: 'POST /api/job/post-job',
      run: () => app.inject({ method: 'POST', url: '/api/job/post-job', headers: { cookie }, payload: jobBody() }),
    },
    {
      where: 'GET /api/apply/appliedJobs',
      run: () => app.inject({ method: 'GET', url: '/api/apply/appliedJobs', headers: { cookie } }),
    },
    { where: 'GET /api/health', run: () => app.inject({ method: 'GET', url: '/api/health' }) },
  ];

  /** `workers` loops sending the mix for `ms`: every answer with its status and time. */
  async function load(ms: number, workers = 6) {
    const results: { where: string; status: number; ms: number; response: LightMyRequestResponse }[] = [];
    const until = Date.now() + ms;
    await Promise.all(
      Array.from({ length: workers }, async (_, worker) => {
        for (let i = worker; Date.now() < until && i < 10_000; i += 1) {
          const request = requests()[i % requests().length];
          if (!request) continue;
          const started = performance.now();
          const response = await request.run();
          results.push({
            where: request.where,
            status: response.statusCode,
            ms: performance.now() - started,
            response,
          });
        }
      }),
    );
    return results;
  }

  it('serves the load normally before the fault', async () => {
    const results = await load(1000);
    expect(results.length).toBeGreaterThan(20);
    for (const r of results) expect(r.status, `${r.where}: ${r.response.body.slice(0, 200)}`).toBeLessThan(300);
  });

  it(
    `answers 503 JSON fast while the database is unreachable (${OUTAGE_MS} ms), /api/health says so, and recovers without a restart`,
    { timeout: 60_000 },
    async () => {
      proxy.cut();
      const during = await load(OUTAGE_MS);
      expect(during.length).toBeGreaterThan(30);
      for (const r of during) expect503(r.response, r.where);
      const times = during.map((r) => r.ms).sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length / 2)] ?? 0;
      const p95 = times[Math.floor(times.length * 0.95)] ?? 0;
      const max = times.at(-1) ?? 0;
      console.info(
        `outage on postgres: ${during.length} requests in ${OUTAGE_MS} ms, all 503; p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms; ${proxy.refused} connections refused`,
      );
      // Fast, as docs/reliability.md reports (quiet machine: p50 2.4-3.1 ms, max 13-99 ms; both cores busy with other
      // work: p50 33 ms, p95 118 ms, max 247 ms), with room for a noisy machine: a refused connection is answered at
      // once, nothing waits for the pool's 3 s connect timeout or the 20 s query timeout. A 500 ms delay on every 503
      // fails the p50 and p95 bounds.
      expect(p50, 'p50 of the 503s').toBeLessThan(OUTAGE_P50_MS);
      expect(p95, 'p95 of the 503s').toBeLessThan(OUTAGE_P95_MS);
      expect(max, 'slowest 503').toBeLessThan(OUTAGE_MAX_MS);
      expect(proxy.refused).toBeGreaterThan(0);

      proxy.restore();
      const restored = Date.now();
      // The same app instance (no rebuild) serves again: its pool reconnects on the next queries.
      let healthy = false;
      for (let i = 0; i < 50 && !healthy; i += 1) {
        healthy = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode === 200;
        if (!healthy) await new Promise((r) => setTimeout(r, 100));
      }
      expect(healthy).toBe(true);
      console.info(`recovered on postgres ${Date.now() - restored} ms after the proxy came back`);
      const after = await load(1000);
      for (const r of after)
        expect(r.status, `${r.where} after recovery: ${r.response.body.slice(0, 200)}`).toBeLessThan(300);
      expect(proxy.open).toBeGreaterThan(0);
      // The session and the data written before the fault are still there.
      expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `/api/job/all-jobs/${jobId}` })).statusCode).toBe(200);
    },
  );

  it('the all-jobs stream answers 503 JSON too when the database is gone before it starts', async () => {
    proxy.cut();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/job/all-jobs' });
      expect503(response, 'GET /api/job/all-jobs');
    } finally {
      proxy.restore();
    }
    let ok = false;
    for (let i = 0; i < 50 && !ok; i += 1) {
      ok = (await app.inject({ method: 'GET', url: '/api/job/all-jobs' })).statusCode === 200;
      if (!ok) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ok).toBe(true);
  });
});

// ---------- (b) SIGKILL during writes, on PostgreSQL ----------

describe.skipIf(!adminUrl)('SIGKILL during writes on PostgreSQL (real server process; needs DATABASE_URL)', () => {
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let current: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createDatabase();
  });
  afterAll(async () => {
    if (current && current.child.exitCode === null && current.child.signalCode === null) {
      current.child.kill('SIGKILL');
      await current.exited;
    }
    await database?.drop();
  });

  const killedAccount = (round: number) => ({
    name: 'Killed',
    username: `killed-${round}`,
    email: `killed-${round}@example.com`,
    password: 'killed passphrase 42',
  });

  it(
    'finds every acknowledged job after SIGKILL during parallel writes and a restart, twice',
    { timeout: 300_000 },
    async () => {
      const all = new Map<string, string>();
      for (let round = 1; round <= 2; round += 1) {
        current = await startServerProcess({ DATABASE_URL: database.url });
        expect(await missingJobs(current.base, all)).toEqual([]);
        const cookie = await sessionOverHttp(current.base, killedAccount(round));
        // Four writers at once; killed once enough posts are acknowledged.
        const acked = await writeUntilKilled(current, cookie, {
          writers: 4,
          killAfter: 30 + Math.floor(Math.random() * 30),
          titlePrefix: `Killed round ${round}`,
        });
        expect(acked.size).toBeGreaterThanOrEqual(30);
        expect(current.child.signalCode).toBe('SIGKILL');
        for (const [id, title] of acked) all.set(id, title);
        console.info(`SIGKILL round ${round} on postgres: ${acked.size} acknowledged writes`);
      }
      current = await startServerProcess({ DATABASE_URL: database.url });
      expect(await missingJobs(current.base, all)).toEqual([]);
      // The stored count is at least the acknowledged one (a write can land without its answer, never the reverse).
      const check = new pg.Client({ connectionString: database.url });
      await check.connect();
      const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs');
      await check.end();
      expect(rows[0]?.n).toBeGreaterThanOrEqual(all.size);

      // The check can fail: a job that is really gone is reported.
      const cookie = await sessionOverHttp(current.base, killedAccount(1), false);
      const [victim] = [...all.keys()].filter((id) => all.get(id)?.startsWith('Killed round 1'));
      if (!victim) throw new Error('no job of round 1');
      expect(
        (await fetch(`${current.base}/api/job/delete/${victim}`, { method: 'DELETE', headers: { cookie } })).status,
      ).toBe(200);
      expect(await missingJobs(current.base, all)).toEqual([victim]);

      current.child.kill('SIGTERM');
      await current.exited;
      expect(current.child.exitCode).toBe(0);
    },
  );
});
