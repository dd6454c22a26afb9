import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@jobboard/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, testDatabaseUrl } from '../src/config.js';
import { openPostgres, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createScratchPostgres, type ScratchDatabase } from './support/scratch.js';
import { seedBulk } from '../src/demo/seed.js';
import { buildTestApp, dbSkipReason } from './helpers.js';

/**
 * On PostgreSQL searches run in a pool of their own whose statements stop after SEARCH_TIMEOUT_MS (Db.searches):
 * the backstop behind bounded searches. Here the timeout is 1 ms, which no search over 3,000 jobs meets.
 */
const reason = dbSkipReason('postgres');
describe.skipIf(Boolean(reason))(`search statement timeout on postgres${reason ? ` (${reason})` : ''}`, () => {
  let scratch: ScratchDatabase;
  let timed: Db;
  let app: FastifyInstance;

  beforeAll(async () => {
    scratch = await createScratchPostgres(testDatabaseUrl() ?? '', 'jobboard_test');
    await migrate(scratch.db);
    await seedBulk(scratch.db, { jobs: 3_000, users: 10, seed: 11 });
    timed = openPostgres(scratch.url ?? '', { max: 4, searchTimeoutMs: 1, searchPoolSize: 2 });
    app = await buildApp({
      db: timed,
      config: { ...loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent' }), searchCacheTtlMs: 0 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await timed?.close();
    await scratch?.drop();
  });

  it('a search past the timeout answers 503 JSON saying so, with Retry-After; everything else keeps answering', async () => {
    const searches = await Promise.all(
      ['q=developer', 'q=a', 'workplace=remote&q=engineer', 'q=x&sort=newest'].map((query) =>
        app.inject({ method: 'GET', url: `/api/job/search?${query}` }),
      ),
    );
    for (const response of searches) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toEqual({ success: false, statusCode: 503, message: MESSAGES.searchTimedOut });
      expect(response.headers['retry-after']).toBe('5');
    }
    // The rest of the app uses the main pool and its own timeout.
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const [job] = await scratch.db.query<{ id: string }>("SELECT id FROM jobs WHERE status = 'open' LIMIT 1");
    expect((await app.inject({ method: 'GET', url: `/api/job/all-jobs/${job?.id}` })).statusCode).toBe(200);
  });
});

/**
 * PGlite runs one statement at a time in the server's thread, so a health probe waited for every statement queued
 * by busy searches (9.4 s behind six one-letter searches in the security review). Statements now take turns with
 * I/O: the probe waits for the statement running when it arrives.
 */
describe('health on a busy PGlite', () => {
  it('answers after the statement running when it arrives, not after the searches queued; 503 once closed', async () => {
    const t = await buildTestApp('pglite');
    try {
      // Six searches, each six statements of 80 ms one after another (about 2.9 s of statements in all), and a
      // probe sent 200 ms in: it waits at most for the statement running then, not for the searches' queue.
      const search = async () => {
        for (let i = 0; i < 6; i += 1) await t.db.query('SELECT pg_sleep(0.08)');
      };
      const started = performance.now();
      const searches = Promise.all(Array.from({ length: 6 }, search));
      const probe = await new Promise<{ status: number; waited: number }>((resolve) => {
        setTimeout(() => {
          void t.app
            .inject({ method: 'GET', url: '/api/health' })
            .then((r) => resolve({ status: r.statusCode, waited: performance.now() - started - 200 }));
        }, 200);
      });
      await searches;
      expect(performance.now() - started).toBeGreaterThan(2500);
      expect(probe.status).toBe(200);
      expect(probe.waited).toBeLessThan(300);
      await t.db.close();
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await t.app.close();
    }
  });
});
