import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { insertAccountToken } from '../src/modules/accounts/account-tokens.repository.js';
import { signingKey, unsubscribeToken } from '../src/modules/alerts/alerts.service.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as Fastify from 'fastify';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { MESSAGES, type Application, type Job, type User } from '@jobboard/shared';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  jobBody,
  joinCompany,
  postJob,
  signInAs,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/**
 * Reliability suite 1 (docs/reliability.md): every /api route of the app x (visitor, another user, owner), generated from the route table.
 * Fastify is wrapped so that every instance records its routes through an onRoute hook; a route that the app
 * registers but this file has no expectation for fails the "every route has an entry" test, so a new endpoint
 * cannot be forgotten. The rules are in docs/principles.md, "API rules".
 */

const registered = vi.hoisted(() => [] as { method: string; url: string }[]);

vi.mock('fastify', async (importOriginal) => {
  const real = await importOriginal<typeof Fastify>();
  const wrapped = ((options?: Parameters<typeof real.default>[0]) => {
    const app = real.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) registered.push({ method: String(method), url: route.url });
    });
    return app;
  }) as unknown as typeof real.default;
  return { ...real, default: wrapped, fastify: wrapped };
});

type Actor = 'visitor' | 'other' | 'owner';
const ACTORS: Actor[] = ['visitor', 'other', 'owner'];

/** The people and objects of one database: owner and other are signed in; their objects are fixed up-front. */
interface World {
  t: TestApp;
  owner: SignedInUser;
  other: SignedInUser;
  /** A third person who applied to the owner's job. */
  applicant: SignedInUser;
  /** A third person whose job both owner and other applied to. */
  poster: SignedInUser;
  ownerJob: string;
  otherJob: string;
  posterJob: string;
  /** The owner's company (its creator and only member). */
  ownerCompany: { id: string; slug: string };
  /** API keys (every scope) of the owner's company and of a company of the other user's, a job the owner's key posted, and an application to it. */
  ownerKey: string;
  otherKey: string;
  otherCompany: { id: string; slug: string };
  ownerKeyJob: string;
  ownerKeyApplicant: string;
  dataDir: string;
}

interface Case {
  /** The request; may create fresh objects first (a mutation must not spoil the shared ones). */
  request: (w: World, actor: Actor) => Promise<InjectOptions & { url: string }>;
  /** Expected status per actor. */
  status: Record<Actor, number>;
  /** What the answer must show beyond the status (narrowed lists, unchanged objects...). */
  /** The answer is an HTML page by design (the Google popup), not the JSON error shape. */
  page?: boolean;
  check?: (w: World, actor: Actor, response: LightMyRequestResponse, context: Record<string, string>) => Promise<void>;
}

const cookieOf = (w: World, actor: Actor): Record<string, string> =>
  actor === 'visitor' ? {} : { cookie: (actor === 'owner' ? w.owner : w.other).cookie };

const everyone = (status: number): Record<Actor, number> => ({ visitor: status, other: status, owner: status });
/** docs/principles.md, "API rules": 401 for a visitor, 403 for anybody but the owner. */
const ownerOnly = (ok: number): Record<Actor, number> => ({ visitor: 401, other: 403, owner: ok });
const signedIn = (ok: number): Record<Actor, number> => ({ visitor: 401, other: ok, owner: ok });

/** The context a request builder leaves for its check (ids of fresh objects). */
const contexts = new WeakMap<object, Record<string, string>>();
function withContext<T extends object>(options: T, context: Record<string, string>): T {
  contexts.set(options, context);
  return options;
}

async function jobRow(w: World, id: string) {
  const rows = await w.t.db.query<{ job_title: string; poster_id: string }>(
    'SELECT job_title, poster_id FROM jobs WHERE id = $1',
    [id],
  );
  return rows[0];
}

/** A company of the owner's, fresh for a mutation; with `member`, that person is added to it. */
async function freshCompany(w: World, member?: SignedInUser): Promise<{ id: string; slug: string }> {
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: { cookie: w.owner.cookie },
    payload: { name: 'Matrix Co' },
  });
  if (created.statusCode !== 201) throw new Error(`company: ${created.body}`);
  const company = created.json<{ id: string; slug: string }>();
  if (member) {
    await joinCompany(w.t.app, w.owner.cookie, company.slug, member);
  }
  return company;
}

/** A fresh company of the poster's (the third person), for invitations to the owner. */
async function posterCompany(w: World): Promise<{ id: string; slug: string }> {
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: { cookie: w.poster.cookie },
    payload: { name: 'Inviting Co' },
  });
  if (created.statusCode !== 201) throw new Error(`company: ${created.body}`);
  return created.json<{ id: string; slug: string }>();
}

/** `inviter` invites `invitee` to the company `slug`; answers the invitation's id. */
async function invite(w: World, inviter: SignedInUser, slug: string, invitee: SignedInUser): Promise<string> {
  const sent = await w.t.app.inject({
    method: 'POST',
    url: `/api/companies/${slug}/members`,
    headers: { cookie: inviter.cookie },
    payload: { email: invitee.user.email },
  });
  if (sent.statusCode !== 202) throw new Error(`invitation: ${sent.body}`);
  const rows = await w.t.db.query<{ id: string }>(
    'SELECT i.id FROM company_invitations i JOIN companies c ON c.id = i.company_id WHERE c.slug = $1 AND i.email = $2',
    [slug, invitee.user.email],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error(`no invitation to ${slug} for ${invitee.user.email}`);
  return id;
}

async function memberIds(w: World, companyId: string): Promise<string[]> {
  const rows = await w.t.db.query<{ user_id: string }>(
    'SELECT user_id FROM company_members WHERE company_id = $1 ORDER BY user_id',
    [companyId],
  );
  return rows.map((r) => r.user_id);
}

/** `person` has saved `job` (idempotent). */
async function savedBy(w: World, person: SignedInUser, job: string): Promise<void> {
  const response = await w.t.app.inject({
    method: 'PUT',
    url: `/api/saved-jobs/${job}`,
    headers: { cookie: person.cookie },
  });
  if (response.statusCode !== 200) throw new Error(`save: ${response.body}`);
}

/** Who has saved `job`. */
async function savedRowsOf(w: World, job: string): Promise<string[]> {
  const rows = await w.t.db.query<{ user_id: string }>(
    'SELECT user_id FROM saved_jobs WHERE job_id = $1 ORDER BY user_id',
    [job],
  );
  return rows.map((r) => r.user_id);
}

/** A job alert of the owner's, fresh for a mutation; with its unsubscribe token. */
async function freshAlert(w: World): Promise<{ id: string; token: string }> {
  const created = await w.t.app.inject({
    method: 'POST',
    url: '/api/alerts',
    headers: { cookie: w.owner.cookie },
    payload: { query: `q=matrix ${randomBytes(4).toString('hex')}`, frequency: 'daily' },
  });
  if (created.statusCode !== 201) throw new Error(`alert: ${created.body}`);
  const { id } = created.json<{ alert: { id: string } }>().alert;
  return { id, token: unsubscribeToken(await signingKey(w.t.db), id) };
}

async function alertExists(w: World, id: string): Promise<boolean> {
  return (await w.t.db.query('SELECT 1 FROM job_alerts WHERE id = $1', [id])).length > 0;
}

/** The application `applicant` made to `job`. */
async function applicationOf(w: World, applicant: SignedInUser, job: string): Promise<string> {
  const rows = await w.t.db.query<{ id: string }>('SELECT id FROM applications WHERE user_id = $1 AND job_id = $2', [
    applicant.user._id,
    job,
  ]);
  if (!rows[0]) throw new Error('no such application');
  return rows[0].id;
}

/**
 * A fresh application to a job of the owner's with one note of the owner's on it. Its check deletes the job
 * (`dropNoteJob`), so these cases leave no application above the owner's first one on the Responses page.
 */
async function freshNote(w: World): Promise<{ application: string; note: string }> {
  const application = await freshApplication(w, w.owner, w.applicant);
  const response = await w.t.app.inject({
    method: 'POST',
    url: `/api/applications/${application}/notes`,
    headers: { cookie: w.owner.cookie },
    payload: { body: 'Matrix note' },
  });
  if (response.statusCode !== 201) throw new Error(`note: ${response.body}`);
  return { application, note: response.json<{ id: string }>().id };
}

async function dropNoteJob(w: World, application: string): Promise<void> {
  await w.t.db.query('DELETE FROM jobs WHERE id = (SELECT job_id FROM applications WHERE id = $1)', [application]);
}

/** A fresh job of `poster`'s with one application from `applicant`: its id. */
async function freshApplication(w: World, poster: SignedInUser, applicant: SignedInUser): Promise<string> {
  const job = await postJob(w.t.app, poster.cookie, { jobTitle: 'Matrix pipeline job' });
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/apply/apply-job',
    headers: { cookie: applicant.cookie },
    payload: { job },
  });
  if (response.statusCode !== 201) throw new Error(`apply: ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

async function freshUser(w: World): Promise<SignedInUser> {
  return signUpAndSignIn(w.t.app);
}

function multipartPng(bytes: Buffer) {
  const boundary = `----matrix${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

/** A CV of `person`'s (a tiny PDF), uploaded: its id. */
async function freshCv(w: World, person: SignedInUser): Promise<string> {
  const { payload, headers } = multipartCv(Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'));
  const response = await w.t.app.inject({
    method: 'POST',
    url: '/api/upload/cv',
    payload,
    headers: { ...headers, cookie: person.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`cv: ${response.body}`);
  return response.json<{ id: string }>().id;
}

function multipartCv(bytes: Buffer) {
  const boundary = `----matrixcv${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="cv.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

/** One application with a CV per world (reading changes nothing): the applicant's, to a job of the owner's. */
const cvApplications = new WeakMap<World, Promise<string>>();
function cvApplication(w: World): Promise<string> {
  let application = cvApplications.get(w);
  if (!application) {
    application = (async () => {
      const job = await postJob(w.t.app, w.owner.cookie, { jobTitle: 'Matrix CV job' });
      const cvId = await freshCv(w, w.applicant);
      const applied = await w.t.app.inject({
        method: 'POST',
        url: '/api/apply/apply-job',
        headers: { cookie: w.applicant.cookie },
        payload: { job, cvId },
      });
      if (applied.statusCode !== 201) throw new Error(`apply: ${applied.body}`);
      return applied.json<{ insertedId: string }>().insertedId;
    })();
    cvApplications.set(w, application);
  }
  return application;
}

async function cvRowsOf(w: World, person: SignedInUser): Promise<number> {
  return (await w.t.db.query('SELECT 1 FROM cvs WHERE owner_id = $1', [person.user._id])).length;
}

function storedUploads(w: World): string[] {
  const dir = path.join(w.dataDir, 'uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const noPasswords = (response: LightMyRequestResponse) => {
  expect(response.body).not.toMatch(/password|argon2|\$argon/i);
};

/**
 * The expectations table: one entry per "METHOD /url" the app registers under /api. HEAD routes mirror GET
 * (Fastify adds them) and are checked with the GET entry's statuses.
 */
const TABLE: Record<string, Case> = {
  'GET /api/health': {
    request: async (w, a) => ({ method: 'GET', url: '/api/health', headers: cookieOf(w, a) }),
    status: everyone(200),
  },
  'GET /api/site': {
    // The footer's configured links: the same for everyone.
    request: async (w, a) => ({ method: 'GET', url: '/api/site', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.json()).toMatchObject({ social: [], siteName: 'Jobboard' });
    },
  },
  'GET /api/site/accent.css': {
    // The accent's stylesheet (modules/site/appearance.ts): public, the same for everyone.
    request: async (w, a) => ({ method: 'GET', url: '/api/site/accent.css?color=0f766e', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.body).toContain('--color-teal-700:#0f766e');
    },
  },
  'GET /api/site/pages/:slug': {
    // The site pages: public, the same for everyone.
    request: async (w, a) => ({ method: 'GET', url: '/api/site/pages/privacy', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.json<{ slug: string }>().slug).toBe('privacy');
    },
  },
  'GET /api/ready': {
    // For the load balancer: the same for everyone, and nothing in it names a credential.
    request: async (w, a) => ({ method: 'GET', url: '/api/ready', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.json()).toMatchObject({ status: 'ready', replicas: [] });
    },
  },

  // ---------- auth ----------
  'POST /api/auth/signin': {
    // Owner: the right password. Visitor and other user: the owner's email with a wrong password.
    // The caller's session is a fresh one: signing in rotates (ends) the session it is sent with.
    request: async (w, a) => {
      const me = a === 'visitor' ? undefined : a === 'owner' ? w.owner : w.other;
      const session = me ? await signInAs(w.t.app, me.user.email, me.password) : undefined;
      return {
        method: 'POST',
        url: '/api/auth/signin',
        headers: session ? { cookie: session.cookie } : {},
        payload: { email: w.owner.user.email, password: a === 'owner' ? w.owner.password : 'not the password at all' },
      };
    },
    status: { visitor: 401, other: 401, owner: 200 },
    check: async (w, a, response) => {
      if (a === 'owner') {
        expect(response.json<User>()._id).toBe(w.owner.user._id);
        noPasswords(response);
      } else {
        expect(expectErrorShape(response, 401)).toBe(MESSAGES.wrongCredentials);
        expect(response.cookies.find((c) => c.name.endsWith('jobboard_session') && c.value)).toBeUndefined();
      }
    },
  },
  'POST /api/auth/signup': {
    request: async (w, a) => {
      const n = `${a}-${Math.random().toString(16).slice(2, 10)}`;
      return {
        method: 'POST',
        url: '/api/auth/signup',
        headers: cookieOf(w, a),
        payload: {
          name: `New ${n}`,
          username: `new-${n}`,
          email: `new-${n}@example.com`,
          password: 'a long enough passphrase',
        },
      };
    },
    status: everyone(201),
    check: async (_w, _a, response) => {
      // Signing up never signs anyone in, and never as the caller.
      expect(response.cookies.find((c) => c.name.endsWith('jobboard_session') && c.value)).toBeUndefined();
    },
  },
  'POST /api/auth/signout': {
    // A session of its own, so the shared cookies stay valid; signing out ends only the caller's session.
    request: async (w, a) => {
      if (a === 'visitor') return { method: 'POST', url: '/api/auth/signout' };
      const me = a === 'owner' ? w.owner : w.other;
      const session = await signInAs(w.t.app, me.user.email, me.password);
      return withContext(
        { method: 'POST', url: '/api/auth/signout', headers: { cookie: session.cookie } },
        { cookie: session.cookie },
      );
    },
    status: everyone(200),
    check: async (w, a, _response, context) => {
      if (a === 'visitor') return;
      const ended = await w.t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { cookie: context.cookie ?? '' },
      });
      expectErrorShape(ended, 401);
      for (const person of [w.owner, w.other]) {
        const still = await w.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: person.cookie } });
        expect(still.statusCode).toBe(200);
      }
    },
  },
  'GET /api/auth/me': {
    request: async (w, a) => ({ method: 'GET', url: '/api/auth/me', headers: cookieOf(w, a) }),
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      expect(response.json<User>()._id).toBe((a === 'owner' ? w.owner : w.other).user._id);
      noPasswords(response);
    },
  },
  // ---------- account links: the mailed token is the authority, whoever sends it ----------
  'POST /api/auth/verify-email': {
    // The owner follows a real link of their own; anyone else sends a well-formed token that was never issued.
    request: async (w, a) => {
      const token =
        a === 'owner'
          ? await insertAccountToken(w.t.db, w.owner.user._id, 'verify-email', w.owner.user.email, 60_000)
          : randomBytes(32).toString('base64url');
      return { method: 'POST', url: '/api/auth/verify-email', headers: cookieOf(w, a), payload: { token } };
    },
    status: { visitor: 400, other: 400, owner: 200 },
    check: async (w, a, response) => {
      if (a === 'owner') {
        expect(response.json<User>()._id).toBe(w.owner.user._id);
        noPasswords(response);
      } else {
        expect(expectErrorShape(response, 400)).toBe(MESSAGES.linkInvalid);
      }
    },
  },
  'POST /api/auth/resend-verification': {
    request: async (w, a) => ({ method: 'POST', url: '/api/auth/resend-verification', headers: cookieOf(w, a) }),
    status: signedIn(200),
  },
  'POST /api/auth/forgot-password': {
    // The same answer for an address with an account and without: nothing to learn from it.
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/auth/forgot-password',
      headers: cookieOf(w, a),
      payload: { email: a === 'owner' ? w.owner.user.email : `nobody-${a}@example.com` },
    }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.json()).toEqual({ success: true, message: MESSAGES.resetSent });
    },
  },
  'POST /api/auth/reset-password': {
    // Only a token mailed to the account resets it; a session proves nothing here.
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: cookieOf(w, a),
      payload: { token: randomBytes(32).toString('base64url'), password: 'a brand new passphrase' },
    }),
    status: everyone(400),
    check: async (w, _a, response) => {
      expect(expectErrorShape(response, 400)).toBe(MESSAGES.linkInvalid);
      const still = await signInAs(w.t.app, w.owner.user.email, w.owner.password);
      expect(still.user._id).toBe(w.owner.user._id);
    },
  },
  'GET /api/auth/google/config': {
    request: async (w, a) => ({ method: 'GET', url: '/api/auth/google/config', headers: cookieOf(w, a) }),
    status: everyone(200),
  },
  'GET /api/auth/google/start': {
    // Not configured here: the popup explains it, whoever asks.
    request: async (w, a) => ({ method: 'GET', url: '/api/auth/google/start', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.body).toContain(MESSAGES.googleNotConfigured);
    },
  },
  'GET /api/auth/google/callback': {
    // A forged callback signs nobody in, whoever sends it.
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/auth/google/callback?code=forged&state=forged`,
      headers: cookieOf(w, a),
    }),
    // The popup's page (HTML by design, read by the opener): an unknown flow has expired.
    status: everyone(400),
    page: true,
    check: async (_w, _a, response) => {
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.cookies.find((c) => c.name.endsWith('jobboard_session') && c.value)).toBeUndefined();
    },
  },
  'POST /api/auth/google': {
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/auth/google',
      headers: cookieOf(w, a),
      payload: { idToken: 'forged.token.value' },
    }),
    status: everyone(501),
    check: async (_w, _a, response) => {
      expect(expectErrorShape(response, 501)).toBe(MESSAGES.googleNotConfigured);
    },
  },

  // ---------- jobs ----------
  'GET /api/job/search': {
    request: async (w, a) => ({ method: 'GET', url: '/api/job/search?q=matrix', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (w, _a, response) => {
      const ids = response.json<{ items: Job[] }>().items.map((j) => j._id);
      expect(ids).toEqual(expect.arrayContaining([w.ownerJob, w.otherJob]));
    },
  },
  'GET /api/job/all-jobs': {
    request: async (w, a) => ({ method: 'GET', url: '/api/job/all-jobs', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (w, _a, response) => {
      const ids = response.json<Job[]>().map((j) => j._id);
      expect(ids).toEqual(expect.arrayContaining([w.ownerJob, w.otherJob, w.posterJob]));
      noPasswords(response);
    },
  },
  'GET /api/job/all-jobs/:id': {
    request: async (w, a) => ({ method: 'GET', url: `/api/job/all-jobs/${w.ownerJob}`, headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (w, _a, response) => {
      expect(response.json<Job>()._id).toBe(w.ownerJob);
    },
  },
  'GET /api/job/myJobs/:posterEmail': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/job/myJobs/${encodeURIComponent(w.owner.user.email)}`,
      headers: cookieOf(w, a),
    }),
    status: ownerOnly(200),
    check: async (w, a, response) => {
      if (a !== 'owner') {
        expect(response.body).not.toContain(w.ownerJob);
        return;
      }
      const jobs = response.json<Job[]>();
      expect(jobs.map((j) => j._id)).toContain(w.ownerJob);
      expect(jobs.every((j) => j.postedBy === w.owner.user.email)).toBe(true);
    },
  },
  'POST /api/job/post-job': {
    // Identity comes from the cookie: a postedBy naming the owner grants nothing to anybody else.
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/job/post-job',
      headers: cookieOf(w, a),
      payload: { ...jobBody({ jobTitle: `Posted by ${a}` }), postedBy: w.owner.user.email },
    }),
    status: signedIn(201),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const id = response.json<{ insertedId: string }>().insertedId;
      const row = await jobRow(w, id);
      expect(row?.poster_id).toBe((a === 'owner' ? w.owner : w.other).user._id);
    },
  },
  'PATCH /api/job/update-job/:id': {
    request: async (w, a) => {
      const id = await postJob(w.t.app, w.owner.cookie, { jobTitle: 'Before the edit' });
      return withContext(
        {
          method: 'PATCH',
          url: `/api/job/update-job/${id}`,
          headers: cookieOf(w, a),
          payload: { jobTitle: `Edited by ${a}` },
        },
        { id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      expect((await jobRow(w, id))?.job_title).toBe(a === 'owner' ? 'Edited by owner' : 'Before the edit');
    },
  },
  'DELETE /api/job/delete/:id': {
    request: async (w, a) => {
      const id = await postJob(w.t.app, w.owner.cookie, { jobTitle: 'To be deleted' });
      return withContext({ method: 'DELETE', url: `/api/job/delete/${id}`, headers: cookieOf(w, a) }, { id });
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      expect(await jobRow(w, id)).toEqual(
        a === 'owner' ? undefined : expect.objectContaining({ job_title: 'To be deleted' }),
      );
    },
  },

  // ---------- applications ----------
  'GET /api/apply/appliedJobs': {
    request: async (w, a) => ({ method: 'GET', url: '/api/apply/appliedJobs', headers: cookieOf(w, a) }),
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const me = a === 'owner' ? w.owner : w.other;
      const apps = response.json<Application[]>();
      expect(apps.length).toBeGreaterThan(0);
      // Only applications the caller made or received.
      for (const app of apps) {
        const received = (await jobRow(w, app.job))?.poster_id === me.user._id;
        expect(app.user === me.user._id || received).toBe(true);
      }
      if (a === 'owner') {
        // ...and all of them: the one made to the poster's job, the one received from the applicant.
        expect(apps.map((x) => x.user)).toEqual(expect.arrayContaining([w.owner.user._id, w.applicant.user._id]));
      } else {
        expect(response.body).not.toContain(w.applicant.user.email);
        expect(response.body).not.toContain(w.owner.user._id);
      }
    },
  },
  'GET /api/apply/appliedJobs/:userId': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/apply/appliedJobs/${w.owner.user._id}`,
      headers: cookieOf(w, a),
    }),
    status: ownerOnly(200),
    check: async (w, a, response) => {
      if (a !== 'owner') return;
      const apps = response.json<Application[]>();
      expect(apps.map((x) => x.job)).toEqual([w.posterJob]);
      expect(apps.every((x) => x.user === w.owner.user._id)).toBe(true);
    },
  },
  'POST /api/apply/apply-job': {
    // The object is a fresh job of the owner's: the others may apply (as themselves), the owner may not.
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.owner.cookie, { jobTitle: 'Apply here' });
      return withContext(
        {
          method: 'POST',
          url: '/api/apply/apply-job',
          headers: cookieOf(w, a),
          payload: { job, user: w.owner.user._id },
        },
        { job },
      );
    },
    status: { visitor: 401, other: 201, owner: 403 },
    check: async (w, a, response, { job = '' }) => {
      const rows = await w.t.db.query<{ user_id: string }>('SELECT user_id FROM applications WHERE job_id = $1', [job]);
      if (a === 'visitor') expect(expectErrorShape(response, 401)).toBe(MESSAGES.signInToApply);
      if (a === 'owner') expect(expectErrorShape(response, 403)).toBe(MESSAGES.cannotApplyOwnJob);
      expect(rows.map((r) => r.user_id)).toEqual(a === 'other' ? [w.other.user._id] : []);
    },
  },

  // ---------- the hiring pipeline and job statistics (issue 14; decision record 18) ----------
  // The object is an application to the owner's job (the applicant's): the owner manages it, anyone else hears 404.
  'GET /api/applications/responses': {
    request: async (w, a) => ({ method: 'GET', url: '/api/applications/responses', headers: cookieOf(w, a) }),
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const page = response.json<{ items: Application[]; jobs: { id: string }[] }>();
      const jobs = page.items.map((x) => x.job);
      if (a === 'owner') expect(jobs).toContain(w.ownerJob);
      else {
        expect(jobs).not.toContain(w.ownerJob);
        expect(page.jobs.map((j) => j.id)).not.toContain(w.ownerJob);
        expect(response.body).not.toContain(w.applicant.user.email);
      }
    },
  },
  'PATCH /api/applications/:id/stage': {
    request: async (w, a) => {
      const application = await freshApplication(w, w.owner, w.applicant);
      return withContext(
        {
          method: 'PATCH',
          url: `/api/applications/${application}/stage`,
          headers: cookieOf(w, a),
          payload: { stage: 'reviewing' },
        },
        { application },
      );
    },
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { application = '' }) => {
      const rows = await w.t.db.query<{ stage: string }>('SELECT stage FROM applications WHERE id = $1', [application]);
      expect(rows[0]?.stage).toBe(a === 'owner' ? 'reviewing' : 'applied');
    },
  },
  'POST /api/applications/bulk-stage': {
    // The standing application to the owner's job, to the stage it has: no new job or application for the lists
    // the other entries check; each item still says whether the caller may move it (to anyone else: not found).
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/applications/bulk-stage',
      headers: cookieOf(w, a),
      payload: { ids: [await applicationOf(w, w.applicant, w.ownerJob)], stage: 'applied' },
    }),
    status: signedIn(200),
    check: async (_w, a, response) => {
      if (a === 'visitor') return;
      const [item] = response.json<{ items: { ok: boolean; error?: { status: number } }[] }>().items;
      expect(item?.ok).toBe(a === 'owner');
      if (a === 'other') expect(item?.error?.status).toBe(404);
    },
  },
  'GET /api/applications/:id/stage-options': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/${await applicationOf(w, w.applicant, w.ownerJob)}/stage-options`,
      headers: cookieOf(w, a),
    }),
    status: { visitor: 401, other: 404, owner: 200 },
  },
  'POST /api/applications/:id/stage/undo': {
    // The owner moves a fresh application to interview (its e-mail waits the undo window); then each caller undoes.
    request: async (w, a) => {
      const application = await freshApplication(w, w.owner, w.applicant);
      const moved = await w.t.app.inject({
        method: 'PATCH',
        url: `/api/applications/${application}/stage`,
        headers: cookieOf(w, 'owner'),
        payload: { stage: 'interview' },
      });
      expect(moved.statusCode).toBe(200);
      return withContext(
        { method: 'POST', url: `/api/applications/${application}/stage/undo`, headers: cookieOf(w, a) },
        { application },
      );
    },
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { application = '' }) => {
      const rows = await w.t.db.query<{ stage: string }>('SELECT stage FROM applications WHERE id = $1', [application]);
      expect(rows[0]?.stage).toBe(a === 'owner' ? 'applied' : 'interview');
    },
  },
  'GET /api/applications/:id/notes': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/${await applicationOf(w, w.applicant, w.ownerJob)}/notes`,
      headers: cookieOf(w, a),
    }),
    status: { visitor: 401, other: 404, owner: 200 },
  },
  'POST /api/applications/:id/notes': {
    request: async (w, a) => {
      const application = await freshApplication(w, w.owner, w.applicant);
      return withContext(
        {
          method: 'POST',
          url: `/api/applications/${application}/notes`,
          headers: cookieOf(w, a),
          payload: { body: 'Matrix note' },
        },
        { application },
      );
    },
    status: { visitor: 401, other: 404, owner: 201 },
    check: async (w, a, _response, { application = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM application_notes WHERE application_id = $1', [application]);
      expect(rows).toHaveLength(a === 'owner' ? 1 : 0);
    },
  },
  // A fellow manager who is not the note's author hears 403 (pipeline.api.test.ts); "other" manages nothing here.
  'PATCH /api/applications/:id/notes/:noteId': {
    request: async (w, a) => {
      const { application, note } = await freshNote(w);
      return withContext(
        {
          method: 'PATCH',
          url: `/api/applications/${application}/notes/${note}`,
          headers: cookieOf(w, a),
          payload: { body: 'Edited matrix note' },
        },
        { note, application },
      );
    },
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { note = '', application = '' }) => {
      const rows = await w.t.db.query<{ body: string }>('SELECT body FROM application_notes WHERE id = $1', [note]);
      expect(rows[0]?.body).toBe(a === 'owner' ? 'Edited matrix note' : 'Matrix note');
      await dropNoteJob(w, application);
    },
  },
  'DELETE /api/applications/:id/notes/:noteId': {
    request: async (w, a) => {
      const { application, note } = await freshNote(w);
      return withContext(
        { method: 'DELETE', url: `/api/applications/${application}/notes/${note}`, headers: cookieOf(w, a) },
        { note, application },
      );
    },
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { note = '', application = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM application_notes WHERE id = $1', [note]);
      expect(rows).toHaveLength(a === 'owner' ? 0 : 1);
      await dropNoteJob(w, application);
    },
  },
  'POST /api/applications/:id/withdraw': {
    // Here the object is the owner's own application, to the poster's job (the poster is nobody in the matrix).
    request: async (w, a) => {
      const application = await freshApplication(w, w.poster, w.owner);
      return withContext(
        { method: 'POST', url: `/api/applications/${application}/withdraw`, headers: cookieOf(w, a) },
        { application },
      );
    },
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { application = '' }) => {
      const rows = await w.t.db.query<{ withdrawn_at: unknown }>(
        'SELECT withdrawn_at FROM applications WHERE id = $1',
        [application],
      );
      expect(rows[0]?.withdrawn_at === null).toBe(a !== 'owner');
    },
  },
  // ---------- how a job's team hears of applications (issue 33) ----------
  'GET /api/user/export': {
    request: async (w, a) => ({ method: 'GET', url: '/api/user/export', headers: cookieOf(w, a) }),
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const files = unzipSync(new Uint8Array(response.rawPayload));
      const data = JSON.parse(strFromU8(files['jobboard-data.json'] ?? new Uint8Array())) as {
        account: { email: string }[];
      };
      // Each person downloads their own data, whoever the request names.
      expect(data.account.map((account) => account.email)).toEqual([(a === 'owner' ? w.owner : w.other).user.email]);
    },
  },
  'GET /api/applications/unseen': {
    request: async (w, a) => ({ method: 'GET', url: '/api/applications/unseen', headers: cookieOf(w, a) }),
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const jobs = response.json<{ jobs: Record<string, number> }>().jobs;
      // The applicant's application to the owner's job counts for the owner only.
      expect(jobs[w.ownerJob] !== undefined).toBe(a === 'owner');
    },
  },
  'POST /api/applications/seen': {
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/applications/seen',
      headers: cookieOf(w, a),
      payload: { jobId: w.ownerJob },
    }),
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a) => {
      const rows = await w.t.db.query('SELECT 1 FROM application_seen WHERE job_id = $1 AND user_id = $2', [
        w.ownerJob,
        w.other.user._id,
      ]);
      expect(rows).toEqual([]);
      if (a === 'owner')
        expect(await w.t.db.query('SELECT 1 FROM application_seen WHERE job_id = $1', [w.ownerJob])).toHaveLength(1);
    },
  },
  'GET /api/applications/jobs/:jobId/notifications': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/jobs/${w.ownerJob}/notifications`,
      headers: cookieOf(w, a),
    }),
    status: { visitor: 401, other: 404, owner: 200 },
  },
  'PUT /api/applications/jobs/:jobId/notifications': {
    request: async (w, a) => ({
      method: 'PUT',
      url: `/api/applications/jobs/${w.ownerJob}/notifications`,
      headers: cookieOf(w, a),
      payload: { mode: 'each' },
    }),
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a) => {
      const rows = await w.t.db.query<{ mode: string }>('SELECT mode FROM job_application_mail WHERE job_id = $1', [
        w.ownerJob,
      ]);
      if (a !== 'owner') expect(rows.every((row) => row.mode === 'each')).toBe(true);
    },
  },
  // ---------- how a job takes applications and its screening questions (issue 33, items 2 and 3) ----------
  'GET /api/applications/jobs/:jobId/apply-options': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/applications/jobs/${w.ownerJob}/apply-options`,
      headers: cookieOf(w, a),
    }),
    status: { visitor: 401, other: 404, owner: 200 },
  },
  'PUT /api/applications/jobs/:jobId/apply-options': {
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.owner.cookie, { jobTitle: 'Apply options editing' });
      return withContext(
        {
          method: 'PUT',
          url: `/api/applications/jobs/${job}/apply-options`,
          headers: cookieOf(w, a),
          payload: { method: 'email', email: 'inbox@example.com', questions: [{ type: 'text', text: 'Why?' }] },
        },
        { job },
      );
    },
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { job = '' }) => {
      const options = await w.t.db.query('SELECT 1 FROM job_apply_options WHERE job_id = $1', [job]);
      const versions = await w.t.db.query('SELECT 1 FROM job_screening_versions WHERE job_id = $1', [job]);
      expect([options.length, versions.length]).toEqual(a === 'owner' ? [1, 1] : [0, 0]);
    },
  },
  'GET /api/job/:id/apply-form': {
    request: async (w, a) => ({ method: 'GET', url: `/api/job/${w.ownerJob}/apply-form`, headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.json<{ method: string }>().method).toBe('board');
    },
  },
  'GET /api/job/:id/apply-link': {
    // A fresh job of the owner's that takes applications on its company's site: anybody may follow its link.
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.owner.cookie, { jobTitle: 'Careers site posting' });
      const saved = await w.t.app.inject({
        method: 'PUT',
        url: `/api/applications/jobs/${job}/apply-options`,
        headers: { cookie: w.owner.cookie },
        payload: { method: 'external', url: 'https://careers.example.com/apply' },
      });
      expect(saved.statusCode).toBe(200);
      return withContext({ method: 'GET', url: `/api/job/${job}/apply-link`, headers: cookieOf(w, a) }, { job });
    },
    status: everyone(302),
    check: async (w, _a, response, { job = '' }) => {
      expect(response.headers.location).toBe('https://careers.example.com/apply');
      const [row] = await w.t.db.query<{ clicks: number }>('SELECT clicks FROM job_apply_options WHERE job_id = $1', [
        job,
      ]);
      expect(Number(row?.clicks)).toBe(1);
    },
  },
  // ---------- moderation (decision record 20): the owner of this matrix is the one administrator ----------
  'POST /api/job/:id/report': {
    // A fresh job of a third person's each time, so every signed-in caller's report is a first one.
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.poster.cookie, { jobTitle: 'Matrix reported job' });
      return withContext(
        { method: 'POST', url: `/api/job/${job}/report`, headers: cookieOf(w, a), payload: { reason: 'spam' } },
        { job },
      );
    },
    status: signedIn(201),
    check: async (w, a, _response, { job = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM job_reports WHERE job_id = $1', [job]);
      expect(rows).toHaveLength(a === 'visitor' ? 0 : 1);
    },
  },
  'GET /api/job/:id/report': {
    request: async (w, a) => ({ method: 'GET', url: `/api/job/${w.ownerJob}/report`, headers: cookieOf(w, a) }),
    status: signedIn(200),
  },
  'GET /api/admin/queue': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/queue', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
  },
  'GET /api/admin/hidden-jobs': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/hidden-jobs', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
  },
  'GET /api/admin/audit': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/audit', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
    check: async (_w, a, response) => {
      if (a === 'owner') expect(response.json<{ total: number }>().total).toBeGreaterThanOrEqual(0);
      else expect(response.body).not.toContain('targetLabel');
    },
  },
  'GET /api/admin/audit.csv': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/audit.csv', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
    check: async (_w, a, response) => {
      if (a === 'owner') expect(response.body.startsWith('at,admin,action,target_id,target,reason\r\n')).toBe(true);
      else expect(response.body).not.toContain('at,admin,action');
    },
  },
  'GET /api/admin/settings': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/settings', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
    check: async (_w, a, response) => {
      if (a !== 'owner') expect(response.body).not.toContain('mailSenderName');
    },
  },
  'PUT /api/admin/settings': {
    request: async (w, a) => ({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: cookieOf(w, a),
      payload: { tagline: `Matrix ${a}` },
    }),
    status: ownerOnly(200),
    check: async (w, a) => {
      const rows = await w.t.db.query<{ tagline: string | null }>(
        "SELECT settings->>'tagline' AS tagline FROM site_settings",
      );
      if (a === 'owner') expect(rows[0]?.tagline).toBe('Matrix owner');
      else expect(rows[0]?.tagline).not.toBe(`Matrix ${a}`);
    },
  },
  'PUT /api/admin/pages/:slug': {
    request: async (w, a) => ({
      method: 'PUT',
      url: '/api/admin/pages/terms',
      headers: cookieOf(w, a),
      payload: { body: `Matrix terms ${a}` },
    }),
    status: ownerOnly(200),
    check: async (w, a) => {
      const rows = await w.t.db.query<{ body: string }>("SELECT body FROM site_pages WHERE slug = 'terms'");
      if (a === 'owner') expect(rows[0]?.body).toBe('Matrix terms owner');
      else expect(rows[0]?.body ?? '').not.toBe(`Matrix terms ${a}`);
    },
  },
  'GET /api/admin/banned-users': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/banned-users', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
  },
  'POST /api/admin/jobs/:id/approve': {
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.poster.cookie, { jobTitle: 'Matrix hidden job' });
      await w.t.db.query("UPDATE jobs SET status_before_moderation = status, status = 'hidden' WHERE id = $1", [job]);
      return withContext({ method: 'POST', url: `/api/admin/jobs/${job}/approve`, headers: cookieOf(w, a) }, { job });
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { job = '' }) => {
      const rows = await w.t.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job]);
      expect(rows[0]?.status).toBe(a === 'owner' ? 'open' : 'hidden');
    },
  },
  'POST /api/admin/jobs/:id/hide': {
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.poster.cookie, { jobTitle: 'Matrix job to hide' });
      return withContext(
        { method: 'POST', url: `/api/admin/jobs/${job}/hide`, headers: cookieOf(w, a), payload: { reason: 'Matrix' } },
        { job },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { job = '' }) => {
      const rows = await w.t.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job]);
      expect(rows[0]?.status).toBe(a === 'owner' ? 'hidden' : 'open');
    },
  },
  'POST /api/admin/users/:id/ban': {
    request: async (w, a) => {
      const target = await freshUser(w);
      return withContext(
        {
          method: 'POST',
          url: `/api/admin/users/${target.user._id}/ban`,
          headers: cookieOf(w, a),
          payload: { reason: 'Matrix' },
        },
        { id: target.user._id, cookie: target.cookie },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '', cookie = '' }) => {
      const rows = await w.t.db.query<{ banned: boolean }>(
        'SELECT banned_at IS NOT NULL AS banned FROM users WHERE id = $1',
        [id],
      );
      expect(rows[0]?.banned).toBe(a === 'owner');
      const me = await w.t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
      expect(me.statusCode).toBe(a === 'owner' ? 401 : 200);
    },
  },
  'POST /api/admin/users/:id/unban': {
    request: async (w, a) => {
      const target = await freshUser(w);
      await w.t.db.query("UPDATE users SET banned_at = now(), ban_reason = 'Matrix' WHERE id = $1", [target.user._id]);
      return withContext(
        { method: 'POST', url: `/api/admin/users/${target.user._id}/unban`, headers: cookieOf(w, a) },
        { id: target.user._id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query<{ banned: boolean }>(
        'SELECT banned_at IS NOT NULL AS banned FROM users WHERE id = $1',
        [id],
      );
      expect(rows[0]?.banned).toBe(a !== 'owner');
    },
  },
  // ---------- the administrators' console (issue 34): the owner is the one administrator ----------
  'GET /api/admin/users': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/users?q=user', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
    check: async (_w, a, response) => {
      if (a !== 'owner') expect(response.body).not.toContain('@example.com');
    },
  },
  'GET /api/admin/users/:id': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/admin/users/${w.applicant.user._id}`,
      headers: cookieOf(w, a),
    }),
    status: ownerOnly(200),
    check: async (w, a, response) => {
      if (a !== 'owner') expect(response.body).not.toContain(w.applicant.user.email);
    },
  },
  'POST /api/admin/users/:id/resend-confirmation': {
    request: async (w, a) => {
      const target = await signUpAndSignIn(w.t.app, {}, { verified: false });
      return withContext(
        { method: 'POST', url: `/api/admin/users/${target.user._id}/resend-confirmation`, headers: cookieOf(w, a) },
        { id: target.user._id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query(
        "SELECT 1 FROM admin_actions WHERE target_id = $1 AND action = 'user.resend-confirmation'",
        [id],
      );
      expect(rows).toHaveLength(a === 'owner' ? 1 : 0);
    },
  },
  'POST /api/admin/users/:id/grant-admin': {
    request: async (w, a) => {
      const target = await freshUser(w);
      return withContext(
        {
          method: 'POST',
          url: `/api/admin/users/${target.user._id}/grant-admin`,
          headers: cookieOf(w, a),
          payload: { reason: 'Matrix' },
        },
        { id: target.user._id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query<{ admin: boolean }>(
        'SELECT admin_since IS NOT NULL AS admin FROM users WHERE id = $1',
        [id],
      );
      expect(rows[0]?.admin).toBe(a === 'owner');
    },
  },
  'POST /api/admin/users/:id/revoke-admin': {
    request: async (w, a) => {
      const target = await freshUser(w);
      await w.t.db.query('UPDATE users SET admin_since = now() WHERE id = $1', [target.user._id]);
      return withContext(
        {
          method: 'POST',
          url: `/api/admin/users/${target.user._id}/revoke-admin`,
          headers: cookieOf(w, a),
          payload: { reason: 'Matrix' },
        },
        { id: target.user._id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query<{ admin: boolean }>(
        'SELECT admin_since IS NOT NULL AS admin FROM users WHERE id = $1',
        [id],
      );
      expect(rows[0]?.admin).toBe(a !== 'owner');
    },
  },
  'DELETE /api/admin/users/:id': {
    request: async (w, a) => {
      const target = await freshUser(w);
      return withContext(
        {
          method: 'DELETE',
          url: `/api/admin/users/${target.user._id}`,
          headers: cookieOf(w, a),
          payload: { reason: 'Matrix' },
        },
        { id: target.user._id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM users WHERE id = $1', [id]);
      expect(rows).toHaveLength(a === 'owner' ? 0 : 1);
    },
  },
  'GET /api/admin/jobs': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/jobs?status=hidden', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
  },
  'POST /api/admin/jobs/:id/close': {
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.poster.cookie, { jobTitle: 'Matrix job to close' });
      return withContext(
        { method: 'POST', url: `/api/admin/jobs/${job}/close`, headers: cookieOf(w, a), payload: { reason: 'Matrix' } },
        { job },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { job = '' }) => {
      const rows = await w.t.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [job]);
      expect(rows[0]?.status).toBe(a === 'owner' ? 'closed' : 'open');
    },
  },
  'GET /api/admin/companies': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/companies?q=co', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
  },
  'POST /api/admin/companies/:id/merge': {
    request: async (w, a) => {
      const make = async (name: string) => {
        const made = await w.t.app.inject({
          method: 'POST',
          url: '/api/companies',
          headers: { cookie: w.poster.cookie },
          payload: { name },
        });
        expect(made.statusCode, made.body).toBe(201);
        return made.json<{ id: string; slug: string }>();
      };
      const kept = await make(`Matrix Kept ${a}`);
      const duplicate = await make(`Matrix Duplicate ${a}`);
      return withContext(
        {
          method: 'POST',
          url: `/api/admin/companies/${duplicate.id}/merge`,
          headers: cookieOf(w, a),
          payload: { into: kept.slug, reason: 'Matrix' },
        },
        { duplicate: duplicate.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { duplicate = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM companies WHERE id = $1', [duplicate]);
      expect(rows.length).toBe(a === 'owner' ? 0 : 1);
    },
  },
  'PUT /api/admin/jobs/:id/featured': {
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.poster.cookie, { jobTitle: 'Matrix job to feature' });
      const until = new Date().toISOString().slice(0, 10);
      return withContext(
        {
          method: 'PUT',
          url: `/api/admin/jobs/${job}/featured`,
          headers: cookieOf(w, a),
          payload: { until, reason: 'Matrix' },
        },
        { job },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { job = '' }) => {
      const rows = await w.t.db.query<{ on: boolean }>(
        'SELECT featured_until IS NOT NULL AS on FROM jobs WHERE id = $1',
        [job],
      );
      expect(rows[0]?.on).toBe(a === 'owner');
    },
  },
  'DELETE /api/admin/jobs/:id/featured': {
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.poster.cookie, { jobTitle: 'Matrix job featured' });
      await w.t.db.query('UPDATE jobs SET featured_until = CURRENT_DATE + 3 WHERE id = $1', [job]);
      return withContext(
        {
          method: 'DELETE',
          url: `/api/admin/jobs/${job}/featured`,
          headers: cookieOf(w, a),
          payload: { reason: 'Matrix' },
        },
        { job },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { job = '' }) => {
      const rows = await w.t.db.query<{ on: boolean }>(
        'SELECT featured_until IS NOT NULL AS on FROM jobs WHERE id = $1',
        [job],
      );
      expect(rows[0]?.on).toBe(a !== 'owner');
    },
  },
  'GET /api/admin/reports': {
    request: async (w, a) => ({ method: 'GET', url: '/api/admin/reports?state=closed', headers: cookieOf(w, a) }),
    status: ownerOnly(200),
  },
  'POST /api/job/:id/view': {
    request: async (w, a) => ({ method: 'POST', url: `/api/job/${w.ownerJob}/view`, headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.headers['set-cookie']).toBeUndefined();
    },
  },
  'GET /api/job/:id/stats': {
    request: async (w, a) => ({ method: 'GET', url: `/api/job/${w.ownerJob}/stats`, headers: cookieOf(w, a) }),
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, response) => {
      if (a === 'owner') expect(response.json<{ applications: number }>().applications).toBe(1);
    },
  },
  'GET /api/job/my-stats': {
    request: async (w, a) => ({ method: 'GET', url: '/api/job/my-stats', headers: cookieOf(w, a) }),
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const ids = response.json<{ items: { jobId: string }[] }>().items.map((i) => i.jobId);
      if (a === 'owner') expect(ids).toEqual(expect.arrayContaining([w.ownerJob]));
      expect(ids).not.toContain(a === 'owner' ? w.otherJob : w.ownerJob);
    },
  },

  // ---------- users ----------
  'GET /api/user/get-users': {
    request: async (w, a) => ({ method: 'GET', url: '/api/user/get-users', headers: cookieOf(w, a) }),
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      noPasswords(response);
      const ids = response
        .json<User[]>()
        .map((u) => u._id)
        .sort();
      // The caller and the people who applied to the caller's jobs; nobody else.
      const expected = a === 'owner' ? [w.owner.user._id, w.applicant.user._id] : [w.other.user._id];
      expect(ids).toEqual(expected.sort());
    },
  },
  'POST /api/user/update/:userId': {
    // A fresh owner for this row, so the shared owner's profile stays as it is.
    request: async (w, a) => {
      const target = await freshUser(w);
      const headers = a === 'visitor' ? {} : { cookie: a === 'owner' ? target.cookie : w.other.cookie };
      return withContext(
        { method: 'POST', url: `/api/user/update/${target.user._id}`, headers, payload: { name: `Renamed by ${a}` } },
        { id: target.user._id, name: target.user.name },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, response, { id = '', name = '' }) => {
      const rows = await w.t.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [id]);
      expect(rows[0]?.name).toBe(a === 'owner' ? 'Renamed by owner' : name);
      if (a === 'owner') noPasswords(response);
    },
  },
  'DELETE /api/user/delete/:userId': {
    request: async (w, a) => {
      const target = await freshUser(w);
      const headers = a === 'visitor' ? {} : { cookie: a === 'owner' ? target.cookie : w.other.cookie };
      // The password sent is the target's own: even knowing it, nobody but the owner deletes the account.
      return withContext(
        {
          method: 'DELETE',
          url: `/api/user/delete/${target.user._id}`,
          headers,
          payload: { currentPassword: target.password },
        },
        { id: target.user._id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM users WHERE id = $1', [id]);
      expect(rows.length).toBe(a === 'owner' ? 0 : 1);
    },
  },

  // ---------- job model: suggestions and companies ----------
  'GET /api/skills': {
    request: async (w, a) => ({ method: 'GET', url: '/api/skills?q=java', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.json<{ value: string }[]>().map((s) => s.value)).toContain('JavaScript');
    },
  },
  'GET /api/job/suggest': {
    request: async (w, a) => ({ method: 'GET', url: '/api/job/suggest?q=matr', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      const titles = response.json<{ kind: string; value: string }[]>().filter((s) => s.kind === 'title');
      expect(titles.length).toBeGreaterThan(0);
      expect(titles.every((s) => s.value.toLowerCase().includes('matr'))).toBe(true);
    },
  },
  'GET /api/places': {
    request: async (w, a) => ({ method: 'GET', url: '/api/places?q=madr', headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, _a, response) => {
      expect(response.json<{ city: string; country: string }[]>()[0]).toMatchObject({ city: 'Madrid', country: 'ES' });
    },
  },
  'GET /api/companies/mine': {
    request: async (w, a) => ({ method: 'GET', url: '/api/companies/mine', headers: cookieOf(w, a) }),
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const slugs = response.json<{ slug: string }[]>().map((c) => c.slug);
      if (a === 'owner') expect(slugs).toContain(w.ownerCompany.slug);
      else expect(slugs).not.toContain(w.ownerCompany.slug);
    },
  },
  'POST /api/companies': {
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/companies',
      headers: cookieOf(w, a),
      payload: { name: `Company of ${a}` },
    }),
    status: signedIn(201),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      // The caller is its creator and only member, whatever else the body says.
      const { id } = response.json<{ id: string }>();
      expect(await memberIds(w, id)).toEqual([(a === 'owner' ? w.owner : w.other).user._id]);
    },
  },
  'GET /api/companies/:slug': {
    request: async (w, a) => ({ method: 'GET', url: `/api/companies/${w.ownerCompany.slug}`, headers: cookieOf(w, a) }),
    status: everyone(200),
    check: async (_w, a, response) => {
      expect(response.json<{ canEdit: boolean }>().canEdit).toBe(a === 'owner');
    },
  },
  'PATCH /api/companies/:slug': {
    request: async (w, a) => {
      const company = await freshCompany(w);
      return withContext(
        {
          method: 'PATCH',
          url: `/api/companies/${company.slug}`,
          headers: cookieOf(w, a),
          payload: { description: `Edited by ${a}` },
        },
        { id: company.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query<{ description: string }>('SELECT description FROM companies WHERE id = $1', [id]);
      expect(rows[0]?.description).toBe(a === 'owner' ? 'Edited by owner' : '');
    },
  },
  'GET /api/companies/:slug/members': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/companies/${w.ownerCompany.slug}/members`,
      headers: cookieOf(w, a),
    }),
    status: ownerOnly(200),
    check: async (w, a, response) => {
      if (a === 'owner') expect(response.json<{ email: string }[]>().map((m) => m.email)).toEqual([w.owner.user.email]);
      else expect(response.body).not.toContain(w.owner.user.email);
    },
  },
  'POST /api/companies/:slug/members': {
    // An invitation, not a membership: the members stay as they were until the invitee accepts.
    request: async (w, a) => {
      const company = await freshCompany(w);
      return withContext(
        {
          method: 'POST',
          url: `/api/companies/${company.slug}/members`,
          headers: cookieOf(w, a),
          payload: { email: (a === 'owner' ? w.applicant : w.other).user.email },
        },
        { id: company.id },
      );
    },
    status: ownerOnly(202),
    check: async (w, a, _response, { id = '' }) => {
      expect(await memberIds(w, id)).toEqual([w.owner.user._id]);
      const invited = await w.t.db.query<{ email: string }>(
        'SELECT email FROM company_invitations WHERE company_id = $1',
        [id],
      );
      expect(invited.map((i) => i.email)).toEqual(a === 'owner' ? [w.applicant.user.email] : []);
    },
  },
  'GET /api/companies/:slug/invitations': {
    request: async (w, a) => {
      const company = await freshCompany(w);
      await invite(w, w.owner, company.slug, w.applicant);
      return { method: 'GET', url: `/api/companies/${company.slug}/invitations`, headers: cookieOf(w, a) };
    },
    status: ownerOnly(200),
    check: async (w, a, response) => {
      if (a === 'owner')
        expect(response.json<{ email: string }[]>().map((i) => i.email)).toEqual([w.applicant.user.email]);
      else expect(response.body).not.toContain(w.applicant.user.email);
    },
  },
  // The invitee's side: only the invited address sees, accepts or declines an invitation; to anybody else it is 404.
  'GET /api/invitations': {
    request: async (w, a) => {
      const company = await posterCompany(w);
      await invite(w, w.poster, company.slug, w.owner);
      return withContext({ method: 'GET', url: '/api/invitations', headers: cookieOf(w, a) }, { slug: company.slug });
    },
    status: signedIn(200),
    check: async (_w, a, response, { slug = '' }) => {
      if (a === 'visitor') return;
      const slugs = response.json<{ company: { slug: string } }[]>().map((i) => i.company.slug);
      if (a === 'owner') expect(slugs).toContain(slug);
      else expect(slugs).not.toContain(slug);
    },
  },
  'POST /api/invitations/accept': {
    request: async (w, a) => {
      const company = await posterCompany(w);
      const id = await invite(w, w.poster, company.slug, w.owner);
      return withContext(
        { method: 'POST', url: '/api/invitations/accept', headers: cookieOf(w, a), payload: { id } },
        { id: company.id },
      );
    },
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { id = '' }) => {
      const members = await memberIds(w, id);
      expect(members).toEqual((a === 'owner' ? [w.poster.user._id, w.owner.user._id] : [w.poster.user._id]).sort());
    },
  },
  'POST /api/invitations/decline': {
    request: async (w, a) => {
      const company = await posterCompany(w);
      const id = await invite(w, w.poster, company.slug, w.owner);
      return withContext(
        { method: 'POST', url: '/api/invitations/decline', headers: cookieOf(w, a), payload: { id } },
        { id: company.id },
      );
    },
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { id = '' }) => {
      expect(await memberIds(w, id)).toEqual([w.poster.user._id]);
      const left = await w.t.db.query('SELECT 1 FROM company_invitations WHERE company_id = $1', [id]);
      expect(left.length).toBe(a === 'owner' ? 0 : 1);
    },
  },
  'DELETE /api/companies/:slug/members/:email': {
    request: async (w, a) => {
      const company = await freshCompany(w, w.applicant);
      return withContext(
        {
          method: 'DELETE',
          url: `/api/companies/${company.slug}/members/${encodeURIComponent(w.applicant.user.email)}`,
          headers: cookieOf(w, a),
        },
        { id: company.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const expected = a === 'owner' ? [w.owner.user._id] : [w.owner.user._id, w.applicant.user._id];
      expect(await memberIds(w, id)).toEqual(expected.sort());
    },
  },

  // Issue 33: an owner changes a member's role; the other user is no member (403).
  'PATCH /api/companies/:slug/members/:email': {
    request: async (w, a) => {
      const company = await freshCompany(w, w.applicant);
      return withContext(
        {
          method: 'PATCH',
          url: `/api/companies/${company.slug}/members/${encodeURIComponent(w.applicant.user.email)}`,
          headers: cookieOf(w, a),
          payload: { role: 'viewer' },
        },
        { id: company.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query<{ role: string }>(
        'SELECT role FROM company_members WHERE company_id = $1 AND user_id = $2',
        [id, w.applicant.user._id],
      );
      expect(rows[0]?.role).toBe(a === 'owner' ? 'viewer' : 'recruiter');
    },
  },
  'GET /api/companies/:slug/stage-templates': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/companies/${w.ownerCompany.slug}/stage-templates`,
      headers: cookieOf(w, a),
    }),
    status: ownerOnly(200),
  },
  'PUT /api/companies/:slug/stage-templates/:stage': {
    request: async (w, a) => {
      const company = await freshCompany(w);
      return withContext(
        {
          method: 'PUT',
          url: `/api/companies/${company.slug}/stage-templates/offer`,
          headers: cookieOf(w, a),
          payload: { message: `Offer text by ${a}` },
        },
        { id: company.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM company_stage_templates WHERE company_id = $1', [id]);
      expect(rows.length).toBe(a === 'owner' ? 1 : 0);
    },
  },
  'DELETE /api/companies/:slug/stage-templates/:stage': {
    request: async (w, a) => {
      const company = await freshCompany(w);
      await w.t.db.query(
        "INSERT INTO company_stage_templates (company_id, stage, message) VALUES ($1, 'offer', 'Kept unless the owner resets it')",
        [company.id],
      );
      return withContext(
        { method: 'DELETE', url: `/api/companies/${company.slug}/stage-templates/offer`, headers: cookieOf(w, a) },
        { id: company.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM company_stage_templates WHERE company_id = $1', [id]);
      expect(rows.length).toBe(a === 'owner' ? 0 : 1);
    },
  },
  'GET /api/companies/:slug/stages': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/companies/${w.ownerCompany.slug}/stages`,
      headers: cookieOf(w, a),
    }),
    status: ownerOnly(200),
  },
  'POST /api/companies/:slug/stages': {
    request: async (w, a) => {
      const company = await freshCompany(w);
      return withContext(
        {
          method: 'POST',
          url: `/api/companies/${company.slug}/stages`,
          headers: cookieOf(w, a),
          payload: { name: 'Phone screen', after: 'reviewing' },
        },
        { id: company.id },
      );
    },
    status: ownerOnly(201),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM company_stages WHERE company_id = $1', [id]);
      expect(rows.length).toBe(a === 'owner' ? 1 : 0);
    },
  },
  'DELETE /api/companies/:slug/stages/:id': {
    request: async (w, a) => {
      const company = await freshCompany(w);
      const [stage] = await w.t.db.query<{ id: string }>(
        "INSERT INTO company_stages (company_id, name, after_stage) VALUES ($1, 'To go', 'offer') RETURNING id",
        [company.id],
      );
      return withContext(
        { method: 'DELETE', url: `/api/companies/${company.slug}/stages/${stage?.id}`, headers: cookieOf(w, a) },
        { id: company.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT 1 FROM company_stages WHERE company_id = $1', [id]);
      expect(rows.length).toBe(a === 'owner' ? 0 : 1);
    },
  },

  // ---------- saved jobs: always the caller's own list; nobody else's can be named ----------
  'GET /api/saved-jobs': {
    // The owner has saved the poster's job; the other user has not.
    request: async (w, a) => {
      await savedBy(w, w.owner, w.posterJob);
      return { method: 'GET', url: '/api/saved-jobs', headers: cookieOf(w, a) };
    },
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const ids = response.json<{ items: Job[] }>().items.map((j) => j._id);
      if (a === 'owner') expect(ids).toContain(w.posterJob);
      else expect(ids).not.toContain(w.posterJob);
    },
  },
  'GET /api/saved-jobs/ids': {
    request: async (w, a) => {
      await savedBy(w, w.owner, w.posterJob);
      return { method: 'GET', url: '/api/saved-jobs/ids', headers: cookieOf(w, a) };
    },
    status: signedIn(200),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      const { ids } = response.json<{ ids: string[] }>();
      if (a === 'owner') expect(ids).toContain(w.posterJob);
      else expect(ids).not.toContain(w.posterJob);
    },
  },
  'PUT /api/saved-jobs/:jobId': {
    // A fresh job of the poster's: a save is the caller's, never anyone else's.
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.poster.cookie, { jobTitle: `Saved by ${a}` });
      return withContext({ method: 'PUT', url: `/api/saved-jobs/${job}`, headers: cookieOf(w, a) }, { job });
    },
    status: signedIn(200),
    check: async (w, a, _response, { job = '' }) => {
      const savers = await savedRowsOf(w, job);
      expect(savers).toEqual(a === 'visitor' ? [] : [(a === 'owner' ? w.owner : w.other).user._id]);
    },
  },
  'DELETE /api/saved-jobs/:jobId': {
    // The owner saved a fresh job; an unsave by anyone else leaves the owner's save in place.
    request: async (w, a) => {
      const job = await postJob(w.t.app, w.poster.cookie, { jobTitle: `Unsaved by ${a}` });
      await savedBy(w, w.owner, job);
      return withContext({ method: 'DELETE', url: `/api/saved-jobs/${job}`, headers: cookieOf(w, a) }, { job });
    },
    status: signedIn(200),
    check: async (w, a, _response, { job = '' }) => {
      expect(await savedRowsOf(w, job)).toEqual(a === 'owner' ? [] : [w.owner.user._id]);
    },
  },

  // ---------- job alerts ----------
  'GET /api/alerts': {
    request: async (w, a) => {
      const alert = await freshAlert(w);
      return withContext({ method: 'GET', url: '/api/alerts', headers: cookieOf(w, a) }, { id: alert.id });
    },
    status: signedIn(200),
    check: async (_w, a, response, { id = '' }) => {
      if (a === 'visitor') return;
      const ids = response.json<{ id: string }[]>().map((alert) => alert.id);
      if (a === 'owner') expect(ids).toContain(id);
      else expect(ids).not.toContain(id);
    },
  },
  'POST /api/alerts': {
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/alerts',
      headers: cookieOf(w, a),
      payload: { query: `q=alert of ${a}`, frequency: 'instant' },
    }),
    status: signedIn(201),
    check: async (w, a, response) => {
      if (a === 'visitor') return;
      // The caller's own alert, whoever the body might claim.
      const { id } = response.json<{ alert: { id: string } }>().alert;
      const rows = await w.t.db.query<{ user_id: string }>('SELECT user_id FROM job_alerts WHERE id = $1', [id]);
      expect(rows[0]?.user_id).toBe((a === 'owner' ? w.owner : w.other).user._id);
    },
  },
  'DELETE /api/alerts/:id': {
    request: async (w, a) => {
      const alert = await freshAlert(w);
      return withContext(
        { method: 'DELETE', url: `/api/alerts/${alert.id}`, headers: cookieOf(w, a) },
        { id: alert.id },
      );
    },
    // Another person's alert is not theirs to know about: 404, as for one that does not exist.
    status: { visitor: 401, other: 404, owner: 200 },
    check: async (w, a, _response, { id = '' }) => {
      expect(await alertExists(w, id)).toBe(a !== 'owner');
    },
  },
  'GET /api/alerts/unsubscribe': {
    request: async (w, a) => {
      const alert = await freshAlert(w);
      return withContext(
        { method: 'GET', url: `/api/alerts/unsubscribe?token=${alert.token}`, headers: cookieOf(w, a) },
        { id: alert.id },
      );
    },
    // The signed link is the authority, for anyone holding it; reading it changes nothing.
    status: everyone(200),
    check: async (w, _a, response, { id = '' }) => {
      expect(response.json()).toMatchObject({ active: true });
      expect(await alertExists(w, id)).toBe(true);
    },
  },
  'POST /api/alerts/unsubscribe': {
    request: async (w, a) => {
      const alert = await freshAlert(w);
      return withContext(
        { method: 'POST', url: `/api/alerts/unsubscribe?token=${alert.token}`, headers: cookieOf(w, a) },
        { id: alert.id },
      );
    },
    // RFC 8058 one-click: whoever holds the mailed link (a mail provider, without a session) unsubscribes.
    status: everyone(200),
    check: async (w, _a, _response, { id = '' }) => {
      expect(await alertExists(w, id)).toBe(false);
    },
  },

  // ---------- uploads ----------
  'POST /api/upload/avatar': {
    request: async (w, a) => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .png()
        .toBuffer();
      const { payload, headers } = multipartPng(png);
      return withContext(
        { method: 'POST', url: '/api/upload/avatar', payload, headers: { ...headers, ...cookieOf(w, a) } },
        { before: String(storedUploads(w).length) },
      );
    },
    status: signedIn(201),
    check: async (w, a, _response, { before = '' }) => {
      // A visitor stores nothing; a signed-in user stores one file.
      expect(storedUploads(w).length).toBe(Number(before) + (a === 'visitor' ? 0 : 1));
    },
  },
};

// A company's cover image: the same rules as the logo's.
TABLE['POST /api/upload/cover'] = {
  request: async (w, a) => {
    const png = await sharp({ create: { width: 90, height: 30, channels: 3, background: '#345678' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartPng(png);
    return withContext(
      { method: 'POST', url: '/api/upload/cover', payload, headers: { ...headers, ...cookieOf(w, a) } },
      { before: String(storedUploads(w).length) },
    );
  },
  status: signedIn(201),
  check: async (w, a, _response, { before = '' }) => {
    expect(storedUploads(w).length).toBe(Number(before) + (a === 'visitor' ? 0 : 1));
  },
};

// ---------- job drafts (issue 33 item 10): the owner's alone ----------
async function freshDraft(w: World): Promise<string> {
  // Room under the per-account cap: every case makes one.
  await w.t.db.query('DELETE FROM job_drafts WHERE owner_id = $1', [w.owner.user._id]);
  const made = await w.t.app.inject({
    method: 'POST',
    url: '/api/job-drafts',
    headers: { cookie: w.owner.cookie },
    payload: { payload: { jobTitle: 'Matrix Draft' } },
  });
  if (made.statusCode !== 201) throw new Error(`draft: ${made.body}`);
  return made.json<{ id: string }>().id;
}
const draftTitle = async (w: World, id: string) =>
  (await w.t.db.query<{ title: string }>("SELECT payload->>'jobTitle' AS title FROM job_drafts WHERE id = $1", [id]))[0]
    ?.title;

TABLE['GET /api/job-drafts'] = {
  request: async (w, a) => {
    const id = await freshDraft(w);
    return withContext({ method: 'GET', url: '/api/job-drafts', headers: cookieOf(w, a) }, { id });
  },
  status: signedIn(200),
  check: async (_w, a, response, { id = '' }) => {
    if (a === 'visitor') return;
    const ids = response.json<{ id: string }[]>().map((draft) => draft.id);
    if (a === 'owner') expect(ids).toContain(id);
    else expect(ids).not.toContain(id);
  },
};
TABLE['POST /api/job-drafts'] = {
  request: async (w, a) => ({
    method: 'POST',
    url: '/api/job-drafts',
    headers: cookieOf(w, a),
    payload: { payload: { jobTitle: `Draft of ${a}` } },
  }),
  status: signedIn(201),
  check: async (w, a, response) => {
    if (a === 'visitor') return;
    const { id } = response.json<{ id: string }>();
    const rows = await w.t.db.query<{ owner_id: string }>('SELECT owner_id FROM job_drafts WHERE id = $1', [id]);
    expect(rows[0]?.owner_id).toBe((a === 'owner' ? w.owner : w.other).user._id);
  },
};
TABLE['GET /api/job-drafts/:id'] = {
  request: async (w, a) => ({ method: 'GET', url: `/api/job-drafts/${await freshDraft(w)}`, headers: cookieOf(w, a) }),
  status: ownerOnly(200),
  check: async (_w, a, response) => {
    if (a !== 'owner') expect(response.body).not.toContain('Matrix Draft');
  },
};
TABLE['PUT /api/job-drafts/:id'] = {
  request: async (w, a) => {
    const id = await freshDraft(w);
    return withContext(
      {
        method: 'PUT',
        url: `/api/job-drafts/${id}`,
        headers: cookieOf(w, a),
        payload: { payload: { jobTitle: 'Changed' } },
      },
      { id },
    );
  },
  status: ownerOnly(200),
  check: async (w, a, _response, { id = '' }) => {
    expect(await draftTitle(w, id)).toBe(a === 'owner' ? 'Changed' : 'Matrix Draft');
  },
};
TABLE['DELETE /api/job-drafts/:id'] = {
  request: async (w, a) => {
    const id = await freshDraft(w);
    return withContext({ method: 'DELETE', url: `/api/job-drafts/${id}`, headers: cookieOf(w, a) }, { id });
  },
  status: ownerOnly(200),
  check: async (w, a, _response, { id = '' }) => {
    expect(await draftTitle(w, id)).toBe(a === 'owner' ? undefined : 'Matrix Draft');
  },
};

// A company logo (issue 33 item 9): the avatar's rules; whose logo it becomes is the company edit's question.
TABLE['POST /api/upload/logo'] = {
  request: async (w, a) => {
    const png = await sharp({ create: { width: 64, height: 32, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    const { payload, headers } = multipartPng(png);
    return withContext(
      { method: 'POST', url: '/api/upload/logo', payload, headers: { ...headers, ...cookieOf(w, a) } },
      { before: String(storedUploads(w).length) },
    );
  },
  status: signedIn(201),
  check: async (w, a, _response, { before = '' }) => {
    expect(storedUploads(w).length).toBe(Number(before) + (a === 'visitor' ? 0 : 1));
  },
};

// ---------- CVs (issue 14, point 1; decision record 23) ----------
TABLE['POST /api/upload/cv'] = {
  request: async (w, a) => {
    const { payload, headers } = multipartCv(Buffer.from('%PDF-1.4\n%%EOF\n'));
    const me = a === 'visitor' ? undefined : a === 'owner' ? w.owner : w.other;
    const all = (await w.t.db.query('SELECT 1 FROM cvs')).length;
    return withContext(
      { method: 'POST', url: '/api/upload/cv', payload, headers: { ...headers, ...cookieOf(w, a) } },
      { before: String(me ? await cvRowsOf(w, me) : all) },
    );
  },
  status: signedIn(201),
  check: async (w, a, _response, { before = '' }) => {
    // The CV is the caller's own; a visitor stores nothing.
    if (a === 'visitor') expect((await w.t.db.query('SELECT 1 FROM cvs')).length).toBe(Number(before));
    else expect(await cvRowsOf(w, a === 'owner' ? w.owner : w.other)).toBe(Number(before) + 1);
  },
};
TABLE['GET /api/applications/:id/cv-link'] = {
  // The applicant sent a CV to a fresh job of the owner's: the owner (its poster) may read it; nobody else.
  request: async (w, a) => ({
    method: 'GET',
    url: `/api/applications/${await cvApplication(w)}/cv-link`,
    headers: cookieOf(w, a),
  }),
  status: { visitor: 401, other: 404, owner: 200 },
  check: async (_w, a, response) => {
    if (a !== 'owner') expect(response.body).not.toContain('/file?');
  },
};
TABLE['GET /api/cvs/:cvId/link'] = {
  request: async (w, a) => ({
    method: 'GET',
    url: `/api/cvs/${await freshCv(w, w.owner)}/link`,
    headers: cookieOf(w, a),
  }),
  status: { visitor: 401, other: 404, owner: 200 },
};
TABLE['DELETE /api/cvs/:cvId'] = {
  // A CV never sent: its owner alone may delete it; anybody else is told it does not exist.
  request: async (w, a) => ({
    method: 'DELETE',
    url: `/api/cvs/${await freshCv(w, w.owner)}`,
    headers: cookieOf(w, a),
  }),
  status: { visitor: 401, other: 404, owner: 200 },
};
TABLE['GET /api/cvs/:cvId/file'] = {
  // The signed link is the authority, for anyone holding it (the page opens it in a new tab or downloads it).
  request: async (w, a) => {
    const cvId = await freshCv(w, w.owner);
    const link = await w.t.app.inject({
      method: 'GET',
      url: `/api/cvs/${cvId}/link`,
      headers: { cookie: w.owner.cookie },
    });
    return { method: 'GET', url: link.json<{ url: string }>().url, headers: cookieOf(w, a) };
  },
  status: everyone(200),
  check: async (_w, _a, response) => {
    expect(response.body.startsWith('%PDF')).toBe(true);
    expect(response.headers['cache-control']).toBe('private, no-store');
  },
};

// ---------- the candidate profile and its stored CVs (issue 33, point 4): the caller's own, by the session ----------

/**
 * A CV row of the owner's, on their profile or not, made in the database: the routes under test read rows only, and
 * uploads would meet the hourly upload limit long before the matrix ends. The profile is emptied first, so its limit
 * of 5 never answers.
 */
async function freshOwnerCvRow(w: World, onProfile: boolean): Promise<string> {
  await w.t.db.query('UPDATE cvs SET on_profile_since = NULL, is_default = false WHERE owner_id = $1', [
    w.owner.user._id,
  ]);
  const [row] = await w.t.db.query<{ id: string }>(
    `INSERT INTO cvs (owner_id, storage_key, file_name, content_type, size, on_profile_since, label)
     VALUES ($1, md5(random()::text) || '.pdf', 'matrix.pdf', 'application/pdf', 10,
             CASE WHEN $2::boolean THEN now() END, 'Matrix CV')
     RETURNING id`,
    [w.owner.user._id, onProfile],
  );
  if (!row) throw new Error('no cv row');
  return row.id;
}
const freshStoredCv = (w: World) => freshOwnerCvRow(w, true);

TABLE['GET /api/profile/candidate'] = {
  request: async (w, a) => ({ method: 'GET', url: '/api/profile/candidate', headers: cookieOf(w, a) }),
  status: signedIn(200),
};
TABLE['PUT /api/profile/candidate'] = {
  // Always the caller's own profile: nothing in the request names whose.
  request: async (w, a) => ({
    method: 'PUT',
    url: '/api/profile/candidate',
    headers: cookieOf(w, a),
    payload: { headline: `Matrix ${a}`, location: 'Lisbon', links: ['https://example.com/me'] },
  }),
  status: signedIn(200),
  check: async (w, a, response) => {
    if (a !== 'other') return;
    const owners = await w.t.db.query<{ headline: string }>(
      'SELECT headline FROM candidate_profiles WHERE user_id = $1',
      [w.owner.user._id],
    );
    expect(owners.every((row) => row.headline !== 'Matrix other')).toBe(true);
    expect(response.json<{ headline: string }>().headline).toBe('Matrix other');
  },
};
TABLE['GET /api/profile/cvs'] = {
  request: async (w, a) =>
    withContext({ method: 'GET', url: '/api/profile/cvs', headers: cookieOf(w, a) }, { cvId: await freshStoredCv(w) }),
  status: signedIn(200),
  check: async (_w, a, response, context) => {
    if (a === 'visitor') return;
    const ids = response.json<{ cvs: { id: string }[] }>().cvs.map((cv) => cv.id);
    expect(ids.includes(context.cvId ?? '')).toBe(a === 'owner');
  },
};
TABLE['POST /api/profile/cvs'] = {
  // The owner's uploaded CV: only the owner may keep it; to anybody else it does not exist.
  request: async (w, a) => ({
    method: 'POST',
    url: '/api/profile/cvs',
    headers: cookieOf(w, a),
    payload: { cvId: await freshOwnerCvRow(w, false) },
  }),
  status: { visitor: 401, other: 404, owner: 201 },
};
TABLE['PATCH /api/profile/cvs/:cvId'] = {
  request: async (w, a) => {
    const cvId = await freshStoredCv(w);
    return withContext(
      { method: 'PATCH', url: `/api/profile/cvs/${cvId}`, headers: cookieOf(w, a), payload: { label: `By ${a}` } },
      { cvId },
    );
  },
  status: { visitor: 401, other: 404, owner: 200 },
  check: async (w, a, _response, context) => {
    const [row] = await w.t.db.query<{ label: string }>('SELECT label FROM cvs WHERE id = $1', [context.cvId]);
    expect(row?.label === `By ${a}`).toBe(a === 'owner');
  },
};
TABLE['DELETE /api/profile/cvs/:cvId'] = {
  request: async (w, a) => {
    const cvId = await freshStoredCv(w);
    return withContext({ method: 'DELETE', url: `/api/profile/cvs/${cvId}`, headers: cookieOf(w, a) }, { cvId });
  },
  status: { visitor: 401, other: 404, owner: 200 },
  check: async (w, a, _response, context) => {
    const rows = await w.t.db.query('SELECT 1 FROM cvs WHERE id = $1', [context.cvId]);
    expect(rows.length).toBe(a === 'owner' ? 0 : 1);
  },
};

// ---------- messages and interviews (issue 33 items 5 and 6; decision record 42) ----------
// The thread of an application to the owner's job: the owner (its team) and the applicant are its two sides.
const SLOTS = {
  slots: [{ start: '2031-04-02T10:00', timeZone: 'Europe/Paris' }],
  lengthMinutes: 30,
  location: 'Matrix room',
};

/** A fresh interview proposed by `team` on an application of `applicant` to a fresh job of `team`'s. */
async function freshInterview(w: World, team: SignedInUser, applicant: SignedInUser) {
  const application = await freshApplication(w, team, applicant);
  const response = await w.t.app.inject({
    method: 'POST',
    url: `/api/applications/${application}/interviews`,
    headers: { cookie: team.cookie },
    payload: SLOTS,
  });
  if (response.statusCode !== 201) throw new Error(`interview: ${response.body}`);
  const interview = response.json<{ id: string; slots: { id: string }[] }>();
  return { application, interview: interview.id, slot: interview.slots[0]?.id ?? '' };
}

async function interviewState(w: World, id: string) {
  const rows = await w.t.db.query<{ status: string }>('SELECT status FROM interviews WHERE id = $1', [id]);
  return rows[0]?.status;
}

TABLE['GET /api/applications/threads/unread'] = {
  request: async (w, a) => ({ method: 'GET', url: '/api/applications/threads/unread', headers: cookieOf(w, a) }),
  status: signedIn(200),
};
TABLE['GET /api/applications/:id/thread'] = {
  request: async (w, a) => ({
    method: 'GET',
    url: `/api/applications/${await applicationOf(w, w.applicant, w.ownerJob)}/thread`,
    headers: cookieOf(w, a),
  }),
  status: { visitor: 401, other: 404, owner: 200 },
  check: async (w, a, response) => {
    if (a !== 'owner') expect(response.body).not.toContain(w.applicant.user.name);
  },
};
TABLE['POST /api/applications/:id/read'] = {
  request: async (w, a) => ({
    method: 'POST',
    url: `/api/applications/${await applicationOf(w, w.applicant, w.ownerJob)}/read`,
    headers: cookieOf(w, a),
  }),
  status: { visitor: 401, other: 404, owner: 200 },
  check: async (w, a) => {
    const rows = await w.t.db.query('SELECT 1 FROM application_thread_reads WHERE user_id = $1', [w.other.user._id]);
    if (a !== 'owner') expect(rows).toEqual([]);
  },
};
TABLE['GET /api/applications/:id/candidate'] = {
  request: async (w, a) => ({
    method: 'GET',
    url: `/api/applications/${await applicationOf(w, w.applicant, w.ownerJob)}/candidate`,
    headers: cookieOf(w, a),
  }),
  status: { visitor: 401, other: 404, owner: 200 },
};
TABLE['POST /api/applications/:id/messages'] = {
  request: async (w, a) => {
    const application = await freshApplication(w, w.owner, w.applicant);
    return withContext(
      {
        method: 'POST',
        url: `/api/applications/${application}/messages`,
        headers: cookieOf(w, a),
        payload: { body: 'Matrix message' },
      },
      { application },
    );
  },
  status: { visitor: 401, other: 404, owner: 201 },
  check: async (w, a, _response, { application = '' }) => {
    const rows = await w.t.db.query('SELECT 1 FROM application_messages WHERE application_id = $1', [application]);
    expect(rows).toHaveLength(a === 'owner' ? 1 : 0);
    await dropNoteJob(w, application);
  },
};
TABLE['POST /api/applications/:id/interviews'] = {
  request: async (w, a) => {
    const application = await freshApplication(w, w.owner, w.applicant);
    return withContext(
      { method: 'POST', url: `/api/applications/${application}/interviews`, headers: cookieOf(w, a), payload: SLOTS },
      { application },
    );
  },
  status: { visitor: 401, other: 404, owner: 201 },
  check: async (w, a, _response, { application = '' }) => {
    const rows = await w.t.db.query('SELECT 1 FROM interviews WHERE application_id = $1', [application]);
    expect(rows).toHaveLength(a === 'owner' ? 1 : 0);
    await dropNoteJob(w, application);
  },
};
TABLE['PUT /api/applications/:id/interviews/:interviewId'] = {
  request: async (w, a) => {
    const { application, interview } = await freshInterview(w, w.owner, w.applicant);
    return withContext(
      {
        method: 'PUT',
        url: `/api/applications/${application}/interviews/${interview}`,
        headers: cookieOf(w, a),
        payload: { ...SLOTS, location: 'Moved room' },
      },
      { application, interview },
    );
  },
  status: { visitor: 401, other: 404, owner: 200 },
  check: async (w, a, _response, { application = '', interview = '' }) => {
    const rows = await w.t.db.query<{ location: string }>('SELECT location FROM interviews WHERE id = $1', [interview]);
    expect(rows[0]?.location).toBe(a === 'owner' ? 'Moved room' : 'Matrix room');
    await dropNoteJob(w, application);
  },
};
TABLE['POST /api/applications/:id/interviews/:interviewId/pick'] = {
  // Here the owner is the candidate: the poster proposed times on the owner's application to the poster's job.
  request: async (w, a) => {
    const { application, interview, slot } = await freshInterview(w, w.poster, w.owner);
    return withContext(
      {
        method: 'POST',
        url: `/api/applications/${application}/interviews/${interview}/pick`,
        headers: cookieOf(w, a),
        payload: { slotId: slot },
      },
      { application, interview },
    );
  },
  status: { visitor: 401, other: 404, owner: 200 },
  check: async (w, a, _response, { application = '', interview = '' }) => {
    expect(await interviewState(w, interview)).toBe(a === 'owner' ? 'scheduled' : 'proposed');
    await dropNoteJob(w, application);
  },
};
TABLE['POST /api/applications/:id/interviews/:interviewId/cancel'] = {
  request: async (w, a) => {
    const { application, interview } = await freshInterview(w, w.owner, w.applicant);
    return withContext(
      {
        method: 'POST',
        url: `/api/applications/${application}/interviews/${interview}/cancel`,
        headers: cookieOf(w, a),
      },
      { application, interview },
    );
  },
  status: { visitor: 401, other: 404, owner: 200 },
  check: async (w, a, _response, { application = '', interview = '' }) => {
    expect(await interviewState(w, interview)).toBe(a === 'owner' ? 'cancelled' : 'proposed');
    await dropNoteJob(w, application);
  },
};

// ---------- API keys and the jobs API (issue 36): the key scopes as roles ----------

/** On /api/v1 the actors are keys: none for the visitor, the other user's company's key, the owner's company's key. */
const keyOf = (w: World, actor: Actor): Record<string, string> =>
  actor === 'visitor' ? {} : { authorization: `Bearer ${actor === 'owner' ? w.ownerKey : w.otherKey}` };
/** A job body for the jobs API (the company is the key's). */
const apiJobBody = (overrides: Record<string, unknown> = {}) => {
  const { companyName: _name, companyLogo: _logo, ...body } = jobBody();
  return { ...body, ...overrides };
};
/** A fresh job of the owner's company, posted with its key (with an external reference when given). */
/** A fresh endpoint of the owner's company, its only one, with one delivery owed to it (a job.closed). */
async function ownerWebhook(w: World): Promise<{ id: string; delivery: string }> {
  // The earlier cases' endpoints go first: the company's limit (10) must not decide any case.
  await w.t.db.query('DELETE FROM webhook_endpoints WHERE company_id = $1', [w.ownerCompany.id]);
  const [hook] = await w.t.db.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (company_id, url, events, secret) VALUES ($1, 'https://hooks.example.com/m', '{job.closed}', 'whsec_matrix')
     RETURNING id`,
    [w.ownerCompany.id],
  );
  const [delivery] = await w.t.db.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (endpoint_id, event, payload) VALUES ($1, 'job.closed', '{}') RETURNING id`,
    [hook?.id],
  );
  return { id: hook?.id ?? '', delivery: delivery?.id ?? '' };
}

/** A fresh import source of the owner's company, its only one, with one run reported. */
async function ownerImport(w: World): Promise<string> {
  // The earlier cases' sources go first: the company's limit (10) must not decide any case.
  await w.t.db.query('DELETE FROM job_import_sources WHERE company_id = $1', [w.ownerCompany.id]);
  // A loopback address the matrix's app does not allow: a run fails at once with its reason, fetching nothing.
  const [source] = await w.t.db.query<{ id: string }>(
    `INSERT INTO job_import_sources (company_id, kind, target) VALUES ($1, 'json-ld', 'http://127.0.0.1:9/careers')
     RETURNING id`,
    [w.ownerCompany.id],
  );
  await w.t.db.query(`INSERT INTO job_import_runs (source_id, finished_at, error) VALUES ($1, now(), 'matrix')`, [
    source?.id,
  ]);
  return source?.id ?? '';
}

async function ownerKeyJob(w: World, externalId?: string): Promise<string> {
  const response = externalId
    ? await w.t.app.inject({
        method: 'PUT',
        url: `/api/v1/jobs/by-external-id/${externalId}`,
        headers: keyOf(w, 'owner'),
        payload: apiJobBody({ jobTitle: 'Keyed job' }),
      })
    : await w.t.app.inject({
        method: 'POST',
        url: '/api/v1/jobs',
        headers: keyOf(w, 'owner'),
        payload: apiJobBody({ jobTitle: 'Keyed job' }),
      });
  if (response.statusCode !== 201) throw new Error(`api job: ${response.body}`);
  return response.json<{ _id: string }>()._id;
}
async function makeApiKey(
  w: World,
  person: SignedInUser,
  slug: string,
  name = 'Matrix key',
): Promise<{ id: string; secret: string }> {
  const response = await w.t.app.inject({
    method: 'POST',
    url: `/api/companies/${slug}/api-keys`,
    headers: { cookie: person.cookie },
    payload: { name, scopes: ['jobs:read', 'jobs:write', 'applications:read'] },
  });
  if (response.statusCode !== 201) throw new Error(`api key: ${response.body}`);
  return response.json<{ id: string; secret: string }>();
}
const keyedJobRow = async (w: World, id: string) =>
  (
    await w.t.db.query<{ job_title: string; status: string; company_id: string }>(
      'SELECT job_title, status, company_id FROM jobs WHERE id = $1',
      [id],
    )
  )[0];
/** Machine routes: no key 401; the other company's key finds no job of the owner's (404); the owner's key works. */
const machine = (ok: number, other = 404): Record<Actor, number> => ({ visitor: 401, other, owner: ok });

Object.assign(TABLE, {
  'GET /api/companies/:slug/api-keys': {
    request: async (w, a) => ({
      method: 'GET',
      url: `/api/companies/${w.ownerCompany.slug}/api-keys`,
      headers: cookieOf(w, a),
    }),
    status: ownerOnly(200),
    check: async (w, a, response) => {
      if (a === 'owner')
        expect(response.json<{ prefix: string }[]>().some((k) => w.ownerKey.startsWith(k.prefix))).toBe(true);
      expect(response.body).not.toContain(w.ownerKey);
    },
  },
  'POST /api/companies/:slug/api-keys': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/companies/${w.ownerCompany.slug}/api-keys`,
      headers: cookieOf(w, a),
      payload: { name: `Made by ${a}`, scopes: ['jobs:read'] },
    }),
    status: ownerOnly(201),
    check: async (w, a) => {
      const rows = await w.t.db.query<{ id: string }>('SELECT id FROM api_keys WHERE company_id = $1 AND name = $2', [
        w.ownerCompany.id,
        `Made by ${a}`,
      ]);
      expect(rows.length > 0).toBe(a === 'owner');
    },
  },
  'DELETE /api/companies/:slug/api-keys/:keyId': {
    request: async (w, a) => {
      const key = await makeApiKey(w, w.owner, w.ownerCompany.slug);
      return withContext(
        { method: 'DELETE', url: `/api/companies/${w.ownerCompany.slug}/api-keys/${key.id}`, headers: cookieOf(w, a) },
        { id: key.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query<{ revoked_at: Date | null }>('SELECT revoked_at FROM api_keys WHERE id = $1', [
        id,
      ]);
      expect(rows[0]?.revoked_at !== null).toBe(a === 'owner');
    },
  },
  'GET /api/companies/:slug/webhooks': {
    request: async (w, a) => {
      const hook = await ownerWebhook(w);
      return withContext(
        { method: 'GET', url: `/api/companies/${w.ownerCompany.slug}/webhooks`, headers: cookieOf(w, a) },
        { id: hook.id },
      );
    },
    status: ownerOnly(200),
    check: async (_w, a, response, { id = '' }) => {
      if (a === 'owner') expect(response.json<{ id: string }[]>().map((hook) => hook.id)).toContain(id);
      else expect(response.body).not.toContain('whsec_');
    },
  },
  'POST /api/companies/:slug/webhooks': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/companies/${w.ownerCompany.slug}/webhooks`,
      headers: cookieOf(w, a),
      payload: { url: `https://hooks.example.com/${a}`, events: ['job.closed'] },
    }),
    status: ownerOnly(201),
    check: async (w, a) => {
      const rows = await w.t.db.query('SELECT id FROM webhook_endpoints WHERE company_id = $1 AND url = $2', [
        w.ownerCompany.id,
        `https://hooks.example.com/${a}`,
      ]);
      expect(rows.length > 0).toBe(a === 'owner');
      await w.t.db.query('DELETE FROM webhook_endpoints WHERE company_id = $1', [w.ownerCompany.id]);
    },
  },
  'DELETE /api/companies/:slug/webhooks/:endpointId': {
    request: async (w, a) => {
      const hook = await ownerWebhook(w);
      return withContext(
        { method: 'DELETE', url: `/api/companies/${w.ownerCompany.slug}/webhooks/${hook.id}`, headers: cookieOf(w, a) },
        { id: hook.id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT id FROM webhook_endpoints WHERE id = $1', [id]);
      expect(rows.length === 0).toBe(a === 'owner');
    },
  },
  'GET /api/companies/:slug/webhooks/:endpointId/deliveries': {
    request: async (w, a) => {
      const hook = await ownerWebhook(w);
      return {
        method: 'GET',
        url: `/api/companies/${w.ownerCompany.slug}/webhooks/${hook.id}/deliveries`,
        headers: cookieOf(w, a),
      };
    },
    status: ownerOnly(200),
    check: async (_w, a, response) => {
      if (a === 'owner') expect(response.json<{ event: string }[]>()[0]?.event).toBe('job.closed');
    },
  },
  'POST /api/companies/:slug/webhooks/:endpointId/deliveries/:deliveryId/resend': {
    request: async (w, a) => {
      const hook = await ownerWebhook(w);
      await w.t.db.query(`UPDATE webhook_deliveries SET delivered_at = now(), attempts = 1 WHERE id = $1`, [
        hook.delivery,
      ]);
      return withContext(
        {
          method: 'POST',
          url: `/api/companies/${w.ownerCompany.slug}/webhooks/${hook.id}/deliveries/${hook.delivery}/resend`,
          headers: cookieOf(w, a),
        },
        { id: hook.delivery },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query<{ pending: boolean }>(
        'SELECT delivered_at IS NULL AS pending FROM webhook_deliveries WHERE id = $1',
        [id],
      );
      expect(rows[0]?.pending).toBe(a === 'owner');
    },
  },
  'GET /api/companies/:slug/imports': {
    request: async (w, a) => {
      const id = await ownerImport(w);
      return withContext(
        { method: 'GET', url: `/api/companies/${w.ownerCompany.slug}/imports`, headers: cookieOf(w, a) },
        { id },
      );
    },
    status: ownerOnly(200),
    check: async (_w, a, response, { id = '' }) => {
      if (a === 'owner') expect(response.json<{ id: string }[]>().map((source) => source.id)).toContain(id);
      else expect(response.body).not.toContain('127.0.0.1:9');
    },
  },
  'POST /api/companies/:slug/imports': {
    request: async (w, a) => ({
      method: 'POST',
      url: `/api/companies/${w.ownerCompany.slug}/imports`,
      headers: cookieOf(w, a),
      payload: { kind: 'greenhouse', target: `matrix-${a}` },
    }),
    status: ownerOnly(201),
    check: async (w, a) => {
      const rows = await w.t.db.query('SELECT id FROM job_import_sources WHERE company_id = $1 AND target = $2', [
        w.ownerCompany.id,
        `matrix-${a}`,
      ]);
      expect(rows.length > 0).toBe(a === 'owner');
      await w.t.db.query('DELETE FROM job_import_sources WHERE company_id = $1', [w.ownerCompany.id]);
    },
  },
  'DELETE /api/companies/:slug/imports/:sourceId': {
    request: async (w, a) => {
      const id = await ownerImport(w);
      return withContext(
        { method: 'DELETE', url: `/api/companies/${w.ownerCompany.slug}/imports/${id}`, headers: cookieOf(w, a) },
        { id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT id FROM job_import_sources WHERE id = $1', [id]);
      expect(rows.length === 0).toBe(a === 'owner');
    },
  },
  'POST /api/companies/:slug/imports/:sourceId/run': {
    request: async (w, a) => {
      const id = await ownerImport(w);
      return withContext(
        { method: 'POST', url: `/api/companies/${w.ownerCompany.slug}/imports/${id}/run`, headers: cookieOf(w, a) },
        { id },
      );
    },
    status: ownerOnly(200),
    check: async (w, a, _response, { id = '' }) => {
      const rows = await w.t.db.query('SELECT id FROM job_import_runs WHERE source_id = $1', [id]);
      expect(rows.length).toBe(a === 'owner' ? 2 : 1);
    },
  },
  'GET /api/companies/:slug/imports/:sourceId/runs': {
    request: async (w, a) => {
      const id = await ownerImport(w);
      return {
        method: 'GET',
        url: `/api/companies/${w.ownerCompany.slug}/imports/${id}/runs`,
        headers: cookieOf(w, a),
      };
    },
    status: ownerOnly(200),
    check: async (_w, a, response) => {
      if (a === 'owner') expect(response.json<{ error: string }[]>()[0]?.error).toBe('matrix');
    },
  },
  'GET /api/v1/jobs': {
    request: async (w, a) => ({ method: 'GET', url: '/api/v1/jobs', headers: keyOf(w, a) }),
    status: machine(200, 200),
    check: async (w, a, response) => {
      if (a === 'owner') expect(response.body).toContain(w.ownerKeyJob);
      else expect(response.body).not.toContain(w.ownerKeyJob);
    },
  },
  'POST /api/v1/jobs': {
    // The other company's key posts for its own company: never for the owner's.
    request: async (w, a) => ({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: keyOf(w, a),
      payload: apiJobBody({ jobTitle: `Posted with a key by ${a}` }),
    }),
    status: machine(201, 201),
    check: async (w, a, response) => {
      const rows = await w.t.db.query<{ company_id: string }>('SELECT company_id FROM jobs WHERE job_title = $1', [
        `Posted with a key by ${a}`,
      ]);
      const expected = a === 'owner' ? [w.ownerCompany.id] : a === 'other' ? [w.otherCompany.id] : [];
      expect([...new Set(rows.map((r) => r.company_id))]).toEqual(expected);
      if (a !== 'visitor') expect(response.json<{ company: { id: string } }>().company.id).toBe(expected[0]);
    },
  },
  'PUT /api/v1/jobs/by-external-id/:externalId': {
    request: async (w, a) => {
      const externalId = `matrix-${randomBytes(4).toString('hex')}`;
      const id = await ownerKeyJob(w, externalId);
      return withContext(
        {
          method: 'PUT',
          url: `/api/v1/jobs/by-external-id/${externalId}`,
          headers: keyOf(w, a),
          payload: apiJobBody({ jobTitle: `Put by ${a}` }),
        },
        { id },
      );
    },
    // The same reference under another company's key is that company's own (new) job.
    status: machine(200, 201),
    check: async (w, a, _response, { id = '' }) => {
      expect((await keyedJobRow(w, id))?.job_title).toBe(a === 'owner' ? 'Put by owner' : 'Keyed job');
    },
  },
  'PATCH /api/v1/jobs/:id': {
    request: async (w, a) => {
      const id = await ownerKeyJob(w);
      return withContext(
        { method: 'PATCH', url: `/api/v1/jobs/${id}`, headers: keyOf(w, a), payload: { jobTitle: `Patched by ${a}` } },
        { id },
      );
    },
    status: machine(200),
    check: async (w, a, _response, { id = '' }) => {
      expect((await keyedJobRow(w, id))?.job_title).toBe(a === 'owner' ? 'Patched by owner' : 'Keyed job');
    },
  },
  'POST /api/v1/jobs/:id/close': {
    request: async (w, a) => {
      const id = await ownerKeyJob(w);
      return withContext({ method: 'POST', url: `/api/v1/jobs/${id}/close`, headers: keyOf(w, a) }, { id });
    },
    status: machine(200),
    check: async (w, a, _response, { id = '' }) => {
      expect((await keyedJobRow(w, id))?.status).toBe(a === 'owner' ? 'closed' : 'open');
    },
  },
  'POST /api/v1/jobs/:id/reopen': {
    request: async (w, a) => {
      const id = await ownerKeyJob(w);
      await w.t.app.inject({ method: 'POST', url: `/api/v1/jobs/${id}/close`, headers: keyOf(w, 'owner') });
      return withContext({ method: 'POST', url: `/api/v1/jobs/${id}/reopen`, headers: keyOf(w, a) }, { id });
    },
    status: machine(200),
    check: async (w, a, _response, { id = '' }) => {
      expect((await keyedJobRow(w, id))?.status).toBe(a === 'owner' ? 'open' : 'closed');
    },
  },
  'GET /api/v1/applications': {
    request: async (w, a) => ({ method: 'GET', url: '/api/v1/applications', headers: keyOf(w, a) }),
    status: machine(200, 200),
    check: async (w, a, response) => {
      if (a === 'owner') expect(response.body).toContain(w.ownerKeyApplicant);
      else expect(response.body).not.toContain(w.ownerKeyApplicant);
    },
  },
} satisfies Record<string, Case>);

/** API documentation (swagger-ui) is public by design: the schemas, never data. */
const PUBLIC_DOCS = /^\/api\/docs(\/|$)/;
function docsCase(url: string): Case {
  const concrete = url === '/api/docs/static/*' ? '/api/docs/static/swagger-ui.css' : url;
  return {
    request: async (w, a) => ({ method: 'GET', url: concrete, headers: cookieOf(w, a) }),
    // swagger-ui sends its own index.html to the documentation's home.
    status: everyone(concrete === '/api/docs/static/index.html' ? 302 : 200),
  };
}

const key = (method: string, url: string) => `${method} ${url}`;

/** The app's own route table: built once at collection time, on an in-memory database. */
async function collectRoutes(): Promise<{ method: string; url: string }[]> {
  registered.length = 0;
  const t = await buildTestApp('pglite');
  await t.close();
  const seen = new Map<string, { method: string; url: string }>();
  for (const route of registered) {
    if (!route.url.startsWith('/api')) continue;
    seen.set(key(route.method, route.url), route);
  }
  return [...seen.values()].sort((x, y) => key(x.method, x.url).localeCompare(key(y.method, y.url)));
}

const ROUTES = await collectRoutes();

function caseFor(method: string, url: string): Case | undefined {
  const lookup = method === 'HEAD' ? 'GET' : method;
  const entry = TABLE[key(lookup, url)];
  if (entry) return entry;
  if (PUBLIC_DOCS.test(url) && lookup === 'GET') return docsCase(url);
  return undefined;
}

describe('the route table', () => {
  it('has the routes of the spec and the design', () => {
    const keys = ROUTES.map((r) => key(r.method, r.url));
    expect(keys).toEqual(
      expect.arrayContaining(['GET /api/health', 'PATCH /api/job/update-job/:id', 'DELETE /api/user/delete/:userId']),
    );
    expect(ROUTES.length).toBeGreaterThanOrEqual(Object.keys(TABLE).length);
  });

  it('has an expectation for every /api route the app registers (a new route must be added here)', () => {
    const missing = ROUTES.filter((r) => !caseFor(r.method, r.url)).map((r) => key(r.method, r.url));
    expect(missing).toEqual([]);
  });

  it('has no stale expectation (every entry names a registered route)', () => {
    const keys = new Set(ROUTES.map((r) => key(r.method, r.url)));
    expect(Object.keys(TABLE).filter((k) => !keys.has(k))).toEqual([]);
  });
});

const MATRIX = ROUTES.flatMap((route) => ACTORS.map((actor) => ({ ...route, actor })));

/** The names a route might wrongly take its caller from, each naming the owner. */
function ownerNamed(w: World): Record<string, string> {
  const id = w.owner.user._id;
  const email = w.owner.user.email;
  return { user: id, userId: id, user_id: id, owner: id, ownerId: id, id, email, postedBy: email, poster: email };
}

/**
 * Parameter tampering: another user's request again, naming the owner in its query string and (for a JSON
 * object body) its body. The server takes the caller from the session only, so the request is either refused
 * (400: the fields are unknown) or answered exactly as for the other user, and the other user's check holds:
 * the owner's objects are neither shown nor changed.
 */
function tampered(w: World, options: InjectOptions & { url: string }): InjectOptions & { url: string } {
  const named = ownerNamed(w);
  const url = new URL(options.url, 'http://localhost');
  for (const [name, value] of Object.entries(named)) url.searchParams.set(name, value);
  const payload = options.payload;
  const isObject =
    payload !== null && typeof payload === 'object' && !Buffer.isBuffer(payload) && !Array.isArray(payload);
  const tamperedOptions = {
    ...options,
    url: `${url.pathname}${url.search}`,
    ...(isObject ? { payload: { ...payload, ...named } } : {}),
  };
  const context = contexts.get(options);
  if (context) contexts.set(tamperedOptions, context);
  return tamperedOptions;
}

describeEachDb('authorization matrix', (kind) => {
  const w = {} as World;

  beforeAll(async () => {
    w.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-matrix-'));
    // The owner is also the one administrator (ADMIN_EMAILS), for the moderation routes.
    const ownerEmail = `matrix-owner-${randomBytes(4).toString('hex')}@example.com`;
    w.t = await buildTestApp(kind, { dataDir: w.dataDir, adminEmails: [ownerEmail] });
    const app: FastifyInstance = w.t.app;
    [w.owner, w.other, w.applicant, w.poster] = await Promise.all([
      signUpAndSignIn(app, { email: ownerEmail }),
      signUpAndSignIn(app),
      signUpAndSignIn(app),
      signUpAndSignIn(app),
    ]);
    w.ownerJob = await postJob(app, w.owner.cookie, { jobTitle: 'Matrix owner job' });
    w.otherJob = await postJob(app, w.other.cookie, { jobTitle: 'Matrix other job' });
    w.posterJob = await postJob(app, w.poster.cookie, { jobTitle: 'Poster job' });
    const company = await app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: w.owner.cookie },
      payload: { name: 'Matrix Owner Co' },
    });
    w.ownerCompany = company.json<{ id: string; slug: string }>();
    const apply = async (person: SignedInUser, job: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/apply/apply-job',
        headers: { cookie: person.cookie },
        payload: { job },
      });
      if (response.statusCode !== 201) throw new Error(`apply failed: ${response.body}`);
    };
    w.ownerKey = (await makeApiKey(w, w.owner, w.ownerCompany.slug)).secret;
    const otherCompany = await app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: w.other.cookie },
      payload: { name: 'Matrix Other Co' },
    });
    w.otherCompany = otherCompany.json<{ id: string; slug: string }>();
    w.otherKey = (await makeApiKey(w, w.other, w.otherCompany.slug)).secret;
    w.ownerKeyJob = await ownerKeyJob(w);
    await apply(w.applicant, w.ownerKeyJob);
    w.ownerKeyApplicant = w.applicant.user.email;
    await apply(w.applicant, w.ownerJob);
    await apply(w.owner, w.posterJob);
    await apply(w.other, w.posterJob);
  });
  afterAll(async () => {
    await w.t?.close();
    fs.rmSync(w.dataDir, { recursive: true, force: true });
  });

  it.each(MATRIX)('$method $url as $actor', async ({ method, url, actor }) => {
    const entry = caseFor(method, url);
    if (!entry) throw new Error(`no expectation for ${method} ${url}`);
    const options = await entry.request(w, actor);
    const response = await w.t.app.inject({ ...options, method: method as InjectOptions['method'] });
    const expected = entry.status[actor];
    expect(response.statusCode, `${method} ${url} as ${actor}: ${response.body.slice(0, 300)}`).toBe(expected);
    if (expected >= 400 && method !== 'HEAD' && !entry.page) {
      const message = expectErrorShape(response, expected);
      // The jobs API names the key it lacks instead (API_KEY_MESSAGES.missing).
      if (expected === 401 && url.startsWith('/api/v1/')) expect(message).toMatch(/^API key required/);
      else if (expected === 401 && url !== '/api/auth/signin' && url !== '/api/apply/apply-job')
        expect(message).toBe(MESSAGES.notSignedIn);
    }
    if (method !== 'HEAD') await entry.check?.(w, actor, response, contexts.get(options) ?? {});
  });

  it.each(ROUTES.filter((r) => r.method !== 'HEAD'))(
    '$method $url as another user naming the owner in query and body',
    async ({ method, url }) => {
      const entry = caseFor(method, url);
      if (!entry) throw new Error(`no expectation for ${method} ${url}`);
      const options = tampered(w, await entry.request(w, 'other'));
      const response = await w.t.app.inject({ ...options, method: method as InjectOptions['method'] });
      const expected = entry.status.other;
      // Refused for the names it added: nothing was done.
      if (response.statusCode === 400 && !entry.page && /Unrecognized key/.test(expectErrorShape(response, 400)))
        return;
      expect(response.statusCode, `${method} ${options.url}: ${response.body.slice(0, 300)}`).toBe(expected);
      await entry.check?.(w, 'other', response, contexts.get(options) ?? {});
    },
  );
});
