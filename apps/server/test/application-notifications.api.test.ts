import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  buildTestApp,
  describeEachDb,
  joinCompany,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/**
 * Issue 33, item 1: a job's team (its poster and its company's members) hears of each new application by e-mail, or
 * once a day, or not at all (the job's choice), and sees how many applications it has not looked at yet.
 */
describeEachDb('application notifications', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  let recruiter: SignedInUser;
  let outsider: SignedInUser;
  let job: string;

  const mailsTo = (email: string) =>
    t.db.query<{ subject: string; text: string; delay: number }>(
      `SELECT data->>'subject' AS subject, data->>'text' AS text, extract(epoch FROM start_after - created_on)::float8 AS delay
         FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1 AND data->>'subject' LIKE 'New application%'
        ORDER BY created_on`,
      [email],
    );
  const apply = async (jobId: string) => {
    const seeker = await signUpAndSignIn(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: seeker.cookie },
      payload: { job: jobId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return seeker;
  };
  const setMode = (jobId: string, mode: string, cookie = poster.cookie) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/applications/jobs/${jobId}/notifications`,
      headers: { cookie },
      payload: { mode },
    });
  const unseen = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/applications/unseen', headers: { cookie } });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [poster, recruiter, outsider] = [
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
    ];
    const company = `Notify Works ${kind}`;
    job = await postJob(t.app, poster.cookie, { companyName: company, jobTitle: 'Lighthouse Keeper' });
    const [row] = await t.db.query<{ slug: string }>(
      'SELECT c.slug FROM companies c JOIN jobs j ON j.company_id = c.id WHERE j.id = $1',
      [job],
    );
    await joinCompany(t.app, poster.cookie, row?.slug ?? '', recruiter);
  });
  afterAll(async () => {
    await t.close();
  });

  it('e-mails the poster and each member once per application, naming the applicant and linking Responses; not the applicant', async () => {
    const seeker = await apply(job);
    for (const member of [poster, recruiter]) {
      const [mail, ...more] = await mailsTo(member.user.email);
      expect(more).toEqual([]);
      expect(mail?.subject).toBe('New application: Lighthouse Keeper');
      expect(mail?.text).toContain(`${seeker.user.name} applied to “Lighthouse Keeper”.`);
      expect(mail?.text).toContain(`/responses?job=${job}`);
      expect(mail?.delay).toBeLessThan(1);
    }
    expect(await mailsTo(seeker.user.email)).toEqual([]);
    expect(await mailsTo(outsider.user.email)).toEqual([]);
  });

  it('daily: one digest a day however many apply, sent a day after the first; off: none', async () => {
    const daily = await postJob(t.app, poster.cookie, { jobTitle: 'Night Watch' });
    expect((await setMode(daily, 'daily')).json()).toEqual({ mode: 'daily' });
    await apply(daily);
    await apply(daily);
    const digests = (await mailsTo(poster.user.email)).filter((m) => m.subject.includes('Night Watch'));
    expect(digests.map((m) => m.subject)).toEqual(['New applications today: Night Watch']);
    expect(digests[0]?.delay).toBeGreaterThan(86_399);

    const quiet = await postJob(t.app, poster.cookie, { jobTitle: 'Quiet Keeper' });
    expect((await setMode(quiet, 'off')).statusCode).toBe(200);
    await apply(quiet);
    expect((await mailsTo(poster.user.email)).filter((m) => m.subject.includes('Quiet Keeper'))).toEqual([]);
  });

  it("counts unseen applications per job until the team member looks; each member's own count", async () => {
    const before = (await unseen(recruiter.cookie)).json<{ total: number; jobs: Record<string, number> }>();
    expect(before.jobs[job]).toBe(1);
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/applications/seen',
      headers: { cookie: recruiter.cookie },
      payload: { jobId: job },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json<{ jobs: Record<string, number> }>().jobs[job]).toBeUndefined();
    // The poster has not looked: still unseen for them.
    expect((await unseen(poster.cookie)).json<{ jobs: Record<string, number> }>().jobs[job]).toBe(1);
    await apply(job);
    expect((await unseen(recruiter.cookie)).json<{ jobs: Record<string, number> }>().jobs[job]).toBe(1);
    expect((await unseen(outsider.cookie)).json()).toEqual({ total: 0, jobs: {} });
  });

  it("refuses another account's job, a bad mode and a bad id, naming the field", async () => {
    expect((await setMode(job, 'daily', outsider.cookie)).statusCode).toBe(404);
    const bad = await setMode(job, 'hourly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/mode/);
    expect((await setMode('not-an-id', 'daily')).statusCode).toBe(404);
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/applications/seen',
      headers: { cookie: outsider.cookie },
      payload: { jobId: job },
    });
    expect(seen.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/applications/unseen' })).statusCode).toBe(401);
  });
});
