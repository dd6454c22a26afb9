import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  EMPLOYMENT_TYPES,
  EXPERIENCE_LEVELS,
  MESSAGES,
  SALARY_TYPES,
  SKILL_OPTIONS,
  type Job,
  type JobCreateBody,
  type SearchResult,
} from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { SearchIndex } from '../src/modules/search/search-index.js';
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

/**
 * Reliability suite 3 (docs/reliability.md): races. The database, not a prior SELECT, must be the judge: many requests at once for the
 * same thing make exactly one row, and parallel edits leave one consistent row and exact precomputed counts.
 *
 * The app's queries go through `interleavingDb`: on PGlite (one connection, sub-millisecond queries) parallel
 * injected requests would otherwise run one after another, and a check-then-insert or a field-by-field UPDATE
 * would pass here while failing on PostgreSQL. In lockstep every request's check runs before any request's write,
 * on both databases. Shown able to fail: apply as SELECT-then-INSERT without the unique constraint gets 100 x 201
 * on PGlite; PATCH as one UPDATE per field leaves a row mixing several bodies.
 */

const APPLIES = 100;
const SIGNUPS = 50;
const EDITS = 24;

/**
 * What is derived from the jobs, against the jobs themselves: the titles and skills the search index counts for
 * completions and spelling (`index`, loaded before the writes and kept in step by job_changes), and the search's
 * total and facets (the app's index, exact at this size) against a direct count of open jobs.
 */
async function derivedDrift(t: TestApp, index: SearchIndex): Promise<{ stored: string[]; direct: string[] }> {
  await index.current();
  const kept = index
    .vocabulary()
    .map((r) => `${r.text}|${r.n}`)
    .sort();
  const counted = await t.db.query<{ k: string }>(
    `SELECT lower(job_title) || '|' || count(*) AS k FROM jobs WHERE status = 'open' GROUP BY lower(job_title)
     UNION ALL SELECT key || '|' || count(*) FROM jobs, unnest(skill_keys) AS key WHERE status = 'open' GROUP BY key`,
  );
  const search = (await t.app.inject({ method: 'GET', url: '/api/job/search?workplace=on-site' })).json<SearchResult>();
  const [open] = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM jobs WHERE status = 'open' AND valid_through >= CURRENT_DATE AND workplace = 'on-site'`,
  );
  return {
    stored: [...kept, `search|${search.total}`],
    direct: [...counted.map((r) => r.k).sort(), `search|${open?.n ?? -1}`],
  };
}

/** A full job body whose every field differs from the other bodies' (and moves the job between facets). */
function editBody(i: number): JobCreateBody {
  const locations = ['London', 'Seattle', 'Madrid', 'Boston', 'Lisbon'];
  const prices = ['$25k', '45', '70,000', '$95k', '150k', 'negotiable'];
  const skill = SKILL_OPTIONS[i % SKILL_OPTIONS.length] ?? { value: 'React', label: 'React' };
  return {
    jobTitle: `Edit ${i} title`,
    companyName: `Edit ${i} company`,
    companyLogo: `https://example.com/edit-${i}.png`,
    jobLocation: locations[i % locations.length] ?? 'London',
    employmentType: EMPLOYMENT_TYPES[i % EMPLOYMENT_TYPES.length] ?? 'Full-time',
    experienceLevel: EXPERIENCE_LEVELS[(i >> 1) % EXPERIENCE_LEVELS.length] ?? 'Any Experience',
    salaryType: SALARY_TYPES[i % SALARY_TYPES.length] ?? 'Yearly',
    minPrice: `min ${i}`,
    maxPrice: prices[i % prices.length] ?? '$20k',
    description: `Edit ${i}: a description long enough to be a real one, different for every edit.`,
    skills: [{ value: skill.value, label: skill.label }],
  };
}

const EDITED_FIELDS = [
  'jobTitle',
  'companyName',
  'companyLogo',
  'jobLocation',
  'employmentType',
  'experienceLevel',
  'salaryType',
  'minPrice',
  'maxPrice',
  'description',
  'skills',
] as const;

describeEachDb('concurrency', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  let applicant: SignedInUser;
  let index: SearchIndex;

  beforeAll(async () => {
    t = await buildTestApp(
      kind,
      {
        rateLimits: {
          ...DEFAULT_RATE_LIMITS,
          signInPerAddress: { limit: 10_000, windowMs: 60_000 },
          signInFailuresPerAccount: { limit: 10_000, windowMs: 60_000 },
          signUpPerAddress: { limit: 10_000, windowMs: 60_000 },
          // These tests race many edits of one job; the edit limits themselves are companies-security's.
          jobEditsPerJob: { limit: 10_000, windowMs: 60_000 },
          jobEditsPerAccount: { limit: 10_000, windowMs: 60_000 },
        },
      },
      { interleave: true },
    );
    poster = await signUpAndSignIn(t.app);
    applicant = await signUpAndSignIn(t.app);
    index = new SearchIndex(t.db);
    await index.load();
  });
  afterAll(async () => {
    await index.close();
    await t.close();
  });

  it(
    `${APPLIES} parallel applies by one user to one job make exactly one application; the others are 409`,
    { timeout: 120_000 },
    async () => {
      const job = await postJob(t.app, poster.cookie);
      const responses = await Promise.all(
        Array.from({ length: APPLIES }, () =>
          t.app.inject({
            method: 'POST',
            url: '/api/apply/apply-job',
            headers: { cookie: applicant.cookie },
            payload: { job },
          }),
        ),
      );
      const created = responses.filter((r) => r.statusCode === 201);
      const conflicts = responses.filter((r) => r.statusCode === 409);
      expect(created).toHaveLength(1);
      expect(conflicts).toHaveLength(APPLIES - 1);
      for (const response of conflicts) expect(expectErrorShape(response, 409)).toBe(MESSAGES.alreadyAppliedError);
      const rows = await t.db.query<{ id: string; user_id: string }>(
        'SELECT id, user_id FROM applications WHERE job_id = $1',
        [job],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]?.user_id).toBe(applicant.user._id);
      expect(rows[0]?.id).toBe(created[0]?.json<{ insertedId: string }>().insertedId);
    },
  );

  it(
    `${SIGNUPS} parallel sign-ups with one email make exactly one account; every one answers like a success`,
    { timeout: 180_000 },
    async () => {
      const email = `race-${kind}-${Date.now()}@example.com`;
      const responses = await Promise.all(
        Array.from({ length: SIGNUPS }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/signup',
            payload: {
              name: `Racer ${i}`,
              username: `racer-${kind}-${i}-${Date.now()}`,
              email,
              password: `race passphrase ${i}`,
            },
          }),
        ),
      );
      const statuses = responses.map((r) => r.statusCode);
      // A taken address answers exactly like a free one (decision record 25), lost races included.
      expect(statuses).toEqual(Array(SIGNUPS).fill(201));
      for (const response of responses)
        expect(response.json()).toEqual({ success: true, message: MESSAGES.signUpSuccess });
      const accounts = await t.db.query<{ name: string }>('SELECT name FROM users WHERE email = $1', [email]);
      expect(accounts).toHaveLength(1);
      // The account is the winner's, and the winner's password signs in.
      const winner = Number(accounts[0]?.name.replace('Racer ', ''));
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password: `race passphrase ${winner}` },
      });
      expect(signIn.statusCode).toBe(200);
    },
  );

  it(
    `${EDITS} parallel full-body PATCHes of one job leave exactly one body's fields (never a mix) and exact derived counts`,
    { timeout: 120_000 },
    async () => {
      // Other jobs around it, so the counts have something to be wrong about.
      for (let i = 0; i < 6; i += 1) await postJob(t.app, poster.cookie, editBody(100 + i));
      const job = await postJob(t.app, poster.cookie, jobBody({ jobTitle: 'Before the race' }));
      const bodies = Array.from({ length: EDITS }, (_, i) => editBody(i));
      const responses = await Promise.all(
        bodies.map((payload) =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/job/update-job/${job}`,
            headers: { cookie: poster.cookie },
            payload,
          }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(bodies.map(() => 200));

      const final = (await t.app.inject({ method: 'GET', url: `/api/job/all-jobs/${job}` })).json<Job>();
      // Field by field, skills as value/label pairs (the order of keys inside a JSON column is not the body's).
      const picked = (body: JobCreateBody | Job) =>
        JSON.stringify(
          EDITED_FIELDS.map((f) => (f === 'skills' ? body.skills.map((s) => [s.value, s.label]) : body[f])),
        );
      const matches = bodies.filter((body) => picked(body) === picked(final));
      expect(matches, `final row ${picked(final)} is no single body`).toHaveLength(1);
      // The derived salary column belongs to the same body as the text it comes from.
      const [row] = await t.db.query<{ max_price: string; max_price_k: string | null }>(
        'SELECT max_price, max_price_k FROM jobs WHERE id = $1',
        [job],
      );
      const expectedK = { $25k: '25', '45': '45', '70,000': '70', $95k: '95', '150k': '150', negotiable: null }[
        row?.max_price ?? ''
      ];
      expect(row?.max_price_k === null ? null : String(Number(row?.max_price_k))).toBe(expectedK);

      const { stored, direct } = await derivedDrift(t, index);
      expect(stored).toEqual(direct);
    },
  );

  it(
    'parallel posts, edits and deletes of many jobs keep the index counts and the search equal to a direct count',
    { timeout: 120_000 },
    async () => {
      const ids = await Promise.all(
        Array.from({ length: 20 }, (_, i) => postJob(t.app, poster.cookie, editBody(200 + i))),
      );
      const work = [
        ...ids.slice(0, 10).map((id, i) =>
          t.app.inject({
            method: 'PATCH',
            url: `/api/job/update-job/${id}`,
            headers: { cookie: poster.cookie },
            payload: editBody(300 + i),
          }),
        ),
        ...ids
          .slice(5, 15)
          .map((id) =>
            t.app.inject({ method: 'DELETE', url: `/api/job/delete/${id}`, headers: { cookie: poster.cookie } }),
          ),
        ...Array.from({ length: 10 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/job/post-job',
            headers: { cookie: poster.cookie },
            payload: editBody(400 + i),
          }),
        ),
      ];
      const statuses = (await Promise.all(work)).map((r) => r.statusCode);
      // An edit racing the delete of the same job may find it gone (404); nothing else may fail.
      expect(statuses.every((s) => [200, 201, 404].includes(s))).toBe(true);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      const { stored, direct } = await derivedDrift(t, index);
      expect(stored).toEqual(direct);
      expect(direct.length).toBeGreaterThan(5);
    },
  );
});
