import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { MESSAGES } from '@jobboard/shared';
import { buildApp } from '../src/app.js';
import { DEFAULT_RATE_LIMITS, loadConfig, type RateLimits } from '../src/config.js';
import { COMMON_PASSWORD_MESSAGE } from '../src/modules/passwords/password-policy.js';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  jobBody,
  sessionCookieOf,
  signInAs,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/**
 * Reliability suite 4 (docs/reliability.md): the security controls, each shown to hold and to be the thing that refuses: rate limits
 * (in memory and shared through Redis by two app instances), the password policy, CSRF, cookie attributes and
 * headers, and the session lifetime rules.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';
const WINDOW_MS = 1500;
const LOW_LIMITS: RateLimits = {
  ...DEFAULT_RATE_LIMITS,
  signInPerAddress: { limit: 5, windowMs: 60_000 },
  signInFailuresPerAccount: { limit: 3, windowMs: WINDOW_MS },
  signUpPerAddress: { limit: 3, windowMs: 60_000 },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A client address of its own for every caller, so tests (and runs sharing Redis) never share counters. */
const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const unique = () => randomBytes(5).toString('hex');

function signIn(app: FastifyInstance, email: string, password: string, remoteAddress = address()) {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress });
}

function signUp(app: FastifyInstance, remoteAddress = address(), password = 'a perfectly fine passphrase') {
  const id = unique();
  const body = { name: `Limited ${id}`, username: `limited-${id}`, email: `limited-${id}@example.com`, password };
  return app
    .inject({ method: 'POST', url: '/api/auth/signup', payload: body, remoteAddress })
    .then((response) => ({ response, body }));
}

function expectRateLimited(response: LightMyRequestResponse, maxSeconds: number): number {
  expect(expectErrorShape(response, 429)).toBe(MESSAGES.tooManyRequests);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}

describe('rate limits (memory store)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp('pglite', { rateLimits: LOW_LIMITS });
  });
  afterAll(async () => {
    await t.close();
  });

  it('locks an account after N failures in a row with 429, a readable message and Retry-After, whatever the address; works again after the window', async () => {
    const { body } = await signUp(t.app);
    const { limit } = LOW_LIMITS.signInFailuresPerAccount;
    for (let i = 0; i < limit; i += 1) expectErrorShape(await signIn(t.app, body.email, 'wrong password!'), 401);
    expectRateLimited(await signIn(t.app, body.email, 'wrong password!'), Math.ceil(WINDOW_MS / 1000));
    // Locked: even the right password is refused, from yet another address.
    const locked = await signIn(t.app, body.email, body.password);
    expectRateLimited(locked, Math.ceil(WINDOW_MS / 1000));
    expect(locked.cookies.find((c) => c.name.endsWith('jobboard_session'))).toBeUndefined();
    // Other accounts are not affected.
    const { body: other } = await signUp(t.app);
    expect((await signIn(t.app, other.email, other.password)).statusCode).toBe(200);

    await sleep(WINDOW_MS + 200);
    expect((await signIn(t.app, body.email, body.password)).statusCode).toBe(200);
  });

  it('a success clears the failures: only failures in a row count', async () => {
    const { body } = await signUp(t.app);
    const { limit } = LOW_LIMITS.signInFailuresPerAccount;
    // Every attempt counts against the limit before the password is checked: `limit` failures lock, fewer do not.
    for (let round = 0; round < 3; round += 1) {
      for (let i = 0; i < limit - 1; i += 1) expectErrorShape(await signIn(t.app, body.email, 'wrong password!'), 401);
      expect((await signIn(t.app, body.email, body.password)).statusCode).toBe(200);
    }
  });

  it('limits sign-in attempts per address, across accounts; another address is not limited', async () => {
    const from = address();
    const { limit } = LOW_LIMITS.signInPerAddress;
    for (let i = 0; i < limit; i += 1)
      expectErrorShape(await signIn(t.app, `nobody-${unique()}@example.com`, 'whatever password', from), 401);
    expectRateLimited(await signIn(t.app, `nobody-${unique()}@example.com`, 'whatever password', from), 60);
    const { body } = await signUp(t.app);
    expectRateLimited(await signIn(t.app, body.email, body.password, from), 60);
    expect((await signIn(t.app, body.email, body.password, address())).statusCode).toBe(200);
  });

  it('limits sign-ups per address: the next one is 429 and creates nothing; another address may sign up', async () => {
    const from = address();
    for (let i = 0; i < LOW_LIMITS.signUpPerAddress.limit; i += 1)
      expect((await signUp(t.app, from)).response.statusCode).toBe(201);
    const { response, body } = await signUp(t.app, from);
    expectRateLimited(response, 3600);
    expect(await t.db.query('SELECT 1 FROM users WHERE email = $1', [body.email])).toHaveLength(0);
    expect((await signUp(t.app, address())).response.statusCode).toBe(201);
  });
});

describe('rate limits shared through Redis by two app instances', () => {
  let first: TestApp;
  let second: FastifyInstance;
  let redis: Redis;

  beforeAll(async () => {
    first = await buildTestApp('pglite', { rateLimits: LOW_LIMITS, redisUrl: REDIS_URL });
    // A second instance on the same database, as behind a load balancer.
    second = await buildApp({ db: first.db, config: first.config });
    await second.ready();
    redis = new Redis(REDIS_URL);
  });
  afterAll(async () => {
    await second.close();
    await first.close();
    redis.disconnect();
  });

  it('counts an account failures on both instances: failures on one lock the account on the other, in Redis', async () => {
    const { body } = await signUp(first.app);
    const { limit } = LOW_LIMITS.signInFailuresPerAccount;
    for (let i = 0; i < limit; i += 1) {
      const app = i % 2 === 0 ? first.app : second;
      expectErrorShape(await signIn(app, body.email, 'wrong password!'), 401);
    }
    // The counter lives in Redis, with the window as its expiry.
    const key = `jobboard:rl:signin-account:${body.email}`;
    expect(Number(await redis.get(key))).toBe(limit);
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(WINDOW_MS);

    expectRateLimited(await signIn(second, body.email, body.password), Math.ceil(WINDOW_MS / 1000));
    expectRateLimited(await signIn(first.app, body.email, body.password), Math.ceil(WINDOW_MS / 1000));
    await sleep(WINDOW_MS + 200);
    expect((await signIn(second, body.email, body.password)).statusCode).toBe(200);
    // A success clears the account's counter for both.
    expect(await redis.exists(key)).toBe(0);
  });

  it('counts an address on both instances', async () => {
    const from = address();
    const { limit } = LOW_LIMITS.signInPerAddress;
    for (let i = 0; i < limit; i += 1) {
      expectErrorShape(
        await signIn(i % 2 ? second : first.app, `nobody-${unique()}@example.com`, 'whatever password', from),
        401,
      );
    }
    expectRateLimited(await signIn(second, `nobody-${unique()}@example.com`, 'whatever password', from), 60);
    expectRateLimited(await signIn(first.app, `nobody-${unique()}@example.com`, 'whatever password', from), 60);
  });

  it('counts sign-ups on both instances', async () => {
    const from = address();
    for (let i = 0; i < LOW_LIMITS.signUpPerAddress.limit; i += 1) {
      expect((await signUp(i % 2 ? second : first.app, from)).response.statusCode).toBe(201);
    }
    expectRateLimited((await signUp(second, from)).response, 3600);
    expectRateLimited((await signUp(first.app, from)).response, 3600);
  });
});

describeEachDb('passwords, CSRF, headers and sessions', (kind) => {
  const FRONT = 'https://front.example';
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(kind, { corsOrigins: [FRONT] });
    user = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const passwordHash = async (id: string) =>
    (await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [id]))[0]
      ?.password_hash;
  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
  const jobCount = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]?.n;

  describe('password policy', () => {
    it.each([
      ['password123', COMMON_PASSWORD_MESSAGE],
      ['Password123', COMMON_PASSWORD_MESSAGE],
      ['qwertyuiop', COMMON_PASSWORD_MESSAGE],
      ['abc4567', 'password: Password must be at least 8 characters'],
      ['x'.repeat(129), 'password: Password must be at most 128 characters'],
    ])('sign-up refuses %s', async (password, message) => {
      const { response, body } = await signUp(t.app, address(), password);
      expect(expectErrorShape(response, 400)).toBe(message);
      expect(await t.db.query('SELECT 1 FROM users WHERE email = $1', [body.email])).toHaveLength(0);
    });

    it.each([
      ['8 chars', 'zq8#Lm2v'],
      ['128 chars', `${'long passphrase '.repeat(8)}`],
    ])('sign-up accepts a %s uncommon password', async (_label, password) => {
      expect(password.length === 8 || password.length === 128).toBe(true);
      const { response } = await signUp(t.app, address(), password);
      expect(response.statusCode).toBe(201);
    });

    it.each([
      ['password123', COMMON_PASSWORD_MESSAGE],
      ['abc4567', 'password: Password must be at least 8 characters'],
      ['x'.repeat(129), 'password: Password must be at most 128 characters'],
    ])('a profile update refuses %s and keeps the old password', async (password, message) => {
      const before = await passwordHash(user.user._id);
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${user.user._id}`,
        headers: { cookie: user.cookie },
        payload: { password, currentPassword: user.password },
      });
      expect(expectErrorShape(response, 400)).toBe(message);
      expect(await passwordHash(user.user._id)).toBe(before);
    });
  });

  describe('CSRF', () => {
    const post = (headers: Record<string, string>, payload: string | object = jobBody()) =>
      t.app.inject({
        method: 'POST',
        url: '/api/job/post-job',
        headers: { cookie: user.cookie, host: 'jobs.local:3000', ...headers },
        payload,
      });

    it('refuses a POST from a foreign Origin with 403 and changes nothing', async () => {
      const before = await jobCount();
      for (const origin of [
        'https://evil.example',
        'http://jobs.local:3001',
        'https://front.example.evil.net',
        'null',
      ]) {
        expect(expectErrorShape(await post({ origin }), 403)).toBe('Cross-site request refused');
      }
      const deleteJob = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${user.user._id}`,
        headers: { cookie: user.cookie, origin: 'https://evil.example' },
      });
      expectErrorShape(deleteJob, 403);
      expect(await jobCount()).toBe(before);
      expect((await me(user.cookie)).statusCode).toBe(200);
    });

    it("allows the site's own Origin and a CORS_ORIGINS origin", async () => {
      expect((await post({ origin: 'http://jobs.local:3000' })).statusCode).toBe(201);
      const fromFront = await post({ origin: FRONT });
      expect(fromFront.statusCode).toBe(201);
      expect(fromFront.headers['access-control-allow-origin']).toBe(FRONT);
      expect(fromFront.headers['access-control-allow-credentials']).toBe('true');
      // The foreign origin gets no CORS grant either.
      const preflight = await t.app.inject({
        method: 'OPTIONS',
        url: '/api/job/post-job',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('allows this host over https as Origin (TLS ended in front of the app), and only this host', async () => {
      // Mutation testing: nothing sent https://<host> over a plain-http request, so dropping that case survived.
      expect((await post({ origin: 'https://jobs.local:3000' })).statusCode).toBe(201);
      for (const origin of ['https://jobs.local:3001', 'https://jobs.local', 'ftp://jobs.local:3000']) {
        expect(expectErrorShape(await post({ origin }), 403)).toBe('Cross-site request refused');
      }
    });

    it('checks every state-changing method and only /api/ paths', async () => {
      const evil = { cookie: user.cookie, host: 'jobs.local:3000', origin: 'https://evil.example' };
      for (const [method, url] of [
        ['PATCH', '/api/job/update-job/x'],
        ['DELETE', '/api/job/delete/x'],
        ['POST', '/api/auth/signout'],
      ] as const) {
        expect(expectErrorShape(await t.app.inject({ method, url, headers: evil, payload: {} }), 403)).toBe(
          'Cross-site request refused',
        );
      }
      // The check goes by the route reached: a PUT reaches no route at all (404), whatever its Origin.
      expectErrorShape(
        await t.app.inject({ method: 'PUT', url: '/api/job/update-job/x', headers: evil, payload: {} }),
        404,
      );
      // Reads and pages are not state changes: a foreign Origin is not refused there.
      expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: evil })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: '/no-such-page', headers: evil })).statusCode).toBe(404);
      // A JSON content type is recognised whatever its case and parameters.
      const json = await post({ 'content-type': 'Application/JSON; charset=utf-8' }, JSON.stringify(jobBody()));
      expect(json.statusCode).toBe(201);
    });

    it('refuses a form-encoded or text body without Origin with 415 and changes nothing', async () => {
      const before = await jobCount();
      const form = new URLSearchParams(
        Object.entries(jobBody()).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString();
      expectErrorShape(await post({ 'content-type': 'application/x-www-form-urlencoded' }, form), 415);
      expectErrorShape(await post({ 'content-type': 'text/plain' }, JSON.stringify(jobBody())), 415);
      expect(await jobCount()).toBe(before);
      // A JSON body without Origin (an older browser, a script) is fine.
      expect((await post({ 'content-type': 'application/json' })).statusCode).toBe(201);
    });

    it('refuses a multipart upload without X-Requested-With; with it the upload goes through', async () => {
      const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: { r: 9, g: 9, b: 9 } } })
        .png()
        .toBuffer();
      const boundary = `csrf${unique()}`;
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const headers = { cookie: user.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` };
      const refused = await t.app.inject({ method: 'POST', url: '/api/upload/avatar', headers, payload });
      expectErrorShape(refused, 415);
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/api/upload/avatar',
        headers: { ...headers, origin: 'https://evil.example', 'x-requested-with': 'XMLHttpRequest' },
        payload,
      });
      expectErrorShape(foreign, 403);
      const allowed = await t.app.inject({
        method: 'POST',
        url: '/api/upload/avatar',
        headers: { ...headers, 'x-requested-with': 'XMLHttpRequest' },
        payload,
      });
      expect(allowed.statusCode).toBe(201);
    });

    it('changes no state on GET', async () => {
      const before = await jobCount();
      const [job] = await t.db.query<{ id: string }>('SELECT id FROM jobs LIMIT 1');
      for (const url of [
        `/api/job/delete/${job?.id}`,
        '/api/auth/signout',
        `/api/user/delete/${user.user._id}`,
        '/api/job/post-job',
      ]) {
        const response = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
        expectErrorShape(response, 404);
      }
      expect(await jobCount()).toBe(before);
      expect((await me(user.cookie)).statusCode).toBe(200);
    });
  });

  describe('headers on every answer', () => {
    it.each([
      ['an API answer', '/api/health'],
      ['an error', '/api/job/all-jobs/not-an-id'],
      ['the documentation', '/api/docs/json'],
      ['the documentation page', '/api/docs'],
    ])('%s has a strict CSP, nosniff and a referrer policy, and no HSTS over http', async (_label, url) => {
      const response = await t.app.inject({ method: 'GET', url });
      const csp = String(response.headers['content-security-policy']);
      const directives = new Map(
        csp
          .split(';')
          .map((d) => d.trim().split(/\s+/))
          .map(([name = '', ...values]) => [name, values]),
      );
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-frame-options']).toBeDefined();
    });
  });

  describe('sessions', () => {
    it('rotates the session on sign-in: the old token stops working', async () => {
      const first = await signInAs(t.app, user.user.email, user.password);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { cookie: first.cookie },
        payload: { email: user.user.email, password: user.password },
      });
      const second = sessionCookieOf(again);
      expect(second).not.toBe(first.cookie);
      expectErrorShape(await me(first.cookie), 401);
      expect((await me(second)).statusCode).toBe(200);
    });

    it('ends a session idle for more than 7 days (6 days idle is still fine)', async () => {
      const session = await signInAs(t.app, user.user.email, user.password);
      const others = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions');
      const newest = '(SELECT token_hash FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1)';
      await t.db.query(`UPDATE sessions SET last_seen_at = now() - interval '6 days' WHERE token_hash = ${newest}`, [
        user.user._id,
      ]);
      expect((await me(session.cookie)).statusCode).toBe(200);
      await t.db.query(
        `UPDATE sessions SET last_seen_at = now() - interval '7 days 1 minute' WHERE token_hash = ${newest}`,
        [user.user._id],
      );
      expectErrorShape(await me(session.cookie), 401);
      expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions'))[0]?.n).toBe(others[0]?.n);
    });

    it('ends a session at its absolute expiry even when it is in use', async () => {
      const session = await signInAs(t.app, user.user.email, user.password);
      const [row] = await t.db.query<{ days: number }>(
        'SELECT round(extract(epoch FROM expires_at - created_at) / 86400)::int AS days FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
        [user.user._id],
      );
      expect(row?.days).toBe(30);
      await t.db.query(
        "UPDATE sessions SET expires_at = now() - interval '1 second', last_seen_at = now() WHERE token_hash = (SELECT token_hash FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1)",
        [user.user._id],
      );
      expectErrorShape(await me(session.cookie), 401);
    });

    it('a password change revokes every other session of the user, keeps the current one, and the new password works', async () => {
      const person = await signUpAndSignIn(t.app);
      const laptop = person;
      const phone = await signInAs(t.app, person.user.email, person.password);
      const bystander = await signUpAndSignIn(t.app);
      const changed = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${person.user._id}`,
        headers: { cookie: laptop.cookie },
        payload: { password: 'a brand new passphrase', currentPassword: person.password },
      });
      expect(changed.statusCode).toBe(200);
      expectErrorShape(await me(phone.cookie), 401);
      expect((await me(laptop.cookie)).statusCode).toBe(200);
      expect((await me(bystander.cookie)).statusCode).toBe(200);
      expect((await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [person.user._id])).length).toBe(1);
      expectErrorShape(await signIn(t.app, person.user.email, person.password), 401);
      expect((await signIn(t.app, person.user.email, 'a brand new passphrase')).statusCode).toBe(200);
    });

    it('deleting the account ends all its sessions', async () => {
      const person = await signUpAndSignIn(t.app);
      const other = await signInAs(t.app, person.user.email, person.password);
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${person.user._id}`,
        headers: { cookie: person.cookie },
        payload: { currentPassword: person.password },
      });
      expect(deleted.statusCode).toBe(200);
      expectErrorShape(await me(other.cookie), 401);
      expect(await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [person.user._id])).toHaveLength(0);
    });
  });
});

describe('served over https (PUBLIC_URL https://)', () => {
  let t: TestApp;

  beforeAll(async () => {
    // Only the environment says https: everything below follows from PUBLIC_URL as the server reads it.
    t = await buildTestApp('pglite', {}, { env: { PUBLIC_URL: 'https://jobs.example.com' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('derives secure cookies from the scheme of PUBLIC_URL', () => {
    expect(t.config.publicUrl).toBe('https://jobs.example.com');
    expect(t.config.secureCookies).toBe(true);
    expect(loadConfig({ PUBLIC_URL: 'http://jobs.example.com' }).secureCookies).toBe(false);
    expect(loadConfig({}).secureCookies).toBe(false);
  });

  it('sets a __Host- session cookie: Secure, HttpOnly, Path=/, no Domain, SameSite=Lax', async () => {
    const { body } = await signUp(t.app);
    const response = await signIn(t.app, body.email, body.password);
    expect(response.statusCode).toBe(200);
    const header = [response.headers['set-cookie']]
      .flat()
      .find((c) => String(c).startsWith('__Host-jobboard_session='));
    expect(header, String(response.headers['set-cookie'])).toBeDefined();
    const attributes = String(header)
      .split(';')
      .slice(1)
      .map((a) => a.trim().toLowerCase());
    expect(attributes).toContain('secure');
    expect(attributes).toContain('httponly');
    expect(attributes).toContain('path=/');
    expect(attributes).toContain('samesite=lax');
    expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);
    // The cookie under its https name is the session; the plain name is not.
    const cookie = sessionCookieOf(response);
    expect(cookie.startsWith('__Host-jobboard_session=')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).statusCode).toBe(200);
    const plain = cookie.replace('__Host-jobboard_session', 'jobboard_session');
    expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: plain } }), 401);
  });

  it('sends HSTS for a year and asks browsers to upgrade insecure requests', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    expect(response.headers['strict-transport-security']).toMatch(/includeSubDomains/);
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('accepts state changes from PUBLIC_URL as Origin', async () => {
    const { body } = await signUp(t.app);
    // Confirmed, so the account may post (confirmation is tested in accounts.api.test.ts).
    await t.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [body.email]);
    const session = sessionCookieOf(await signIn(t.app, body.email, body.password));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/job/post-job',
      headers: { cookie: session, origin: 'https://jobs.example.com' },
      payload: jobBody(),
    });
    expect(response.statusCode).toBe(201);
  });
});
