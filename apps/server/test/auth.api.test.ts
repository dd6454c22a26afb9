import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES } from '@jobboard/shared';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  sessionCookieOf,
  signUpAndSignIn,
  type TestApp,
} from './helpers.js';

describeEachDb('auth API', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs up, signs in with an HttpOnly SameSite=Lax cookie, and answers the user without a password', async () => {
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Ada Lovelace', username: 'ada', email: 'Ada@Example.com', password: 'analytical engine' },
    });
    expect(signUp.statusCode).toBe(201);
    expect(signUp.json()).toEqual({ success: true, message: MESSAGES.signUpSuccess });

    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'ada@example.com', password: 'analytical engine' },
    });
    expect(signIn.statusCode).toBe(200);
    const user = signIn.json();
    expect(user).toMatchObject({ name: 'Ada Lovelace', username: 'ada', email: 'ada@example.com' });
    // The spec's user fields, plus the account's own e-mail state (added beside them); never a password.
    expect(Object.keys(user).sort()).toEqual([
      '_id',
      'avatar',
      'email',
      'emailVerified',
      'locale',
      'name',
      'pendingEmail',
      'resume',
      'username',
    ]);
    expect(user).toMatchObject({ emailVerified: false, pendingEmail: null });
    const cookie = signIn.cookies.find((c) => c.name === 'jobboard_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.secure).toBeFalsy();

    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieOf(signIn) } });
    expect(me.statusCode).toBe(200);
    expect(me.json()._id).toBe(user._id);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: 'not the password' },
    });
    expect(expectErrorShape(wrong, 401)).toBe(MESSAGES.wrongCredentials);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'nobody@example.com', password: 'whatever123' },
    });
    expect(expectErrorShape(unknown, 401)).toBe(MESSAGES.wrongCredentials);
  });

  it('sign-out revokes the session at once', async () => {
    const { cookie } = await signUpAndSignIn(t.app);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: MESSAGES.signOutSuccess });
    // The browser is told to drop the cookie, with the attributes it was set with (mutation testing: clearing
    // nothing survived).
    const cleared = [out.headers['set-cookie']]
      .flat()
      .map(String)
      .find((c) => c.startsWith('jobboard_session='));
    expect(cleared, String(out.headers['set-cookie'])).toBeDefined();
    const [pair, ...attributes] = String(cleared)
      .split(';')
      .map((a) => a.trim());
    expect(pair).toBe('jobboard_session=');
    const lower = attributes.map((a) => a.toLowerCase());
    expect(lower).toContain('path=/');
    expect(lower).toContain('httponly');
    expect(lower).toContain('samesite=lax');
    const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='));
    expect(new Date(String(expires).slice('expires='.length)).getTime()).toBeLessThanOrEqual(Date.now());
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expectErrorShape(me, 401);
  });

  it('a taken email (any case) answers like a free one and stores no second user; a taken username is 409', async () => {
    const { user } = await signUpAndSignIn(t.app);
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n;
    const before = await count();
    const email = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Copy',
        username: 'another-name',
        email: user.email.toUpperCase(),
        password: 'a long passphrase',
      },
    });
    // Usernames are public, e-mail addresses are not (decision record 25): nothing tells the caller it is taken.
    expect(email.statusCode).toBe(201);
    expect(email.json()).toEqual({ success: true, message: MESSAGES.signUpSuccess });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: 'a long passphrase' },
    });
    expectErrorShape(signIn, 401);
    const username = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        name: 'Copy',
        username: user.username.toUpperCase(),
        email: 'fresh@example.com',
        password: 'a long passphrase',
      },
    });
    expect(expectErrorShape(username, 409)).toBe(MESSAGES.usernameTaken);
    expect(await count()).toBe(before);
  });

  it('parallel sign-ups with one email make one user; all answer 201 alike (a taken address is not told)', async () => {
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          payload: { name: 'Racer', username: `racer-${i}`, email: 'racer@example.com', password: 'a long passphrase' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await t.db.query("SELECT 1 FROM users WHERE email = 'racer@example.com'")).toHaveLength(1);
  });

  it('refuses bad sign-up and sign-in input with 400 naming the fields', async () => {
    const empty = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {} });
    const message = expectErrorShape(empty, 400);
    for (const field of ['name', 'username', 'email', 'password']) expect(message).toContain(field);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'A', username: 'shorty', email: 'shorty@example.com', password: 'short' },
    });
    expect(expectErrorShape(short, 400)).toContain('password');
    const badEmail = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'A', username: 'bademail', email: 'not-an-email', password: 'a long passphrase' },
    });
    expect(expectErrorShape(badEmail, 400)).toContain('email');
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'A', username: 'extra', email: 'extra@example.com', password: 'a long passphrase', avatar: 'x' },
    });
    expect(expectErrorShape(extra, 400)).toContain('avatar');
    expect(await t.db.query("SELECT 1 FROM users WHERE username IN ('shorty', 'bademail', 'extra')")).toHaveLength(0);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: 'a@example.com' } });
    expect(expectErrorShape(signIn, 400)).toContain('password');
  });

  it('stores an Argon2id hash, never the password', async () => {
    const { user, password } = await signUpAndSignIn(t.app);
    const rows = await t.db.query<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [
      user._id,
    ]);
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain(password);
  });

  it('stores only a hash of the session token', async () => {
    const { user, cookie } = await signUpAndSignIn(t.app);
    const token = cookie.split('=')[1] ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // token_hash is bytea: compare its bytes (as hex), not a JSON dump of a Buffer, which never contains the token.
    const rows = await t.db.query<{ hash_hex: string; row_text: string }>(
      `SELECT encode(token_hash, 'hex') AS hash_hex, s::text AS row_text FROM sessions s WHERE user_id = $1`,
      [user._id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.hash_hex).toBe(createHash('sha256').update(token).digest('hex'));
    // Nowhere in the row: neither the token's text nor its bytes (bytea renders as \x<hex>).
    const tokenHex = Buffer.from(token).toString('hex');
    expect(rows[0]?.row_text).not.toContain(token);
    expect(rows[0]?.row_text).not.toContain(tokenHex);
    const everywhere = await t.db.query<{ dump: string }>(
      `SELECT coalesce(string_agg(s::text, ' '), '') AS dump FROM sessions s`,
    );
    expect(everywhere[0]?.dump).not.toContain(tokenHex);
  });

  it('answers 401 to /me for a visitor, and sign-out without a session still succeeds', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(expectErrorShape(me, 401)).toBe(MESSAGES.notSignedIn);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/signout' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: MESSAGES.signOutSuccess });
  });

  it('a new sign-in rotates the session: the token sent with it stops working', async () => {
    const first = await signUpAndSignIn(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { cookie: first.cookie },
      payload: { email: first.user.email, password: first.password },
    });
    expect(again.statusCode).toBe(200);
    expect(sessionCookieOf(again)).not.toBe(first.cookie);
    expectErrorShape(
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: first.cookie } }),
      401,
    );
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: sessionCookieOf(again) } });
    expect(me.statusCode).toBe(200);
  });
});
