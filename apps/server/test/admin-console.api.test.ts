import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminJobsPage, AdminReportsPage, AdminUserDetail, AdminUsersPage } from '@jobboard/shared';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  joinCompany,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { readOutbox } from './outbox.js';

describeEachDb('the administrators’ console (issue 34 items 1 and 7)', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let poster: SignedInUser;
  let seeker: SignedInUser;
  const adminEmail = `console-admin-${kind}@example.com`;
  const envAdminEmail = `console-env-${kind}@example.com`;
  const send = (person: SignedInUser | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: person ? { cookie: person.cookie } : {}, ...(payload ? { payload } : {}) });
  const get = async <T>(url: string): Promise<T> => {
    const response = await send(admin, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const audit = async (action: string) =>
    (
      await get<{ items: { targetId: string; reason: string; adminEmail: string }[] }>(
        `/api/admin/audit?action=${action}`,
      )
    ).items;

  beforeAll(async () => {
    t = await buildTestApp(kind, { adminEmails: [adminEmail, envAdminEmail] });
    [admin, poster, seeker] = await Promise.all([
      signUpAndSignIn(t.app, { email: adminEmail, name: 'Console Admin' }),
      signUpAndSignIn(t.app, { name: 'Pat Poster' }),
      signUpAndSignIn(t.app, { name: 'Sam Seeker' }),
    ]);
  });
  afterAll(async () => t?.close());

  it('finds users by part of the name or e-mail, paged, with counts and admin state', async () => {
    await postJob(t.app, poster.cookie, { jobTitle: 'Console Counted' });
    const byName = await get<AdminUsersPage>('/api/admin/users?q=PAT%20post');
    expect(byName.items.map((u) => u.id)).toEqual([poster.user._id]);
    expect(byName.items[0]).toMatchObject({ jobs: 1, applications: 0, isAdmin: false, bannedAt: null });
    const byEmail = await get<AdminUsersPage>(`/api/admin/users?q=${encodeURIComponent(adminEmail.toUpperCase())}`);
    expect(byEmail.items[0]).toMatchObject({ id: admin.user._id, isAdmin: true, adminByEnvironment: true });
    // `%` and `_` are text, not wildcards.
    expect((await get<AdminUsersPage>('/api/admin/users?q=%25')).total).toBe(0);
    const all = await get<AdminUsersPage>('/api/admin/users');
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.pageSize).toBe(25);
    expect(expectErrorShape(await send(admin, 'GET', `/api/admin/users?q=${'x'.repeat(201)}`), 400)).toMatch(/^q/);
  });

  it("shows a user's jobs, applications, companies and the reports they made and received", async () => {
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Detail Role' });
    const applied = await send(seeker, 'POST', '/api/apply/apply-job', { job });
    expect(applied.statusCode, applied.body).toBe(201);
    expect((await send(seeker, 'POST', `/api/job/${job}/report`, { reason: 'spam' })).statusCode).toBe(201);
    const company = await send(poster, 'POST', '/api/companies', { name: 'Detail Co' });
    await joinCompany(t.app, poster.cookie, company.json<{ slug: string }>().slug, seeker);

    const ofSeeker = await get<AdminUserDetail>(`/api/admin/users/${seeker.user._id}`);
    expect(ofSeeker.applications.map((a) => a.jobTitle)).toContain('Detail Role');
    expect(ofSeeker.user.applications).toBe(ofSeeker.applications.length);
    expect(ofSeeker.companies).toEqual([expect.objectContaining({ name: 'Detail Co', creator: false })]);
    expect(ofSeeker.reportsMade).toEqual([expect.objectContaining({ jobId: job, reason: 'spam', outcome: null })]);
    const ofPoster = await get<AdminUserDetail>(`/api/admin/users/${poster.user._id}`);
    expect(ofPoster.jobs.map((j) => j.title)).toContain('Detail Role');
    expect(ofPoster.reportsReceived.map((r) => r.reporterEmail)).toEqual([seeker.user.email]);
    expect(ofPoster.companies).toContainEqual(expect.objectContaining({ name: 'Detail Co', creator: true }));
    expectErrorShape(await send(admin, 'GET', '/api/admin/users/00000000-0000-0000-0000-000000000000'), 404);
    expectErrorShape(await send(admin, 'GET', '/api/admin/users/nope'), 404);
  });

  it('lists jobs of every status, hides, unhides and closes them, each in the audit log with its reason', async () => {
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Lifecycle Role' });
    const statusOf = async () =>
      (await get<AdminJobsPage>('/api/admin/jobs?q=lifecycle')).items.find((j) => j.id === job)?.status;
    expect(await statusOf()).toBe('open');
    expect((await send(admin, 'POST', `/api/admin/jobs/${job}/hide`, { reason: 'Checking' })).statusCode).toBe(200);
    expect(await statusOf()).toBe('hidden');
    expect((await get<AdminJobsPage>('/api/admin/jobs?status=hidden')).items.map((j) => j.id)).toContain(job);
    expect((await get<AdminJobsPage>('/api/admin/jobs?status=open')).items.map((j) => j.id)).not.toContain(job);
    // Closed while hidden: it stays hidden, and unhiding gives it back closed.
    const close = await send(admin, 'POST', `/api/admin/jobs/${job}/close`, { reason: 'Filled, says the poster' });
    expect(close.statusCode, close.body).toBe(200);
    expect(await statusOf()).toBe('hidden');
    expect((await send(admin, 'POST', `/api/admin/jobs/${job}/approve`, { reason: 'Fine' })).statusCode).toBe(200);
    expect(await statusOf()).toBe('closed');
    expect((await get<AdminJobsPage>('/api/admin/jobs?status=closed&q=LIFECYCLE')).total).toBe(1);
    const open = await postJob(t.app, poster.cookie, { jobTitle: 'Closed Directly' });
    expect((await send(admin, 'POST', `/api/admin/jobs/${open}/close`, { reason: 'Spam wave' })).statusCode).toBe(200);
    const page = await send(null, 'GET', `/api/job/all-jobs/${open}`);
    expect(page.json<{ status: string }>().status).toBe('closed');
    expect((await audit('job.close')).map((e) => [e.targetId, e.reason])).toEqual([
      [open, 'Spam wave'],
      [job, 'Filled, says the poster'],
    ]);
    expectErrorShape(await send(admin, 'POST', `/api/admin/jobs/${open}/close`, {}), 400);
    expect(expectErrorShape(await send(admin, 'GET', '/api/admin/jobs?status=gone'), 400)).toMatch(/^status/);
  });

  it('lists open and closed reports with their outcome, and the reporter is mailed the outcome', async () => {
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Reported In Console' });
    expect((await send(seeker, 'POST', `/api/job/${job}/report`, { reason: 'scam' })).statusCode).toBe(201);
    const open = await get<AdminReportsPage>('/api/admin/reports?state=open');
    expect(open.items.find((r) => r.jobId === job)).toMatchObject({ outcome: null, reporterEmail: seeker.user.email });
    expect((await send(admin, 'POST', `/api/admin/jobs/${job}/hide`, { reason: 'Scam' })).statusCode).toBe(200);
    const closed = await get<AdminReportsPage>('/api/admin/reports?state=closed');
    expect(closed.items.find((r) => r.jobId === job)).toMatchObject({ outcome: 'hidden', jobStatus: 'hidden' });
    expect((await get<AdminReportsPage>('/api/admin/reports')).items.map((r) => r.jobId)).not.toContain(job);
    const outbox = path.join(t.config.dataDir, 'outbox');
    await expect
      .poll(
        () =>
          readOutbox(outbox).filter(
            (m) =>
              m.to.includes(seeker.user.email) &&
              /the job was removed/.test(m.subject) &&
              m.text.includes('Reported In Console'),
          ).length,
        { timeout: 15_000 },
      )
      .toBe(1);
    expectErrorShape(await send(admin, 'GET', '/api/admin/reports?state=maybe'), 400);
  });

  it('resends a confirmation link to an unconfirmed account only', async () => {
    const fresh = await signUpAndSignIn(t.app, {}, { verified: false });
    const outbox = path.join(t.config.dataDir, 'outbox');
    const links = () => readOutbox(outbox).filter((m) => m.to.includes(fresh.user.email)).length;
    await expect.poll(links, { timeout: 15_000 }).toBe(1); // the sign-up's own
    const resent = await send(admin, 'POST', `/api/admin/users/${fresh.user._id}/resend-confirmation`);
    expect(resent.statusCode, resent.body).toBe(200);
    await expect.poll(links, { timeout: 15_000 }).toBe(2);
    expect((await audit('user.resend-confirmation'))[0]?.targetId).toBe(fresh.user._id);
    const confirmed = await send(admin, 'POST', `/api/admin/users/${seeker.user._id}/resend-confirmation`, {});
    expect(expectErrorShape(confirmed, 409)).toBe('The address is already confirmed');
  });

  it('grants and revokes the role, refusing itself, ADMIN_EMAILS and unconfirmed addresses', async () => {
    const helper = await signUpAndSignIn(t.app);
    const grant = await send(admin, 'POST', `/api/admin/users/${helper.user._id}/grant-admin`, { reason: 'On call' });
    expect(grant.statusCode, grant.body).toBe(200);
    // The new administrator opens the console at once, and may not revoke their own role.
    expect((await send(helper, 'GET', '/api/admin/users')).statusCode).toBe(200);
    const self = await send(helper, 'POST', `/api/admin/users/${helper.user._id}/revoke-admin`, { reason: 'x' });
    expect(expectErrorShape(self, 409)).toBe('You cannot revoke your own administrator role');
    const env = await send(helper, 'POST', `/api/admin/users/${admin.user._id}/revoke-admin`, { reason: 'x' });
    expect(expectErrorShape(env, 409)).toMatch(/ADMIN_EMAILS/);
    const revoke = await send(admin, 'POST', `/api/admin/users/${helper.user._id}/revoke-admin`, { reason: 'Left' });
    expect(revoke.statusCode).toBe(200);
    expectErrorShape(await send(helper, 'GET', '/api/admin/users'), 403);
    expect((await audit('admin.grant'))[0]).toMatchObject({ targetId: helper.user._id, reason: 'On call', adminEmail });
    expect((await audit('admin.revoke'))[0]).toMatchObject({ targetId: helper.user._id, reason: 'Left' });
    const unconfirmed = await signUpAndSignIn(t.app, {}, { verified: false });
    const refused = await send(admin, 'POST', `/api/admin/users/${unconfirmed.user._id}/grant-admin`, { reason: 'x' });
    expect(expectErrorShape(refused, 409)).toMatch(/confirmed/);
    expect(
      expectErrorShape(await send(admin, 'POST', `/api/admin/users/${helper.user._id}/grant-admin`, {}), 400),
    ).toMatch(/reason/);
  });

  it('deletes an account with everything of it, not an administrator, with an audit line', async () => {
    const leaving = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, leaving.cookie, { jobTitle: 'Goes With Account' });
    const deleted = await send(admin, 'DELETE', `/api/admin/users/${leaving.user._id}`, { reason: 'Asked by e-mail' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [leaving.user._id])).toHaveLength(0);
    expect(await t.db.query('SELECT 1 FROM jobs WHERE id = $1', [job])).toHaveLength(0);
    expect((await send(leaving, 'GET', '/api/auth/me')).statusCode).toBe(401);
    expect((await audit('user.delete'))[0]).toMatchObject({ targetId: leaving.user._id, reason: 'Asked by e-mail' });
    expectErrorShape(await send(admin, 'DELETE', `/api/admin/users/${leaving.user._id}`, { reason: 'again' }), 404);
    const self = await send(admin, 'DELETE', `/api/admin/users/${admin.user._id}`, { reason: 'x' });
    expect(expectErrorShape(self, 409)).toMatch(/Administrators cannot be deleted/);
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [admin.user._id])).toHaveLength(1);
  });

  describe('who may use it', () => {
    const routes: [method: 'GET' | 'POST' | 'DELETE', url: (id: string) => string][] = [
      ['GET', () => '/api/admin/users'],
      ['GET', (id) => `/api/admin/users/${id}`],
      ['POST', (id) => `/api/admin/users/${id}/resend-confirmation`],
      ['POST', (id) => `/api/admin/users/${id}/grant-admin`],
      ['POST', (id) => `/api/admin/users/${id}/revoke-admin`],
      ['DELETE', (id) => `/api/admin/users/${id}`],
      ['GET', () => '/api/admin/jobs'],
      ['POST', (id) => `/api/admin/jobs/${id}/close`],
      ['GET', () => '/api/admin/reports'],
    ];
    it('answers 401 to a visitor and 403 to anyone else, before reading the body', async () => {
      for (const [method, url] of routes) {
        expectErrorShape(await send(null, method, url(seeker.user._id), { reason: 'x' }), 401);
        expectErrorShape(await send(poster, method, url(seeker.user._id), { bogus: 1 }), 403);
      }
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [seeker.user._id])).toHaveLength(1);
    });
  });
});
