import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildTestApp, describeEachDb, expectErrorShape, postJob, signUpAndSignIn, type SignedInUser, type TestApp } from './helpers.js';

/**
 * The employer's side (issue 14) seen by everyone it concerns: every route of the hiring pipeline, job statistics,
 * CVs and moderation, asked by a visitor, a seeker (who applied), the job's poster, a member of the job's company,
 * a poster of another job, an administrator and a banned account. authorization-matrix.test.ts checks every route
 * of the app for visitor / other / owner; this file adds the actors the employer's side brings. Each cell is one
 * request with its expected status: any other status, a success above all, fails its test.
 */

const ACTORS = ['visitor', 'seeker', 'poster', 'member', 'otherPoster'] as const;
type Actor = (typeof ACTORS)[number];

interface World {
  t: TestApp;
  people: Record<Exclude<Actor, 'visitor'>, SignedInUser>;
  /** The poster's company, with `member` in it. */
  companyId: string;
  /** The poster's job (of the company) the seeker applied to. */
  job: string;
  /** The other poster's own job. */
  otherJob: string;
}

interface Case {
  request: (w: World, actor: Actor) => Promise<InjectOptions & { url: string }>;
  status: Record<Actor, number>;
  check?: (w: World, actor: Actor, response: LightMyRequestResponse) => Promise<void> | void;
}

const as = (w: World, actor: Actor): Record<string, string> => (actor === 'visitor' ? {} : { cookie: w.people[actor].cookie });

/** Who manages the job's applications: its poster and its company's members; everyone else is told it does not exist. */
const managers = (ok: number): Record<Actor, number> => ({ visitor: 401, seeker: 404, poster: ok, member: ok, otherPoster: 404 });
const signedIn = (ok: number): Record<Actor, number> => ({ visitor: 401, seeker: ok, poster: ok, member: ok, otherPoster: ok });

async function companyJob(w: Pick<World, 't' | 'people' | 'companyId'>, title: string): Promise<string> {
  return postJob(w.t.app, w.people.poster.cookie, { jobTitle: title, companyId: w.companyId });
}

async function apply(w: Pick<World, 't'>, person: SignedInUser, job: string): Promise<string> {
  const response = await w.t.app.inject({ method: 'POST', url: '/api/apply/apply-job', headers: { cookie: person.cookie }, payload: { job } });
  if (response.statusCode !== 201) throw new Error(`apply: ${response.statusCode} ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

/** A fresh application of the seeker's to a fresh company job (for calls that change it). */
async function freshApplication(w: World): Promise<string> {
  return apply(w, w.people.seeker, await companyJob(w, 'Employer matrix job'));
}

/** The seeker's application to the world's job (for calls that only read). */
async function standingApplication(w: World): Promise<string> {
  const rows = await w.t.db.query<{ id: string }>('SELECT id FROM applications WHERE user_id = $1 AND job_id = $2', [w.people.seeker.user._id, w.job]);
  if (!rows[0]) throw new Error('no standing application');
  return rows[0].id;
}

async function stageOf(w: World, application: string): Promise<string | undefined> {
  return (await w.t.db.query<{ stage: string }>('SELECT stage FROM applications WHERE id = $1', [application]))[0]?.stage;
}

const TABLE: Record<string, Case> = {
  'GET /api/applications/responses': {
    request: async (w, a) => ({ method: 'GET', url: '/api/applications/responses', headers: as(w, a) }),
    status: signedIn(200),
    check: (w, a, response) => {
      // Only the people who manage the job see the seeker's application among their responses.
      if (a === 'visitor') return;
      const jobs = response.json<{ jobs: { id: string }[] }>().jobs.map((job) => job.id);
      expect(jobs.includes(w.job)).toBe(a === 'poster' || a === 'member');
    },
  },
  'PATCH /api/applications/:id/stage': {
    request: async (w, a) => ({
      method: 'PATCH',
      url: `/api/applications/${await freshApplication(w)}/stage`,
      headers: as(w, a),
      payload: { stage: 'interview' },
    }),
    status: managers(200),
    check: async (w, a, response) => {
      const url = response.raw.req.url ?? '';
      const application = /applications\/([^/]+)\/stage/.exec(url)?.[1] ?? '';
      expect(await stageOf(w, application)).toBe(a === 'poster' || a === 'member' ? 'interview' : 'applied');
    },
  },
  'GET /api/applications/:id/notes': {
    request: async (w, a) => ({ method: 'GET', url: `/api/applications/${await standingApplication(w)}/notes`, headers: as(w, a) }),
    status: managers(200),
  },
  'POST /api/applications/:id/notes': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/applications/${await freshApplication(w)}/notes`,
      headers: as(w, a),
      payload: { body: `Note by ${a}` },
    }),
    status: managers(201),
    check: async (w, a) => {
      const rows = await w.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM application_notes WHERE body = $1', [`Note by ${a}`]);
      expect(rows[0]?.n).toBe(a === 'poster' || a === 'member' ? 1 : 0);
    },
  },
  'POST /api/applications/:id/withdraw': {
    request: async (w, a) => ({ method: 'POST', url: `/api/applications/${await freshApplication(w)}/withdraw`, headers: as(w, a) }),
    // Only the applicant withdraws; to the job's managers, too, the call does not exist for this application.
    status: { visitor: 401, seeker: 200, poster: 404, member: 404, otherPoster: 404 },
  },
  'POST /api/job/:id/view': {
    request: async (w, a) => ({ method: 'POST', url: `/api/job/${w.job}/view`, headers: as(w, a) }),
    status: { visitor: 200, seeker: 200, poster: 200, member: 200, otherPoster: 200 },
  },
  'GET /api/job/:id/stats': {
    request: async (w, a) => ({ method: 'GET', url: `/api/job/${w.job}/stats`, headers: as(w, a) }),
    status: managers(200),
    check: (_w, a, response) => {
      if (a === 'poster' || a === 'member') expect(response.json<{ applications: number }>().applications).toBeGreaterThanOrEqual(1);
    },
  },
  'GET /api/job/my-stats': {
    request: async (w, a) => ({ method: 'GET', url: '/api/job/my-stats', headers: as(w, a) }),
    status: signedIn(200),
    check: (w, a, response) => {
      // My Jobs lists the jobs one posted: the company job is the poster's alone.
      if (a === 'visitor') return;
      const ids = response.json<{ items: { jobId: string }[] }>().items.map((item) => item.jobId);
      expect(ids.includes(w.job)).toBe(a === 'poster');
    },
  },
};

describeEachDb('employer authorization matrix', (kind) => {
  let w: World;

  beforeAll(async () => {
    const t = await buildTestApp(kind);
    const people = {
      seeker: await signUpAndSignIn(t.app),
      poster: await signUpAndSignIn(t.app),
      member: await signUpAndSignIn(t.app),
      otherPoster: await signUpAndSignIn(t.app),
    };
    const company = await t.app.inject({ method: 'POST', url: '/api/companies', headers: { cookie: people.poster.cookie }, payload: { name: 'Employer Matrix Co' } });
    if (company.statusCode !== 201) throw new Error(`company: ${company.body}`);
    const { id: companyId, slug } = company.json<{ id: string; slug: string }>();
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${slug}/members`,
      headers: { cookie: people.poster.cookie },
      payload: { email: people.member.user.email },
    });
    if (added.statusCode >= 300) throw new Error(`member: ${added.body}`);
    const partial = { t, people, companyId };
    const job = await companyJob(partial, 'Employer matrix standing job');
    await apply(partial, people.seeker, job);
    const otherJob = await postJob(t.app, people.otherPoster.cookie, { jobTitle: 'Another poster job' });
    w = { ...partial, job, otherJob };
  });

  afterAll(async () => {
    await w?.t.close();
  });

  for (const [route, entry] of Object.entries(TABLE)) {
    for (const actor of ACTORS) {
      it(`${route} as ${actor}: ${entry.status[actor]}`, async () => {
        const response = await w.t.app.inject(await entry.request(w, actor));
        expect(response.statusCode, response.body).toBe(entry.status[actor]);
        if (response.statusCode >= 400) expectErrorShape(response, entry.status[actor]);
        await entry.check?.(w, actor, response);
      });
    }
  }
});
