import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
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

/**
 * The employer's side (issue 14) seen by everyone it concerns: every route of the hiring pipeline, job statistics,
 * CVs and moderation, asked by a visitor, a seeker (who applied), the job's poster (its company's owner), a
 * member of the job's company (a recruiter, an invitation's default role), a viewer of that company (issue 33:
 * reads, never changes), a poster of another job, an administrator and a banned account. authorization-matrix.test.ts checks every route
 * of the app for visitor / other / owner; this file adds the actors the employer's side brings. Each cell is one
 * request with its expected status: any other status, a success above all, fails its test.
 */

const ACTORS = ['visitor', 'seeker', 'poster', 'member', 'viewer', 'otherPoster', 'admin', 'banned'] as const;
type Actor = (typeof ACTORS)[number];

interface World {
  t: TestApp;
  people: Record<Exclude<Actor, 'visitor'>, SignedInUser>;
  /** The poster's company, with `member` (a recruiter) and `viewer` in it. */
  companyId: string;
  slug: string;
  /** The poster's job (of the company) the seeker applied to. */
  job: string;
  /** The other poster's own job. */
  otherJob: string;
  /** The CV the seeker sent with the standing application. */
  cvId: string;
}

/** The administrator's address (ADMIN_EMAILS of this file's app). */
const ADMIN_EMAIL = 'employer-matrix-admin@example.com';

interface Case {
  request: (w: World, actor: Actor) => Promise<InjectOptions & { url: string }>;
  status: Record<Actor, number>;
  check?: (w: World, actor: Actor, response: LightMyRequestResponse) => Promise<void> | void;
}

const as = (w: World, actor: Actor): Record<string, string> =>
  actor === 'visitor' ? {} : { cookie: w.people[actor].cookie };

/**
 * Who manages the job's applications: its poster and its company's owners and recruiters; its viewers read but
 * are refused a change (403); everyone else, an administrator too (moderation is not hiring), is told it does
 * not exist. A banned account's session is gone: it is a visitor.
 */
const managers = (ok: number): Record<Actor, number> => ({
  visitor: 401,
  seeker: 404,
  poster: ok,
  member: ok,
  viewer: 403,
  otherPoster: 404,
  admin: 404,
  banned: 401,
});
/** Who reads the job's applications: its managers and its company's viewers. */
const readers = (ok: number): Record<Actor, number> => ({ ...managers(ok), viewer: ok });
/** A company setting: its members read it, its owner (the poster here) changes it; anybody else is refused. */
const companyMembers = (ok: number): Record<Actor, number> => ({
  visitor: 401,
  seeker: 403,
  poster: ok,
  member: ok,
  viewer: ok,
  otherPoster: 403,
  admin: 403,
  banned: 401,
});
const companyOwners = (ok: number): Record<Actor, number> => ({ ...companyMembers(ok), member: 403, viewer: 403 });
const signedIn = (ok: number): Record<Actor, number> => ({
  visitor: 401,
  seeker: ok,
  poster: ok,
  member: ok,
  viewer: ok,
  otherPoster: ok,
  admin: ok,
  banned: 401,
});
const adminsOnly = (ok: number): Record<Actor, number> => ({
  visitor: 401,
  seeker: 403,
  poster: 403,
  member: 403,
  viewer: 403,
  otherPoster: 403,
  admin: ok,
  banned: 401,
});
const isManager = (a: Actor): boolean => a === 'poster' || a === 'member';

/** A multipart body with one file field `cv`. */
function cvUpload(bytes: Buffer, fileName = 'cv.pdf', type = 'application/pdf') {
  const boundary = `----employer${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

async function jobState(w: World, job: string): Promise<string | undefined> {
  return (await w.t.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job]))[0]?.status;
}

async function companyJob(w: Pick<World, 't' | 'people' | 'companyId'>, title: string): Promise<string> {
  return postJob(w.t.app, w.people.poster.cookie, { jobTitle: title, companyId: w.companyId });
}

async function apply(
  w: Pick<World, 't'>,
  person: SignedInUser,
  job: string,
  extra: { cvId?: string; coverNote?: string } = {},
): Promise<string> {
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/apply/apply-job',
    headers: { cookie: person.cookie },
    payload: { job, ...extra },
  });
  if (response.statusCode !== 201) throw new Error(`apply: ${response.statusCode} ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

/** A fresh application of the seeker's to a fresh company job (for calls that change it). */
async function freshApplication(w: World): Promise<string> {
  return apply(w, w.people.seeker, await companyJob(w, 'Employer matrix job'));
}

/** The seeker's application to the world's job (for calls that only read). */
async function standingApplication(w: World): Promise<string> {
  const rows = await w.t.db.query<{ id: string }>('SELECT id FROM applications WHERE user_id = $1 AND job_id = $2', [
    w.people.seeker.user._id,
    w.job,
  ]);
  if (!rows[0]) throw new Error('no standing application');
  return rows[0].id;
}

async function stageOf(w: World, application: string): Promise<string | undefined> {
  return (await w.t.db.query<{ stage: string }>('SELECT stage FROM applications WHERE id = $1', [application]))[0]
    ?.stage;
}

/** A fresh application with an interview its poster proposed (30 minutes, one slot) at `location`. */
async function proposed(w: World, location: string): Promise<{ application: string; id: string; slotId: string }> {
  const application = await freshApplication(w);
  const response = await w.t.app.inject({
    method: 'POST',
    url: `/api/applications/${application}/interviews`,
    headers: { cookie: w.people.poster.cookie },
    payload: { slots: [{ start: '2030-06-03T10:00', timeZone: 'Europe/Berlin' }], lengthMinutes: 30, location },
  });
  if (response.statusCode !== 201) throw new Error(`propose: ${response.statusCode} ${response.body}`);
  const interview = response.json<{ id: string; slots: { id: string }[] }>();
  return { application, id: interview.id, slotId: interview.slots[0]?.id ?? '' };
}

const TABLE: Record<string, Case> = {
  'GET /api/applications/responses': {
    request: async (w, a) => ({ method: 'GET', url: '/api/applications/responses', headers: as(w, a) }),
    status: signedIn(200),
    check: (w, a, response) => {
      // Only the people who manage the job see the seeker's application among their responses.
      if (response.statusCode !== 200) return;
      const jobs = response.json<{ jobs: { id: string }[] }>().jobs.map((job) => job.id);
      expect(jobs.includes(w.job)).toBe(isManager(a) || a === 'viewer');
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
      expect(await stageOf(w, application)).toBe(isManager(a) ? 'interview' : 'applied');
    },
  },
  'GET /api/applications/:id/notes': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/${await standingApplication(w)}/notes`,
      headers: as(w, a),
    }),
    status: readers(200),
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
      const rows = await w.t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM application_notes WHERE body = $1',
        [`Note by ${a}`],
      );
      expect(rows[0]?.n).toBe(isManager(a) ? 1 : 0);
    },
  },
  'POST /api/applications/:id/withdraw': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/applications/${await freshApplication(w)}/withdraw`,
      headers: as(w, a),
    }),
    // Only the applicant withdraws; to the job's managers, too, the call does not exist for this application.
    status: {
      visitor: 401,
      seeker: 200,
      poster: 404,
      member: 404,
      viewer: 404,
      otherPoster: 404,
      admin: 404,
      banned: 401,
    },
  },
  'POST /api/job/:id/view': {
    request: async (w, a) => ({ method: 'POST', url: `/api/job/${w.job}/view`, headers: as(w, a) }),
    status: {
      visitor: 200,
      seeker: 200,
      poster: 200,
      member: 200,
      viewer: 200,
      otherPoster: 200,
      admin: 200,
      banned: 200,
    },
  },
  'GET /api/job/:id/stats': {
    request: async (w, a) => ({ method: 'GET', url: `/api/job/${w.job}/stats`, headers: as(w, a) }),
    status: readers(200),
    check: (_w, a, response) => {
      if (isManager(a)) expect(response.json<{ applications: number }>().applications).toBeGreaterThanOrEqual(1);
    },
  },
  'GET /api/job/my-stats': {
    request: async (w, a) => ({ method: 'GET', url: '/api/job/my-stats', headers: as(w, a) }),
    status: signedIn(200),
    check: (w, a, response) => {
      // My Jobs lists the jobs one posted: the company job is the poster's alone.
      if (response.statusCode !== 200) return;
      const ids = response.json<{ items: { jobId: string }[] }>().items.map((item) => item.jobId);
      expect(ids.includes(w.job)).toBe(a === 'poster');
    },
  },

  // ---------- CVs (point 1): the applicant and the job's managers get a signed link; the link, not a session, opens the file ----------
  'POST /api/upload/cv': {
    request: async (w, a) => {
      const upload = cvUpload(PDF);
      return {
        method: 'POST',
        url: '/api/upload/cv',
        payload: upload.payload,
        headers: { ...upload.headers, ...as(w, a) },
      };
    },
    status: signedIn(201),
  },
  'GET /api/applications/:id/cv-link': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/${await standingApplication(w)}/cv-link`,
      headers: as(w, a),
    }),
    status: {
      visitor: 401,
      seeker: 200,
      poster: 200,
      member: 200,
      viewer: 200,
      otherPoster: 404,
      admin: 404,
      banned: 401,
    },
    check: async (w, a, response) => {
      if (response.statusCode !== 200) return;
      // The link it gives opens the file, for whoever holds it, with no session at all.
      const file = await w.t.app.inject({ method: 'GET', url: response.json<{ url: string }>().url });
      expect(file.statusCode, `${a}: ${file.body}`).toBe(200);
      expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    },
  },
  'GET /api/cvs/:cvId/link': {
    request: async (w, a) => ({ method: 'GET', url: `/api/cvs/${w.cvId}/link`, headers: as(w, a) }),
    // The owner's own preview; the job's managers reach it through the application only.
    status: {
      visitor: 401,
      seeker: 200,
      poster: 404,
      member: 404,
      viewer: 404,
      otherPoster: 404,
      admin: 404,
      banned: 401,
    },
  },
  'GET /api/cvs/:cvId/file': {
    // A session never opens a CV: without a valid signature everyone is refused, its owner too.
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/cvs/${w.cvId}/file?expires=${Math.floor(Date.now() / 1000) + 600}&sig=${'0'.repeat(64)}`,
      headers: as(w, a),
    }),
    status: {
      visitor: 403,
      seeker: 403,
      poster: 403,
      member: 403,
      viewer: 403,
      otherPoster: 403,
      admin: 403,
      banned: 403,
    },
  },

  // ---------- issue 33: bulk moves, stage options, the company's stage settings and roles ----------
  'POST /api/applications/bulk-stage': {
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/applications/bulk-stage',
      headers: as(w, a),
      payload: { ids: [await freshApplication(w)], stage: 'reviewing' },
    }),
    // One request, each application's own outcome: only a manager's moves are made.
    status: signedIn(200),
    check: async (_w, a, response) => {
      if (response.statusCode !== 200) return;
      const [item] = response.json<{ items: { ok: boolean; error?: { status: number } }[] }>().items;
      expect(item?.ok).toBe(isManager(a));
      if (!isManager(a)) expect(item?.error?.status).toBe(a === 'viewer' ? 403 : 404);
    },
  },
  'GET /api/applications/:id/stage-options': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/${await standingApplication(w)}/stage-options`,
      headers: as(w, a),
    }),
    status: readers(200),
  },
  'GET /api/companies/:slug/stage-templates': {
    request: async (w, a) => ({ method: 'GET', url: `/api/companies/${w.slug}/stage-templates`, headers: as(w, a) }),
    status: companyMembers(200),
  },
  'PUT /api/companies/:slug/stage-templates/:stage': {
    request: async (w, a) => ({
      method: 'PUT',
      url: `/api/companies/${w.slug}/stage-templates/hired`,
      headers: as(w, a),
      payload: { message: `Welcome aboard, from ${a}` },
    }),
    status: companyOwners(200),
    check: async (w, a) => {
      const rows = await w.t.db.query('SELECT 1 FROM company_stage_templates WHERE message = $1', [
        `Welcome aboard, from ${a}`,
      ]);
      expect(rows.length).toBe(a === 'poster' ? 1 : 0);
    },
  },
  'DELETE /api/companies/:slug/stage-templates/:stage': {
    request: async (w, a) => ({
      method: 'DELETE',
      url: `/api/companies/${w.slug}/stage-templates/rejected`,
      headers: as(w, a),
    }),
    status: companyOwners(200),
  },
  'GET /api/companies/:slug/stages': {
    request: async (w, a) => ({ method: 'GET', url: `/api/companies/${w.slug}/stages`, headers: as(w, a) }),
    status: companyMembers(200),
  },
  'POST /api/companies/:slug/stages': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/companies/${w.slug}/stages`,
      headers: as(w, a),
      payload: { name: `Screen by ${a}`, after: 'reviewing' },
    }),
    status: companyOwners(201),
    check: async (w, a) => {
      const rows = await w.t.db.query('SELECT 1 FROM company_stages WHERE name = $1', [`Screen by ${a}`]);
      expect(rows.length).toBe(a === 'poster' ? 1 : 0);
    },
  },
  'DELETE /api/companies/:slug/stages/:id': {
    request: async (w, a) => {
      const created = await w.t.app.inject({
        method: 'POST',
        url: `/api/companies/${w.slug}/stages`,
        headers: { cookie: w.people.poster.cookie },
        payload: { name: `To delete ${a} ${randomBytes(3).toString('hex')}`, after: 'offer' },
      });
      const { id } = created.json<{ id: string }>();
      return { method: 'DELETE', url: `/api/companies/${w.slug}/stages/${id}`, headers: as(w, a) };
    },
    status: companyOwners(200),
  },
  // ---------- issue 33: how a job takes applications, threads and interviews ----------
  'GET /api/applications/jobs/:jobId/apply-options': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/jobs/${w.job}/apply-options`,
      headers: as(w, a),
    }),
    status: readers(200),
  },
  'PUT /api/applications/jobs/:jobId/apply-options': {
    request: async (w, a) => ({
      method: 'PUT',
      url: `/api/applications/jobs/${await companyJob(w, 'Employer matrix apply options')}/apply-options`,
      headers: as(w, a),
      payload: { method: 'email', email: `hiring-${a}@example.com` },
    }),
    status: managers(200),
    check: async (w, a) => {
      const rows = await w.t.db.query('SELECT 1 FROM job_apply_options WHERE forward_email = $1', [
        `hiring-${a}@example.com`,
      ]);
      expect(rows.length).toBe(isManager(a) ? 1 : 0);
    },
  },
  'GET /api/applications/:id/candidate': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/${await standingApplication(w)}/candidate`,
      headers: as(w, a),
    }),
    // The candidate page is the team's: to the applicant it is their own Applied Jobs row.
    status: { ...readers(200), seeker: 404 },
  },
  'GET /api/applications/:id/thread': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/${await standingApplication(w)}/thread`,
      headers: as(w, a),
    }),
    status: { ...readers(200), seeker: 200 },
    check: (_w, a, response) => {
      if (response.statusCode === 200) expect(response.json<{ canWrite: boolean }>().canWrite).toBe(a !== 'viewer');
    },
  },
  'POST /api/applications/:id/messages': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/applications/${await freshApplication(w)}/messages`,
      headers: as(w, a),
      payload: { body: `Message by ${a}` },
    }),
    status: { ...managers(201), seeker: 201 },
    check: async (w, a) => {
      const rows = await w.t.db.query('SELECT 1 FROM application_messages WHERE body = $1', [`Message by ${a}`]);
      expect(rows.length).toBe(isManager(a) || a === 'seeker' ? 1 : 0);
    },
  },
  'POST /api/applications/:id/interviews': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/applications/${await freshApplication(w)}/interviews`,
      headers: as(w, a),
      payload: {
        slots: [{ start: '2030-05-17T14:30', timeZone: 'Europe/Paris' }],
        lengthMinutes: 30,
        location: `Room of ${a}`,
      },
    }),
    // The applicant is on the thread but only the team proposes times.
    status: { ...managers(201), seeker: 403 },
    check: async (w, a) => {
      const rows = await w.t.db.query('SELECT 1 FROM interviews WHERE location = $1', [`Room of ${a}`]);
      expect(rows.length).toBe(isManager(a) ? 1 : 0);
    },
  },
  'PUT /api/applications/:id/interviews/:interviewId': {
    request: async (w, a) => {
      const { application, id } = await proposed(w, `Moved by ${a}`);
      return {
        method: 'PUT',
        url: `/api/applications/${application}/interviews/${id}`,
        headers: as(w, a),
        payload: {
          slots: [{ start: '2030-06-04T11:00', timeZone: 'Europe/Berlin' }],
          lengthMinutes: 45,
          location: `Moved by ${a}`,
        },
      };
    },
    status: { ...managers(200), seeker: 403 },
    check: async (w, a) => {
      const rows = await w.t.db.query<{ length_minutes: number }>(
        'SELECT length_minutes FROM interviews WHERE location = $1',
        [`Moved by ${a}`],
      );
      expect(rows[0]?.length_minutes).toBe(isManager(a) ? 45 : 30);
    },
  },
  'POST /api/applications/:id/interviews/:interviewId/pick': {
    request: async (w, a) => {
      const { application, id, slotId } = await proposed(w, `Picked by ${a}`);
      return {
        method: 'POST',
        url: `/api/applications/${application}/interviews/${id}/pick`,
        headers: as(w, a),
        payload: { slotId },
      };
    },
    // Only the candidate picks a time: the team is refused, everyone else does not see the application.
    status: { ...managers(403), viewer: 403, seeker: 200 },
    check: async (w, a) => {
      const rows = await w.t.db.query<{ status: string }>('SELECT status FROM interviews WHERE location = $1', [
        `Picked by ${a}`,
      ]);
      expect(rows[0]?.status).toBe(a === 'seeker' ? 'scheduled' : 'proposed');
    },
  },
  'POST /api/applications/:id/read': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/applications/${await standingApplication(w)}/read`,
      headers: as(w, a),
    }),
    status: { ...readers(200), seeker: 200 },
  },
  'GET /api/applications/threads/unread': {
    request: async (w, a) => ({ method: 'GET', url: '/api/applications/threads/unread', headers: as(w, a) }),
    status: signedIn(200),
  },
  'POST /api/applications/:id/interviews/:interviewId/cancel': {
    request: async (w, a) => {
      const { application, id } = await proposed(w, `Cancelled by ${a}`);
      return { method: 'POST', url: `/api/applications/${application}/interviews/${id}/cancel`, headers: as(w, a) };
    },
    // Either side cancels; a viewer reads it only.
    status: { ...managers(200), seeker: 200 },
    check: async (w, a) => {
      const rows = await w.t.db.query<{ status: string }>('SELECT status FROM interviews WHERE location = $1', [
        `Cancelled by ${a}`,
      ]);
      expect(rows[0]?.status).toBe(isManager(a) || a === 'seeker' ? 'cancelled' : 'proposed');
    },
  },
  'PATCH /api/companies/:slug/members/:email': {
    // The viewer made a viewer again: a change only an owner may make, and one that leaves the world as it was.
    request: async (w, a) => ({
      method: 'PATCH',
      url: `/api/companies/${w.slug}/members/${encodeURIComponent(w.people.viewer.user.email)}`,
      headers: as(w, a),
      payload: { role: 'viewer' },
    }),
    status: companyOwners(200),
  },

  // ---------- moderation (point 4) ----------
  'POST /api/job/:id/report': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/job/${await companyJob(w, 'Employer matrix reported job')}/report`,
      headers: as(w, a),
      payload: { reason: 'spam', details: `reported by ${a}` },
    }),
    // Its poster cannot report it; anyone else signed in can, company members and administrators included.
    status: {
      visitor: 401,
      seeker: 201,
      poster: 403,
      member: 201,
      viewer: 201,
      otherPoster: 201,
      admin: 201,
      banned: 401,
    },
  },
  'GET /api/admin/queue': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/queue', headers: as(w, a) }),
    status: adminsOnly(200),
  },
  'POST /api/admin/jobs/:id/hide': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/admin/jobs/${await companyJob(w, 'Employer matrix job to hide')}/hide`,
      headers: as(w, a),
      payload: { reason: `hidden by ${a}` },
    }),
    status: adminsOnly(200),
    check: async (w, a, response) => {
      const job = /jobs\/([^/]+)\/hide/.exec(response.raw.req.url ?? '')?.[1] ?? '';
      expect(await jobState(w, job)).toBe(a === 'admin' ? 'hidden' : 'open');
    },
  },
  'POST /api/admin/jobs/:id/approve': {
    request: async (w, a) => {
      const job = await companyJob(w, 'Employer matrix job to approve');
      await w.t.app.inject({
        method: 'POST',
        url: `/api/admin/jobs/${job}/hide`,
        headers: { cookie: w.people.admin.cookie },
        payload: { reason: 'to approve again' },
      });
      return { method: 'POST', url: `/api/admin/jobs/${job}/approve`, headers: as(w, a) };
    },
    status: adminsOnly(200),
    check: async (w, a, response) => {
      const job = /jobs\/([^/]+)\/approve/.exec(response.raw.req.url ?? '')?.[1] ?? '';
      expect(await jobState(w, job)).toBe(a === 'admin' ? 'open' : 'hidden');
    },
  },
  'POST /api/admin/users/:id/ban': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/admin/users/${(await signUpAndSignIn(w.t.app)).user._id}/ban`,
      headers: as(w, a),
      payload: { reason: `banned by ${a}` },
    }),
    status: adminsOnly(200),
    check: async (w, a, response) => {
      const user = /users\/([^/]+)\/ban/.exec(response.raw.req.url ?? '')?.[1] ?? '';
      const rows = await w.t.db.query<{ banned: boolean }>(
        'SELECT banned_at IS NOT NULL AS banned FROM users WHERE id = $1',
        [user],
      );
      expect(rows[0]?.banned).toBe(a === 'admin');
    },
  },
  'POST /api/admin/users/:id/unban': {
    request: async (w, a) => {
      const person = await signUpAndSignIn(w.t.app);
      await w.t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${person.user._id}/ban`,
        headers: { cookie: w.people.admin.cookie },
        payload: { reason: 'to unban' },
      });
      return { method: 'POST', url: `/api/admin/users/${person.user._id}/unban`, headers: as(w, a) };
    },
    status: adminsOnly(200),
    check: async (w, a, response) => {
      const user = /users\/([^/]+)\/unban/.exec(response.raw.req.url ?? '')?.[1] ?? '';
      const rows = await w.t.db.query<{ banned: boolean }>(
        'SELECT banned_at IS NOT NULL AS banned FROM users WHERE id = $1',
        [user],
      );
      expect(rows[0]?.banned).toBe(a !== 'admin');
    },
  },
};

describeEachDb('employer authorization matrix', (kind) => {
  let w: World;

  beforeAll(async () => {
    const t = await buildTestApp(kind, { adminEmails: [ADMIN_EMAIL] });
    const people = {
      seeker: await signUpAndSignIn(t.app),
      poster: await signUpAndSignIn(t.app),
      member: await signUpAndSignIn(t.app),
      viewer: await signUpAndSignIn(t.app),
      otherPoster: await signUpAndSignIn(t.app),
      admin: await signUpAndSignIn(t.app, { email: ADMIN_EMAIL }),
      banned: await signUpAndSignIn(t.app),
    };
    const ban = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${people.banned.user._id}/ban`,
      headers: { cookie: people.admin.cookie },
      payload: { reason: 'Spam postings' },
    });
    if (ban.statusCode !== 200) throw new Error(`ban: ${ban.body}`);
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: people.poster.cookie },
      payload: { name: 'Employer Matrix Co' },
    });
    if (company.statusCode !== 201) throw new Error(`company: ${company.body}`);
    const { id: companyId, slug } = company.json<{ id: string; slug: string }>();
    await joinCompany(t.app, people.poster.cookie, slug, people.member);
    await joinCompany(t.app, people.poster.cookie, slug, people.viewer, 'viewer');
    const partial = { t, people, companyId, slug };
    const job = await companyJob(partial, 'Employer matrix standing job');
    const upload = cvUpload(PDF);
    const cv = await t.app.inject({
      method: 'POST',
      url: '/api/upload/cv',
      payload: upload.payload,
      headers: { ...upload.headers, cookie: people.seeker.cookie },
    });
    if (cv.statusCode !== 201) throw new Error(`cv: ${cv.body}`);
    const cvId = cv.json<{ id: string }>().id;
    await apply(partial, people.seeker, job, { cvId, coverNote: 'I would love to work with you.' });
    const otherJob = await postJob(t.app, people.otherPoster.cookie, { jobTitle: 'Another poster job' });
    w = { ...partial, job, otherJob, cvId };
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
