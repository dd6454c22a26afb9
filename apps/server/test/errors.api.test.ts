import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '@jobboard/shared';
import { buildApp } from '../src/app.js';
import { testConfig, testDatabaseUrl } from '../src/config.js';
import { openPglite, openPostgres, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import {
  DB_KINDS,
  buildTestApp,
  createTestDb,
  expectErrorShape,
  jobBody,
  signUpAndSignIn,
  type DbKind,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/** The spec's calls (section 7) and the ones DESIGN.md section 5 adds, as OpenAPI paths. */
const DOCUMENTED: [string, string][] = [
  ['post', '/api/auth/signin'],
  ['post', '/api/auth/signup'],
  ['post', '/api/auth/google'],
  ['post', '/api/auth/signout'],
  ['get', '/api/auth/me'],
  ['get', '/api/job/all-jobs'],
  ['get', '/api/job/all-jobs/{id}'],
  ['get', '/api/job/myJobs/{posterEmail}'],
  ['post', '/api/job/post-job'],
  ['patch', '/api/job/update-job/{id}'],
  ['delete', '/api/job/delete/{id}'],
  ['get', '/api/job/search'],
  ['get', '/api/apply/appliedJobs/{userId}'],
  ['get', '/api/apply/appliedJobs'],
  ['post', '/api/apply/apply-job'],
  ['get', '/api/user/get-users'],
  ['post', '/api/user/update/{userId}'],
  ['delete', '/api/user/delete/{userId}'],
  ['get', '/api/health'],
];

/** Nothing of the server's insides in an answer: no stack, no SQL, no paths, no driver messages. */
function expectNoInternals(response: LightMyRequestResponse): void {
  expect(response.body).not.toMatch(/stack|at \w+ \(|\.ts:\d|node_modules|SELECT|relation|pglite|pool|hunter2|ECONN/i);
}

/** A second handle on a database that can be closed under a running app, leaving the harness's own to clean up. */
async function secondHandle(kind: DbKind, db: Db): Promise<Db> {
  if (kind === 'pglite') {
    const other = await openPglite();
    await migrate(other);
    return other;
  }
  const base = testDatabaseUrl();
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = (await db.query<{ name: string }>('SELECT current_database() AS name'))[0]?.name ?? '';
  const url = new URL(base);
  url.pathname = `/${name}`;
  return openPostgres(url.toString(), { max: 2 });
}

describe.each(DB_KINDS)('errors, health, docs, CORS and headers on %s', (kind) => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    user = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const postJobRaw = (payload: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/job/post-job',
      headers: { cookie: user.cookie, 'content-type': 'application/json', ...headers },
      payload,
    });

  async function expectStillServing(): Promise<void> {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  }

  describe('bad requests', () => {
    it('malformed JSON is a 400 with the error shape', async () => {
      for (const body of ['{"jobTitle": ', '{bad json}', "{'single': 'quotes'}", '[1,2,']) {
        const response = await postJobRaw(body);
        expect(expectErrorShape(response, 400)).toBe('The request body is not valid JSON');
      }
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'content-type': 'application/json' },
        payload: '{"email":',
      });
      expectErrorShape(signIn, 400);
      await expectStillServing();
    });

    it('a body over 256 KB is a 413 with the error shape, and nothing is stored', async () => {
      const before = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]?.n;
      const payload = JSON.stringify(jobBody({ description: 'x'.repeat(300 * 1024) }));
      const response = await postJobRaw(payload);
      expectErrorShape(response, 413);
      expectNoInternals(response);
      const after = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]?.n;
      expect(after).toBe(before);
      // Just under the limit is parsed (and then refused by the description length rule, naming it).
      const under = await postJobRaw(JSON.stringify(jobBody({ description: 'x'.repeat(200 * 1024) })));
      expect(expectErrorShape(under, 400)).toContain('description');
      await expectStillServing();
    });

    it.each([
      ['jobTitle', { jobTitle: 123 }],
      ['skills', { skills: 'React' }],
      ['skills', { skills: [{ value: 'React' }, 'x'] }],
      ['salaryType', { salaryType: ['Yearly'] }],
      ['companyLogo', { companyLogo: { href: 'https://x' } }],
      ['description', { description: null }],
    ])('a wrong type for %s is a 400 naming it', async (field, overrides) => {
      const response = await postJobRaw(JSON.stringify({ ...jobBody(), ...overrides }));
      expect(expectErrorShape(response, 400)).toContain(field);
    });

    it.each(['[]', 'null', '"text"', '42'])('a JSON body that is not an object (%s) is a 400', async (body) => {
      expectErrorShape(await postJobRaw(body), 400);
    });

    it('a __proto__ key pollutes nothing', async () => {
      const body = `{"__proto__": {"polluted": true}, ${JSON.stringify(jobBody()).slice(1)}`;
      const response = await postJobRaw(body);
      expect(response.statusCode).toBe(201);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('a form-encoded or text body on a JSON call is refused with the error shape', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/job/post-job',
        headers: { cookie: user.cookie, 'content-type': 'text/plain' },
        payload: JSON.stringify(jobBody()),
      });
      expect([400, 403, 415]).toContain(response.statusCode);
      expectErrorShape(response, response.statusCode);
    });

    it('a garbage session cookie is simply no session', async () => {
      for (const cookie of ['jobboard_session=garbage', 'jobboard_session=' + 'x'.repeat(43), 'jobboard_session=%00%ff']) {
        const response = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
        expect(expectErrorShape(response, 401)).toBe(MESSAGES.notSignedIn);
      }
    });

    it('malformed and over-long ids are 404s, never crashes', async () => {
      for (const id of ['not-an-id', '1', "'; DROP TABLE jobs; --", 'x'.repeat(150), `${randomUUID()}x`]) {
        const response = await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${encodeURIComponent(id)}` });
        expectErrorShape(response, 404);
        const del = await t.app.inject({
          method: 'DELETE',
          url: `/api/job/delete/${encodeURIComponent(id)}`,
          headers: { cookie: user.cookie },
        });
        expectErrorShape(del, 404);
      }
      expect(await t.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'jobs'")).toHaveLength(1);
      await expectStillServing();
    });

    it('an over-long path parameter or a broken percent-encoding gets the error shape, not Fastify\'s', async () => {
      for (const [method, url] of [
        ['DELETE', `/api/job/delete/${'x'.repeat(150)}`],
        ['PATCH', `/api/job/update-job/${'x'.repeat(150)}`],
        ['GET', `/api/apply/appliedJobs/${'x'.repeat(150)}`],
        ['DELETE', `/api/user/delete/${'x'.repeat(150)}`],
      ] as const) {
        const response = await t.app.inject({ method, url, headers: { cookie: user.cookie }, payload: method === 'PATCH' ? { jobTitle: 'x' } : undefined });
        expect(expectErrorShape(response, 404), `${method} ${url}`).toBe(MESSAGES.notFound);
        expect(response.body).not.toContain('FST_');
      }
      for (const url of ['/api/job/all-jobs/%E0%A4%A', '/api/user/delete/%ZZ']) {
        const response = await t.app.inject({ method: 'GET', url });
        expectErrorShape(response, 400);
        expect(response.body).not.toContain('FST_');
      }
      await expectStillServing();
    });
  });

  describe('unknown routes', () => {
    it.each([
      ['GET', '/api/nope'],
      ['POST', '/api/job/nope'],
      ['GET', '/api/job/post-job'],
      ['PUT', '/api/job/update-job/' + randomUUID()],
      ['GET', '/api'],
    ] as const)('%s %s is a 404 in the error shape', async (method, url) => {
      const response = await t.app.inject({ method, url, headers: { cookie: user.cookie } });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(expectErrorShape(response, 404)).toBe(MESSAGES.notFound);
    });
  });

  describe('health and docs', () => {
    it('health answers {status: ok, database: kind}', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok', database: kind });
    });

    it('/api/docs/json is an OpenAPI document listing every call of the spec', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(response.statusCode).toBe(200);
      const doc = response.json<{ openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> }>();
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.info.title).toBeTruthy();
      for (const [method, path] of DOCUMENTED) {
        expect(doc.paths[path], path).toBeDefined();
        expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
      }
      // Generated from the same schemas: the post-job body names the spec's fields.
      const postJob = JSON.stringify(doc.paths['/api/job/post-job']);
      for (const field of ['jobTitle', 'companyLogo', 'salaryType', 'skills']) expect(postJob).toContain(field);
      const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
      expect([200, 302]).toContain(ui.statusCode);
    });
  });

  describe('server errors', () => {
    it('a closed database gives a 5xx with only a generic message, and health says unavailable', async () => {
      const { db: ownDb, drop } = await createTestDb(kind);
      const db = await secondHandle(kind, ownDb);
      if (kind === 'postgres') await migrate(db);
      const app = await buildApp({ db, config: testConfig() });
      await app.ready();
      try {
        const alive = await app.inject({ method: 'GET', url: `/api/job/all-jobs/${randomUUID()}` });
        expect(alive.statusCode).toBe(404);
        await db.close();
        for (const [method, url] of [
          ['GET', `/api/job/all-jobs/${randomUUID()}`],
          ['GET', '/api/job/search?q=dev'],
          ['POST', '/api/auth/signin'],
        ] as const) {
          const response = await app.inject({
            method,
            url,
            payload: method === 'POST' ? { email: 'a@example.com', password: 'whatever123' } : undefined,
          });
          expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeGreaterThanOrEqual(500);
          expect([MESSAGES.serverError, MESSAGES.databaseUnavailable]).toContain(expectErrorShape(response, response.statusCode));
          expect(Object.keys(response.json()).sort()).toEqual(['message', 'statusCode', 'success']);
          expectNoInternals(response);
        }
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({ status: 'unavailable', database: kind });
      } finally {
        await app.close();
        await drop();
      }
    });

    it('an unexpected error is a 500 with the generic message; a lost connection is a 503 with Retry-After', async () => {
      let failure: Error = new Error('relation "users_secret" does not exist; password=hunter2 at /srv/app/db.ts:12');
      const broken: Db = {
        kind,
        query: () => Promise.reject(failure),
        transaction: () => Promise.reject(failure),
        exec: () => Promise.reject(failure),
        ping: () => Promise.resolve(true),
        close: () => Promise.resolve(),
      };
      const app = await buildApp({ db: broken, config: testConfig() });
      await app.ready();
      try {
        const response = await app.inject({ method: 'GET', url: `/api/job/all-jobs/${randomUUID()}` });
        expect(response.json()).toEqual({ success: false, statusCode: 500, message: MESSAGES.serverError });
        expectNoInternals(response);

        failure = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2'), { code: 'ECONNREFUSED' });
        const down = await app.inject({ method: 'GET', url: '/api/job/search' });
        expect(down.json()).toEqual({ success: false, statusCode: 503, message: MESSAGES.databaseUnavailable });
        expect(down.headers['retry-after']).toBe('5');
        expectNoInternals(down);
      } finally {
        await app.close();
      }
    });
  });

  describe('CORS and security headers', () => {
    let c: TestApp;
    beforeAll(async () => {
      c = await buildTestApp(kind, { corsOrigins: ['https://front.example'] });
    });
    afterAll(async () => {
      await c.close();
    });

    it('answers an allowed origin with Allow-Origin and Allow-Credentials', async () => {
      const response = await c.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://front.example' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('https://front.example');
      expect(response.headers['access-control-allow-credentials']).toBe('true');

      const preflight = await c.app.inject({
        method: 'OPTIONS',
        url: '/api/job/post-job',
        headers: {
          origin: 'https://front.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
      expect(preflight.statusCode).toBeLessThan(300);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://front.example');
      expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    });

    it('does not answer another origin, nor any origin when none is configured', async () => {
      const other = await c.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
      // @fastify/cors sends Allow-Credentials to every origin; without a matching Allow-Origin a browser
      // shares nothing, so Allow-Origin is what must be absent.
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const suffix = await c.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://front.example.evil.example' } });
      expect(suffix.headers['access-control-allow-origin']).toBeUndefined();
      const none = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://front.example' } });
      expect(none.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('refuses a state-changing call from another origin with the error shape', async () => {
      const response = await c.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { origin: 'https://evil.example' },
        payload: { email: 'a@example.com', password: 'whatever123' },
      });
      expectErrorShape(response, 403);
      const allowed = await c.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { origin: 'https://front.example' },
        payload: { email: 'a@example.com', password: 'whatever123' },
      });
      expect(expectErrorShape(allowed, 401)).toBe(MESSAGES.wrongCredentials);
    });

    it.each(['/api/health', '/api/nope', `/api/job/all-jobs/${randomUUID()}`])('sends the security headers on %s', async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  });
});
