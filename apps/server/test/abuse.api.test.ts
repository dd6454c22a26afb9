import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { MESSAGES, type User } from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS, loadConfig, type RateLimits } from '../src/config.js';
import { MemoryRateLimitStore } from '../src/http/rate-limit.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  jobBody,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { startTestProvider, type TestProvider } from './oidc-provider-fixture.js';

/**
 * Security review findings 5, 6, 7, 10 and 12: the client address cannot be spoofed and the in-memory limiter
 * stays bounded; a wrong-password storm locks out the attacker's address, not the owner; the CSRF and session
 * checks hold on every spelling of an API path; the Google start is rate limited; personal answers are never
 * cached; look-alike and invisible characters are refused in usernames and names.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const unique = () => randomBytes(5).toString('hex');
const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

function expectRateLimited(response: LightMyRequestResponse): number {
  expect(expectErrorShape(response, 429)).toBe(MESSAGES.tooManyRequests);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1, `Retry-After: ${response.headers['retry-after']}`).toBe(true);
  return retryAfter;
}

function signUpBody() {
  const id = unique();
  return {
    name: `Abuse ${id}`,
    username: `abuse-${id}`,
    email: `abuse-${id}@example.com`,
    password: 'a perfectly fine passphrase',
  };
}

function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) {
  return app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress, headers });
}

// ---------------------------------------------------------------- finding 5

describe('finding 5: the client address comes from the socket unless TRUST_PROXY says otherwise', () => {
  it('parses TRUST_PROXY: unset trusts no proxy, a number is a hop count, else a list of addresses and CIDRs', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://jobs.example.com' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '-1' })).toThrow(/TRUST_PROXY/);
  });

  const LIMITS: Partial<RateLimits> = { signUpPerAddress: { limit: 2, windowMs: 60_000 } };
  const signUp = (app: FastifyInstance, remoteAddress: string, forwardedFor: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: signUpBody(),
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
    });

  describe('PUBLIC_URL set, TRUST_PROXY unset', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(
        'pglite',
        { rateLimits: { ...DEFAULT_RATE_LIMITS, ...LIMITS } },
        { env: { PUBLIC_URL: 'https://jobs.example.com' } },
      );
    });
    afterAll(async () => t.close());

    it('a made-up X-Forwarded-For does not escape the per-address limit', async () => {
      const from = address();
      for (let i = 0; i < 2; i += 1) expect((await signUp(t.app, from, `203.0.113.${i}`)).statusCode).toBe(201);
      expectRateLimited(await signUp(t.app, from, '203.0.113.99'));
      expectRateLimited(await signUp(t.app, from, `198.51.100.${randomBytes(1)[0]}`));
    });
  });

  describe('TRUST_PROXY=1 (one reverse proxy in front)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(
        'pglite',
        { rateLimits: { ...DEFAULT_RATE_LIMITS, ...LIMITS } },
        { env: { TRUST_PROXY: '1' } },
      );
    });
    afterAll(async () => t.close());

    it('counts the address the proxy saw (right-most), whatever the client put on the left', async () => {
      const proxy = '10.200.0.1';
      const client = '203.0.113.7';
      for (let i = 0; i < 2; i += 1) expect((await signUp(t.app, proxy, `6.6.6.${i}, ${client}`)).statusCode).toBe(201);
      expectRateLimited(await signUp(t.app, proxy, `7.7.7.7, ${client}`));
      // Another client behind the same proxy has a count of its own.
      expect((await signUp(t.app, proxy, `6.6.6.6, 203.0.113.8`)).statusCode).toBe(201);
    });
  });

  describe('TRUST_PROXY=<address list>', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(
        'pglite',
        { rateLimits: { ...DEFAULT_RATE_LIMITS, ...LIMITS } },
        { env: { TRUST_PROXY: '10.201.0.0/16' } },
      );
    });
    afterAll(async () => t.close());

    it('honours X-Forwarded-For from a listed proxy only', async () => {
      // Through the listed proxy: each client its own count.
      for (let i = 0; i < 3; i += 1)
        expect((await signUp(t.app, '10.201.3.4', `203.0.113.${50 + i}`)).statusCode).toBe(201);
      // Straight from an unlisted address: the header is ignored, the socket address is counted.
      const direct = '198.51.100.77';
      for (let i = 0; i < 2; i += 1) expect((await signUp(t.app, direct, `203.0.113.${60 + i}`)).statusCode).toBe(201);
      expectRateLimited(await signUp(t.app, direct, '203.0.113.70'));
    });
  });
});

describe('finding 5: the in-memory rate-limit store is bounded and O(1) per hit', () => {
  it('keeps at most its capacity of keys, dropping the least recently used', async () => {
    const store = new MemoryRateLimitStore({ maxKeys: 1000 });
    for (let i = 0; i < 5000; i += 1) {
      await store.hit(`k${i}`, 60_000);
      expect(store.size).toBeLessThanOrEqual(1000);
    }
    expect(store.size).toBeGreaterThanOrEqual(500);
    // The newest keys are all still counted; the oldest are gone.
    expect((await store.hit('k4999', 60_000)).count).toBe(2);
    expect(await store.peek('k0')).toBeUndefined();
    // A key kept in use survives a flood of new keys.
    const hot = new MemoryRateLimitStore({ maxKeys: 100 });
    let victimHits = 0;
    for (let i = 0; i < 1000; i += 1) {
      await hot.hit(`flood${i}`, 60_000);
      if (i % 20 === 0) victimHits = (await hot.hit('victim', 60_000)).count;
    }
    expect(victimHits).toBe(50);
    expect(hot.size).toBeLessThanOrEqual(100);
  });

  it(
    'the default store: per-hit time stays flat past 100,000 live keys and its size stays capped',
    { timeout: 120_000 },
    async () => {
      const store = new MemoryRateLimitStore();
      const batch = 10_000;
      const times: number[] = [];
      let key = 0;
      for (let b = 0; b < 20; b += 1) {
        const started = performance.now();
        for (let i = 0; i < batch; i += 1) await store.hit(`addr-${(key += 1)}`, 15 * 60_000);
        times.push(performance.now() - started);
        // Stop early once it has clearly degraded (the old store swept every key on every new one past 100,000:
        // 14-24 s per batch here).
        if ((times.at(-1) ?? 0) > 3000) break;
      }
      const shown = `batch times (ms): ${times.map((t) => t.toFixed(0)).join(', ')}`;
      expect(times.length, shown).toBe(20);
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
      // 200,000 keys in all: the typical batch past the cap costs what one before it did. Machine-noise margin (the
      // machine is shared; garbage collection lands in some batches): medians compared, within a factor of 5 plus
      // 20 ms. The old store's late batches were over 1000 times its early ones.
      expect(median(times.slice(10)), shown).toBeLessThan(median(times.slice(0, 10)) * 5 + 20);
      expect(store.size).toBeLessThanOrEqual(100_000);
    },
  );
});

// ---------------------------------------------------------------- finding 6

describe('finding 6: a wrong-password storm locks out the attacker, not the owner', () => {
  describe('with the default limits', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp('pglite');
    });
    afterAll(async () => t.close());

    it('attacker fails 20 times on alice; alice signs in from her own address; the attacker is throttled with 429 and Retry-After', async () => {
      const alice = signUpBody();
      const home = '192.0.2.10';
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: alice, remoteAddress: home }))
          .statusCode,
      ).toBe(201);
      const attacker = '198.51.100.66';
      const answers: number[] = [];
      let last: LightMyRequestResponse | undefined;
      for (let i = 0; i < 20; i += 1) {
        last = await signIn(t.app, alice.email, `wrong password ${i}`, attacker);
        answers.push(last.statusCode);
      }
      expect(
        answers.filter((s) => s !== 401 && s !== 429),
        answers.join(','),
      ).toEqual([]);
      expect(answers.at(-1)).toBe(429);
      expectRateLimited(last as LightMyRequestResponse);
      // Alice, from her usual address, is not locked out.
      const mine = await signIn(t.app, alice.email, alice.password, home);
      expect(mine.statusCode, mine.body).toBe(200);
      // From a fresh address too: the account itself is not locked by one address's failures.
      expect((await signIn(t.app, alice.email, alice.password, '192.0.2.77')).statusCode).toBe(200);
      // The attacker's address stays throttled, even with the right password.
      expectRateLimited(await signIn(t.app, alice.email, alice.password, attacker));
    });
  });

  describe('growing delays per (account, address) and a high per-account ceiling', () => {
    let t: TestApp;
    const limits: RateLimits = {
      ...DEFAULT_RATE_LIMITS,
      signInFailuresPerPair: { freeFailures: 2, baseDelayMs: 1000, maxDelayMs: 60_000, windowMs: 60 * 60_000 },
      signInFailuresPerAccount: { limit: 6, windowMs: 60_000 },
    };
    beforeAll(async () => {
      t = await buildTestApp('pglite', { rateLimits: limits });
    });
    afterAll(async () => t.close());

    it('doubles the lock of the pair after each failure past the free ones', { timeout: 30_000 }, async () => {
      const victim = await signUpAndSignIn(t.app);
      const from = address();
      for (let i = 0; i < 2; i += 1)
        expectErrorShape(await signIn(t.app, victim.user.email, 'wrong password!', from), 401);
      expect(expectRateLimited(await signIn(t.app, victim.user.email, 'wrong password!', from))).toBe(1);
      await sleep(1100);
      expectErrorShape(await signIn(t.app, victim.user.email, 'wrong password!', from), 401);
      expect(expectRateLimited(await signIn(t.app, victim.user.email, victim.password, from))).toBe(2);
      await sleep(2100);
      expectErrorShape(await signIn(t.app, victim.user.email, 'wrong password!', from), 401);
      expect(expectRateLimited(await signIn(t.app, victim.user.email, 'wrong password!', from))).toBe(4);
      // Other addresses are untouched and a success there does not unlock the attacker's pair.
      expect((await signIn(t.app, victim.user.email, victim.password, address())).statusCode).toBe(200);
      expectRateLimited(await signIn(t.app, victim.user.email, victim.password, from));
    });

    it('a success from the pair clears its failures', async () => {
      const person = await signUpAndSignIn(t.app);
      const from = address();
      // The second failure of the pair would lock it (2 free failures): one per round, three rounds, never locked.
      for (let round = 0; round < 3; round += 1) {
        expectErrorShape(await signIn(t.app, person.user.email, 'wrong password!', from), 401);
        expect((await signIn(t.app, person.user.email, person.password, from)).statusCode).toBe(200);
      }
    });

    it("many addresses together reach the account ceiling: unknown addresses are refused, the owner's known address is not", async () => {
      const owner = signUpBody();
      const home = address();
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: owner, remoteAddress: home }))
          .statusCode,
      ).toBe(201);
      expect((await signIn(t.app, owner.email, owner.password, home)).statusCode).toBe(200);
      // Six attackers, one failure each: below every pair's free failures, but six for the account.
      for (let i = 0; i < 6; i += 1)
        expectErrorShape(await signIn(t.app, owner.email, 'wrong password!', address()), 401);
      expectRateLimited(await signIn(t.app, owner.email, owner.password, address()));
      // The owner, from the address she signed in from before, still gets in.
      expect((await signIn(t.app, owner.email, owner.password, home)).statusCode).toBe(200);
    });
  });
});

// ---------------------------------------------------------------- finding 7

describeEachDb('finding 7: CSRF and session checks hold on every spelling of an API path', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    user = await signUpAndSignIn(t.app);
  });
  afterAll(async () => t.close());

  const me = (cookie: string, url = '/api/auth/me') => t.app.inject({ method: 'GET', url, headers: { cookie } });
  const SIGNOUT_SPELLINGS = [
    '/%61pi/auth/signout',
    '/api/auth/%73ignout',
    '/%61%70%69/%61uth/signout',
    '/api/%61uth/signout',
    '//api/auth/signout',
    '/api//auth/signout',
    '/API/auth/signout',
    '/Api/auth/signout',
    '/api/auth/signout/',
    '/api/auth/signout?x=1',
  ];

  // What a cross-site HTML form can send: text/plain, url-encoded or multipart, with or without an Origin.
  const FORMS: { label: string; headers: Record<string, string>; payload: string }[] = [
    {
      label: 'text/plain from a foreign Origin',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      payload: 'a=b',
    },
    { label: 'text/plain without Origin', headers: { 'content-type': 'text/plain' }, payload: 'a=b' },
    {
      label: 'url-encoded from a foreign Origin',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    },
    { label: 'an empty body from Origin null', headers: { origin: 'null' }, payload: '' },
  ];

  for (const url of SIGNOUT_SPELLINGS) {
    for (const form of FORMS) {
      it(`a cross-site POST ${url} (${form.label}) is refused and the session lives on`, async () => {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { cookie: user.cookie, ...form.headers },
          payload: form.payload,
        });
        expect([403, 404, 415], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
        expectErrorShape(response, response.statusCode);
        expect((await me(user.cookie)).statusCode).toBe(200);
      });
    }
  }

  it('a cross-site form cannot post a job through an encoded path', async () => {
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]?.n;
    const before = await count();
    for (const url of ['/%61pi/job/post-job', '/api/job/post%2Djob', '/api/%6Aob/post-job']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie: user.cookie, origin: 'https://evil.example', 'content-type': 'text/plain' },
        payload: JSON.stringify(jobBody()),
      });
      expect([403, 404], `${url}: ${response.statusCode} ${response.body}`).toContain(response.statusCode);
    }
    expect(await count()).toBe(before);
  });

  const ME_SPELLINGS = [
    '/api/auth/me',
    '/%61pi/auth/me',
    '/api/auth/%6De',
    '/%61%70%69/auth/me',
    '//api/auth/me',
    '/api//auth/me',
    '/API/auth/me',
    '/api/auth/me?x=1',
  ];
  it.each(ME_SPELLINGS)('GET %s: the session cookie identifies the user wherever the route is reached', async (url) => {
    const response = await me(user.cookie, url);
    expect([200, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
    if (response.statusCode === 200) expect(response.json<User>()._id).toBe(user.user._id);
  });

  it('the encoded spellings that reach a route do reach it (the checks are not passed by 404s alone)', async () => {
    for (const url of ['/%61pi/auth/me', '/api/auth/%6De']) expect((await me(user.cookie, url)).statusCode).toBe(200);
    // A same-site sign-out through an encoded path works: the CSRF check sees the route, not the spelling.
    const other = await signUpAndSignIn(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/%61pi/auth/signout',
      headers: { cookie: other.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(out.statusCode).toBe(200);
    expectErrorShape(await me(other.cookie), 401);
  });

  it('an encoded path to a signed-in call still knows who is calling', async () => {
    const job = await postJob(t.app, user.cookie);
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/%61pi/job/delete/${job}`,
      headers: { cookie: user.cookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });
});

// ---------------------------------------------------------------- finding 10

describe('finding 10: GET /api/auth/google/start is rate limited per address', () => {
  const APP = 'http://jobboard.test';
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider({ redirectUris: [`${APP}/api/auth/google/callback`], accounts: {} });
    t = await buildTestApp('pglite', {
      publicUrl: APP,
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
      rateLimits: { ...DEFAULT_RATE_LIMITS, googleStartPerAddress: { limit: 5, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  const flows = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM oidc_flows'))[0]?.n ?? 0;
  const start = (remoteAddress: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/google/start', remoteAddress });

  it('writes no more flows past the limit: 429 with Retry-After; another address still starts', async () => {
    const from = address();
    const before = await flows();
    for (let i = 0; i < 5; i += 1) expect((await start(from)).statusCode).toBe(302);
    expect(await flows()).toBe(before + 5);
    for (let i = 0; i < 20; i += 1) {
      const refused = await start(from);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(await flows()).toBe(before + 5);
    expect((await start(address())).statusCode).toBe(302);
    expect(await flows()).toBe(before + 6);
  });

  it('has a default limit', () => {
    expect(DEFAULT_RATE_LIMITS.googleStartPerAddress.limit).toBeGreaterThan(0);
    expect(DEFAULT_RATE_LIMITS.googleStartPerAddress.limit).toBeLessThanOrEqual(60);
  });
});

// ---------------------------------------------------------------- finding 12

describeEachDb('finding 12: personal answers are never cached; names are checked for look-alikes', (kind) => {
  let t: TestApp;
  let user: SignedInUser;
  let job: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    user = await signUpAndSignIn(t.app);
    job = await postJob(t.app, user.cookie);
  });
  afterAll(async () => t.close());

  const PERSONAL: (() => InjectOptions)[] = [
    () => ({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } }),
    () => ({ method: 'GET', url: '/api/auth/me' }),
    () => ({ method: 'POST', url: '/api/auth/signin', payload: { email: user.user.email, password: user.password } }),
    () => ({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.user.email, password: 'wrong password!' },
    }),
    () => ({ method: 'GET', url: '/api/user/get-users', headers: { cookie: user.cookie } }),
    () => ({ method: 'GET', url: '/api/apply/appliedJobs', headers: { cookie: user.cookie } }),
    () => ({ method: 'GET', url: `/api/apply/appliedJobs/${user.user._id}`, headers: { cookie: user.cookie } }),
    () => ({
      method: 'GET',
      url: `/api/job/myJobs/${encodeURIComponent(user.user.email)}`,
      headers: { cookie: user.cookie },
    }),
    () => ({ method: 'GET', url: `/api/job/myJobs/${encodeURIComponent(user.user.email)}` }),
    // A public read made with a session cookie is personal too (a shared cache must not keep it).
    () => ({ method: 'GET', url: `/api/job/all-jobs/${job}`, headers: { cookie: user.cookie } }),
    () => ({ method: 'GET', url: '/api/job/search', headers: { cookie: user.cookie } }),
  ];

  it.each(PERSONAL.map((build, i) => [i, build] as const))(
    'personal answer %i has Cache-Control: no-store',
    async (_i, build) => {
      const options = build();
      const response = await t.app.inject(options);
      expect(response.statusCode, `${options.method} ${String(options.url)}: ${response.body}`).toBeLessThan(500);
      expect(response.headers['cache-control'], `${options.method} ${String(options.url)}`).toBe('no-store');
    },
  );

  it('an anonymous public read is not marked no-store (it may be cached)', async () => {
    for (const url of ['/api/job/search', `/api/job/all-jobs/${job}`, '/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['cache-control'] ?? '')).not.toContain('no-store');
    }
  });

  const LOOK_ALIKES: [string, string, RegExp][] = [
    ['username', '\u0430lice', /^username: Username must not mix scripts/],
    ['username', 'ali\u200Bce', /^username: Username must not contain invisible or text-direction characters/],
    ['username', 'alice\u202Egnp', /^username: Username must not contain invisible or text-direction characters/],
    ['name', 'Al\u0456ce Smith', /^name: Name must not mix scripts/],
    ['name', 'Alice\u202E Smith', /^name: Name must not contain invisible or text-direction characters/],
    ['name', '\u2066Alice\u2069', /^name: Name must not contain invisible or text-direction characters/],
  ];

  it.each(LOOK_ALIKES)('sign-up refuses a %s of %j with 400 naming the field', async (field, value, message) => {
    const body = { ...signUpBody(), [field]: value };
    const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
    expect(expectErrorShape(response, 400)).toMatch(message);
    expect(await t.db.query('SELECT 1 FROM users WHERE email = $1', [body.email])).toHaveLength(0);
  });

  it.each(LOOK_ALIKES)(
    'a profile update refuses a %s of %j with 400 naming the field and changes nothing',
    async (field, value, message) => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${user.user._id}`,
        headers: { cookie: user.cookie },
        payload: { [field]: value },
      });
      expect(expectErrorShape(response, 400)).toMatch(message);
      const [row] = await t.db.query<{ name: string; username: string }>(
        'SELECT name, username FROM users WHERE id = $1',
        [user.user._id],
      );
      expect(row).toEqual({ name: user.user.name, username: user.user.username });
    },
  );

  it('normalises (NFKC): full-width letters are the plain ones, so they cannot pose as a taken username', async () => {
    const id = unique();
    const body = { ...signUpBody(), username: `ｆｕｌｌ${id}`, name: 'Ｆｕｌｌ Ｗｉｄｔｈ' };
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body })).statusCode).toBe(201);
    const [row] = await t.db.query<{ name: string; username: string }>(
      'SELECT name, username FROM users WHERE email = $1',
      [body.email],
    );
    expect(row).toEqual({ name: 'Full Width', username: `full${id}` });
    const twin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { ...signUpBody(), username: `full${id}` },
    });
    expectErrorShape(twin, 409);
  });

  it('accepts names and usernames of one script, and the Japanese mix of scripts', async () => {
    for (const [name, username] of [
      ['José Álvarez-Núñez', 'jose.alvarez'],
      ['Алиса Петрова', 'алиса'],
      ['山田 はなこ カタカナ', '山田はなこ'],
      ["Zoë O'Brien 2", 'zoe_2'],
    ]) {
      // A digits-only suffix: hex letters would mix Latin into the other scripts.
      const body = { ...signUpBody(), name, username: `${username}${randomBytes(4).readUInt32BE()}` };
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
      expect(response.statusCode, `${name}: ${response.body}`).toBe(201);
    }
  });
});
