import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@jobboard/shared';
import { AppError, isDatabaseUnavailable, isUniqueViolation } from '../src/http/errors.js';
import { MemoryRateLimitStore, RateLimiter, RedisRateLimitStore } from '../src/http/rate-limit.js';
import { hashPassword, verifyPassword } from '../src/modules/passwords/passwords.js';
import { assertPasswordAllowed, COMMON_PASSWORD_MESSAGE } from '../src/modules/passwords/password-policy.js';
import { deleteSessionsForUser, insertSession } from '../src/modules/sessions/sessions.repository.js';
import { buildTestApp, createTestDb, expectErrorShape, joinCompany, postJob, signUpAndSignIn } from './helpers.js';
import { migrate } from '../src/db/migrate.js';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';

/**
 * Tests written for mutants that survived `npm run mutation` (docs/reliability.md, "Mutation testing"): each names
 * the change to the product code that no test noticed before.
 */

describe('http/errors.ts', () => {
  it('an AppError is named AppError (name -> "" survived)', () => {
    const error = new AppError('conflict', 'taken');
    expect(error.name).toBe('AppError');
    expect(String(error)).toBe('AppError: taken');
    expect(error).toBeInstanceOf(Error);
  });

  it('isUniqueViolation and isDatabaseUnavailable answer false for undefined and primitives, never throw (the guards -> false survived)', () => {
    for (const value of [undefined, null, 0, '23505', 'ECONNREFUSED', true]) {
      expect(isUniqueViolation(value)).toBe(false);
      expect(isUniqueViolation(value, 'users_email_key')).toBe(false);
      expect(isDatabaseUnavailable(value)).toBe(false);
    }
  });

  it('every connection-level code is "database unavailable" (each code -> "" survived)', () => {
    for (const code of [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      '57P01',
      '57P03',
      '08006',
      '08001',
      '08003',
    ]) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
    for (const code of ['23505', '42P01', '', 'ECONNREFUSEDX', '57P0']) {
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(false);
    }
  });

  it('only a string message is read for the connection phrases ("typeof message === string" -> true survived)', () => {
    const sneaky = { toString: () => 'Connection terminated unexpectedly' };
    expect(isDatabaseUnavailable({ message: sneaky })).toBe(false);
    expect(isDatabaseUnavailable({ message: 'Connection terminated unexpectedly' })).toBe(true);
    expect(isDatabaseUnavailable({ code: 57, message: 'x' })).toBe(false);
  });
});

/** The AppError a refused `consume` throws. */
async function refusal(
  limiter: RateLimiter,
  rule: { name: string; limit: number; windowMs: number },
  key: string,
): Promise<AppError> {
  try {
    await limiter.consume([[rule, key]]);
  } catch (error) {
    return error as AppError;
  }
  throw new Error('not refused');
}

describe('http/rate-limit.ts', () => {
  it('Retry-After is the whole seconds left in the window, at least 1 (Math.max -> Math.min survived)', async () => {
    const limiter = new RateLimiter(new MemoryRateLimitStore());
    const rule = { name: 'test', limit: 1, windowMs: 60_000 };
    await limiter.consume([[rule, 'a']]);
    const error = await refusal(limiter, rule, 'a');
    expect(error.statusCode).toBe(429);
    expect(error.headers['Retry-After']).toBe('60');
    // Another key has its own window.
    await expect(limiter.consume([[rule, 'b']])).resolves.toBeUndefined();
    await limiter.close();
  });

  it('on Redis, Retry-After follows the time left on the key, not the whole window (ttl > 0 ? ttl : window survived)', async () => {
    const url = 'redis://127.0.0.1:6379';
    const name = `gap-${randomBytes(4).toString('hex')}`;
    const redis = new Redis(url);
    // Three hits already counted in a window with 5 seconds left.
    await redis.set(`jobboard:rl:${name}:k`, '3', 'PX', 5_000);
    const store = new RedisRateLimitStore(url);
    // Connected first: the store fails open (no refusal) while it has no connection.
    for (let i = 0; i < 100; i += 1) {
      if (
        await store.hit(`${name}-warm-up`, 1_000).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const limiter = new RateLimiter(store);
    const error = await refusal(limiter, { name, limit: 3, windowMs: 60_000 }, 'k');
    expect(error.statusCode).toBe(429);
    expect(Number(error.headers['Retry-After'])).toBeGreaterThanOrEqual(4);
    expect(Number(error.headers['Retry-After'])).toBeLessThanOrEqual(5);
    await limiter.close();
    await redis.del(`jobboard:rl:${name}:k`);
    redis.disconnect();
  });
});

describe('http/rate-limit.ts: peek and reset, in memory and on Redis', () => {
  it('memory: a window ends exactly at its reset time (resetAt <= now -> < survived)', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z'), toFake: ['Date'] });
    try {
      const store = new MemoryRateLimitStore();
      await store.hit('k', 1_000);
      vi.setSystemTime(new Date('2026-11-24T10:00:00.999Z'));
      expect(await store.peek('k')).toEqual({ count: 1, resetMs: 1 });
      vi.setSystemTime(new Date('2026-11-24T10:00:01Z'));
      expect(await store.peek('k')).toBeUndefined();
      // And the next hit opens a new window instead of counting on.
      expect(await store.hit('k', 1_000)).toEqual({ count: 1, resetMs: 1_000 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('Redis: peek reads the count and the time left without counting; none, expired or reset is undefined (the reply parsing survived)', async () => {
    const url = 'redis://127.0.0.1:6379';
    const name = `gap-peek-${randomBytes(4).toString('hex')}`;
    const store = new RedisRateLimitStore(url);
    for (let i = 0; i < 100; i += 1) {
      if (
        await store.hit(`${name}-warm-up`, 1_000).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 20));
    }
    try {
      expect(await store.peek(`${name}:none`)).toBeUndefined();
      expect((await store.hit(`${name}:a`, 10_000)).count).toBe(1);
      expect((await store.hit(`${name}:a`, 10_000)).count).toBe(2);
      const seen = await store.peek(`${name}:a`);
      expect(seen?.count).toBe(2);
      expect(seen?.resetMs).toBeGreaterThan(9_000);
      expect(seen?.resetMs).toBeLessThanOrEqual(10_000);
      // Peeking counted nothing.
      expect((await store.peek(`${name}:a`))?.count).toBe(2);
      await store.reset(`${name}:a`);
      expect(await store.peek(`${name}:a`)).toBeUndefined();
      // A key whose window ran out.
      await store.hit(`${name}:short`, 50);
      await new Promise((r) => setTimeout(r, 120));
      expect(await store.peek(`${name}:short`)).toBeUndefined();
      // A key without an expiry (left by anything else) is no window either.
      const redis = new Redis(url);
      await redis.set(`jobboard:rl:${name}:forever`, '7');
      expect(await store.peek(`${name}:forever`)).toBeUndefined();
      await redis.del(`jobboard:rl:${name}:forever`);
      redis.disconnect();
    } finally {
      await store.close();
    }
  });
});

describe('modules/jobs/jobs.service.ts: the company of an edited job', () => {
  it('an edit sending the same company name (any case) is no change of company: a poster no longer its member is refused, not given a new company (changesCompany survived)', async () => {
    const t = await buildTestApp('pglite');
    try {
      const owner = await signUpAndSignIn(t.app);
      const member = await signUpAndSignIn(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/companies',
        headers: { cookie: owner.cookie },
        payload: { name: 'Keepsake Labs' },
      });
      expect(created.statusCode, created.body).toBe(201);
      const slug = created.json<{ slug: string }>().slug;
      await joinCompany(t.app, owner.cookie, slug, member);
      const id = await postJob(t.app, member.cookie, { companyName: 'Keepsake Labs' });
      const companyOf = async () =>
        (
          await t.db.query<{ company_id: string; company_name: string }>(
            'SELECT company_id, company_name FROM jobs WHERE id = $1',
            [id],
          )
        )[0];
      const before = await companyOf();
      const removed = await t.app.inject({
        method: 'DELETE',
        url: `/api/companies/${slug}/members/${encodeURIComponent(member.user.email)}`,
        headers: { cookie: owner.cookie },
      });
      expect(removed.statusCode, removed.body).toBe(200);
      // An old client sends every field back, the company name included, in whatever case it shows: that names
      // the same company, which a removed member can no longer edit under (security review round 2, finding 12).
      for (const companyName of ['Keepsake Labs', 'KEEPSAKE LABS', 'keepsake labs']) {
        const edited = await t.app.inject({
          method: 'PATCH',
          url: `/api/job/update-job/${id}`,
          headers: { cookie: member.cookie },
          payload: { companyName, jobTitle: `Edited ${companyName}` },
        });
        expect(expectErrorShape(edited, 403)).toMatch(/no longer a member/);
        expect(await companyOf()).toEqual(before);
      }
      const companies = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM companies WHERE lower(name) = 'keepsake labs'",
      );
      expect(companies[0]?.n).toBe(1);
      // A different name is a change of company: a new one of the member's.
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: member.cookie },
        payload: { companyName: 'Elsewhere Ltd' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await companyOf())?.company_name).toBe('Elsewhere Ltd');
    } finally {
      await t.close();
    }
  });
});

describe('modules/auth/auth.routes.ts: the Google popup pages', () => {
  it('not configured, then rate-limited: HTML pages the popup script reads, with the opener policy left open', async () => {
    const t = await buildTestApp('pglite', {
      rateLimits: { ...DEFAULT_RATE_LIMITS, googleStartPerAddress: { limit: 1, windowMs: 60_000 } },
    });
    try {
      const result = (body: string) =>
        JSON.parse(
          /<script type="application\/json" id="oidc-result">(.*?)<\/script>/.exec(body)?.[1] ?? 'null',
        ) as unknown;
      const first = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(first.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(first.body).toContain(`<p>${MESSAGES.googleNotConfigured}</p>`);
      expect(result(first.body)).toEqual({ type: 'jobboard:google', ok: false, message: MESSAGES.googleNotConfigured });

      const second = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
      expect(second.statusCode).toBe(429);
      expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(second.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(50);
      expect(second.body).toContain(`<p>${MESSAGES.tooManyRequests}</p>`);
      expect(result(second.body)).toEqual({ type: 'jobboard:google', ok: false, message: MESSAGES.tooManyRequests });

      // A callback that fails is a page too, never kept by a cache, its message as text.
      const callback = await t.app.inject({ method: 'GET', url: '/api/auth/google/callback?state=x&code=y' });
      expect(callback.statusCode).toBeGreaterThanOrEqual(400);
      expect(callback.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(callback.headers['cache-control']).toBe('no-store');
      expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
      const failed = result(callback.body) as { ok: boolean; message: string };
      expect(failed.ok).toBe(false);
      expect(callback.body).toContain(`<p>${failed.message.replace(/'/g, '&#39;')}</p>`);
    } finally {
      await t.close();
    }
  });
});

describe('modules/passwords/password-policy.ts', () => {
  it("refuses the list's passwords in any case, and allows others (reading the list by lines, and lower-casing it, survived)", () => {
    for (const password of ['123456qwerty', '123456QWERTY', '1q2w3e4r5t6y', 'password', 'Password']) {
      expect(() => assertPasswordAllowed(password), password).toThrow(COMMON_PASSWORD_MESSAGE);
    }
    for (const password of ['correct horse battery', 'zebra-velvet-31-kite']) {
      expect(() => assertPasswordAllowed(password), password).not.toThrow();
    }
  });
});

describe('modules/applications/applications.service.ts', () => {
  it('a closed job takes no application (409), and a second apply says it was applied already (the status check and the message survived)', async () => {
    const t = await buildTestApp('pglite');
    try {
      const poster = await signUpAndSignIn(t.app);
      const seeker = await signUpAndSignIn(t.app);
      const open = await postJob(t.app, poster.cookie);
      const closed = await postJob(t.app, poster.cookie);
      const closing = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${closed}`,
        headers: { cookie: poster.cookie },
        payload: { status: 'closed' },
      });
      expect(closing.statusCode, closing.body).toBe(200);
      const apply = (job: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/apply/apply-job',
          headers: { cookie: seeker.cookie },
          payload: { job },
        });
      const refused = await apply(closed);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toBe(MESSAGES.jobNotAccepting);
      const first = await apply(open);
      expect(first.statusCode, first.body).toBe(201);
      const again = await apply(open);
      expect(again.statusCode).toBe(409);
      expect(again.json<{ message: string }>().message).toBe(MESSAGES.alreadyAppliedError);
    } finally {
      await t.close();
    }
  });
});

describe('http/errors.ts: isUniqueViolation', () => {
  it('without a constraint, any unique violation counts; with one, only that constraint (the early return survived)', () => {
    const violation = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
    });
    expect(isUniqueViolation(violation)).toBe(true);
    expect(isUniqueViolation(violation, 'users_email_key')).toBe(true);
    expect(isUniqueViolation(violation, 'applications_one_per_user_job')).toBe(false);
    expect(
      isUniqueViolation(
        Object.assign(new Error('x'), { code: '23503', constraint: 'users_email_key' }),
        'users_email_key',
      ),
    ).toBe(false);
  });
});

describe('modules/passwords/passwords.ts', () => {
  it('a stored value that is not an Argon2 hash verifies as false, never throws (the catch branches had no test)', async () => {
    await expect(verifyPassword('not-a-hash', 'whatever')).resolves.toBe(false);
    await expect(verifyPassword('$argon2id$v=19$m=1,t=1,p=1$broken', 'whatever')).resolves.toBe(false);
    await expect(verifyPassword(null, 'whatever')).resolves.toBe(false);
    const hash = await hashPassword('correct horse battery');
    await expect(verifyPassword(hash, 'correct horse battery')).resolves.toBe(true);
    await expect(verifyPassword(hash, 'correct horse batterz')).resolves.toBe(false);
  });
});

describe('modules/sessions/sessions.repository.ts', () => {
  it("deleteSessionsForUser without an exception ends every session of that user and no one else's (no test reached it)", async () => {
    const { db, drop } = await createTestDb('pglite');
    try {
      await migrate(db);
      const users = await db.query<{ id: string }>(
        `INSERT INTO users (name, username, email) VALUES ('A', 'gap-a', 'gap-a@example.com'), ('B', 'gap-b', 'gap-b@example.com') RETURNING id`,
      );
      const [a, b] = users.map((u) => u.id);
      for (const id of [a, a, b]) await insertSession(db, id ?? '', 'password');
      await deleteSessionsForUser(db, a ?? '');
      const left = await db.query<{ user_id: string }>('SELECT user_id FROM sessions');
      expect(left.map((r) => r.user_id)).toEqual([b]);
    } finally {
      await drop();
    }
  });
});

describe('job ownership and sessions through the API (PGlite)', () => {
  it("myJobs/:email accepts the owner's address in any case and with spaces (normalising it survived)", async () => {
    const t = await buildTestApp('pglite');
    try {
      const owner = await signUpAndSignIn(t.app);
      await postJob(t.app, owner.cookie);
      const shouted = encodeURIComponent(`  ${owner.user.email.toUpperCase()} `);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/job/myJobs/${shouted}`,
        headers: { cookie: owner.cookie },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<unknown[]>()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('a PATCH without maxPrice keeps the parsed salary (re-parsing an absent maxPrice survived)', async () => {
    const t = await buildTestApp('pglite');
    try {
      const owner = await signUpAndSignIn(t.app);
      const id = await postJob(t.app, owner.cookie, { maxPrice: '$120k' });
      const patch = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: owner.cookie },
        payload: { jobTitle: 'Renamed' },
      });
      expect(patch.statusCode, patch.body).toBe(200);
      const [row] = await t.db.query<{ job_title: string; max_price_k: string | null }>(
        'SELECT job_title, max_price_k FROM jobs WHERE id = $1',
        [id],
      );
      expect(row?.job_title).toBe('Renamed');
      expect(Number(row?.max_price_k)).toBe(120);
    } finally {
      await t.close();
    }
  });

  it('a session is touched when last seen over 5 minutes ago, and not before (the touch condition survived both ways)', async () => {
    const t = await buildTestApp('pglite');
    try {
      const user = await signUpAndSignIn(t.app);
      const lastSeen = async () =>
        new Date(
          (
            await t.db.query<{ at: string }>('SELECT last_seen_at AS at FROM sessions WHERE user_id = $1', [
              user.user._id,
            ])
          )[0]?.at ?? 0,
        ).getTime();
      const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: user.cookie } });
      await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '1 minute' WHERE user_id = $1", [
        user.user._id,
      ]);
      const recent = await lastSeen();
      expect((await me()).statusCode).toBe(200);
      expect(await lastSeen()).toBe(recent);
      await t.db.query("UPDATE sessions SET last_seen_at = now() - interval '6 minutes' WHERE user_id = $1", [
        user.user._id,
      ]);
      expect((await me()).statusCode).toBe(200);
      expect(Date.now() - (await lastSeen())).toBeLessThan(60_000);
    } finally {
      await t.close();
    }
  });
});
