import { afterAll, beforeAll, expect, it } from 'vitest';
import { minimalPdf } from './support/documents.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { unzipped } from './support/unzipped.js';

interface Export {
  site: string;
  account: { email: string; name: string }[];
  applications: { jobTitle: string; coverNote: string; cvId: string }[];
  cvs: { id: string; fileName: string; file: string; storageKey?: string }[];
  jobsPosted: { title: string; applications: number }[];
  savedJobs: { jobTitle: string }[];
  alerts: { query: string }[];
  reports: { reason: string; details: string }[];
  notesWritten: { body: string }[];
  messages: { applicationId: string; from: string; body: string }[];
  interviews: { applicationId: string; status: string; location: string; slots: { timeZone: string }[] }[];
  signIns: { method: string }[];
  jobDrafts: { form: Record<string, unknown> }[];
}

describeEachDb('GET /api/user/export (issue 34 item 4)', (kind) => {
  let t: TestApp;
  let seeker: SignedInUser;
  let poster: SignedInUser;
  const cvBytes = minimalPdf('Seeker CV for the export');
  const as = (person: SignedInUser) => ({ cookie: person.cookie, 'x-requested-with': 'XMLHttpRequest' });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    poster = await signUpAndSignIn(t.app);
    seeker = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Export Tester' });
    const other = await postJob(t.app, poster.cookie, { jobTitle: 'Saved Role' });
    const boundary = '----export';
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload/cv',
      headers: { ...as(seeker), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="My CV.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        cvBytes,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const cvId = upload.json<{ id: string }>().id;
    const steps = [
      { method: 'POST', url: '/api/apply/apply-job', payload: { job, coverNote: 'I test exports.', cvId } },
      { method: 'PUT', url: `/api/saved-jobs/${other}` },
      { method: 'POST', url: '/api/alerts', payload: { query: 'q=export', frequency: 'daily' } },
      { method: 'POST', url: `/api/job/${other}/report`, payload: { reason: 'spam', details: 'Looks copied' } },
    ] as const;
    for (const step of steps) {
      const response = await t.app.inject({ ...step, headers: as(seeker) });
      expect(response.statusCode, `${step.url} ${response.body}`).toBeLessThan(300);
    }
    const draft = await t.app.inject({
      method: 'POST',
      url: '/api/job-drafts',
      headers: as(poster),
      payload: { payload: { jobTitle: 'Half-written role' } },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const responses = await t.app.inject({ url: '/api/applications/responses', headers: as(poster) });
    expect(responses.statusCode, responses.body).toBe(200);
    const applicationId = responses.json<{ items: { _id: string }[] }>().items[0]?._id;
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${applicationId}/notes`,
      headers: as(poster),
      payload: { body: 'Private: strong on exports' },
    });
    expect(note.statusCode, note.body).toBe(201);
    const talk = [
      { person: poster, url: 'messages', payload: { body: 'Could you talk on Tuesday?' } },
      { person: seeker, url: 'messages', payload: { body: 'Tuesday suits me.' } },
      {
        person: poster,
        url: 'interviews',
        payload: {
          slots: [{ start: '2031-02-04T10:00', timeZone: 'Europe/Berlin' }],
          lengthMinutes: 30,
          location: 'Export room',
        },
      },
    ];
    for (const step of talk) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/applications/${applicationId}/${step.url}`,
        headers: as(step.person),
        payload: step.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  const download = (person?: SignedInUser) =>
    t.app.inject({ url: '/api/user/export', headers: person ? as(person) : {} });

  it("gives the signed-in account its own data and CV files, and nobody else's", async () => {
    const response = await download(seeker);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="jobboard-data-${seeker.user.username}-\\d{4}-\\d{2}-\\d{2}\\.zip"$`),
    );
    const files = unzipped(response.rawPayload);
    expect([...files.keys()].sort()).toEqual(
      ['README.txt', expect.stringMatching(/^files\/cvs\/.+-my-cv\.pdf$/), 'jobboard-data.json'].sort(),
    );
    const data = JSON.parse(files.get('jobboard-data.json')?.toString() ?? '{}') as Export;
    expect(data.account).toEqual([expect.objectContaining({ email: seeker.user.email, name: seeker.user.name })]);
    expect(data.applications).toEqual([
      expect.objectContaining({ jobTitle: 'Export Tester', coverNote: 'I test exports.' }),
    ]);
    expect(data.cvs).toHaveLength(1);
    expect(data.cvs[0]?.storageKey).toBeUndefined();
    expect(files.get(data.cvs[0]?.file ?? '')?.equals(cvBytes)).toBe(true);
    expect(data.savedJobs).toEqual([expect.objectContaining({ jobTitle: 'Saved Role' })]);
    // The thread of the seeker's application, both sides, and the interview proposed in it.
    expect(data.messages.map((m) => [m.from, m.body])).toEqual([
      ['hiring team', 'Could you talk on Tuesday?'],
      ['you', 'Tuesday suits me.'],
    ]);
    expect(data.interviews).toEqual([
      expect.objectContaining({
        status: 'proposed',
        location: 'Export room',
        slots: [expect.objectContaining({ timeZone: 'Europe/Berlin' })],
      }),
    ]);
    expect(data.alerts).toEqual([expect.objectContaining({ query: 'q=export' })]);
    expect(data.reports).toEqual([expect.objectContaining({ reason: 'spam', details: 'Looks copied' })]);
    expect(data.signIns.length).toBeGreaterThan(0);
    expect(data.jobsPosted).toEqual([]);
    const text = files.get('jobboard-data.json')?.toString() ?? '';
    // Never a hash, never the hiring team's private note, never the poster's address.
    expect(text).not.toMatch(/argon2|password_?hash|token_?hash|secret_?hash|storage_?key/i);
    expect(text).not.toContain('Private: strong on exports');
    expect(text).not.toContain(poster.user.email);

    const posters = JSON.parse(
      unzipped((await download(poster)).rawPayload)
        .get('jobboard-data.json')
        ?.toString() ?? '{}',
    ) as Export;
    expect(posters.account[0]?.email).toBe(poster.user.email);
    expect(posters.jobsPosted.map((job) => [job.title, job.applications]).sort()).toEqual([
      ['Export Tester', 1],
      ['Saved Role', 0],
    ]);
    expect(posters.notesWritten).toEqual([expect.objectContaining({ body: 'Private: strong on exports' })]);
    expect(posters.cvs).toEqual([]);
    // The poster's side: what they wrote and proposed, never the candidate's reply.
    expect(posters.messages.map((m) => [m.from, m.body])).toEqual([['you', 'Could you talk on Tuesday?']]);
    expect(posters.interviews).toEqual([expect.objectContaining({ location: 'Export room' })]);
    expect(posters.jobDrafts).toEqual([
      expect.objectContaining({ form: expect.objectContaining({ jobTitle: 'Half-written role' }) }),
    ]);
    expect(JSON.stringify(posters)).not.toContain('I test exports.'.replace('.', '!'));
  });

  it('refuses visitors (401) and ignores any other user named in the request', async () => {
    expectErrorShape(await download(), 401);
    const named = await t.app.inject({
      url: `/api/user/export?user=${seeker.user._id}&userId=${seeker.user._id}`,
      headers: as(poster),
    });
    expect(named.statusCode).toBe(200);
    const data = JSON.parse(unzipped(named.rawPayload).get('jobboard-data.json')?.toString() ?? '{}') as Export;
    expect(data.account[0]?.email).toBe(poster.user.email);
  });

  it('allows 5 downloads an hour per account (the shipped default), then 429', async () => {
    const person = await signUpAndSignIn(t.app);
    for (let i = 0; i < 5; i += 1) expect((await download(person)).statusCode).toBe(200);
    expectErrorShape(await download(person), 429);
    expect((await download(await signUpAndSignIn(t.app))).statusCode).toBe(200);
  });
});
