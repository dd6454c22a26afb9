import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGES,
  SAVED_JOBS_LIMITS,
  type SavedJobIds,
  type SavedJobsPage,
  type SavedJobState,
} from '@jobboard/shared';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/** Saved jobs (issue 13, point 5): a signed-in user's own list, idempotent saves, closed jobs marked, deleted ones gone. */
describeEachDb('saved jobs API', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    poster = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  const headersOf = (person: SignedInUser | undefined) => (person ? { cookie: person.cookie } : {});
  const save = (person: SignedInUser | undefined, jobId: string) =>
    t.app.inject({ method: 'PUT', url: `/api/saved-jobs/${jobId}`, headers: headersOf(person) });
  const unsave = (person: SignedInUser | undefined, jobId: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/saved-jobs/${jobId}`, headers: headersOf(person) });
  const list = (person: SignedInUser | undefined, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/saved-jobs${query}`, headers: headersOf(person) });
  const ids = async (person: SignedInUser) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/saved-jobs/ids', headers: headersOf(person) });
    expect(response.statusCode).toBe(200);
    return response.json<SavedJobIds>().ids;
  };
  const rowsOf = (person: SignedInUser) =>
    t.db.query<{ job_id: string }>('SELECT job_id FROM saved_jobs WHERE user_id = $1 ORDER BY job_id', [
      person.user._id,
    ]);

  describe('PUT /api/saved-jobs/:jobId', () => {
    it('saves a job for the signed-in user: 200 with the state, one row', async () => {
      const me = await signUpAndSignIn(t.app);
      const job = await postJob(t.app, poster.cookie);
      const response = await save(me, job);
      expect(response.statusCode).toBe(200);
      const state = response.json<SavedJobState>();
      expect(state).toEqual({ jobId: job, saved: true, savedAt: expect.any(String) });
      expect(Number.isNaN(Date.parse(state.savedAt ?? ''))).toBe(false);
      expect(await rowsOf(me)).toEqual([{ job_id: job }]);
    });

    it('is idempotent: a second save keeps the first time and the place on the list', async () => {
      const me = await signUpAndSignIn(t.app);
      const first = await postJob(t.app, poster.cookie);
      const second = await postJob(t.app, poster.cookie);
      const once = (await save(me, first)).json<SavedJobState>();
      await save(me, second);
      const again = await save(me, first);
      expect(again.statusCode).toBe(200);
      expect(again.json<SavedJobState>()).toEqual(once);
      expect(await rowsOf(me)).toHaveLength(2);
      expect(await ids(me)).toEqual([second, first]);
    });

    it('answers 404 "Job not found" for an unknown job and for a malformed id, and stores nothing', async () => {
      const me = await signUpAndSignIn(t.app);
      for (const id of [randomUUID(), 'not-an-id', '1', encodeURIComponent("1' OR '1'='1")]) {
        expect(expectErrorShape(await save(me, id), 404)).toBe(MESSAGES.jobNotFound);
      }
      expect(await rowsOf(me)).toEqual([]);
    });

    it('saves a closed job too (a bookmark is not an application)', async () => {
      const me = await signUpAndSignIn(t.app);
      const job = await postJob(t.app, poster.cookie);
      await t.db.query("UPDATE jobs SET status = 'closed' WHERE id = $1", [job]);
      expect((await save(me, job)).statusCode).toBe(200);
    });

    it(`refuses a save beyond ${SAVED_JOBS_LIMITS.perUser} with 409 and its message; a saved one still saves, and unsaving makes room`, async () => {
      const me = await signUpAndSignIn(t.app);
      const template = await postJob(t.app, poster.cookie, { jobTitle: 'Many of these' });
      const jobs = await copiesOf(template, SAVED_JOBS_LIMITS.perUser + 1);
      const [extra, ...rest] = jobs;
      await t.db.query('INSERT INTO saved_jobs (user_id, job_id) SELECT $1, unnest($2::uuid[])', [me.user._id, rest]);
      const full = await save(me, extra ?? '');
      expect(expectErrorShape(full, 409)).toBe(MESSAGES.savedJobsFull);
      expect(MESSAGES.savedJobsFull).toContain(SAVED_JOBS_LIMITS.perUser.toLocaleString('en-US'));
      expect((await save(me, rest[0] ?? '')).statusCode).toBe(200);
      expect((await unsave(me, rest[0] ?? '')).statusCode).toBe(200);
      expect((await save(me, extra ?? '')).statusCode).toBe(200);
      expect((await rowsOf(me)).length).toBe(SAVED_JOBS_LIMITS.perUser);
    });

    it('lets parallel saves past the limit through only up to it', async () => {
      const me = await signUpAndSignIn(t.app);
      const template = await postJob(t.app, poster.cookie, { jobTitle: 'Raced for' });
      const jobs = await copiesOf(template, SAVED_JOBS_LIMITS.perUser + 18);
      const head = jobs.slice(0, SAVED_JOBS_LIMITS.perUser - 2);
      await t.db.query('INSERT INTO saved_jobs (user_id, job_id) SELECT $1, unnest($2::uuid[])', [me.user._id, head]);
      const answers = await Promise.all(jobs.slice(SAVED_JOBS_LIMITS.perUser - 2).map((job) => save(me, job)));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, ...Array<number>(18).fill(409)]);
      expect((await rowsOf(me)).length).toBe(SAVED_JOBS_LIMITS.perUser);
    });
  });

  describe('DELETE /api/saved-jobs/:jobId', () => {
    it('unsaves, and is idempotent (a job not saved, or unknown, answers the same)', async () => {
      const me = await signUpAndSignIn(t.app);
      const job = await postJob(t.app, poster.cookie);
      await save(me, job);
      for (const id of [job, job, randomUUID()]) {
        const response = await unsave(me, id);
        expect(response.statusCode).toBe(200);
        expect(response.json<SavedJobState>()).toEqual({ jobId: id, saved: false, savedAt: null });
      }
      expect(await rowsOf(me)).toEqual([]);
    });

    it('answers 404 for a malformed id', async () => {
      const me = await signUpAndSignIn(t.app);
      expect(expectErrorShape(await unsave(me, 'nope'), 404)).toBe(MESSAGES.jobNotFound);
    });
  });

  describe('GET /api/saved-jobs', () => {
    it('lists the saved jobs as cards, newest saved first, with status and savedAt', async () => {
      const me = await signUpAndSignIn(t.app);
      const a = await postJob(t.app, poster.cookie, { jobTitle: 'Saved first', description: 'x'.repeat(500) });
      const b = await postJob(t.app, poster.cookie, { jobTitle: 'Saved second' });
      await save(me, a);
      await save(me, b);
      const response = await list(me);
      expect(response.statusCode).toBe(200);
      const page = response.json<SavedJobsPage>();
      expect(page).toMatchObject({ total: 2, page: 1, pageSize: SAVED_JOBS_LIMITS.pageSize });
      expect(page.items.map((j) => j.jobTitle)).toEqual(['Saved second', 'Saved first']);
      const first = page.items[1];
      // The saver is not the poster: the poster's public name (posted-by.api.test.ts).
      expect(first).toMatchObject({ _id: a, status: 'open', companyName: 'Acme Inc', postedBy: poster.user.name });
      // The card's description, not the whole text.
      expect(first?.description.length).toBeLessThan(200);
      expect(Date.parse(first?.savedAt ?? '')).toBeLessThanOrEqual(Date.parse(page.items[0]?.savedAt ?? ''));
      expect(await ids(me)).toEqual([b, a]);
    });

    it('pages by SAVED_JOBS_LIMITS.pageSize; a page past the end is empty with the total', async () => {
      const me = await signUpAndSignIn(t.app);
      const template = await postJob(t.app, poster.cookie, { jobTitle: 'Paged' });
      const jobs = await copiesOf(template, SAVED_JOBS_LIMITS.pageSize + 3);
      for (const job of jobs) expect((await save(me, job)).statusCode).toBe(200);
      const one = (await list(me)).json<SavedJobsPage>();
      const two = (await list(me, '?page=2')).json<SavedJobsPage>();
      const three = (await list(me, '?page=3')).json<SavedJobsPage>();
      expect(one.items).toHaveLength(SAVED_JOBS_LIMITS.pageSize);
      expect(two.items).toHaveLength(3);
      expect(three).toEqual({ items: [], total: jobs.length, page: 3, pageSize: SAVED_JOBS_LIMITS.pageSize });
      // Newest saved first across pages, no job twice.
      expect([...one.items, ...two.items].map((j) => j._id)).toEqual([...jobs].reverse());
    });

    it('keeps closed and expired jobs listed, marked; a deleted job is gone from the list and the ids', async () => {
      const me = await signUpAndSignIn(t.app);
      const closed = await postJob(t.app, poster.cookie, { jobTitle: 'Will close' });
      const expired = await postJob(t.app, poster.cookie, { jobTitle: 'Will expire' });
      const deleted = await postJob(t.app, poster.cookie, { jobTitle: 'Will go' });
      for (const job of [closed, expired, deleted]) await save(me, job);
      const closing = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${closed}`,
        headers: { cookie: poster.cookie },
        payload: { status: 'closed' },
      });
      expect(closing.statusCode).toBe(200);
      // Past its closing date, whether or not the sweep has marked it.
      await t.db.query('UPDATE jobs SET valid_through = CURRENT_DATE - 1 WHERE id = $1', [expired]);
      const removing = await t.app.inject({
        method: 'DELETE',
        url: `/api/job/delete/${deleted}`,
        headers: { cookie: poster.cookie },
      });
      expect(removing.statusCode).toBe(200);
      const page = (await list(me)).json<SavedJobsPage>();
      expect(page.total).toBe(2);
      expect(Object.fromEntries(page.items.map((j) => [j._id, j.status]))).toEqual({
        [closed]: 'closed',
        [expired]: 'expired',
      });
      expect(await ids(me)).toEqual([expired, closed]);
      expect((await rowsOf(me)).map((r) => r.job_id)).not.toContain(deleted);
    });

    it('names the field of a bad page number (400)', async () => {
      const me = await signUpAndSignIn(t.app);
      for (const [query, text] of [
        ['?page=abc', 'page: page must be a whole number'],
        ['?page=0', 'page: page must be at least 1'],
        ['?page=1.5', 'page: page must be a whole number'],
        ['?page=99999', 'page: page must be at most 10000'],
      ] as const) {
        expect(expectErrorShape(await list(me, query), 400)).toBe(text);
      }
      expect(expectErrorShape(await list(me, '?sort=new'), 400)).toContain('sort');
    });
  });

  describe('per user', () => {
    it('another user neither sees nor changes my saved list', async () => {
      const me = await signUpAndSignIn(t.app);
      const other = await signUpAndSignIn(t.app);
      const mine = await postJob(t.app, poster.cookie, { jobTitle: 'Mine to keep' });
      const theirs = await postJob(t.app, poster.cookie, { jobTitle: 'Theirs to keep' });
      await save(me, mine);
      expect((await list(other)).json<SavedJobsPage>()).toMatchObject({ items: [], total: 0 });
      expect(await ids(other)).toEqual([]);
      await save(other, theirs);
      expect((await list(other)).json<SavedJobsPage>().items.map((j) => j._id)).toEqual([theirs]);
      expect((await list(me)).json<SavedJobsPage>().items.map((j) => j._id)).toEqual([mine]);
      await unsave(other, theirs);
      // Their unsave of the same job is about their own list: mine keeps it.
      expect((await unsave(other, mine)).statusCode).toBe(200);
      expect(await ids(me)).toEqual([mine]);
      // Their save is theirs: my list is unchanged, and their unsave later leaves mine alone.
      await save(other, mine);
      await unsave(other, mine);
      expect(await ids(me)).toEqual([mine]);
      expect(await ids(other)).toEqual([]);
    });

    it("deleting an account deletes its saved jobs, not the jobs or anyone else's", async () => {
      const me = await signUpAndSignIn(t.app);
      const other = await signUpAndSignIn(t.app);
      const job = await postJob(t.app, poster.cookie);
      await save(me, job);
      await save(other, job);
      const gone = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${me.user._id}`,
        headers: { cookie: me.cookie },
        payload: { currentPassword: me.password },
      });
      expect(gone.statusCode).toBe(200);
      expect(await rowsOf(me)).toEqual([]);
      expect(await ids(other)).toEqual([job]);
    });
  });

  describe('signed out', () => {
    it.each([
      ['GET', '/api/saved-jobs'],
      ['GET', '/api/saved-jobs?page=abc'],
      ['GET', '/api/saved-jobs/ids'],
      ['PUT', `/api/saved-jobs/${randomUUID()}`],
      ['PUT', '/api/saved-jobs/not-an-id'],
      ['DELETE', `/api/saved-jobs/${randomUUID()}`],
    ] as const)('%s %s answers 401 before anything else', async (method, url) => {
      const response = await t.app.inject({ method, url });
      expect(expectErrorShape(response, 401)).toBe(MESSAGES.notSignedIn);
    });

    it('a save from another site is refused (CSRF), and stores nothing', async () => {
      const me = await signUpAndSignIn(t.app);
      const job = await postJob(t.app, poster.cookie);
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/saved-jobs/${job}`,
        headers: { cookie: me.cookie, origin: 'https://evil.example' },
      });
      expectErrorShape(response, 403);
      expect(await rowsOf(me)).toEqual([]);
    });
  });

  /** `count` jobs copied from `template` in one statement (every column but the generated ones), oldest first. */
  async function copiesOf(template: string, count: number): Promise<string[]> {
    const columns = await t.db.query<{ name: string }>(
      `SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'jobs' AND column_default IS NULL AND is_generated = 'NEVER' AND is_identity = 'NO'
        ORDER BY ordinal_position`,
    );
    const list = columns.map((c) => `"${c.name}"`).join(', ');
    const rows = await t.db.query<{ id: string }>(
      `INSERT INTO jobs (${list}) SELECT ${list} FROM jobs, generate_series(1, $2) WHERE id = $1 RETURNING id, seq`,
      [template, count],
    );
    return rows.map((r) => r.id);
  }
});
