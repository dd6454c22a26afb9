import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, toIsoDate, type Job } from '@jobboard/shared';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  jobBody,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/** Every field name of a job in docs/product.md, "Data". */
const JOB_FIELDS = [
  '_id',
  'companyLogo',
  'companyName',
  'description',
  'employmentType',
  'experienceLevel',
  'jobLocation',
  'jobTitle',
  'maxPrice',
  'minPrice',
  'postedBy',
  'postingDate',
  'salaryType',
  'skills',
];

/** The job model's fields (issue 11), answered beside the spec's, the poster's public name, the job's language. */
const MODEL_FIELDS = [
  'company',
  'language',
  'location',
  'posterName',
  'remoteCountries',
  'salary',
  'status',
  'validThrough',
  'workplace',
];
const ANSWER_FIELDS = [...JOB_FIELDS, ...MODEL_FIELDS].sort();

describeEachDb('jobs API', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await signUpAndSignIn(t.app);
    bob = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  async function jobRow(id: string) {
    const rows = await t.db.query<{
      poster_id: string;
      job_title: string;
      max_price: string;
      max_price_k: string | null;
      posting_date: string;
    }>(
      'SELECT poster_id, job_title, max_price, max_price_k::text AS max_price_k, posting_date::text AS posting_date FROM jobs WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  describe('POST /api/job/post-job', () => {
    it('creates the job: 201 {acknowledged, insertedId}, postedBy and postingDate from the server', async () => {
      const before = toIsoDate(new Date());
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/job/post-job',
        headers: { cookie: alice.cookie },
        payload: jobBody({
          jobTitle: 'Backend Engineer',
          postedBy: bob.user.email,
          postingDate: '1999-01-01',
          _id: '123e4567-e89b-12d3-a456-426614174000',
        }),
      });
      const after = toIsoDate(new Date());
      expect(response.statusCode).toBe(201);
      const body = response.json<{ acknowledged: boolean; insertedId: string }>();
      expect(Object.keys(body).sort()).toEqual(['acknowledged', 'insertedId']);
      expect(body.acknowledged).toBe(true);
      expect(body.insertedId).toMatch(/^[0-9a-f-]{36}$/);
      expect(body.insertedId).not.toBe('123e4567-e89b-12d3-a456-426614174000');

      const row = await jobRow(body.insertedId);
      expect(row?.poster_id).toBe(alice.user._id);
      expect(row?.job_title).toBe('Backend Engineer');
      expect(row?.max_price_k).toBe('120');
      expect([before, after]).toContain(row?.posting_date);

      // The poster reads their own address; anyone else the poster's public name (posted-by.api.test.ts).
      const job = (
        await t.app.inject({
          method: 'GET',
          url: `/api/job/all-jobs/${body.insertedId}`,
          headers: { cookie: alice.cookie },
        })
      ).json<Job>();
      expect(job.postedBy).toBe(alice.user.email);
      expect(job.postingDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect([before, after]).toContain(job.postingDate);
    });

    it('creates one job for concurrent posts with one Idempotency-Key, answering the same insertedId', async () => {
      const key = randomUUID();
      const title = `Idempotent ${randomUUID()}`;
      const post = (who: SignedInUser, k: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/job/post-job',
          headers: { cookie: who.cookie, 'idempotency-key': k },
          payload: jobBody({ jobTitle: title }),
        });
      const [first, second] = await Promise.all([post(alice, key), post(alice, key.toUpperCase())]);
      expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
      const ids = [first, second].map((r) => r.json<{ acknowledged: boolean; insertedId: string }>());
      expect(ids[0]).toEqual({ acknowledged: true, insertedId: expect.any(String) });
      expect(ids[1]).toEqual(ids[0]);
      const titled = async () =>
        (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs WHERE job_title = $1', [title]))[0]?.n;
      expect(await titled()).toBe(1);
      // A retry later still answers the first job.
      expect((await post(alice, key)).json<{ insertedId: string }>().insertedId).toBe(ids[0]?.insertedId);

      // Another poster's same key is another job; a post without a key is always a new one.
      const bobs = await post(bob, key);
      expect(bobs.statusCode).toBe(201);
      expect(bobs.json<{ insertedId: string }>().insertedId).not.toBe(ids[0]?.insertedId);
      await postJob(t.app, alice.cookie, { jobTitle: title });
      expect(await titled()).toBe(3);
    });

    it('refuses a malformed Idempotency-Key with 400 naming the header, storing nothing', async () => {
      const title = `Bad key ${randomUUID()}`;
      for (const bad of ['not-a-uuid', '', `${randomUUID()}x`]) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/job/post-job',
          headers: { cookie: alice.cookie, 'idempotency-key': bad },
          payload: jobBody({ jobTitle: title }),
        });
        expect(expectErrorShape(response, 400)).toMatch(/^Idempotency-Key: /);
      }
      expect((await t.db.query('SELECT 1 FROM jobs WHERE job_title = $1', [title])).length).toBe(0);
    });

    it('refuses a visitor with 401 and stores nothing', async () => {
      const count = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]?.n;
      const before = await count();
      const response = await t.app.inject({ method: 'POST', url: '/api/job/post-job', payload: jobBody() });
      expect(expectErrorShape(response, 401)).toBe(MESSAGES.notSignedIn);
      expect(await count()).toBe(before);
    });

    it('refuses a body with every required field missing, naming each field', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/job/post-job',
        headers: { cookie: alice.cookie },
        payload: {},
      });
      const message = expectErrorShape(response, 400);
      for (const field of JOB_FIELDS.filter((f) => !['_id', 'postedBy', 'postingDate'].includes(f))) {
        expect(message).toContain(field);
      }
    });

    it.each([
      ['jobTitle', { jobTitle: '' }],
      ['companyName', { companyName: '   ' }],
      ['salaryType', { salaryType: '' as never }],
      ['employmentType', { employmentType: 'Forever' as never }],
      ['experienceLevel', { experienceLevel: 'Guru' as never }],
      ['skills', { skills: [] }],
      ['skills', { skills: Array.from({ length: 21 }, (_, i) => ({ value: `Skill ${i}`, label: `Skill ${i}` })) }],
      ['skills', { skills: [{ value: 'x'.repeat(41), label: 'long' }] }],
      ['skills', { skills: [{ value: '   ', label: 'blank' }] }],
      ['description', { description: 'x'.repeat(10_001) }],
      ['minPrice', { minPrice: 42 as never }],
    ])('refuses a bad %s with 400 naming it', async (field, overrides) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/job/post-job',
        headers: { cookie: alice.cookie },
        payload: jobBody(overrides),
      });
      expect(expectErrorShape(response, 400)).toContain(field);
    });

    it.each(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'not a url'])(
      'refuses companyLogo %j',
      async (companyLogo) => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/job/post-job',
          headers: { cookie: alice.cookie },
          payload: jobBody({ companyLogo }),
        });
        expect(expectErrorShape(response, 400)).toContain('companyLogo');
        const rows = await t.db.query('SELECT 1 FROM jobs WHERE company_logo = $1', [companyLogo]);
        expect(rows).toHaveLength(0);
      },
    );

    it('accepts a logo path on this site', async () => {
      const id = await postJob(t.app, alice.cookie, { companyLogo: '/static/logos/acme.svg' });
      const job = (await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}` })).json<Job>();
      expect(job.companyLogo).toBe('/static/logos/acme.svg');
    });

    it('refuses an unknown field with 400 naming it', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/job/post-job',
        headers: { cookie: alice.cookie },
        payload: { ...jobBody(), isFeatured: true },
      });
      expect(expectErrorShape(response, 400)).toContain('isFeatured');
    });

    it('stores skills with their canonical labels, without duplicates', async () => {
      const id = await postJob(t.app, alice.cookie, {
        skills: [
          { value: 'React', label: '<img src=x onerror=alert(1)>' },
          { value: 'C++', label: 'cpp' },
          { value: 'React', label: 'React again' },
        ],
      });
      const job = (await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}` })).json<Job>();
      expect(job.skills).toEqual([
        { value: 'React', label: 'React' },
        { value: 'C++', label: 'C++' },
      ]);
    });

    it('keeps prices as free text and derives the salary in thousands', async () => {
      const id = await postJob(t.app, alice.cookie, { minPrice: 'negotiable', maxPrice: '120,000' });
      const job = (await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}` })).json<Job>();
      expect(job.minPrice).toBe('negotiable');
      expect(job.maxPrice).toBe('120,000');
      expect((await jobRow(id))?.max_price_k).toBe('120');
    });
  });

  describe('GET /api/job/all-jobs', () => {
    it('streams every job as a JSON array with the spec field names and no password anywhere', async () => {
      const id = await postJob(t.app, bob.cookie, { jobTitle: 'Streamed Job' });
      const response = await t.app.inject({ method: 'GET', url: '/api/job/all-jobs' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const jobs = JSON.parse(response.body) as Job[];
      expect(Array.isArray(jobs)).toBe(true);
      const total = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]?.n;
      expect(jobs).toHaveLength(total ?? -1);
      for (const job of jobs) expect(Object.keys(job).sort()).toEqual(ANSWER_FIELDS);
      const mine = jobs.find((j) => j._id === id);
      expect(mine).toMatchObject({ jobTitle: 'Streamed Job', postedBy: bob.user.name, posterName: bob.user.name });
      expect(response.body).not.toMatch(/password|argon2|hash/i);
    });

    it('streams more jobs than one batch, in insertion order', async () => {
      const owner = await signUpAndSignIn(t.app);
      // Bulk insert past the 500-row batch size of the stream.
      const [company] = await t.db.query<{ id: string }>(
        `INSERT INTO companies (slug, name, created_by) VALUES ('bulk-co', 'Co', $1) RETURNING id`,
        [owner.user._id],
      );
      await t.db.query(
        `INSERT INTO jobs (poster_id, company_id, job_title, company_name, company_logo, job_location, employment_type,
           experience_level, salary_type, min_price, max_price, description)
         SELECT $1, $2, 'Bulk ' || g, 'Co', 'https://example.com/l.png', 'Boston', 'Part-time', 'No Experience',
           'Hourly', '10', '20', 'd' FROM generate_series(1, 520) g`,
        [owner.user._id, company?.id],
      );
      const response = await t.app.inject({ method: 'GET', url: '/api/job/all-jobs' });
      const jobs = JSON.parse(response.body) as Job[];
      const total = (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]?.n;
      expect(jobs).toHaveLength(total ?? -1);
      expect(new Set(jobs.map((j) => j._id)).size).toBe(jobs.length);
      const bulk = jobs.filter((j) => j.jobTitle.startsWith('Bulk ')).map((j) => Number(j.jobTitle.slice(5)));
      expect(bulk).toEqual(Array.from({ length: 520 }, (_, i) => i + 1));
      await t.db.query('DELETE FROM jobs WHERE poster_id = $1', [owner.user._id]);
    });
  });

  describe('GET /api/job/all-jobs/:id', () => {
    it('answers one job with every field', async () => {
      const id = await postJob(t.app, alice.cookie, { jobTitle: 'One Job', jobLocation: 'Madrid' });
      const response = await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}` });
      expect(response.statusCode).toBe(200);
      const job = response.json<Job>();
      // One job's answer also carries its description as safe HTML (decision 27); lists do not.
      expect(Object.keys(job).sort()).toEqual([...ANSWER_FIELDS, 'descriptionHtml'].sort());
      expect(job).toMatchObject({
        _id: id,
        jobTitle: 'One Job',
        jobLocation: 'Madrid',
        companyName: 'Acme Inc',
        description: jobBody().description,
        postedBy: alice.user.name,
      });
    });

    it('answers 404 for an unknown id and for a malformed one', async () => {
      const unknown = await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${randomUUID()}` });
      expect(expectErrorShape(unknown, 404)).toBe(MESSAGES.jobNotFound);
      const malformed = await t.app.inject({ method: 'GET', url: '/api/job/all-jobs/not-an-id' });
      expect(expectErrorShape(malformed, 404)).toBe(MESSAGES.jobNotFound);
      const injection = await t.app.inject({
        method: 'GET',
        url: `/api/job/all-jobs/${encodeURIComponent("1' OR '1'='1")}`,
      });
      expect(expectErrorShape(injection, 404)).toBe(MESSAGES.jobNotFound);
    });
  });

  describe('GET /api/job/myJobs/:email', () => {
    it("lists the caller's own jobs only, newest first", async () => {
      const carol = await signUpAndSignIn(t.app);
      const first = await postJob(t.app, carol.cookie, { jobTitle: 'Carol first' });
      const second = await postJob(t.app, carol.cookie, { jobTitle: 'Carol second' });
      await postJob(t.app, bob.cookie, { jobTitle: 'Bob job' });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/job/myJobs/${encodeURIComponent(carol.user.email)}`,
        headers: { cookie: carol.cookie },
      });
      expect(response.statusCode).toBe(200);
      const jobs = response.json<Job[]>();
      expect(jobs.map((j) => j._id)).toEqual([second, first]);
      expect(jobs.every((j) => j.postedBy === carol.user.email)).toBe(true);
      for (const job of jobs) expect(Object.keys(job).sort()).toEqual(ANSWER_FIELDS);
    });

    it('answers an empty list for a user with no jobs, and accepts the email in another case', async () => {
      const dave = await signUpAndSignIn(t.app);
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/job/myJobs/${encodeURIComponent(dave.user.email.toUpperCase())}`,
        headers: { cookie: dave.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([]);
    });

    it("refuses another user's email with 403 and a visitor with 401", async () => {
      await postJob(t.app, alice.cookie);
      const other = await t.app.inject({
        method: 'GET',
        url: `/api/job/myJobs/${encodeURIComponent(alice.user.email)}`,
        headers: { cookie: bob.cookie },
      });
      expect(expectErrorShape(other, 403)).not.toContain(alice.user.email);
      const visitor = await t.app.inject({
        method: 'GET',
        url: `/api/job/myJobs/${encodeURIComponent(alice.user.email)}`,
      });
      expect(expectErrorShape(visitor, 401)).toBe(MESSAGES.notSignedIn);
    });
  });

  describe('PATCH /api/job/update-job/:id', () => {
    it('lets the owner update: 200 {acknowledged, modifiedCount: 1}, stored', async () => {
      const id = await postJob(t.app, alice.cookie, { jobTitle: 'Before' });
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: alice.cookie },
        payload: { jobTitle: 'After', maxPrice: '$45k', skills: [{ value: 'Python', label: 'py' }] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      const row = await jobRow(id);
      expect(row).toMatchObject({
        job_title: 'After',
        max_price: '$45k',
        max_price_k: '45',
        poster_id: alice.user._id,
      });
      const job = (await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}` })).json<Job>();
      expect(job.skills).toEqual([{ value: 'Python', label: 'Python' }]);
      expect(job.companyName).toBe('Acme Inc');
    });

    it('accepts the whole form sent back, but a body _id, postedBy or postingDate changes nothing', async () => {
      const id = await postJob(t.app, alice.cookie);
      const before = await jobRow(id);
      const otherId = randomUUID();
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: alice.cookie },
        payload: {
          ...jobBody({ jobTitle: 'Edited' }),
          _id: otherId,
          postedBy: bob.user.email,
          postingDate: '2001-01-01',
        },
      });
      expect(response.statusCode).toBe(200);
      const row = await jobRow(id);
      expect(row).toMatchObject({ job_title: 'Edited', poster_id: alice.user._id, posting_date: before?.posting_date });
      expect(await t.db.query('SELECT 1 FROM jobs WHERE id = $1', [otherId])).toHaveLength(0);
      const job = (
        await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}`, headers: { cookie: alice.cookie } })
      ).json<Job>();
      expect(job.postedBy).toBe(alice.user.email);
    });

    it('refuses another user with 403, a visitor with 401, and changes nothing', async () => {
      const id = await postJob(t.app, alice.cookie, { jobTitle: 'Mine' });
      const other = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: bob.cookie },
        payload: { jobTitle: 'Stolen' },
      });
      expectErrorShape(other, 403);
      const visitor = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        payload: { jobTitle: 'Stolen' },
      });
      expect(expectErrorShape(visitor, 401)).toBe(MESSAGES.notSignedIn);
      expect((await jobRow(id))?.job_title).toBe('Mine');
    });

    it('answers 404 for a malformed or unknown id', async () => {
      const malformed = await t.app.inject({
        method: 'PATCH',
        url: '/api/job/update-job/not-an-id',
        headers: { cookie: alice.cookie },
        payload: { jobTitle: 'x' },
      });
      expect(expectErrorShape(malformed, 404)).toBe(MESSAGES.jobNotFound);
      const unknown = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${randomUUID()}`,
        headers: { cookie: alice.cookie },
        payload: { jobTitle: 'x' },
      });
      expect(expectErrorShape(unknown, 404)).toBe(MESSAGES.jobNotFound);
    });

    it('refuses bad input with 400: unsafe logo, unknown field, nothing to update', async () => {
      const id = await postJob(t.app, alice.cookie);
      const send = (payload: object) =>
        t.app.inject({ method: 'PATCH', url: `/api/job/update-job/${id}`, headers: { cookie: alice.cookie }, payload });
      expect(expectErrorShape(await send({ companyLogo: 'javascript:alert(1)' }), 400)).toContain('companyLogo');
      expect(expectErrorShape(await send({ poster_id: bob.user._id }), 400)).toContain('poster_id');
      expectErrorShape(await send({}), 400);
      expect(expectErrorShape(await send({ jobTitle: '' }), 400)).toContain('jobTitle');
      expect((await jobRow(id))?.poster_id).toBe(alice.user._id);
    });
  });

  describe('DELETE /api/job/delete/:id', () => {
    it('lets the owner delete the job, with the applications to it', async () => {
      const id = await postJob(t.app, alice.cookie);
      const keep = await postJob(t.app, alice.cookie);
      for (const job of [id, keep]) {
        const applied = await t.app.inject({
          method: 'POST',
          url: '/api/apply/apply-job',
          headers: { cookie: bob.cookie },
          payload: { job },
        });
        expect(applied.statusCode).toBe(201);
      }
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/job/delete/${id}`,
        headers: { cookie: alice.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ acknowledged: true, deletedCount: 1 });
      expect(await t.db.query('SELECT 1 FROM jobs WHERE id = $1', [id])).toHaveLength(0);
      expect(await t.db.query('SELECT 1 FROM applications WHERE job_id = $1', [id])).toHaveLength(0);
      expect(await t.db.query('SELECT 1 FROM applications WHERE job_id = $1', [keep])).toHaveLength(1);
      const gone = await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}` });
      expect(expectErrorShape(gone, 404)).toBe(MESSAGES.jobNotFound);
      const again = await t.app.inject({
        method: 'DELETE',
        url: `/api/job/delete/${id}`,
        headers: { cookie: alice.cookie },
      });
      expect(expectErrorShape(again, 404)).toBe(MESSAGES.jobNotFound);
    });

    it('refuses another user with 403 and a visitor with 401; the job stays', async () => {
      const id = await postJob(t.app, alice.cookie);
      const other = await t.app.inject({
        method: 'DELETE',
        url: `/api/job/delete/${id}`,
        headers: { cookie: bob.cookie },
      });
      expectErrorShape(other, 403);
      const visitor = await t.app.inject({ method: 'DELETE', url: `/api/job/delete/${id}` });
      expect(expectErrorShape(visitor, 401)).toBe(MESSAGES.notSignedIn);
      expect(await t.db.query('SELECT 1 FROM jobs WHERE id = $1', [id])).toHaveLength(1);
    });

    it('answers 404 for DELETE /api/job/delete/not-an-id and keeps serving', async () => {
      const response = await t.app.inject({
        method: 'DELETE',
        url: '/api/job/delete/not-an-id',
        headers: { cookie: alice.cookie },
      });
      expect(expectErrorShape(response, 404)).toBe(MESSAGES.jobNotFound);
      const visitor = await t.app.inject({ method: 'DELETE', url: '/api/job/delete/not-an-id' });
      expectErrorShape(visitor, 401);
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const id = await postJob(t.app, alice.cookie);
      expect((await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${id}` })).statusCode).toBe(200);
    });
  });
});
