import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SearchResult } from '@jobboard/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, testDatabaseUrl } from '../src/config.js';
import { openPostgres, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createScratchPostgres, type ScratchDatabase } from './support/scratch.js';
import { dbSkipReason, postJob, signUpAndSignIn } from './helpers.js';

/**
 * Two app instances on one PostgreSQL database, each with its own search cache (kept 10 minutes here, so only
 * the change notices of migration 007 can make it forget): a write on one is seen by searches on the other
 * within a second.
 */
const reason = dbSkipReason('postgres');
describe.skipIf(Boolean(reason))(
  `search counts across app instances on postgres${reason ? ` (${reason})` : ''}`,
  () => {
    let scratch: ScratchDatabase;
    const dbs: Db[] = [];
    const apps: FastifyInstance[] = [];

    beforeAll(async () => {
      scratch = await createScratchPostgres(testDatabaseUrl() ?? '', 'jobboard_test');
      await migrate(scratch.db);
      for (let i = 0; i < 2; i += 1) {
        const db = openPostgres(scratch.url ?? '', { max: 4 });
        dbs.push(db);
        const app = await buildApp({
          db,
          config: { ...loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent' }), searchCacheTtlMs: 600_000 },
        });
        await app.ready();
        apps.push(app);
      }
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      await scratch?.drop();
    });

    /** The total of a search on `app`, as often as needed within `ms` until it equals `expected`. */
    async function totalWithinASecond(
      app: FastifyInstance,
      query: string,
      expected: number,
      ms = 1000,
    ): Promise<number> {
      const until = Date.now() + ms;
      let total = -1;
      do {
        total = (await app.inject({ method: 'GET', url: `/api/job/search?${query}` })).json<SearchResult>().total;
        if (total === expected) return total;
        await new Promise((resolve) => setTimeout(resolve, 50));
      } while (Date.now() < until);
      return total;
    }

    it('a job posted, closed and reopened on one instance (or by a script) changes the counts searched on the other within a second', async () => {
      const [writer, reader] = apps as [FastifyInstance, FastifyInstance];
      const poster = await signUpAndSignIn(writer, {}, { verified: false });
      await scratch.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [poster.user._id]);
      await postJob(writer, poster.cookie, { jobTitle: 'Lighthouse Keeper', jobLocation: 'Boston' });
      // The reader's cache now holds these counts.
      expect(await totalWithinASecond(reader, 'q=lighthouse', 1)).toBe(1);
      expect(await totalWithinASecond(reader, 'location=boston', 1)).toBe(1);

      const second = await postJob(writer, poster.cookie, { jobTitle: 'Lighthouse Painter', jobLocation: 'Boston' });
      expect(await totalWithinASecond(reader, 'q=lighthouse', 2)).toBe(2);
      expect(await totalWithinASecond(reader, 'location=boston', 2)).toBe(2);

      const closed = await writer.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${second}`,
        headers: { cookie: poster.cookie },
        payload: { status: 'closed' },
      });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(await totalWithinASecond(reader, 'q=lighthouse', 1)).toBe(1);

      // A change made outside any instance (a script, the expiry sweep of a third) reaches both.
      await scratch.db.query("UPDATE jobs SET status = 'open' WHERE id = $1", [second]);
      expect(await totalWithinASecond(reader, 'q=lighthouse', 2)).toBe(2);
      expect(await totalWithinASecond(writer, 'q=lighthouse', 2)).toBe(2);
    });

    it('keeps listening after its connection is cut, and forgets what it may have missed meanwhile', async () => {
      const [, reader] = apps as [FastifyInstance, FastifyInstance];
      const before = await totalWithinASecond(reader, 'q=lighthouse', 2);
      expect(before).toBe(2);
      const cut = await scratch.db.query<{ cut: boolean }>(
        `SELECT pg_terminate_backend(pid) AS cut FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN jobs_changed'`,
      );
      expect(cut.length).toBe(2);
      // Sent while nobody listens: lost, but the reconnection (a second later) tells the cache to forget.
      await scratch.db.query("UPDATE jobs SET status = 'closed' WHERE job_title = 'Lighthouse Keeper'");
      expect(await totalWithinASecond(reader, 'q=lighthouse', 1, 3000)).toBe(1);
      // And listens again.
      await scratch.db.query("UPDATE jobs SET status = 'open' WHERE job_title = 'Lighthouse Keeper'");
      expect(await totalWithinASecond(reader, 'q=lighthouse', 2)).toBe(2);
    });
  },
);
