import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@jobboard/shared';
import { DB_KINDS, buildTestApp, expectErrorShape, sessionCookieOf, signUpAndSignIn, type TestApp } from './helpers.js';

describe.each(DB_KINDS)('auth API on %s', (kind) => {
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
    expect(Object.keys(user).sort()).toEqual(['_id', 'avatar', 'email', 'name', 'resume', 'username']);
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
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expectErrorShape(me, 401);
  });
});
