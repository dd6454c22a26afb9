import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, signUpAndSignIn, type TestApp } from './helpers.js';

/**
 * The shipped limits themselves (docs/decisions/0007-abuse-controls.md, 0025-links-and-account-recovery.md). Every
 * other suite sets its own limits, so an audit that raised these a thousandfold failed no test: this one builds the
 * app with no override at all and trips each limit at its documented number, written here as a literal on purpose.
 */
describe('the default rate limits, as shipped', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  let address = 0;
  /** A client address of its own for each step, so one limit never trips another. */
  const nextAddress = () => `198.18.${Math.floor((address += 1) / 250)}.${address % 250}`;
  const post = (url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress });

  /** Statuses of `n` calls; `call(i)` sends the i-th. */
  async function statuses(n: number, call: (i: number) => Promise<{ statusCode: number }>): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i += 1) out.push((await call(i)).statusCode);
    return out;
  }
  const repeat = (status: number, n: number) => Array<number>(n).fill(status);

  it('sign-in: 100 attempts per address per 15 minutes; the 101st is 429', { timeout: 120_000 }, async () => {
    const from = nextAddress();
    // Distinct unknown accounts: the per-pair slowdown never starts, only the address is counted.
    const answers = await statuses(101, (i) =>
      post('/api/auth/signin', { email: `nobody-${i}@example.com`, password: 'a wrong guess' }, from),
    );
    expect(answers).toEqual([...repeat(401, 100), 429]);
  });

  it(
    'sign-in: 100 failures per account from any addresses; the 101st attempt from a new address is 429',
    { timeout: 120_000 },
    async () => {
      const victim = await signUpAndSignIn(t.app);
      const answers = await statuses(101, () =>
        post('/api/auth/signin', { email: victim.user.email, password: 'a wrong guess' }, nextAddress()),
      );
      expect(answers).toEqual([...repeat(401, 100), 429]);
      // The owner's usual address (where the account signed in) is exempt from the account's ceiling.
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/signin',
            payload: { email: victim.user.email, password: victim.password },
          })
        ).statusCode,
      ).toBe(200);
    },
  );

  it('forgot-password: 3 per account and address, 10 per account from all addresses, per hour', async () => {
    const owner = await signUpAndSignIn(t.app);
    const ask = (from: string) => post('/api/auth/forgot-password', { email: owner.user.email }, from);
    const one = nextAddress();
    expect(await statuses(4, () => ask(one))).toEqual([200, 200, 200, 429]);
    // 3 counted so far for the account: 7 more from other addresses, then the ceiling.
    expect(await statuses(8, () => ask(nextAddress()))).toEqual([...repeat(200, 7), 429]);
    // The address the owner signs in from is exempt from the account's ceiling.
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: owner.user.email } }))
        .statusCode,
    ).toBe(200);
  });

  it('forgot-password: 20 per client address per hour, whatever the accounts', async () => {
    const from = nextAddress();
    const answers = await statuses(21, (i) =>
      post('/api/auth/forgot-password', { email: `anyone-${i}@example.com` }, from),
    );
    expect(answers).toEqual([...repeat(200, 20), 429]);
  });

  it('reset-password: 5 tries per link and 20 per client address per hour', async () => {
    const body = (token: string) => ({ token, password: 'a long new passphrase' });
    const token = 'G'.repeat(43);
    expect(await statuses(6, () => post('/api/auth/reset-password', body(token), nextAddress()))).toEqual([
      ...repeat(400, 5),
      429,
    ]);
    const from = nextAddress();
    const answers = await statuses(21, (i) =>
      post('/api/auth/reset-password', body(`${'H'.repeat(40)}${String(i).padStart(3, '0')}`), from),
    );
    expect(answers).toEqual([...repeat(400, 20), 429]);
    expectErrorShape(await post('/api/auth/reset-password', body('J'.repeat(43)), from), 429);
  });

  it('sign-up: 50 per address per hour', { timeout: 120_000 }, async () => {
    const from = nextAddress();
    const answers = await statuses(51, (i) =>
      post(
        '/api/auth/signup',
        {
          name: 'Default Limits',
          username: `defaults-${i}-${Date.now()}`,
          email: `defaults-${i}-${Date.now()}@example.com`,
          password: 'a long passphrase',
        },
        from,
      ),
    );
    expect(answers).toEqual([...repeat(201, 50), 429]);
  });
});
