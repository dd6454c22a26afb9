import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@jobboard/shared';
import { buildTestApp, expectErrorShape, sessionCookieOf, signInAs, signUpAndSignIn, type TestApp } from './helpers.js';
import { completeProviderLogin, popupResult, startTestProvider, type TestProvider } from './oidc-provider-fixture.js';

const APP = 'http://jobboard.test';

/** Security review findings 1 (login CSRF), 2 (pre-hijacking) and 4 (credential changes without a password). */
describe('Google sign-in and the accounts it meets', () => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider({
      redirectUris: [`${APP}/api/auth/google/callback`],
      accounts: {
        victim: { email: 'victim@example.com', email_verified: true, name: 'Real Owner' },
        attacker: { email: 'attacker@example.com', email_verified: true, name: 'Mallory' },
        fresh: { email: 'fresh@example.com', email_verified: true, name: 'Fresh Person' },
      },
    });
    t = await buildTestApp('pglite', {
      publicUrl: APP,
      oidc: { issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret },
    });
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });

  /** Walks a flow as one browser: the cookie /start sets goes back with the callback, unless `cookie` says otherwise. */
  async function flow(login: string, cookie?: (binding: string) => string | undefined) {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const binding = start.cookies.find((c) => c.name === 'jobboard_oidc');
    expect(binding?.httpOnly).toBe(true);
    expect(binding?.sameSite).toBe('Lax');
    const back = await completeProviderLogin(String(start.headers.location), login, APP);
    const sent = cookie ? cookie(binding?.value ?? '') : `jobboard_oidc=${binding?.value ?? ''}`;
    return {
      back,
      callback: () =>
        t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: sent ? { cookie: sent } : {} }),
    };
  }

  it("login CSRF: a callback link made in the attacker's browser signs nobody into the attacker's account elsewhere", async () => {
    // The attacker starts and completes a flow in their own browser, then stops before the callback and sends the
    // link to the victim. The victim's browser has no binding for that state.
    const { callback } = await flow('attacker', () => undefined);
    const response = await callback();
    expect(popupResult(response.body)).toMatchObject({ ok: false, message: MESSAGES.oidcBrowserMismatch });
    expect(response.cookies.filter((c) => c.name.endsWith('jobboard_session') && c.value)).toEqual([]);
    // A binding from another flow (the victim's own, started earlier) does not fit this state either.
    const own = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const ownBinding = own.cookies.find((c) => c.name === 'jobboard_oidc')?.value ?? '';
    const mixed = await flow('attacker', () => `jobboard_oidc=${ownBinding}`);
    expect(popupResult((await mixed.callback()).body)).toMatchObject({
      ok: false,
      message: MESSAGES.oidcBrowserMismatch,
    });
  });

  it('the binding is checked before the flow is used up: the real browser can still finish after a forged attempt', async () => {
    const started = await flow('fresh');
    const forged = await t.app.inject({ method: 'GET', url: `${started.back.pathname}${started.back.search}` });
    expect(popupResult(forged.body).ok).toBe(false);
    const real = await started.callback();
    expect(popupResult(real.body)).toMatchObject({ ok: true });
    expect(sessionCookieOf(real)).toMatch(/jobboard_session=/);
  });

  it('pre-hijacking: an unverified password account with the address is taken over by the verified owner', async () => {
    // Mallory registers the victim's address first, never confirms it, and keeps a session.
    const squatter = await signUpAndSignIn(
      t.app,
      { email: 'victim@example.com', password: 'mallory knows this' },
      { verified: false },
    );
    const { callback } = await flow('victim');
    const response = await callback();
    const result = popupResult(response.body);
    expect(result).toMatchObject({ ok: true });
    expect(result.user?._id).toBe(squatter.user._id);
    // Mallory's password no longer works and her session is over; the owner is verified.
    await expect(signInAs(t.app, 'victim@example.com', 'mallory knows this')).rejects.toThrow(/401/);
    expectErrorShape(
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: squatter.cookie } }),
      401,
    );
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieOf(response) },
    });
    expect(me.json()).toMatchObject({ email: 'victim@example.com', emailVerified: true });
  });

  it('a verified password account is linked as it is: its password keeps working', async () => {
    const owner = await signUpAndSignIn(t.app, { email: 'attacker@example.com', password: 'my own passphrase' });
    const result = popupResult((await (await flow('attacker')).callback()).body);
    expect(result.user?._id).toBe(owner.user._id);
    expect((await signInAs(t.app, 'attacker@example.com', 'my own passphrase')).user._id).toBe(owner.user._id);
  });

  it('an account without a password changes credentials only within 10 minutes of a Google sign-in', async () => {
    const response = await (await flow('fresh')).callback();
    const cookie = sessionCookieOf(response);
    const id = popupResult(response.body).user?._id ?? '';
    const set = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/update/${id}`,
        headers: { cookie },
        payload: { password: 'now with a password 1' },
      });
    await t.db.query("UPDATE sessions SET created_at = now() - interval '11 minutes' WHERE user_id = $1", [id]);
    expect(expectErrorShape(await set(), 403)).toBe(MESSAGES.reauthenticateWithGoogle);
    await t.db.query('UPDATE sessions SET created_at = now() WHERE user_id = $1', [id]);
    expect((await set()).statusCode).toBe(200);
  });
});
