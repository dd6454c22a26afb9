import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { JOB_DRAFT_LIMITS, JOB_DRAFT_MESSAGES, type JobDraft } from '@jobboard/shared';
import { DiskPrivateStorage } from '../src/modules/cvs/cv-storage.js';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../src/modules/housekeeping/orphan-files.js';
import { DiskStorage } from '../src/modules/uploads/storage.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  jobBody,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/**
 * Drafts of Post a Job (issue 33 item 10): saved leniently on the server by their owner only, capped per account,
 * never seen by search, and published through the normal job creation, which deletes the draft.
 */
describeEachDb('job drafts', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;

  const call = (
    person: SignedInUser | undefined,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: person ? { cookie: person.cookie } : {} });
  const newDraft = async (person: SignedInUser, payload: object) => {
    const response = await call(person, 'POST', '/api/job-drafts', { payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<JobDraft>();
  };
  const draftsOf = async (person: SignedInUser) => (await call(person, 'GET', '/api/job-drafts')).json<JobDraft[]>();

  beforeAll(async () => {
    t = await buildTestApp(kind);
    poster = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('saves an unfinished form, lists it last changed first, reads, changes and deletes it', async () => {
    const empty = await newDraft(poster, {});
    const partial = await newDraft(poster, {
      jobTitle: 'Half-written Role',
      payMin: '20k-ish',
      skills: [{ value: 'Go', label: 'Go' }],
    });
    expect(partial.payload).toEqual({
      jobTitle: 'Half-written Role',
      payMin: '20k-ish',
      skills: [{ value: 'Go', label: 'Go' }],
    });
    expect((await draftsOf(poster)).map((d) => d.id)).toEqual([partial.id, empty.id]);

    const changed = await call(poster, 'PUT', `/api/job-drafts/${empty.id}`, { payload: { jobTitle: 'Now Named' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<JobDraft>().payload).toEqual({ jobTitle: 'Now Named' });
    expect(Date.parse(changed.json<JobDraft>().updatedAt)).toBeGreaterThanOrEqual(Date.parse(empty.updatedAt));
    expect((await draftsOf(poster)).map((d) => d.id)).toEqual([empty.id, partial.id]);
    expect((await call(poster, 'GET', `/api/job-drafts/${empty.id}`)).json<JobDraft>().payload.jobTitle).toBe(
      'Now Named',
    );

    const deleted = await call(poster, 'DELETE', `/api/job-drafts/${empty.id}`);
    expect(deleted.json()).toEqual({ success: true, message: JOB_DRAFT_MESSAGES.deleted });
    expectErrorShape(await call(poster, 'GET', `/api/job-drafts/${empty.id}`), 404);
    await call(poster, 'DELETE', `/api/job-drafts/${partial.id}`);
  });

  it("is its owner's alone: 401 for a visitor, 403 for another account, 404 for none; lists hold one's own", async () => {
    const draft = await newDraft(poster, { jobTitle: 'Private Plans' });
    const other = await signUpAndSignIn(t.app);
    expectErrorShape(await call(undefined, 'GET', '/api/job-drafts'), 401);
    expectErrorShape(await call(undefined, 'POST', '/api/job-drafts', { payload: {} }), 401);
    for (const [method, body] of [['GET'], ['PUT', { payload: { jobTitle: 'Taken' } }], ['DELETE']] as const) {
      const response = await call(other, method, `/api/job-drafts/${draft.id}`, body);
      expectErrorShape(response, 403);
      expect(response.json<{ message: string }>().message).toBe(JOB_DRAFT_MESSAGES.notYours);
    }
    expect(await draftsOf(other)).toEqual([]);
    expect((await call(poster, 'GET', `/api/job-drafts/${draft.id}`)).json<JobDraft>().payload).toEqual({
      jobTitle: 'Private Plans',
    });
    expectErrorShape(await call(poster, 'GET', '/api/job-drafts/not-an-id'), 404);
    expectErrorShape(await call(poster, 'GET', '/api/job-drafts/00000000-0000-4000-8000-000000000000'), 404);
    await call(poster, 'DELETE', `/api/job-drafts/${draft.id}`);
  });

  it('refuses a payload of the wrong shape with 400 naming the field', async () => {
    const long = await call(poster, 'POST', '/api/job-drafts', { payload: { jobTitle: 'x'.repeat(500) } });
    expectErrorShape(long, 400);
    expect(long.json<{ message: string }>().message).toMatch(/jobTitle/);
    const unknown = await call(poster, 'POST', '/api/job-drafts', { payload: { salaryPerHour: '9' } });
    expectErrorShape(unknown, 400);
    expect(unknown.json<{ message: string }>().message).toMatch(/salaryPerHour/);
    const typed = await call(poster, 'POST', '/api/job-drafts', { payload: { skills: 'Go' } });
    expectErrorShape(typed, 400);
    expect(typed.json<{ message: string }>().message).toMatch(/skills/);
    const kind = await call(poster, 'POST', '/api/job-drafts', {
      payload: { applyOptions: { method: 'board', questions: [{ type: 'essay' }] } },
    });
    expectErrorShape(kind, 400);
    expect(kind.json<{ message: string }>().message).toMatch(/applyOptions\.questions\.0\.type/);
  });

  it('keeps how to apply and the screening questions as typed, unchecked until the job is published', async () => {
    const applyOptions = {
      method: 'external',
      url: 'not yet an address',
      questions: [{ type: 'choice', text: 'Which shift?', options: 'Early\nLate', knockOutOptions: ['Late'] }],
    };
    const saved = await newDraft(poster, { jobTitle: 'With questions', applyOptions });
    expect((await call(poster, 'GET', `/api/job-drafts/${saved.id}`)).json<JobDraft>().payload.applyOptions).toEqual(
      applyOptions,
    );
    await call(poster, 'DELETE', `/api/job-drafts/${saved.id}`);
  });

  it(`keeps at most ${JOB_DRAFT_LIMITS.perUser} drafts an account`, async () => {
    const busy = await signUpAndSignIn(t.app);
    for (let i = 0; i < JOB_DRAFT_LIMITS.perUser; i += 1) await newDraft(busy, { jobTitle: `Draft ${i}` });
    const over = await call(busy, 'POST', '/api/job-drafts', { payload: {} });
    expectErrorShape(over, 409);
    expect(over.json<{ message: string }>().message).toBe(JOB_DRAFT_MESSAGES.tooMany);
    const [first] = await draftsOf(busy);
    await call(busy, 'DELETE', `/api/job-drafts/${first?.id ?? ''}`);
    await newDraft(busy, {});
  });

  it('is never found by search, and publishing it creates the job and deletes the draft in one go', async () => {
    const title = `Draftonly Zebrafish ${kind}`;
    const draft = await newDraft(poster, { jobTitle: title });
    const search = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/job/search?q=${encodeURIComponent('Zebrafish')}` })).json<{
        total: number;
      }>();
    expect((await search()).total).toBe(0);

    const published = await call(poster, 'POST', '/api/job/post-job', {
      ...jobBody({ jobTitle: title }),
      draftId: draft.id,
    });
    expect(published.statusCode, published.body).toBe(201);
    expectErrorShape(await call(poster, 'GET', `/api/job-drafts/${draft.id}`), 404);
    expect((await search()).total).toBe(1);
  });

  it("publishing names another's draft: the job is made, that draft stays", async () => {
    const other = await signUpAndSignIn(t.app);
    const theirs = await newDraft(other, { jobTitle: 'Theirs' });
    const published = await call(poster, 'POST', '/api/job/post-job', { ...jobBody(), draftId: theirs.id });
    expect(published.statusCode, published.body).toBe(201);
    expect((await call(other, 'GET', `/api/job-drafts/${theirs.id}`)).statusCode).toBe(200);
    const malformed = await call(poster, 'POST', '/api/job/post-job', { ...jobBody(), draftId: 'nope' });
    expectErrorShape(malformed, 400);
    expect(malformed.json<{ message: string }>().message).toMatch(/draftId/);
  });

  it("the orphan sweep keeps a logo uploaded for a draft's new company", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#0f766e' } })
      .png()
      .toBuffer();
    const boundary = '----drafts';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload/logo',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-requested-with': 'XMLHttpRequest',
        cookie: poster.cookie,
      },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const logo = upload.json<{ url: string }>().url;
    await newDraft(poster, { company: 'new', companyName: 'Drafted Co', companyLogo: logo });
    const uploadsDir = path.join(t.config.dataDir, 'uploads');
    const name = decodeURIComponent(logo.replace('/uploads/', ''));
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    fs.utimesSync(path.join(uploadsDir, name), old, old);
    await sweepOrphanFiles(t.db, {
      storage: new DiskStorage(uploadsDir),
      cvStorage: new DiskPrivateStorage(path.join(t.config.dataDir, 'private', 'cvs')),
    });
    expect(fs.readdirSync(uploadsDir)).toContain(name);
  });
});
