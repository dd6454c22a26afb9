import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SiteInfo } from '@jobboard/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, testDatabaseUrl, type Config } from '../src/config.js';
import { openPostgres, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createScratchPostgres, type ScratchDatabase } from './support/scratch.js';
import { dbSkipReason, signInAs, signUpAndSignIn } from './helpers.js';

/**
 * Two app instances on one PostgreSQL database (issue 34, item 2): a setting saved on one shows on the other
 * within a second. The first run polls only once a minute, so only the NOTIFY of migration 036 can do it; the
 * second never listens (as behind a pooler that drops LISTEN), so only the poll can.
 */
const reason = dbSkipReason('postgres');
describe.skipIf(Boolean(reason))(
  `site settings across app instances on postgres${reason ? ` (${reason})` : ''}`,
  () => {
    let scratch: ScratchDatabase;
    const dbs: Db[] = [];
    const apps: FastifyInstance[] = [];
    const adminEmail = 'instances-admin@example.com';

    async function start(overrides: Partial<Config>, listen: boolean): Promise<FastifyInstance> {
      const db = openPostgres(scratch.url ?? '', { max: 4 });
      dbs.push(db);
      const base = loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent', SEARCH_INDEX: 'off' });
      const app = await buildApp({
        db: listen ? db : { ...db, listen: undefined },
        config: { ...base, adminEmails: [adminEmail], housekeepingIntervalMs: 0, ...overrides },
      });
      await app.ready();
      apps.push(app);
      return app;
    }

    beforeAll(async () => {
      scratch = await createScratchPostgres(testDatabaseUrl() ?? '', 'jobboard_test');
      await migrate(scratch.db);
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      await scratch?.drop();
    });

    async function siteNameWithin(app: FastifyInstance, expected: string, ms = 1000): Promise<string | undefined> {
      const until = Date.now() + ms;
      let name: string | undefined;
      do {
        name = (await app.inject({ url: '/api/site' })).json<SiteInfo>().siteName;
        if (name === expected) return name;
        await new Promise((resolve) => setTimeout(resolve, 25));
      } while (Date.now() < until);
      return name;
    }

    for (const mode of ['notify', 'poll'] as const) {
      it(`shows a save on the other instance within a second (${mode})`, async () => {
        const listen = mode === 'notify';
        const settingsPollMs = listen ? 60_000 : 500;
        const one = await start({ settingsPollMs }, listen);
        const two = await start({ settingsPollMs }, listen);
        const name = `${mode} Jobs`;
        const saved = await one.inject({
          method: 'PUT',
          url: '/api/admin/settings',
          headers: { cookie: await adminCookie(one) },
          payload: { siteName: name, footerLinks: [{ label: 'Blog', url: 'https://blog.example.com/' }] },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        const started = Date.now();
        expect(await siteNameWithin(two, name)).toBe(name);
        expect(Date.now() - started).toBeLessThan(1000);
        expect((await two.inject({ url: '/api/site' })).json<SiteInfo>().footerLinks).toEqual([
          { label: 'Blog', url: 'https://blog.example.com/' },
        ]);
      });
    }

    let adminSession: string | undefined;
    /** The administrator (ADMIN_EMAILS), with the address confirmed as its owner would. */
    async function adminCookie(app: FastifyInstance): Promise<string> {
      if (!adminSession) {
        await signUpAndSignIn(app, { email: adminEmail, password: 'correct horse battery' }, { verified: false });
        await scratch.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [adminEmail]);
        adminSession = (await signInAs(app, adminEmail, 'correct horse battery')).cookie;
      }
      return adminSession;
    }
  },
);
