import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { MESSAGES } from '@jobboard/shared';
import { GOOGLE_MESSAGES, browserBinding } from '../src/modules/auth/google.service.js';
import { buildTestApp, expectErrorShape, sessionCookieOf, signUpAndSignIn, type TestApp } from './helpers.js';
import { completeProviderLogin, popupResult, startTestProvider, type TestProvider } from './oidc-provider-fixture.js';

const APP = 'http://jobboard.test';

/** The cookie /google/start leaves in the browser, which the callback requires (login CSRF defence). */
function bindingCookie(start: { cookies: { name: string; value: string }[] }): string {
  const binding = start.cookies.find((c) => c.name === 'jobboard_oidc');
  if (!binding) throw new Error('no jobboard_oidc cookie from /google/start');
  return `jobboard_oidc=${binding.value}`;
}

describe('Google sign-in (OpenID Connect) against a real provider', () => {
  let provider: TestProvider;
  let t: TestApp;

  beforeAll(async () => {
    provider = await startTestProvider({
      redirectUris: [`${APP}/api/auth/google/callback`],
      accounts: {
        newbie: {
          email: 'Newbie@Example.com',
          email_verified: true,
          name: 'Nora Newbie',
          picture: 'https://example.com/nora.png',
        },
        linker: { email: 'linker@example.com', email_verified: true, name: 'Lin Ker' },
        unverified: { email: 'unverified@example.com', email_verified: false, name: 'Un Verified' },
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

  async function runFlow(login: string | 'abort') {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(start.statusCode).toBe(302);
    // The flow's binding lives as long as the flow may (10 minutes), HttpOnly, sent back on the provider's redirect.
    const binding = start.cookies.find((c) => c.name === 'jobboard_oidc');
    expect(binding).toMatchObject({ maxAge: 600, httpOnly: true, sameSite: 'Lax', path: '/' });
    const authorization = new URL(String(start.headers.location));
    expect(authorization.origin).toBe(provider.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('state')).toBeTruthy();
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    const back = await completeProviderLogin(authorization.href, login, APP);
    return t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: bindingCookie(start) },
    });
  }

  it('reports that it is configured', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/google/config' });
    expect(response.json()).toEqual({ configured: true });
  });

  it('creates a new user from the verified claims and signs them in', async () => {
    const callback = await runFlow('newbie');
    expect(callback.statusCode).toBe(200);
    const result = popupResult(callback.body);
    expect(result).toMatchObject({ type: 'jobboard:google', ok: true });
    expect(result.user).toMatchObject({
      email: 'newbie@example.com',
      name: 'Nora Newbie',
      avatar: 'https://example.com/nora.png',
    });
    expect(result.user?.username).toBe('nora.newbie');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: sessionCookieOf(callback) },
    });
    expect(me.json().email).toBe('newbie@example.com');
    const rows = await t.db.query<{ password_hash: string | null }>(
      "SELECT password_hash FROM users WHERE email = 'newbie@example.com'",
    );
    expect(rows).toEqual([{ password_hash: null }]);
  });

  it('a returning user gets the same account', async () => {
    const first = popupResult((await runFlow('newbie')).body);
    const second = popupResult((await runFlow('newbie')).body);
    expect(second.user?._id).toBe(first.user?._id);
    const rows = await t.db.query("SELECT id FROM users WHERE email = 'newbie@example.com'");
    expect(rows).toHaveLength(1);
  });

  it('a password user who uses Google with the same verified email keeps their account', async () => {
    const { user } = await signUpAndSignIn(t.app, { email: 'linker@example.com', username: 'linker' });
    const result = popupResult((await runFlow('linker')).body);
    expect(result.user?._id).toBe(user._id);
    // The password still works.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'linker@example.com', password: 'correct horse battery' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('a cancelled login tells the user and signs nobody in', async () => {
    const callback = await runFlow('abort');
    const result = popupResult(callback.body);
    expect(result).toMatchObject({ ok: false, message: GOOGLE_MESSAGES.cancelled });
    expect(callback.cookies.find((c) => c.name === 'jobboard_session')).toBeUndefined();
  });

  it('refuses an unverified email', async () => {
    const result = popupResult((await runFlow('unverified')).body);
    expect(result).toMatchObject({ ok: false, message: GOOGLE_MESSAGES.unverifiedEmail });
    expect(await t.db.query("SELECT 1 FROM users WHERE email = 'unverified@example.com'")).toHaveLength(0);
  });

  const flowsWithState = async (state: string) =>
    (await t.db.query('SELECT 1 FROM oidc_flows WHERE state_hash = $1', [createHash('sha256').update(state).digest()]))
      .length;
  const sessionCookies = (response: { cookies: { name: string }[] }) =>
    response.cookies.filter((c) => c.name.endsWith('jobboard_session'));

  it('refuses a callback with an unknown state', async () => {
    // Even with a browser binding that matches it, a state the server never issued finds no flow.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=forged',
      headers: { cookie: `jobboard_oidc=${browserBinding('forged')}` },
    });
    expect(popupResult(forged.body)).toMatchObject({ ok: false, message: GOOGLE_MESSAGES.expired });
    expect(sessionCookies(forged)).toEqual([]);
  });

  it('refuses a replayed state: one started flow signs in once, even when the provider hands out a second code', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const authorization = String(start.headers.location);
    // The provider's side walked twice for the same authorization request: two codes, one state.
    const first = await completeProviderLogin(authorization, 'newbie', APP);
    const second = await completeProviderLogin(authorization, 'newbie', APP);
    const state = first.searchParams.get('state') ?? '';
    expect(state).not.toBe('');
    expect(second.searchParams.get('state')).toBe(state);
    expect(second.searchParams.get('code')).not.toBe(first.searchParams.get('code'));
    expect(await flowsWithState(state)).toBe(1);

    const cookie = bindingCookie(start);
    const used = await t.app.inject({ method: 'GET', url: `${first.pathname}${first.search}`, headers: { cookie } });
    expect(popupResult(used.body)).toMatchObject({ ok: true });
    expect(sessionCookies(used)).toHaveLength(1);

    // The same callback again, and the state with the provider's fresh code: both refused by the state check
    // (not by the provider), and nobody is signed in.
    for (const replay of [first, second]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `${replay.pathname}${replay.search}`,
        headers: { cookie },
      });
      expect(popupResult(response.body)).toMatchObject({ ok: false, message: GOOGLE_MESSAGES.expired });
      expect(sessionCookies(response)).toEqual([]);
    }
    expect(await flowsWithState(state)).toBe(0);
  });

  it('refuses a flow started more than 10 minutes ago', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    const authorization = String(start.headers.location);
    const back = await completeProviderLogin(authorization, 'newbie', APP);
    const state = back.searchParams.get('state') ?? '';
    await t.db.query("UPDATE oidc_flows SET created_at = now() - interval '11 minutes' WHERE state_hash = $1", [
      createHash('sha256').update(state).digest(),
    ]);
    const response = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: bindingCookie(start) },
    });
    expect(popupResult(response.body)).toMatchObject({ ok: false, message: GOOGLE_MESSAGES.expired });
    expect(sessionCookies(response)).toEqual([]);
  });

  describe('POST /api/auth/google (compatibility)', () => {
    it('refuses a bare name/email/photo', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/google',
        payload: { name: 'Mallory', email: 'alice@example.com', photo: 'x' },
      });
      expectErrorShape(response, 400);
    });

    it('accepts a valid provider ID token', async () => {
      const idToken = await provider.signIdToken({
        sub: 'tok',
        email: 'token.user@example.com',
        email_verified: true,
        name: 'Token User',
      });
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ email: 'token.user@example.com', name: 'Token User' });
      expect(sessionCookieOf(response)).toMatch(/^jobboard_session=/);
    });

    it('refuses an expired token, another audience, and a token signed by someone else', async () => {
      const claims = { sub: 'x', email: 'mallory@example.com', email_verified: true, name: 'Mallory' };
      const expired = await provider.signIdToken(claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
      const otherAudience = await provider.signIdToken(claims, { audience: 'someone-else' });
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      await exportJWK(privateKey);
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
        .setIssuer(provider.issuer)
        .setAudience(provider.clientId)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(privateKey);
      for (const idToken of [expired, otherAudience, forged, 'not.a.jwt']) {
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken } });
        expectErrorShape(response, 401);
      }
      expect(await t.db.query("SELECT 1 FROM users WHERE email = 'mallory@example.com'")).toHaveLength(0);
    });
  });
});

describe('Google sign-in when not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('says so on every entry point', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/google/config' })).json()).toEqual({
      configured: false,
    });
    const post = await t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { idToken: 'x' } });
    expect(expectErrorShape(post, 501)).toBe(MESSAGES.googleNotConfigured);
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google/start' });
    expect(popupResult(start.body)).toMatchObject({ ok: false, message: MESSAGES.googleNotConfigured });
  });
});
