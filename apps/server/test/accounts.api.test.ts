import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { hashToken } from '../src/modules/sessions/sessions.repository.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  jobBody,
  sessionCookieOf,
  signInAs,
  signUpAndSignIn,
  type TestApp,
} from './helpers.js';
import { linkToken, startSmtpServer, waitForMail, type ReceivedMail } from './smtp-fixture.js';

const SITE = 'https://jobs.example';
let serial = 0;

/** Verified e-mail, password reset and credential changes, with every message through a real SMTP server. */
describeEachDb('accounts with real mail', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, {
      smtpUrl: smtp.url,
      mailFrom: 'Jobboard <no-reply@jobs.example>',
      publicUrl: SITE,
      secureCookies: false,
      rateLimits: { ...DEFAULT_RATE_LIMITS, accountMailPerAddress: { limit: 1_000, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (url: string, payload: object | undefined, cookie?: string) =>
    t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });

  /** A new account as sign-up leaves it: unconfirmed, with its confirmation mail. */
  async function newAccount() {
    serial += 1;
    const email = `person-${serial}-${kind}@example.com`;
    const person = await signUpAndSignIn(t.app, { email }, { verified: false });
    const mail = await waitForMail(smtp.received, email, /Confirm your e-mail address/);
    return { ...person, email, mail };
  }

  const mailsTo = (email: string, subject: RegExp): ReceivedMail[] =>
    smtp.received.filter((m) => m.to.includes(email) && subject.test(m.subject));

  describe('verified e-mail', () => {
    it('sign-up mails a link; until it is followed the account cannot post, after it can, and postedBy shows it', async () => {
      const a = await newAccount();
      expect(a.mail.from).toBe('no-reply@jobs.example');
      expect(a.mail.text).toContain(`${SITE}/verify-email?token=`);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: a.cookie } })).json(),
      ).toMatchObject({
        emailVerified: false,
      });
      const refused = await post('/api/job/post-job', jobBody(), a.cookie);
      expect(expectErrorShape(refused, 403)).toBe(MESSAGES.verifyEmailToPost);

      const confirmed = await post('/api/auth/verify-email', { token: linkToken(a.mail, 'verify-email') });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ email: a.email, emailVerified: true, pendingEmail: null });
      const posted = await post('/api/job/post-job', jobBody(), a.cookie);
      expect(posted.statusCode).toBe(201);
      const jobUrl = `/api/job/all-jobs/${posted.json<{ insertedId: string }>().insertedId}`;
      const job = await t.app.inject({ method: 'GET', url: jobUrl, headers: { cookie: a.cookie } });
      expect(job.json()).toMatchObject({ postedBy: a.email });
    });

    it('a link works once, and not after 24 hours; only a hash of it is stored', async () => {
      const a = await newAccount();
      const token = linkToken(a.mail, 'verify-email');
      const stored = await t.db.query<{ expires_at: Date; created_at: Date }>(
        'SELECT expires_at, created_at FROM account_tokens WHERE token_hash = $1',
        [hashToken(token)],
      );
      expect(stored).toHaveLength(1);
      const hours =
        (new Date(stored[0]?.expires_at ?? 0).getTime() - new Date(stored[0]?.created_at ?? 0).getTime()) / 3_600_000;
      expect(Math.round(hours)).toBe(24);
      expect(
        JSON.stringify(await t.db.query("SELECT encode(token_hash, 'escape') AS h FROM account_tokens")),
      ).not.toContain(token);

      expect((await post('/api/auth/verify-email', { token })).statusCode).toBe(200);
      expect(expectErrorShape(await post('/api/auth/verify-email', { token }), 400)).toBe(MESSAGES.linkInvalid);

      const b = await newAccount();
      const late = linkToken(b.mail, 'verify-email');
      await t.db.query("UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
        hashToken(late),
      ]);
      expect(expectErrorShape(await post('/api/auth/verify-email', { token: late }), 400)).toBe(MESSAGES.linkInvalid);
      expect(
        (
          await t.db.query<{ v: boolean }>('SELECT email_verified_at IS NOT NULL AS v FROM users WHERE email = $1', [
            b.email,
          ])
        )[0]?.v,
      ).toBe(false);
    });

    it('a malformed token is a 400 naming it; resending mails a new link and the old one stops working', async () => {
      const bad = await post('/api/auth/verify-email', { token: 'short' });
      expect(expectErrorShape(bad, 400)).toMatch(/token/);
      const a = await newAccount();
      const first = linkToken(a.mail, 'verify-email');
      const resend = await post('/api/auth/resend-verification', undefined, a.cookie);
      expect(resend.json()).toEqual({ success: true, message: MESSAGES.verificationSent });
      const deadline = Date.now() + 15_000;
      while (mailsTo(a.email, /Confirm your e-mail/).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      const second = mailsTo(a.email, /Confirm your e-mail/)
        .map((m) => linkToken(m, 'verify-email'))
        .find((tok) => tok !== first);
      expect(second).toBeDefined();
      expect(expectErrorShape(await post('/api/auth/verify-email', { token: first }), 400)).toBe(MESSAGES.linkInvalid);
      expect((await post('/api/auth/verify-email', { token: second ?? '' })).statusCode).toBe(200);
    });
  });

  describe('forgot password', () => {
    it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
      const a = await signUpAndSignIn(t.app);
      const known = await post('/api/auth/forgot-password', { email: a.user.email });
      const unknown = await post('/api/auth/forgot-password', { email: `nobody-${kind}@example.com` });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ success: true, message: MESSAGES.resetSent });
      await waitForMail(smtp.received, a.user.email, /Reset your Jobboard password/);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(smtp.received.filter((m) => m.to.includes(`nobody-${kind}@example.com`))).toEqual([]);
    });

    it('resets once with a 30-minute link, ends every session, and tells the owner', async () => {
      const a = await signUpAndSignIn(t.app);
      const second = await signInAs(t.app, a.user.email, a.password);
      await post('/api/auth/forgot-password', { email: a.user.email });
      const mail = await waitForMail(smtp.received, a.user.email, /Reset your Jobboard password/);
      expect(mail.text).toContain(`${SITE}/reset-password?token=`);
      const token = linkToken(mail, 'reset-password');
      const stored = await t.db.query<{ expires_at: Date; created_at: Date }>(
        'SELECT expires_at, created_at FROM account_tokens WHERE token_hash = $1',
        [hashToken(token)],
      );
      const minutes =
        (new Date(stored[0]?.expires_at ?? 0).getTime() - new Date(stored[0]?.created_at ?? 0).getTime()) / 60_000;
      expect(Math.round(minutes)).toBe(30);

      const reset = await post('/api/auth/reset-password', { token, password: 'a fresh passphrase 7' });
      expect(reset.json()).toEqual({ success: true, message: MESSAGES.passwordReset });
      for (const cookie of [a.cookie, second.cookie]) {
        expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }), 401);
      }
      await expect(signInAs(t.app, a.user.email, a.password)).rejects.toThrow(/401/);
      expect((await signInAs(t.app, a.user.email, 'a fresh passphrase 7')).user._id).toBe(a.user._id);
      expect(
        expectErrorShape(await post('/api/auth/reset-password', { token, password: 'another passphrase 8' }), 400),
      ).toBe(MESSAGES.linkInvalid);
      await waitForMail(smtp.received, a.user.email, /password was changed/);
    });

    it('refuses an expired link, and a weak password without using up the link', async () => {
      const a = await signUpAndSignIn(t.app);
      await post('/api/auth/forgot-password', { email: a.user.email });
      const token = linkToken(
        await waitForMail(smtp.received, a.user.email, /Reset your Jobboard password/),
        'reset-password',
      );
      expect(expectErrorShape(await post('/api/auth/reset-password', { token, password: 'short' }), 400)).toMatch(
        /password/i,
      );
      await t.db.query("UPDATE account_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [
        hashToken(token),
      ]);
      expect(
        expectErrorShape(await post('/api/auth/reset-password', { token, password: 'a fresh passphrase 9' }), 400),
      ).toBe(MESSAGES.linkInvalid);
      expect((await signInAs(t.app, a.user.email, a.password)).user._id).toBe(a.user._id);
    });
  });

  describe('credential changes', () => {
    const update = (cookie: string, id: string, payload: object) => post(`/api/user/update/${id}`, payload, cookie);

    it('a new password needs the current one, then ends the other sessions and is mailed to the owner', async () => {
      const a = await signUpAndSignIn(t.app);
      const before = (
        await t.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = $1', [a.user._id])
      )[0]?.h;
      expect(expectErrorShape(await update(a.cookie, a.user._id, { password: 'taken over 1234' }), 400)).toBe(
        MESSAGES.currentPasswordRequired,
      );
      expect(
        expectErrorShape(
          await update(a.cookie, a.user._id, { password: 'taken over 1234', currentPassword: 'guess guess' }),
          400,
        ),
      ).toBe(MESSAGES.currentPasswordWrong);
      expect(
        (await t.db.query<{ h: string }>('SELECT password_hash AS h FROM users WHERE id = $1', [a.user._id]))[0]?.h,
      ).toBe(before);
      const ok = await update(a.cookie, a.user._id, { password: 'a proper new one 5', currentPassword: a.password });
      expect(ok.statusCode).toBe(200);
      await waitForMail(smtp.received, a.user.email, /password was changed/);
    });

    it('a new e-mail needs the current password and its link; the old address is told when it changes', async () => {
      const a = await signUpAndSignIn(t.app);
      const target = `moved-${kind}-${serial}@example.com`;
      expect(expectErrorShape(await update(a.cookie, a.user._id, { email: target }), 400)).toBe(
        MESSAGES.currentPasswordRequired,
      );
      const asked = await update(a.cookie, a.user._id, { email: target, currentPassword: a.password });
      expect(asked.json()).toMatchObject({ email: a.user.email, pendingEmail: target });
      const link = await waitForMail(smtp.received, target, /Confirm your new e-mail address/);
      expect((await post('/api/auth/verify-email', { token: linkToken(link, 'verify-email') })).json()).toMatchObject({
        email: target,
      });
      const notice = await waitForMail(smtp.received, a.user.email, /e-mail address was changed/);
      expect(notice.text).toContain(target);
    });

    it('account enumeration: a taken address answers exactly like a free one, and its owner gets a notice, not a link', async () => {
      const a = await signUpAndSignIn(t.app);
      const owner = await signUpAndSignIn(t.app);
      const taken = await update(a.cookie, a.user._id, { email: owner.user.email, currentPassword: a.password });
      const takenBody = taken.json<Record<string, unknown>>();
      const free = await update(a.cookie, a.user._id, {
        email: `free-${kind}-${serial}@example.com`,
        currentPassword: a.password,
      });
      expect(taken.statusCode).toBe(free.statusCode);
      expect({ ...takenBody, pendingEmail: 'x' }).toEqual({
        ...free.json<Record<string, unknown>>(),
        pendingEmail: 'x',
      });
      const notice = await waitForMail(smtp.received, owner.user.email, /tried to use your e-mail address/);
      expect(notice.text).not.toMatch(/verify-email\?token=/);
    });

    it('e-mail change attempts are rate-limited per account', async () => {
      const limited = await buildTestApp(kind, {
        smtpUrl: smtp.url,
        rateLimits: { ...DEFAULT_RATE_LIMITS, credentialChangesPerAccount: { limit: 2, windowMs: 60_000 } },
      });
      try {
        const a = await signUpAndSignIn(limited.app);
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const response = await limited.app.inject({
            method: 'POST',
            url: `/api/user/update/${a.user._id}`,
            headers: { cookie: a.cookie },
            payload: { email: `probe-${i}-${kind}@example.com`, currentPassword: a.password },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual([200, 200, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  it('forgot-password is rate-limited per address', async () => {
    const limited = await buildTestApp(kind, {
      smtpUrl: smtp.url,
      rateLimits: { ...DEFAULT_RATE_LIMITS, accountMailPerAddress: { limit: 3, windowMs: 60_000 } },
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email: `anyone-${i}@example.com` },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });

  it('signing in answers the session cookie as before (sessionCookieOf still works)', async () => {
    const a = await signUpAndSignIn(t.app);
    const response = await post('/api/auth/signin', { email: a.user.email, password: a.password });
    expect(sessionCookieOf(response)).toMatch(/jobboard_session=/);
  });
});
