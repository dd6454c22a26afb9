import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type User } from '@jobboard/shared';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  postJob,
  signInAs,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { waitForLinkToken } from './outbox.js';

const USER_FIELDS = ['_id', 'avatar', 'email', 'name', 'resume', 'username'];
/** What the owner sees of their account: the user, plus its e-mail state. */
const ACCOUNT_FIELDS = [...USER_FIELDS, 'emailVerified', 'locale', 'pendingEmail'].sort();

describeEachDb('users API', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const apply = (who: SignedInUser, job: string) =>
    t.app.inject({ method: 'POST', url: '/api/apply/apply-job', headers: { cookie: who.cookie }, payload: { job } });

  const update = (who: SignedInUser | undefined, userId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/update/${userId}`,
      headers: who ? { cookie: who.cookie } : {},
      payload,
    });

  const userRow = async (id: string) =>
    (
      await t.db.query<{
        name: string;
        username: string;
        email: string;
        password_hash: string;
        avatar: string;
        resume: string;
      }>('SELECT name, username, email, password_hash, avatar, resume FROM users WHERE id = $1', [id])
    )[0];

  const count = async (sql: string, params: unknown[] = []) =>
    (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]?.n ?? -1;

  const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });

  describe('GET /api/user/get-users', () => {
    it("answers the caller and the applicants to the caller's jobs only, never a password", async () => {
      const poster = await signUpAndSignIn(t.app);
      const a1 = await signUpAndSignIn(t.app);
      const a2 = await signUpAndSignIn(t.app);
      const stranger = await signUpAndSignIn(t.app);
      const job = await postJob(t.app, poster.cookie);
      const strangerJob = await postJob(t.app, stranger.cookie);
      for (const who of [a1, a2]) expect((await apply(who, job)).statusCode).toBe(201);
      // The poster applying elsewhere does not make that poster's people visible.
      expect((await apply(poster, strangerJob)).statusCode).toBe(201);

      const response = await t.app.inject({
        method: 'GET',
        url: '/api/user/get-users',
        headers: { cookie: poster.cookie },
      });
      expect(response.statusCode).toBe(200);
      const users = response.json<User[]>();
      expect(users.map((u) => u._id).sort()).toEqual([poster.user._id, a1.user._id, a2.user._id].sort());
      for (const u of users) expect(Object.keys(u).sort()).toEqual(USER_FIELDS);
      // Others see the public fields only: not whether an address is verified, nor a pending address.
      const {
        emailVerified: _v,
        pendingEmail: _p,
        locale: _l,
        ...a1Public
      } = a1.user as User & { emailVerified?: boolean; pendingEmail?: string; locale?: string | null };
      expect(users.find((u) => u._id === a1.user._id)).toEqual(a1Public);
      expect(response.body).not.toMatch(/password|hash|argon2/i);

      // The applicant sees only themselves; the stranger sees themselves and the poster who applied.
      const applicantView = await t.app.inject({
        method: 'GET',
        url: '/api/user/get-users',
        headers: { cookie: a1.cookie },
      });
      expect(applicantView.json<User[]>().map((u) => u._id)).toEqual([a1.user._id]);
      const strangerView = await t.app.inject({
        method: 'GET',
        url: '/api/user/get-users',
        headers: { cookie: stranger.cookie },
      });
      expect(
        strangerView
          .json<User[]>()
          .map((u) => u._id)
          .sort(),
      ).toEqual([stranger.user._id, poster.user._id].sort());
    });

    it('refuses a visitor with 401', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/user/get-users' });
      expect(expectErrorShape(response, 401)).toBe(MESSAGES.notSignedIn);
    });
  });

  describe('POST /api/user/update/:userId', () => {
    it('changes only the fields sent and answers the user', async () => {
      const u = await signUpAndSignIn(t.app);
      const before = await userRow(u.user._id);
      const response = await update(u, u.user._id, { name: 'Renamed Person', resume: 'https://example.com/cv.pdf' });
      expect(response.statusCode).toBe(200);
      const body = response.json<User>();
      expect(Object.keys(body).sort()).toEqual(ACCOUNT_FIELDS);
      expect(body).toEqual({ ...u.user, name: 'Renamed Person', resume: 'https://example.com/cv.pdf' });
      const after = await userRow(u.user._id);
      expect(after).toEqual({ ...before, name: 'Renamed Person', resume: 'https://example.com/cv.pdf' });

      const avatar = await update(u, u.user._id, { avatar: '/static/default-avatar.svg' });
      expect(avatar.json<User>()).toMatchObject({ avatar: '/static/default-avatar.svg', name: 'Renamed Person' });
    });

    it('changes the email (lower-cased, once its link is followed) and username; sign-in and postedBy follow', async () => {
      const u = await signUpAndSignIn(t.app);
      const job = await postJob(t.app, u.cookie);
      const response = await update(u, u.user._id, {
        email: 'New.Address@Example.com',
        username: 'fresh_name',
        currentPassword: u.password,
      });
      expect(response.statusCode).toBe(200);
      // The username changes at once; the address only when the link mailed to it is followed.
      expect(response.json()).toMatchObject({
        email: u.user.email,
        pendingEmail: 'new.address@example.com',
        username: 'fresh_name',
      });
      expect((await userRow(u.user._id))?.email).toBe(u.user.email);
      const token = await waitForLinkToken(
        path.join(t.config.dataDir, 'outbox'),
        'new.address@example.com',
        'verify-email',
      );
      const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({
        email: 'new.address@example.com',
        pendingEmail: null,
        emailVerified: true,
      });
      expect((await userRow(u.user._id))?.email).toBe('new.address@example.com');
      await expect(signInAs(t.app, u.user.email, u.password)).rejects.toThrow(/401/);
      const again = await signInAs(t.app, 'new.address@example.com', u.password);
      expect(again.user._id).toBe(u.user._id);
      const jobBody = (
        await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${job}`, headers: { cookie: again.cookie } })
      ).json<{
        postedBy: string;
      }>();
      expect(jobBody.postedBy).toBe('new.address@example.com');
      // Sending one's own current email or username is not a conflict.
      expect(
        (await update(u, u.user._id, { email: 'new.address@example.com', username: 'FRESH_NAME' })).statusCode,
      ).toBe(200);
    });

    it('refuses a username already taken with 409; a taken e-mail answers like a free one and changes nothing', async () => {
      const u = await signUpAndSignIn(t.app);
      const other = await signUpAndSignIn(t.app);
      const before = await userRow(u.user._id);
      const username = await update(u, u.user._id, { username: other.user.username.toUpperCase() });
      expect(expectErrorShape(username, 409)).toBe(MESSAGES.usernameTaken);
      const both = await update(u, u.user._id, { name: 'Should not stick', username: other.user.username });
      expectErrorShape(both, 409);
      expect(await userRow(u.user._id)).toEqual(before);
      // Account enumeration: the answer to a taken address is the answer to a free one (see accounts.api.test.ts).
      const taken = await update(u, u.user._id, { email: other.user.email.toUpperCase(), currentPassword: u.password });
      const free = await update(u, u.user._id, { email: `free-${kind}@example.com`, currentPassword: u.password });
      expect(taken.statusCode).toBe(200);
      expect(free.statusCode).toBe(200);
      expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
      expect((await userRow(u.user._id))?.email).toBe(before?.email);
    });

    it('two users confirming one new e-mail at once end in one 200 and one 409, never a 500', async () => {
      for (let round = 0; round < 3; round += 1) {
        const a = await signUpAndSignIn(t.app);
        const b = await signUpAndSignIn(t.app);
        const email = `contested-${round}-${kind}@example.com`;
        const asked = await Promise.all([
          update(a, a.user._id, { email, currentPassword: a.password }),
          update(b, b.user._id, { email, currentPassword: b.password }),
        ]);
        expect(asked.map((r) => r.statusCode)).toEqual([200, 200]);
        // Both links were mailed to the contested address; both are followed at once.
        const outbox = path.join(t.config.dataDir, 'outbox');
        const seen = new Set<string>();
        const tokens = [
          await waitForLinkToken(outbox, email, 'verify-email', 15_000, seen),
          await waitForLinkToken(outbox, email, 'verify-email', 15_000, seen),
        ];
        const responses = await Promise.all(
          tokens.map((token) => t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } })),
        );
        expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
        const loser = responses.find((r) => r.statusCode === 409);
        expect(loser && expectErrorShape(loser, 409)).toBe(MESSAGES.addressNowTaken);
        expect(await count('users WHERE email = $1', [email])).toBe(1);
      }
    });

    it('refuses another user with 403 and a visitor with 401, changing nothing', async () => {
      const u = await signUpAndSignIn(t.app);
      const other = await signUpAndSignIn(t.app);
      const before = await userRow(other.user._id);
      expectErrorShape(await update(u, other.user._id, { name: 'Hijacked', password: 'another secret 1' }), 403);
      expect(expectErrorShape(await update(undefined, other.user._id, { name: 'Hijacked' }), 401)).toBe(
        MESSAGES.notSignedIn,
      );
      expect(await userRow(other.user._id)).toEqual(before);
      expect(expectErrorShape(await update(u, 'not-an-id', { name: 'x' }), 404)).toBe(MESSAGES.userNotFound);
    });

    it.each([
      ['_id', { _id: '00000000-0000-0000-0000-000000000000' }],
      ['password_hash', { password_hash: 'x' }],
      ['passwordHash', { passwordHash: 'x' }],
      ['isAdmin', { name: 'ok', isAdmin: true }],
    ])('refuses the unknown field %s with 400 naming it', async (field, payload) => {
      const u = await signUpAndSignIn(t.app);
      const before = await userRow(u.user._id);
      expect(expectErrorShape(await update(u, u.user._id, payload), 400)).toContain(field);
      expect(await userRow(u.user._id)).toEqual(before);
    });

    it.each([
      ['email', { email: 'not-an-email' }],
      ['password', { password: 'short' }],
      ['avatar', { avatar: 'javascript:alert(1)' }],
      ['resume', { resume: 'javascript:alert(1)' }],
      ['name', { name: '' }],
      ['username', { username: 'has spaces' }],
      ['name', { name: 42 }],
    ])('refuses a bad %s with 400 naming it', async (field, payload) => {
      const u = await signUpAndSignIn(t.app);
      expect(expectErrorShape(await update(u, u.user._id, payload), 400)).toContain(field);
    });

    it('a new password works for sign-in and revokes the other sessions, not the current one', async () => {
      const u = await signUpAndSignIn(t.app);
      const otherSession = await signInAs(t.app, u.user.email, u.password);
      expect((await me(otherSession.cookie)).statusCode).toBe(200);
      const hashBefore = (await userRow(u.user._id))?.password_hash;

      const response = await update(u, u.user._id, { password: 'a brand new passphrase', currentPassword: u.password });
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toMatch(/password|argon2/i);
      const hashAfter = (await userRow(u.user._id))?.password_hash;
      expect(hashAfter).not.toBe(hashBefore);
      expect(hashAfter).not.toContain('a brand new passphrase');

      expect((await me(u.cookie)).statusCode).toBe(200);
      expectErrorShape(await me(otherSession.cookie), 401);
      expect(await count('sessions WHERE user_id = $1', [u.user._id])).toBe(1);

      await expect(signInAs(t.app, u.user.email, u.password)).rejects.toThrow(/401/);
      const fresh = await signInAs(t.app, u.user.email, 'a brand new passphrase');
      expect(fresh.user._id).toBe(u.user._id);
    });

    it('an update without a password keeps the other sessions', async () => {
      const u = await signUpAndSignIn(t.app);
      const otherSession = await signInAs(t.app, u.user.email, u.password);
      expect((await update(u, u.user._id, { name: 'Still here' })).statusCode).toBe(200);
      expect((await me(otherSession.cookie)).statusCode).toBe(200);
    });
  });

  describe('DELETE /api/user/delete/:userId', () => {
    it('deletes the user with sessions, applications, jobs and the applications to them; clears the cookie', async () => {
      const victim = await signUpAndSignIn(t.app);
      await signInAs(t.app, victim.user.email, victim.password); // a second session
      const applicant = await signUpAndSignIn(t.app);
      const other = await signUpAndSignIn(t.app);
      const victimJob1 = await postJob(t.app, victim.cookie);
      const victimJob2 = await postJob(t.app, victim.cookie);
      const otherJob = await postJob(t.app, other.cookie);
      expect((await apply(applicant, victimJob1)).statusCode).toBe(201);
      expect((await apply(applicant, victimJob2)).statusCode).toBe(201);
      expect((await apply(applicant, otherJob)).statusCode).toBe(201);
      expect((await apply(victim, otherJob)).statusCode).toBe(201);

      const before = {
        users: await count('users'),
        jobs: await count('jobs'),
        applications: await count('applications'),
        sessions: await count('sessions'),
      };
      expect(await count('sessions WHERE user_id = $1', [victim.user._id])).toBe(2);

      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${victim.user._id}`,
        headers: { cookie: victim.cookie },
        payload: { currentPassword: victim.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true });
      const cleared = response.cookies.find((c) => c.name === 'jobboard_session');
      expect(cleared?.value).toBe('');
      expect(cleared && cleared.expires ? cleared.expires.getTime() <= Date.now() : cleared?.maxAge === 0).toBe(true);

      expect(await count('users WHERE id = $1', [victim.user._id])).toBe(0);
      expect(await count('sessions WHERE user_id = $1', [victim.user._id])).toBe(0);
      expect(await count('jobs WHERE poster_id = $1', [victim.user._id])).toBe(0);
      expect(await count('applications WHERE user_id = $1', [victim.user._id])).toBe(0);
      expect(await count('applications WHERE job_id = ANY($1::uuid[])', [[victimJob1, victimJob2]])).toBe(0);
      expect({
        users: await count('users'),
        jobs: await count('jobs'),
        applications: await count('applications'),
        sessions: await count('sessions'),
      }).toEqual({
        users: before.users - 1,
        jobs: before.jobs - 2,
        applications: before.applications - 3,
        sessions: before.sessions - 2,
      });
      // Everyone else's data stays.
      expect(await count('applications WHERE user_id = $1 AND job_id = $2', [applicant.user._id, otherJob])).toBe(1);
      expect(await count('jobs WHERE id = $1', [otherJob])).toBe(1);

      expectErrorShape(await me(victim.cookie), 401);
      await expect(signInAs(t.app, victim.user.email, victim.password)).rejects.toThrow(/401/);
      expect((await me(applicant.cookie)).statusCode).toBe(200);
    });

    it('refuses another user with 403, a visitor with 401, a malformed id with 404; nothing is deleted', async () => {
      const u = await signUpAndSignIn(t.app);
      const other = await signUpAndSignIn(t.app);
      await postJob(t.app, other.cookie);
      const forbidden = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${other.user._id}`,
        headers: { cookie: u.cookie },
      });
      expectErrorShape(forbidden, 403);
      const visitor = await t.app.inject({ method: 'DELETE', url: `/api/user/delete/${other.user._id}` });
      expect(expectErrorShape(visitor, 401)).toBe(MESSAGES.notSignedIn);
      const malformed = await t.app.inject({
        method: 'DELETE',
        url: '/api/user/delete/not-an-id',
        headers: { cookie: u.cookie },
      });
      expect(expectErrorShape(malformed, 404)).toBe(MESSAGES.userNotFound);
      expect(await count('users WHERE id = $1', [other.user._id])).toBe(1);
      expect(await count('jobs WHERE poster_id = $1', [other.user._id])).toBe(1);
      expect((await me(other.cookie)).statusCode).toBe(200);
    });
  });
});
