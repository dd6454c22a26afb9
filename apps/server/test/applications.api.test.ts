import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type Application } from '@jobboard/shared';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

const APPLICATION_FIELDS = [
  '_id',
  'applicantEmail',
  'applicantName',
  'applicantResume',
  'appliedDate',
  // Added beside the spec's fields (issue 33 point 4; decision record 44): the applicant's headline, location, links.
  'candidate',
  'companyName',
  // Added beside the spec's fields by the apply dialog (issue 14 point 1; decision record 23): what the applicant sent.
  'coverNote',
  'cv',
  'job',
  // Added beside the spec's fields: where the job stands (open, closed, expired, removed).
  'jobStatus',
  'jobTitle',
  'maxPrice',
  'minPrice',
  'postedBy',
  // Added beside the spec's fields: the job's structured pay, so Applied Jobs shows it in its currency (issue 29).
  'salary',
  // Added beside the spec's fields by the pipeline (issue 14; decision record 18): nothing else may appear.
  'stage',
  'user',
  'withdrawnAt',
];

describeEachDb('applications API', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    // Queries in lockstep (see interleavingDb), so the parallel applies below truly race on PGlite too.
    t = await buildTestApp(kind, {}, { interleave: true });
    alice = await signUpAndSignIn(t.app);
    bob = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  const apply = (cookie: string | undefined, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: cookie ? { cookie } : {},
      payload,
    });

  const applicationRows = (jobId: string) =>
    t.db.query<{ user_id: string }>('SELECT user_id FROM applications WHERE job_id = $1', [jobId]);

  describe('POST /api/apply/apply-job', () => {
    it('applies: 201 {acknowledged: true}, one row for the signed-in user', async () => {
      const job = await postJob(t.app, alice.cookie);
      const response = await apply(bob.cookie, { job, user: bob.user._id });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ acknowledged: boolean; insertedId: string }>();
      expect(body.acknowledged).toBe(true);
      const rows = await t.db.query<{ id: string; user_id: string }>(
        'SELECT id, user_id FROM applications WHERE job_id = $1',
        [job],
      );
      expect(rows).toEqual([{ id: body.insertedId, user_id: bob.user._id }]);
    });

    it('ignores a body user that is someone else: the applicant is the signed-in user', async () => {
      const carol = await signUpAndSignIn(t.app);
      const job = await postJob(t.app, alice.cookie);
      const response = await apply(bob.cookie, { job, user: carol.user._id });
      expect(response.statusCode).toBe(201);
      expect(await applicationRows(job)).toEqual([{ user_id: bob.user._id }]);
    });

    it("refuses a visitor with 401 and exactly 'Sign in to apply for jobs', before looking at the body", async () => {
      const job = await postJob(t.app, alice.cookie);
      const response = await apply(undefined, { job });
      expect(expectErrorShape(response, 401)).toBe('Sign in to apply for jobs');
      expect(MESSAGES.signInToApply).toBe('Sign in to apply for jobs');
      const noBody = await t.app.inject({ method: 'POST', url: '/api/apply/apply-job' });
      expect(expectErrorShape(noBody, 401)).toBe('Sign in to apply for jobs');
      const badBody = await apply(undefined, { job: 'not-an-id' });
      expect(expectErrorShape(badBody, 401)).toBe('Sign in to apply for jobs');
      const staleCookie = await apply('jobboard_session=' + 'A'.repeat(43), { job });
      expect(expectErrorShape(staleCookie, 401)).toBe('Sign in to apply for jobs');
      expect(await applicationRows(job)).toEqual([]);
    });

    it("refuses the poster's own job with 403 and exactly 'You cannot apply to your own posted job'", async () => {
      const job = await postJob(t.app, alice.cookie);
      const response = await apply(alice.cookie, { job });
      expect(expectErrorShape(response, 403)).toBe('You cannot apply to your own posted job');
      expect(MESSAGES.cannotApplyOwnJob).toBe('You cannot apply to your own posted job');
      expect(await applicationRows(job)).toEqual([]);
    });

    it('refuses a second application with 409 and keeps one row', async () => {
      const job = await postJob(t.app, alice.cookie);
      expect((await apply(bob.cookie, { job })).statusCode).toBe(201);
      const second = await apply(bob.cookie, { job });
      expect(expectErrorShape(second, 409)).toBe(MESSAGES.alreadyAppliedError);
      expect(await applicationRows(job)).toHaveLength(1);
    });

    it('answers 404 for an unknown job and 400 naming the field for a malformed or missing one', async () => {
      const unknown = await apply(bob.cookie, { job: randomUUID() });
      expect(expectErrorShape(unknown, 404)).toBe(MESSAGES.jobNotFound);
      expect(expectErrorShape(await apply(bob.cookie, { job: 'not-an-id' }), 400)).toContain('job');
      expect(expectErrorShape(await apply(bob.cookie, {}), 400)).toContain('job');
      expect(expectErrorShape(await apply(bob.cookie, { job: randomUUID(), status: 'hired' }), 400)).toContain(
        'status',
      );
    });

    it('makes exactly one application out of 20 parallel applies by one user to one job', async () => {
      const job = await postJob(t.app, alice.cookie);
      const responses = await Promise.all(Array.from({ length: 20 }, () => apply(bob.cookie, { job })));
      const codes = responses.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const r of responses.filter((x) => x.statusCode === 409)) {
        expect(expectErrorShape(r, 409)).toBe(MESSAGES.alreadyAppliedError);
      }
      expect(await applicationRows(job)).toEqual([{ user_id: bob.user._id }]);
    });
  });

  describe('GET /api/apply/appliedJobs', () => {
    it('answers only the applications the caller made or received', async () => {
      const poster = await signUpAndSignIn(t.app);
      const applicant = await signUpAndSignIn(t.app);
      const third = await signUpAndSignIn(t.app);
      const outsider = await signUpAndSignIn(t.app);
      const posterJob = await postJob(t.app, poster.cookie, {
        jobTitle: 'Poster job',
        minPrice: '$10k',
        maxPrice: '$30k',
      });
      const thirdJob = await postJob(t.app, third.cookie, { jobTitle: 'Third job' });
      // Received by poster; made by applicant.
      expect((await apply(applicant.cookie, { job: posterJob })).statusCode).toBe(201);
      // Made by poster.
      expect((await apply(poster.cookie, { job: thirdJob })).statusCode).toBe(201);
      // Neither made nor received by poster: a third user's application to a third user's job.
      expect((await apply(outsider.cookie, { job: thirdJob })).statusCode).toBe(201);

      const list = async (who: SignedInUser) => {
        const response = await t.app.inject({
          method: 'GET',
          url: '/api/apply/appliedJobs',
          headers: { cookie: who.cookie },
        });
        expect(response.statusCode).toBe(200);
        return response.json<Application[]>();
      };

      const posterList = await list(poster);
      expect(posterList.map((a) => `${a.user}->${a.job}`).sort()).toEqual(
        [`${applicant.user._id}->${posterJob}`, `${poster.user._id}->${thirdJob}`].sort(),
      );
      expect(posterList.some((a) => a.user === outsider.user._id)).toBe(false);
      for (const a of posterList) expect(Object.keys(a).sort()).toEqual(APPLICATION_FIELDS);
      const received = posterList.find((a) => a.job === posterJob);
      expect(received).toMatchObject({
        jobTitle: 'Poster job',
        minPrice: '$10k',
        maxPrice: '$30k',
        postedBy: poster.user.email,
        applicantEmail: applicant.user.email,
        applicantName: applicant.user.name,
        companyName: 'Acme Inc',
      });
      expect(new Date(received?.appliedDate ?? '').toString()).not.toBe('Invalid Date');

      const applicantList = await list(applicant);
      expect(applicantList.map((a) => a.job)).toEqual([posterJob]);

      const thirdList = await list(third);
      expect(thirdList.map((a) => a.user).sort()).toEqual([poster.user._id, outsider.user._id].sort());

      const outsiderList = await list(outsider);
      expect(outsiderList.map((a) => `${a.user}->${a.job}`)).toEqual([`${outsider.user._id}->${thirdJob}`]);

      const nobody = await signUpAndSignIn(t.app);
      expect(await list(nobody)).toEqual([]);
      const raw = (
        await t.app.inject({ method: 'GET', url: '/api/apply/appliedJobs', headers: { cookie: third.cookie } })
      ).body;
      expect(raw).not.toMatch(/password|argon2/i);
    });

    it('refuses a visitor with 401', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/apply/appliedJobs' });
      expect(expectErrorShape(response, 401)).toBe(MESSAGES.notSignedIn);
    });
  });

  describe('GET /api/apply/appliedJobs/:userId', () => {
    it("answers the user's own applications, not the ones they received", async () => {
      const poster = await signUpAndSignIn(t.app);
      const applicant = await signUpAndSignIn(t.app);
      const job1 = await postJob(t.app, poster.cookie);
      const job2 = await postJob(t.app, bob.cookie);
      const applicantJob = await postJob(t.app, applicant.cookie);
      expect((await apply(applicant.cookie, { job: job1 })).statusCode).toBe(201);
      expect((await apply(applicant.cookie, { job: job2 })).statusCode).toBe(201);
      expect((await apply(poster.cookie, { job: applicantJob })).statusCode).toBe(201);

      const response = await t.app.inject({
        method: 'GET',
        url: `/api/apply/appliedJobs/${applicant.user._id}`,
        headers: { cookie: applicant.cookie },
      });
      expect(response.statusCode).toBe(200);
      const list = response.json<Application[]>();
      expect(list.map((a) => a.job).sort()).toEqual([job1, job2].sort());
      expect(list.every((a) => a.user === applicant.user._id)).toBe(true);
      for (const a of list) expect(Object.keys(a).sort()).toEqual(APPLICATION_FIELDS);
    });

    it("carries the job's structured pay beside the spec's salary text", async () => {
      const poster = await signUpAndSignIn(t.app);
      const applicant = await signUpAndSignIn(t.app);
      const pounds = await postJob(t.app, poster.cookie, {
        minPrice: undefined,
        maxPrice: undefined,
        salaryType: undefined,
        salary: { min: 68000, max: 85000, currency: 'GBP', period: 'year' },
      } as never);
      const text = await postJob(t.app, poster.cookie, { minPrice: '$20k', maxPrice: '$120k' });
      for (const job of [pounds, text]) expect((await apply(applicant.cookie, { job })).statusCode).toBe(201);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/apply/appliedJobs/${applicant.user._id}`,
        headers: { cookie: applicant.cookie },
      });
      const byJob = Object.fromEntries(response.json<Application[]>().map((a) => [a.job, a]));
      expect(byJob[pounds]).toMatchObject({
        minPrice: '68000',
        maxPrice: '85000',
        salary: { min: 68000, max: 85000, currency: 'GBP', period: 'year' },
      });
      expect(byJob[text]).toMatchObject({
        minPrice: '$20k',
        maxPrice: '$120k',
        salary: { min: 20000, max: 120000, currency: 'USD', period: 'year' },
      });
    });

    it('says where each job stands: open, closed by its poster, or past its closing date', async () => {
      const poster = await signUpAndSignIn(t.app);
      const applicant = await signUpAndSignIn(t.app);
      const [open, closed, expired] = [
        await postJob(t.app, poster.cookie),
        await postJob(t.app, poster.cookie),
        await postJob(t.app, poster.cookie),
      ];
      for (const job of [open, closed, expired]) expect((await apply(applicant.cookie, { job })).statusCode).toBe(201);
      const close = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${closed}`,
        headers: { cookie: poster.cookie },
        payload: { status: 'closed' },
      });
      expect(close.statusCode).toBe(200);
      // Past its closing date, before the expiry sweep has marked it: expired all the same.
      await t.db.query('UPDATE jobs SET valid_through = CURRENT_DATE - 1 WHERE id = $1', [expired]);
      const statusOf = async (who: SignedInUser, url: string) => {
        const response = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } });
        expect(response.statusCode).toBe(200);
        return Object.fromEntries(response.json<Application[]>().map((a) => [a.job, a.jobStatus]));
      };
      const expected = { [open]: 'open', [closed]: 'closed', [expired]: 'expired' };
      expect(await statusOf(applicant, `/api/apply/appliedJobs/${applicant.user._id}`)).toEqual(expected);
      // The poster's list of applications received says the same.
      expect(await statusOf(poster, '/api/apply/appliedJobs')).toEqual(expected);
    });

    it('refuses another user with 403, a visitor with 401, a malformed id with 404', async () => {
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/apply/appliedJobs/${bob.user._id}`,
        headers: { cookie: alice.cookie },
      });
      expectErrorShape(other, 403);
      const visitor = await t.app.inject({ method: 'GET', url: `/api/apply/appliedJobs/${bob.user._id}` });
      expect(expectErrorShape(visitor, 401)).toBe(MESSAGES.notSignedIn);
      const malformed = await t.app.inject({
        method: 'GET',
        url: '/api/apply/appliedJobs/not-an-id',
        headers: { cookie: alice.cookie },
      });
      expect(expectErrorShape(malformed, 404)).toBe(MESSAGES.userNotFound);
    });
  });
});
