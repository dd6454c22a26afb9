import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import type * as passwords from '../src/modules/passwords/passwords.js';
import { hashPassword } from '../src/modules/passwords/passwords.js';
import { hashToken } from '../src/modules/sessions/sessions.repository.js';
import { buildTestApp, describeEachDb, expectErrorShape, signInAs, signUpAndSignIn, type TestApp } from './helpers.js';
import { linkToken, startSmtpServer, waitForMail, type ReceivedMail } from './smtp-fixture.js';

// Counts the Argon2 hashes asked for (calling through): a reset with a bad link must not ask for one.
vi.mock('../src/modules/passwords/passwords.js', async (importOriginal) => {
  const original = await importOriginal<typeof passwords>();
  return { ...original, hashPassword: vi.fn(original.hashPassword) };
});

/** Security review round 2 (issue 28): findings 1-3, 6, and the sign-up and deletion parts of 8 and the lows. */

const SITE = 'https://jobs.example';
let serial = 0;
const fresh = (kind: string, what: string) => `${what}-${(serial += 1)}-${kind}-${Date.now()}@example.com`;

async function settle(ms = 1_200) {
  await new Promise((r) => setTimeout(r, ms));
}

describeEachDb('account takeover defences', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const mailsTo = (email: string, subject: RegExp): ReceivedMail[] =>
    smtp.received.filter((m) => m.to.includes(email) && subject.test(m.subject));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { smtpUrl: smtp.url, publicUrl: SITE, secureCookies: false });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object | undefined, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  it("pre-hijacking: the owner's reset cancels the change of address the squatter asked for, and its link fails", async () => {
    const victimEmail = fresh(kind, 'victim');
    const attackerEmail = fresh(kind, 'attacker');
    // The attacker registers the victim's address and asks to move the account to their own.
    const squatter = await signUpAndSignIn(t.app, { email: victimEmail }, { verified: false });
    const change = await post(
      `/api/user/update/${squatter.user._id}`,
      { email: attackerEmail, currentPassword: squatter.password },
      squatter.cookie,
    );
    expect(change.json()).toMatchObject({ pendingEmail: attackerEmail });
    const changeLink = linkToken(
      await waitForMail(smtp.received, attackerEmail, /Confirm your new e-mail address/),
      'verify-email',
    );

    // The victim recovers "their" account.
    await post('/api/auth/forgot-password', { email: victimEmail });
    const resetToken = linkToken(
      await waitForMail(smtp.received, victimEmail, /Reset your Jobboard password/),
      'reset-password',
    );
    expect(
      (await post('/api/auth/reset-password', { token: resetToken, password: 'the victim owns this now' })).statusCode,
    ).toBe(200);
    const victim = await signInAs(t.app, victimEmail, 'the victim owns this now');
    expect(victim.user).toMatchObject({ email: victimEmail, pendingEmail: null, emailVerified: true });

    // The attacker's link no longer moves the account.
    expect(expectErrorShape(await post('/api/auth/verify-email', { token: changeLink }), 400)).toBe(
      MESSAGES.linkInvalid,
    );
    const rows = await t.db.query<{ email: string; pending_email: string | null }>(
      'SELECT email, pending_email FROM users WHERE id = $1',
      [squatter.user._id],
    );
    expect(rows).toEqual([{ email: victimEmail, pending_email: null }]);
    expect(await t.db.query('SELECT 1 FROM account_tokens WHERE user_id = $1', [squatter.user._id])).toEqual([]);
  });

  it('confirming the current address cancels a pending change and every other link', async () => {
    const email = fresh(kind, 'confirm');
    const other = fresh(kind, 'elsewhere');
    const a = await signUpAndSignIn(t.app, { email }, { verified: false });
    const confirm = linkToken(await waitForMail(smtp.received, email, /Confirm your e-mail address/), 'verify-email');
    // A reset link and a pending change are outstanding (the change link is the verify-email one of `other`; the
    // confirmation of the current address is re-inserted below, as a resend after the change would).
    await post('/api/auth/forgot-password', { email });
    const reset = linkToken(await waitForMail(smtp.received, email, /Reset your Jobboard password/), 'reset-password');
    await post(`/api/user/update/${a.user._id}`, { email: other, currentPassword: a.password }, a.cookie);
    const changeLink = linkToken(
      await waitForMail(smtp.received, other, /Confirm your new e-mail address/),
      'verify-email',
    );
    // The confirmation of the current address mailed at sign-up is still in the owner's inbox: put it back as live.
    await t.db.query(
      "INSERT INTO account_tokens (token_hash, user_id, purpose, email, expires_at) VALUES ($1, $2, 'verify-email', $3, now() + interval '1 hour')",
      [hashToken(confirm), a.user._id, email],
    );
    const confirmed = await post('/api/auth/verify-email', { token: confirm });
    expect(confirmed.json()).toMatchObject({ email, emailVerified: true, pendingEmail: null });
    expect(expectErrorShape(await post('/api/auth/verify-email', { token: changeLink }), 400)).toBe(
      MESSAGES.linkInvalid,
    );
    expect(
      expectErrorShape(await post('/api/auth/reset-password', { token: reset, password: 'not going to work' }), 400),
    ).toBe(MESSAGES.linkInvalid);
  });

  it('sign-up with a registered address answers exactly like a new one and mails the owner a notice, no account made', async () => {
    const owner = await signUpAndSignIn(t.app);
    const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n;
    const before = await count();
    const taken = await post('/api/auth/signup', {
      name: 'Copycat',
      username: `copycat-${serial}-${kind}`,
      email: owner.user.email,
      password: 'a copycat passphrase',
    });
    const freeEmail = fresh(kind, 'newcomer');
    const free = await post('/api/auth/signup', {
      name: 'Newcomer',
      username: `newcomer-${serial}-${kind}`,
      email: freeEmail,
      password: 'a newcomer passphrase',
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);
    expect(taken.headers['content-type']).toBe(free.headers['content-type']);
    expect(await count()).toBe((before ?? 0) + 1);
    const notice = await waitForMail(smtp.received, owner.user.email, /tried to sign up with your e-mail address/);
    expect(notice.text).toContain(`${SITE}/forgot-password`);
    expect(notice.text).not.toMatch(/token=/);
    // The caller's password is not the account's.
    await expect(signInAs(t.app, owner.user.email, 'a copycat passphrase')).rejects.toThrow(/401/);
  });

  it('sign-up notices to one address are capped: past the cap the same answer and no mail', async () => {
    const owner = await signUpAndSignIn(t.app);
    const cap = DEFAULT_RATE_LIMITS.signUpNoticePerEmail.limit;
    for (let i = 0; i <= cap + 1; i += 1) {
      const response = await post('/api/auth/signup', {
        name: 'Copycat',
        username: `cap-${i}-${serial}-${kind}`,
        email: owner.user.email,
        password: 'a copycat passphrase',
      });
      expect(response.statusCode).toBe(201);
    }
    await settle(2_000);
    expect(mailsTo(owner.user.email, /tried to sign up/)).toHaveLength(cap);
  });

  it('deleting the account needs the current password; a Google-only account needs a recent Google sign-in', async () => {
    const a = await signUpAndSignIn(t.app);
    const del = (payload: object | undefined, cookie = a.cookie, id = a.user._id) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${id}`,
        headers: { cookie },
        ...(payload ? { payload } : {}),
      });
    expect(expectErrorShape(await del(undefined), 400)).toBe(MESSAGES.currentPasswordRequiredToDelete);
    expect(expectErrorShape(await del({}), 400)).toBe(MESSAGES.currentPasswordRequiredToDelete);
    expect(expectErrorShape(await del({ currentPassword: 'not the password' }), 400)).toBe(
      MESSAGES.currentPasswordWrong,
    );
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [a.user._id])).toHaveLength(1);
    expect((await del({ currentPassword: a.password })).statusCode).toBe(200);
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [a.user._id])).toHaveLength(0);

    const g = await signUpAndSignIn(t.app);
    await t.db.query('UPDATE users SET password_hash = NULL WHERE id = $1', [g.user._id]);
    expect(expectErrorShape(await del({}, g.cookie, g.user._id), 403)).toBe(MESSAGES.reauthenticateWithGoogleToDelete);
    await t.db.query("UPDATE sessions SET auth_method = 'google' WHERE user_id = $1", [g.user._id]);
    expect((await del(undefined, g.cookie, g.user._id)).statusCode).toBe(200);
  });
});

describe('reset-password: the token is checked before any hashing, and calls are limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        resetPasswordPerAddress: { limit: 4, windowMs: 60_000 },
        resetPasswordPerToken: { limit: 2, windowMs: 60_000 },
      },
    });
  });
  afterAll(() => t.close());

  const reset = (token: string, remoteAddress = '192.0.2.10') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'a long new passphrase' },
      remoteAddress,
    });

  it('a bad token costs no Argon2 hash', async () => {
    vi.mocked(hashPassword).mockClear();
    expect(expectErrorShape(await reset('C'.repeat(43), '192.0.2.1'), 400)).toBe(MESSAGES.linkInvalid);
    expect(vi.mocked(hashPassword)).not.toHaveBeenCalled();
  });

  it('answers 429 past the limit per token, and past the limit per client address', async () => {
    const token = 'D'.repeat(43);
    expect([
      (await reset(token, '192.0.2.20')).statusCode,
      (await reset(token, '192.0.2.21')).statusCode,
      (await reset(token, '192.0.2.22')).statusCode,
    ]).toEqual([400, 400, 429]);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await reset(`${'E'.repeat(42)}${i}`, '192.0.2.30')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expectErrorShape(await reset('F'.repeat(43), '192.0.2.30'), 429);
  });
});

describe("forgot-password: one abusive address cannot spend the owner's allowance", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp('pglite', { smtpUrl: smtp.url, publicUrl: SITE, secureCookies: false });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it("after an attacker's address hits its limit, the owner asking from another address still gets a link", async () => {
    const owner = await signUpAndSignIn(t.app);
    const ask = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: owner.user.email },
        remoteAddress,
      });
    let refused = false;
    for (let i = 0; i < 25 && !refused; i += 1) refused = (await ask('203.0.113.66')).statusCode === 429;
    expect(refused).toBe(true);
    await settle();
    const before = smtp.received.filter((m) => m.to.includes(owner.user.email) && /Reset your/.test(m.subject)).length;
    const mine = await ask('198.51.100.7');
    expect(mine.statusCode).toBe(200);
    const deadline = Date.now() + 15_000;
    while (
      smtp.received.filter((m) => m.to.includes(owner.user.email) && /Reset your/.test(m.subject)).length === before &&
      Date.now() < deadline
    )
      await settle(100);
    expect(smtp.received.filter((m) => m.to.includes(owner.user.email) && /Reset your/.test(m.subject)).length).toBe(
      before + 1,
    );
  });
});
