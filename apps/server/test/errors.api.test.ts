import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyError, FastifyReply, FastifyRequest, LightMyRequestResponse } from 'fastify';
import { MESSAGES } from '@jobboard/shared';
import { buildApp } from '../src/app.js';
import { testConfig, testDatabaseUrl } from '../src/config.js';
import { openPglite, openPostgres, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { frameworkErrorHandler } from '../src/http/error-handler.js';
import {
  describeEachDb,
  buildTestApp,
  createTestDb,
  expectErrorShape,
  jobBody,
  signUpAndSignIn,
  type DbKind,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/** The contract's calls (docs/product.md, "API calls") and the ones added beside them, as OpenAPI paths. */
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

describeEachDb('errors, health, docs, CORS and headers', (kind) => {
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

    it('a __proto__ key is dropped: it pollutes nothing and carries no field into the job', async () => {
      // As own keys of the body (JSON.parse makes "__proto__" an ordinary own property), first and nested.
      const body = `{"__proto__": {"polluted": true, "jobTitle": "From the prototype", "postedBy": "x@example.com"}, ${JSON.stringify(
        jobBody({ jobTitle: 'Own title', skills: [{ value: 'React', label: 'React' }] }),
      ).slice(1)}`;
      const nested = body.replace('"skills":[{', '"skills":[{"__proto__":{"polluted":true},');
      for (const payload of [body, nested]) {
        const response = await postJobRaw(payload);
        expect(response.statusCode, response.body).toBe(201);
        const id = response.json<{ insertedId: string }>().insertedId;
        const job = (
          await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}`, headers: { cookie: user.cookie } })
        ).json<Record<string, unknown>>();
        expect(job.jobTitle).toBe('Own title');
        expect(job.postedBy).toBe(user.user.email);
        expect(job.skills).toEqual([{ value: 'React', label: 'React' }]);
        expect(Object.prototype.hasOwnProperty.call(job, 'polluted')).toBe(false);
        const [row] = await t.db.query<{ skills: string }>('SELECT skills::text AS skills FROM jobs WHERE id = $1', [
          id,
        ]);
        expect(row?.skills).not.toContain('__proto__');
        expect(row?.skills).not.toContain('polluted');
      }
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it.each([
      ['text/plain', JSON.stringify(jobBody({ jobTitle: 'Sent as text' }))],
      [
        'application/x-www-form-urlencoded',
        new URLSearchParams({ jobTitle: 'Sent as a form', companyName: 'Acme' }).toString(),
      ],
    ])(
      'a %s body on a JSON call (no Origin, no X-Requested-With) is 415 with the error shape, and posts nothing',
      async (type, payload) => {
        const count = async () => (await t.db.query('SELECT 1 FROM jobs WHERE poster_id = $1', [user.user._id])).length;
        const before = await count();
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/job/post-job',
          headers: { cookie: user.cookie, 'content-type': type },
          payload,
        });
        expect(expectErrorShape(response, 415)).toBe('Send the request body as JSON (Content-Type: application/json)');
        expect(await count()).toBe(before);
      },
    );

    it('a garbage session cookie is simply no session', async () => {
      for (const cookie of [
        'jobboard_session=garbage',
        'jobboard_session=' + 'x'.repeat(43),
        'jobboard_session=%00%ff',
      ]) {
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

    it("an over-long path parameter or a broken percent-encoding gets the error shape, not Fastify's", async () => {
      for (const [method, url] of [
        ['DELETE', `/api/job/delete/${'x'.repeat(150)}`],
        ['PATCH', `/api/job/update-job/${'x'.repeat(150)}`],
        ['GET', `/api/apply/appliedJobs/${'x'.repeat(150)}`],
        ['DELETE', `/api/user/delete/${'x'.repeat(150)}`],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie: user.cookie },
          payload: method === 'PATCH' ? { jobTitle: 'x' } : undefined,
        });
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
      const doc = response.json<{
        openapi: string;
        info: { title: string };
        paths: Record<string, Record<string, unknown>>;
      }>();
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
    it('a framework error other than a bad URL or an over-long parameter is a 500 in the error shape', () => {
      // Fastify calls this only for errors raised before routing; the two it names are tested through requests.
      const sent: { code?: number; body?: unknown } = {};
      const reply = {
        code(value: number) {
          sent.code = value;
          return reply;
        },
        send(body: unknown) {
          sent.body = body;
          return reply;
        },
      };
      const call = (code: string) =>
        frameworkErrorHandler(
          Object.assign(new Error(code), { code }) as FastifyError,
          {} as FastifyRequest,
          reply as unknown as FastifyReply,
        );
      call('FST_ERR_SOMETHING_ELSE');
      expect(sent).toEqual({ code: 500, body: { success: false, statusCode: 500, message: MESSAGES.serverError } });
      call('FST_ERR_BAD_URL');
      expect(sent.code).toBe(400);
      call('FST_ERR_MAX_PARAM_LENGTH');
      expect(sent).toEqual({ code: 404, body: { success: false, statusCode: 404, message: MESSAGES.notFound } });
    });

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
          expect([MESSAGES.serverError, MESSAGES.databaseUnavailable]).toContain(
            expectErrorShape(response, response.statusCode),
          );
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
        run: () => Promise.reject(failure),
        ping: () => Promise.resolve(true),
        close: () => Promise.resolve(),
      };
      const app = await buildApp({ db: broken, config: testConfig() });
      await app.ready();
      try {
        const response = await app.inject({ method: 'GET', url: `/api/job/all-jobs/${randomUUID()}` });
        expect(response.json()).toEqual({ success: false, statusCode: 500, message: MESSAGES.serverError });
        expectNoInternals(response);

        // Only a numeric statusCode is a client error's status (mutation testing: "typeof ... === 'number'" -> true
        // survived): a string one is still an unexpected error.
        failure = Object.assign(new Error('odd driver error password=hunter2'), { statusCode: '418' });
        const odd = await app.inject({ method: 'GET', url: `/api/job/all-jobs/${randomUUID()}` });
        expect(odd.json()).toEqual({ success: false, statusCode: 500, message: MESSAGES.serverError });
        expectNoInternals(odd);

        // A numeric 4xx is a client error and keeps its message; anything else is hidden behind the generic 500
        // (mutation testing: ">= 400" -> "> 400" and "-> true" survived).
        for (const [status, answer] of [
          [400, 400],
          [499, 499],
          [399, 500],
          [302, 500],
          [500, 500],
        ] as const) {
          failure = Object.assign(new Error(`status ${status} password=hunter2`), { statusCode: status });
          const response = await app.inject({ method: 'GET', url: `/api/job/all-jobs/${randomUUID()}` });
          expect(response.statusCode, `an error with statusCode ${status}`).toBe(answer);
          expect(response.json().message).toBe(
            answer === 500 ? MESSAGES.serverError : `status ${status} password=hunter2`,
          );
        }

        failure = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5432 password=hunter2'), {
          code: 'ECONNREFUSED',
        });
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
      const response = await c.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://front.example' },
      });
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
      const other = await c.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example' },
      });
      // @fastify/cors sends Allow-Credentials to every origin; without a matching Allow-Origin a browser
      // shares nothing, so Allow-Origin is what must be absent.
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const suffix = await c.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://front.example.evil.example' },
      });
      expect(suffix.headers['access-control-allow-origin']).toBeUndefined();
      const none = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://front.example' },
      });
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

    it.each(['/api/health', '/api/nope', `/api/job/all-jobs/${randomUUID()}`])(
      'sends the security headers on %s',
      async (url) => {
        const response = await t.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(response.headers['x-powered-by']).toBeUndefined();
      },
    );
  });
});
