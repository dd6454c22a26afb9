import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  MODERATION_MESSAGES,
  type Account,
  type Application,
  type BanAnswer,
  type BannedUsersPage,
  type HiddenJobsPage,
  type MyReport,
  type Job,
  type JobDecision,
  type QueuePage,
  type SearchResult,
} from '@jobboard/shared';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  jobBody,
  postJob,
  signInAs,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { readOutbox } from './outbox.js';

/** Moderation (issue 14, point 4; decision record 20): reports, the queue, hide, approve, ban, pre-moderation, the posting limit. */
describeEachDb('moderation API', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let poster: SignedInUser;
  let seeker: SignedInUser;
  const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;
  // A second administrator's address, never signed up: only mailed.
  const secondAdmin = `admin2-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    t = await buildTestApp(kind, { adminEmails: [adminEmail, secondAdmin] });
    admin = await signUpAndSignIn(t.app, { email: adminEmail });
    poster = await signUpAndSignIn(t.app);
    seeker = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const outbox = () => path.join(t.config.dataDir, 'outbox');
  const as = (person: SignedInUser | undefined) => (person ? { cookie: person.cookie } : {});
  const word = () => `zq${randomBytes(5).toString('hex')}`;
  const report = (
    person: SignedInUser | undefined,
    job: string,
    payload: unknown = { reason: 'scam', details: 'Asks for a fee' },
  ) =>
    t.app.inject({
      method: 'POST',
      url: `/api/job/${job}/report`,
      headers: as(person),
      payload: payload as Record<string, unknown>,
    });
  const queue = (person: SignedInUser | undefined, page = 1) =>
    t.app.inject({ method: 'GET', url: `/api/admin/queue?page=${page}`, headers: as(person) });
  const hide = (person: SignedInUser | undefined, job: string, reason = 'Asks applicants for money') =>
    t.app.inject({ method: 'POST', url: `/api/admin/jobs/${job}/hide`, headers: as(person), payload: { reason } });
  const approve = (person: SignedInUser | undefined, job: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/jobs/${job}/approve`, headers: as(person) });
  const ban = (person: SignedInUser | undefined, userId: string, reason = 'Posts scams') =>
    t.app.inject({ method: 'POST', url: `/api/admin/users/${userId}/ban`, headers: as(person), payload: { reason } });
  const jobAs = (person: SignedInUser | undefined, job: string) =>
    t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${job}`, headers: as(person) });
  const searchIds = async (q: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/job/search?q=${q}` });
    expect(response.statusCode).toBe(200);
    return response.json<SearchResult>().items.map((j) => j._id);
  };
  const allJobIds = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/job/all-jobs',
      headers: { 'x-forwarded-for': randomUUID() },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Job[]>().map((j) => j._id);
  };
  const feedIds = async (q: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/feed.json?q=${q}` });
    expect(response.statusCode).toBe(200);
    return response.json<{ items: { url: string }[] }>().items.map((item) => item.url.split('/').at(-1));
  };
  const statusOf = async (job: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job]))[0]?.status;

  describe('POST /api/job/:id/report', () => {
    it("records a signed-in user's report: 201 with a message; a second one is 409; the job is in the queue", async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Reported once' });
      const first = await report(seeker, job);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toEqual({ reportId: expect.any(String), message: MODERATION_MESSAGES.reported });
      expect(expectErrorShape(await report(seeker, job, { reason: 'spam' }), 409)).toBe(
        MODERATION_MESSAGES.alreadyReported,
      );
      const rows = await t.db.query<{ reason: string; details: string }>(
        'SELECT reason, details FROM job_reports WHERE job_id = $1',
        [job],
      );
      expect(rows).toEqual([{ reason: 'scam', details: 'Asks for a fee' }]);
    });

    it('refuses the poster (403), a visitor (401), an unknown or malformed job (404)', async () => {
      const job = await postJob(t.app, poster.cookie);
      expect(expectErrorShape(await report(poster, job), 403)).toBe(MODERATION_MESSAGES.cannotReportOwnJob);
      expect(expectErrorShape(await report(undefined, job), 401)).toBe(MESSAGES.notSignedIn);
      expect(expectErrorShape(await report(seeker, randomUUID()), 404)).toBe(MESSAGES.jobNotFound);
      expect(expectErrorShape(await report(seeker, 'not-an-id'), 404)).toBe(MESSAGES.jobNotFound);
      expect(await t.db.query('SELECT 1 FROM job_reports WHERE job_id = $1', [job])).toEqual([]);
    });

    it('answers 400 naming the field for a bad reason, over-long details or unknown fields', async () => {
      const job = await postJob(t.app, poster.cookie);
      expect(expectErrorShape(await report(seeker, job, { reason: 'boring' }), 400)).toMatch(/^reason/);
      expect(expectErrorShape(await report(seeker, job, {}), 400)).toMatch(/reason/);
      expect(expectErrorShape(await report(seeker, job, { reason: 'other', details: 'x'.repeat(1001) }), 400)).toMatch(
        /^details/,
      );
      expect(expectErrorShape(await report(seeker, job, { reason: 'other', isAdmin: true }), 400)).toMatch(/isAdmin/);
    });
  });

  describe("GET /api/job/:id/report: the caller's own report", () => {
    const mine = (person: SignedInUser | undefined, job: string) =>
      t.app.inject({ method: 'GET', url: `/api/job/${job}/report`, headers: as(person) });

    it('says null before a report, the open report after one (so the page shows no second button), and the outcome once decided', async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Reported and kept' });
      const reporter = await signUpAndSignIn(t.app);
      expect((await mine(reporter, job)).json<MyReport>()).toEqual({ report: null });
      expect((await report(reporter, job)).statusCode).toBe(201);
      const open = await mine(reporter, job);
      expect(open.statusCode).toBe(200);
      expect(open.json<MyReport>()).toEqual({
        report: { reportedAt: expect.any(String), resolvedAt: null, resolution: null },
      });
      // Another person's report is theirs alone.
      expect((await mine(seeker, job)).json<MyReport>()).toEqual({ report: null });
      expect((await approve(admin, job)).statusCode).toBe(200);
      expect((await mine(reporter, job)).json<MyReport>()).toEqual({
        report: { reportedAt: expect.any(String), resolvedAt: expect.any(String), resolution: 'approved' },
      });
    });

    it('answers 401 to a visitor, 404 for an unknown, malformed or hidden job', async () => {
      const job = await postJob(t.app, poster.cookie);
      expect(expectErrorShape(await mine(undefined, job), 401)).toBe(MESSAGES.notSignedIn);
      expect(expectErrorShape(await mine(seeker, randomUUID()), 404)).toBe(MESSAGES.jobNotFound);
      expect(expectErrorShape(await mine(seeker, 'not-an-id'), 404)).toBe(MESSAGES.jobNotFound);
      expect((await hide(admin, job)).statusCode).toBe(200);
      expect(expectErrorShape(await mine(seeker, job), 404)).toBe(MESSAGES.jobNotFound);
    });
  });

  describe('e-mails about reports (issue 29)', () => {
    it("a job's first open report e-mails the administrators (no further mail until a decision); hide and dismiss tell the confirmed reporters", async () => {
      {
        const title = `Mailed report ${word()}`;
        const job = await postJob(t.app, poster.cookie, { jobTitle: title, companyName: 'Reportco' });
        const other = await signUpAndSignIn(t.app);
        const unconfirmed = await signUpAndSignIn(t.app, {}, { verified: false });
        expect((await report(seeker, job, { reason: 'scam', details: 'Wants a deposit' })).statusCode).toBe(201);
        // (The outbox reader decodes bytes one by one: the quotation marks around the title are left out here.)
        const about = (to: string, subject: RegExp) =>
          readOutbox(outbox()).filter((m) => m.to.includes(to) && subject.test(m.subject) && m.text.includes(title));
        const reported = /^A job was reported on Jobboard$/;
        for (const to of [adminEmail, secondAdmin]) {
          await expect.poll(() => about(to, reported).length, { timeout: 15_000 }).toBe(1);
          const mail = about(to, reported)[0]?.text ?? '';
          expect(mail).toContain(' at Reportco.');
          expect(mail).toContain('Reason: Scam or fraud');
          expect(mail).toContain('Details: Wants a deposit');
          expect(mail).toContain(`/job/${job}`);
          expect(mail).toContain('/admin');
        }
        expect((await report(other, job)).statusCode).toBe(201);
        expect((await report(unconfirmed, job)).statusCode).toBe(201);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(about(adminEmail, reported)).toHaveLength(1);

        expect((await hide(admin, job)).statusCode).toBe(200);
        for (const person of [seeker, other]) {
          await expect
            .poll(() => about(person.user.email, /^Your report on Jobboard: the job was removed$/).length, {
              timeout: 15_000,
            })
            .toBe(1);
          expect(about(person.user.email, /removed/)[0]?.text).not.toContain('Asks applicants for money');
        }
        // The job is reported again after it is back: a new first report, a new e-mail; dismissing it tells the reporter.
        expect((await approve(admin, job)).statusCode).toBe(200);
        expect((await report(seeker, job)).statusCode).toBe(201);
        await expect.poll(() => about(adminEmail, reported).length, { timeout: 15_000 }).toBe(2);
        expect((await approve(admin, job)).statusCode).toBe(200);
        await expect
          .poll(() => about(seeker.user.email, /^Your report on Jobboard: the job stays up$/).length, {
            timeout: 15_000,
          })
          .toBe(1);
        // An address never confirmed hears nothing.
        await new Promise((resolve) => setTimeout(resolve, 1500));
        expect(
          readOutbox(outbox()).filter((m) => m.to.includes(unconfirmed.user.email) && /report/i.test(m.subject)),
        ).toEqual([]);
      }
    });
  });

  describe('the queue', () => {
    it('is for administrators only: 401 for a visitor, 403 for anyone else', async () => {
      expect(expectErrorShape(await queue(undefined), 401)).toBe(MESSAGES.notSignedIn);
      expect(expectErrorShape(await queue(seeker), 403)).toBe(MODERATION_MESSAGES.adminsOnly);
      expect(expectErrorShape(await queue(poster), 403)).toBe(MODERATION_MESSAGES.adminsOnly);
      expect((await queue(admin)).statusCode).toBe(200);
    });

    it('lists a reported job with its report count, reasons, newest reports and poster', async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Queue listed' });
      const another = await signUpAndSignIn(t.app);
      await report(seeker, job, { reason: 'scam', details: 'Fee' });
      await report(another, job, { reason: 'scam' });
      await report(admin, job, { reason: 'spam' });
      const page = (await queue(admin)).json<QueuePage>();
      const item = page.items.find((i) => i.job._id === job);
      expect(item).toMatchObject({
        reportCount: 3,
        reasons: [
          { reason: 'scam', count: 2 },
          { reason: 'spam', count: 1 },
        ],
        poster: { id: poster.user._id, email: poster.user.email, bannedAt: null, isAdmin: false },
      });
      expect(item?.reports).toHaveLength(3);
      expect(item?.job.jobTitle).toBe('Queue listed');
    });
  });

  describe('hide and approve', () => {
    it('hides a job: gone from search, all-jobs and feeds; 404 to others; seen with its reason by the poster and admins', async () => {
      const q = word();
      const job = await postJob(t.app, poster.cookie, { jobTitle: `Hidden ${q}` });
      await report(seeker, job);
      expect(await searchIds(q)).toEqual([job]);
      expect(await allJobIds()).toContain(job);
      expect(await feedIds(q)).toEqual([job]);

      const hidden = await hide(admin, job, 'Asks applicants for money');
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json<JobDecision>()).toMatchObject({
        jobId: job,
        status: 'open',
        resolvedReports: 1,
        moderation: { state: 'hidden', reason: 'Asks applicants for money' },
      });
      expect(await statusOf(job)).toBe('hidden');

      expect(await searchIds(q)).toEqual([]);
      expect(await allJobIds()).not.toContain(job);
      expect(await feedIds(q)).toEqual([]);
      for (const person of [undefined, seeker])
        expect(expectErrorShape(await jobAs(person, job), 404)).toBe(MESSAGES.jobNotFound);
      // Nobody else can apply to it, save it or report it: it does not exist for them.
      const apply = await t.app.inject({
        method: 'POST',
        url: '/api/apply/apply-job',
        headers: as(seeker),
        payload: { job },
      });
      expect(expectErrorShape(apply, 404)).toBe(MESSAGES.jobNotFound);
      expect(
        expectErrorShape(
          await t.app.inject({ method: 'PUT', url: `/api/saved-jobs/${job}`, headers: as(seeker) }),
          404,
        ),
      ).toBe(MESSAGES.jobNotFound);
      expect(expectErrorShape(await report(seeker, job, { reason: 'spam' }), 404)).toBe(MESSAGES.jobNotFound);

      for (const person of [poster, admin]) {
        const seen = await jobAs(person, job);
        expect(seen.statusCode).toBe(200);
        expect(seen.json<Job>().moderation).toEqual({
          state: 'hidden',
          reason: 'Asks applicants for money',
          at: expect.any(String),
        });
      }
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/job/myJobs/${encodeURIComponent(poster.user.email)}`,
        headers: as(poster),
      });
      expect(mine.json<Job[]>().find((j) => j._id === job)?.moderation?.reason).toBe('Asks applicants for money');
      // Decided: its reports are resolved and it leaves the queue.
      expect((await queue(admin)).json<QueuePage>().items.map((i) => i.job._id)).not.toContain(job);
    });

    it('tells those who applied that a hidden job was removed, and that it is open again once approved', async () => {
      const job = await postJob(t.app, poster.cookie);
      const applicant = await signUpAndSignIn(t.app);
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/apply/apply-job', headers: as(applicant), payload: { job } }))
          .statusCode,
      ).toBe(201);
      const statusSeen = async () => {
        const list = await t.app.inject({
          method: 'GET',
          url: `/api/apply/appliedJobs/${applicant.user._id}`,
          headers: as(applicant),
        });
        return list.json<Application[]>().find((a) => a.job === job)?.jobStatus;
      };
      expect(await statusSeen()).toBe('open');
      await hide(admin, job);
      // Still in their list (it is their history), but no longer shown to them as a job.
      expect(await statusSeen()).toBe('removed');
      await approve(admin, job);
      expect(await statusSeen()).toBe('open');
    });

    it('keeps a hidden job hidden when its poster edits or reopens it', async () => {
      const job = await postJob(t.app, poster.cookie);
      await hide(admin, job);
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${job}`,
        headers: as(poster),
        payload: { jobTitle: 'Edited while hidden', status: 'open' },
      });
      expect(edit.statusCode).toBe(200);
      expect(await statusOf(job)).toBe('hidden');
      const closed = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${job}`,
        headers: as(poster),
        payload: { status: 'closed' },
      });
      expect(closed.statusCode).toBe(200);
      expect(await statusOf(job)).toBe('hidden');
      // Approval gives back what the poster chose meanwhile: closed.
      expect((await approve(admin, job)).json<JobDecision>().status).toBe('closed');
      expect(await statusOf(job)).toBe('closed');
    });

    it('approves a hidden job back into search; an open job whose date passed comes back expired', async () => {
      const q = word();
      const job = await postJob(t.app, poster.cookie, { jobTitle: `Approved ${q}` });
      await report(seeker, job);
      await hide(admin, job);
      const approved = await approve(admin, job);
      expect(approved.statusCode).toBe(200);
      expect(approved.json<JobDecision>().status).toBe('open');
      expect(approved.json<JobDecision>().moderation).toBeUndefined();
      expect(await searchIds(q)).toEqual([job]);
      expect((await jobAs(seeker, job)).statusCode).toBe(200);
      // Its report was resolved when it was hidden; a new one may be sent.
      expect((await report(seeker, job)).statusCode).toBe(201);

      const old = await postJob(t.app, poster.cookie);
      await hide(admin, old);
      await t.db.query(
        'UPDATE jobs SET valid_through = CURRENT_DATE - 1, posting_date = CURRENT_DATE - 40 WHERE id = $1',
        [old],
      );
      expect((await approve(admin, old)).json<JobDecision>().status).toBe('expired');
      expect(await statusOf(old)).toBe('expired');
    });

    it('refuses non-administrators (403), visitors (401), unknown jobs (404) and a hide without a reason (400)', async () => {
      const job = await postJob(t.app, poster.cookie);
      expect(expectErrorShape(await hide(seeker, job), 403)).toBe(MODERATION_MESSAGES.adminsOnly);
      expect(expectErrorShape(await hide(poster, job), 403)).toBe(MODERATION_MESSAGES.adminsOnly);
      expect(expectErrorShape(await approve(undefined, job), 401)).toBe(MESSAGES.notSignedIn);
      expect(expectErrorShape(await hide(admin, randomUUID()), 404)).toBe(MESSAGES.jobNotFound);
      expect(expectErrorShape(await hide(admin, job, '   '), 400)).toMatch(/^reason/);
      expect(await statusOf(job)).toBe('open');
    });
  });

  describe('ban', () => {
    it('ends the sessions, refuses sign-in with its message, hides the jobs; unban lets the account sign in again', async () => {
      const q = word();
      const spammer = await signUpAndSignIn(t.app);
      const jobs = [
        await postJob(t.app, spammer.cookie, { jobTitle: `Spam ${q}` }),
        await postJob(t.app, spammer.cookie, { jobTitle: `Spam ${q} two` }),
      ];
      await report(seeker, jobs[0] ?? '');
      expect((await searchIds(q)).sort()).toEqual([...jobs].sort());

      const banned = await ban(admin, spammer.user._id, 'Posts scams');
      expect(banned.statusCode).toBe(200);
      expect(banned.json<BanAnswer>()).toMatchObject({
        userId: spammer.user._id,
        bannedAt: expect.any(String),
        hiddenJobs: 2,
      });

      expect(
        expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(spammer) }), 401),
      ).toBe(MESSAGES.notSignedIn);
      expect(await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [spammer.user._id])).toEqual([]);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: spammer.user.email, password: spammer.password },
      });
      expect(expectErrorShape(signIn, 403)).toBe(MODERATION_MESSAGES.accountBanned);
      expect(signIn.cookies.find((c) => c.name.endsWith('jobboard_session') && c.value)).toBeUndefined();
      // A wrong password still hears only "wrong email or password": the ban is told to the owner alone.
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email: spammer.user.email, password: 'not the password' },
      });
      expect(expectErrorShape(wrong, 401)).toBe(MESSAGES.wrongCredentials);

      expect(await searchIds(q)).toEqual([]);
      for (const job of jobs) expect(expectErrorShape(await jobAs(seeker, job), 404)).toBe(MESSAGES.jobNotFound);
      expect((await queue(admin)).json<QueuePage>().items.map((i) => i.job._id)).not.toContain(jobs[0]);
      // Approving a banned poster's job is refused until the account is unbanned.
      expect((await approve(admin, jobs[0] ?? '')).statusCode).toBe(409);

      const unbanned = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${spammer.user._id}/unban`,
        headers: as(admin),
      });
      expect(unbanned.json<BanAnswer>()).toMatchObject({ bannedAt: null });
      expect((await signInAs(t.app, spammer.user.email, spammer.password)).user._id).toBe(spammer.user._id);
      // Its jobs stay hidden until approved one by one.
      expect(await searchIds(q)).toEqual([]);
    });

    it('a banned account asking for a password reset hears the usual answer and gets no link; unbanned, it does', async () => {
      const banned = await signUpAndSignIn(t.app);
      expect((await ban(admin, banned.user._id)).statusCode).toBe(200);
      const resetLinks = async () =>
        (
          await t.db.query('SELECT 1 FROM account_tokens WHERE user_id = $1 AND purpose = $2', [
            banned.user._id,
            'reset-password',
          ])
        ).length;
      const forgot = () =>
        t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: banned.user.email } });
      const asked = await forgot();
      expect(asked.statusCode).toBe(200);
      expect(asked.json()).toEqual({ success: true, message: MESSAGES.resetSent });
      expect(await resetLinks()).toBe(0);
      await t.app.inject({ method: 'POST', url: `/api/admin/users/${banned.user._id}/unban`, headers: as(admin) });
      expect((await forgot()).statusCode).toBe(200);
      expect(await resetLinks()).toBe(1);
    });

    it('refuses to ban an administrator (409), an unknown account (404), and non-administrators (403)', async () => {
      expect(expectErrorShape(await ban(admin, admin.user._id), 409)).toBe(MODERATION_MESSAGES.cannotBanAdmin);
      expect(expectErrorShape(await ban(admin, randomUUID()), 404)).toBe(MESSAGES.userNotFound);
      expect(expectErrorShape(await ban(seeker, poster.user._id), 403)).toBe(MODERATION_MESSAGES.adminsOnly);
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(poster) })).statusCode).toBe(200);
    });
  });

  describe('the lists of decisions: hidden jobs and banned accounts', () => {
    const list = (person: SignedInUser | undefined, path: 'hidden-jobs' | 'banned-users', page = 1) =>
      t.app.inject({ method: 'GET', url: `/api/admin/${path}?page=${page}`, headers: as(person) });

    it('lists a hidden job with its reason until it is approved (unhidden), and it is back in search', async () => {
      const q = word();
      const job = await postJob(t.app, poster.cookie, { jobTitle: `Hidden ${q}` });
      expect((await hide(admin, job, 'Looks like a scam')).statusCode).toBe(200);
      const listed = await list(admin, 'hidden-jobs');
      expect(listed.statusCode).toBe(200);
      const page = listed.json<HiddenJobsPage>();
      expect(page).toMatchObject({ page: 1, pageSize: expect.any(Number), total: expect.any(Number) });
      const item = page.items.find((i) => i.job._id === job);
      expect(item?.job.moderation).toMatchObject({ state: 'hidden', reason: 'Looks like a scam' });
      expect(item?.poster).toMatchObject({ id: poster.user._id, email: poster.user.email, bannedAt: null });
      // Newest decision first: the job hidden last heads the list.
      expect(page.items[0]?.job._id).toBe(job);

      expect((await approve(admin, job)).statusCode).toBe(200);
      expect((await list(admin, 'hidden-jobs')).json<HiddenJobsPage>().items.map((i) => i.job._id)).not.toContain(job);
      expect(await searchIds(q)).toEqual([job]);
    });

    it('lists a banned account with its reason and hidden jobs until it is unbanned', async () => {
      const spammer = await signUpAndSignIn(t.app);
      await postJob(t.app, spammer.cookie, { jobTitle: 'Spam' });
      expect((await ban(admin, spammer.user._id, 'Spam again')).statusCode).toBe(200);
      const page = (await list(admin, 'banned-users')).json<BannedUsersPage>();
      expect(page.items[0]).toEqual({
        id: spammer.user._id,
        name: spammer.user.name,
        email: spammer.user.email,
        bannedAt: expect.any(String),
        reason: 'Spam again',
        hiddenJobs: 1,
      });
      const unban = await t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${spammer.user._id}/unban`,
        headers: as(admin),
      });
      expect(unban.statusCode).toBe(200);
      expect((await list(admin, 'banned-users')).json<BannedUsersPage>().items.map((i) => i.id)).not.toContain(
        spammer.user._id,
      );
    });

    it('is for administrators only (401, 403) and names a bad page (400); past the end: no items', async () => {
      const banned = await signUpAndSignIn(t.app);
      await postJob(t.app, banned.cookie, { jobTitle: 'Hidden by a ban' });
      expect((await ban(admin, banned.user._id)).statusCode).toBe(200);
      for (const path of ['hidden-jobs', 'banned-users'] as const) {
        expect(expectErrorShape(await list(undefined, path), 401)).toBe(MESSAGES.notSignedIn);
        expect(expectErrorShape(await list(seeker, path), 403)).toBe(MODERATION_MESSAGES.adminsOnly);
        expect(expectErrorShape(await list(poster, path), 403)).toBe(MODERATION_MESSAGES.adminsOnly);
        expect(
          expectErrorShape(
            await t.app.inject({ method: 'GET', url: `/api/admin/${path}?page=0`, headers: as(admin) }),
            400,
          ),
        ).toContain('page');
        const far = (await list(admin, path, 9999)).json<HiddenJobsPage | BannedUsersPage>();
        expect(far.items).toEqual([]);
        expect(far.total).toBeGreaterThan(0);
      }
    });
  });

  describe('who is an administrator', () => {
    it('tells the web app through /api/auth/me (isAdmin), and only for a verified listed address', async () => {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(admin) });
      expect(me.json<Account>().isAdmin).toBe(true);
      expect(
        Object.keys((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(seeker) })).json<Account>()),
      ).not.toContain('isAdmin');

      // Someone signs up first with a listed address they do not own: nothing is granted until it is confirmed.
      const listed = `second-admin-${randomBytes(4).toString('hex')}@example.com`;
      const other = await buildTestApp(kind, { adminEmails: [listed] });
      try {
        const squatter = await signUpAndSignIn(other.app, { email: listed }, { verified: false });
        const mine = await other.app.inject({ method: 'GET', url: '/api/auth/me', headers: as(squatter) });
        expect(mine.json<Account>().isAdmin).toBeUndefined();
        expect(
          expectErrorShape(
            await other.app.inject({ method: 'GET', url: '/api/admin/queue', headers: as(squatter) }),
            403,
          ),
        ).toBe(MODERATION_MESSAGES.adminsOnly);
        await other.db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [listed]);
        expect(
          (await other.app.inject({ method: 'GET', url: '/api/admin/queue', headers: as(squatter) })).statusCode,
        ).toBe(200);
      } finally {
        await other.close();
      }
    });
  });
});

describeEachDb('moderation API: MODERATION=pre and the posting limit', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;

  beforeAll(async () => {
    t = await buildTestApp(kind, { adminEmails: [adminEmail], moderation: 'pre', postsPerDay: 3 });
    admin = await signUpAndSignIn(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    await t?.close();
  });

  const search = async (q: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/job/search?q=${q}` })).json<SearchResult>().items.map((j) => j._id);

  it('holds a new account\'s job for review: pending, out of search, "awaiting review" to its poster, in the queue; approval opens it', async () => {
    const q = `zq${randomBytes(5).toString('hex')}`;
    const newcomer = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, newcomer.cookie, { jobTitle: `Pending ${q}` });
    expect((await t.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job]))[0]?.status).toBe(
      'pending',
    );
    expect(await search(q)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${job}` })).statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'GET',
      url: `/api/job/all-jobs/${job}`,
      headers: { cookie: newcomer.cookie },
    });
    expect(own.json<Job>()).toMatchObject({ status: 'open', moderation: { state: 'pending', reason: null } });
    const queued = (
      await t.app.inject({ method: 'GET', url: '/api/admin/queue', headers: { cookie: admin.cookie } })
    ).json<QueuePage>();
    expect(queued.items.find((i) => i.job._id === job)).toMatchObject({ reportCount: 0, reasons: [], reports: [] });

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${job}/approve`,
      headers: { cookie: admin.cookie },
    });
    expect(approved.json<JobDecision>().status).toBe('open');
    expect(await search(q)).toEqual([job]);
  });

  it('publishes at once the jobs of accounts older than 7 days and of administrators', async () => {
    const q = `zq${randomBytes(5).toString('hex')}`;
    const veteran = await signUpAndSignIn(t.app);
    await t.db.query("UPDATE users SET created_at = now() - interval '8 days' WHERE id = $1", [veteran.user._id]);
    const job = await postJob(t.app, veteran.cookie, { jobTitle: `Veteran ${q}` });
    const adminJob = await postJob(t.app, admin.cookie, { jobTitle: `Admin ${q}` });
    expect((await search(q)).sort()).toEqual([job, adminJob].sort());
  });

  it('refuses a post beyond POSTS_PER_DAY with 429, its message and Retry-After; a deleted job does not give its post back', async () => {
    const busy = await signUpAndSignIn(t.app);
    const first = await postJob(t.app, busy.cookie);
    await postJob(t.app, busy.cookie);
    await postJob(t.app, busy.cookie);
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/job/post-job',
      headers: { cookie: busy.cookie },
      payload: jobBody(),
    });
    expect(expectErrorShape(over, 429)).toBe(MODERATION_MESSAGES.postingLimit(3));
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/job/delete/${first}`, headers: { cookie: busy.cookie } }))
        .statusCode,
    ).toBe(200);
    const still = await t.app.inject({
      method: 'POST',
      url: '/api/job/post-job',
      headers: { cookie: busy.cookie },
      payload: jobBody(),
    });
    expect(still.statusCode).toBe(429);
    // A day later the posts no longer count.
    await t.db.query("UPDATE job_posting_log SET posted_at = posted_at - interval '25 hours' WHERE user_id = $1", [
      busy.user._id,
    ]);
    expect(typeof (await postJob(t.app, busy.cookie))).toBe('string');
    // Another account has its own count.
    expect(typeof (await postJob(t.app, (await signUpAndSignIn(t.app)).cookie))).toBe('string');
  });

  it('counts parallel posts in turn: exactly POSTS_PER_DAY of 6 at once succeed', async () => {
    const racer = await signUpAndSignIn(t.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/job/post-job',
          headers: { cookie: racer.cookie },
          payload: jobBody(),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429, 429]);
  });
});
