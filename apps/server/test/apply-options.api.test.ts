import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  SCREENING_MESSAGES,
  type ApplyForm,
  type ApplyOptions,
  type ApplyOptionsBody,
  type JobStats,
  type ResponsesPage,
} from '@jobboard/shared';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type SignedInUser, type TestApp } from './helpers.js';
import { startSmtpServer } from './smtp-fixture.js';
import { minimalPdf } from './support/documents.js';

const SITE = 'https://jobs.example';

const QUESTIONS: ApplyOptionsBody['questions'] = [
  { type: 'yesno', text: 'Are you allowed to work in the EU?', required: true, knockOut: 'no' },
  { type: 'number', text: 'Years of experience with TypeScript', min: 2 },
  { type: 'choice', text: 'Preferred office', options: ['Berlin', 'Lisbon', 'None'], knockOut: ['None'] },
  { type: 'text', text: 'Your GitHub profile' },
];

/**
 * Issue 33, items 2 and 3 (decision record 41): how each job takes applications (the board, the company's site
 * with its clicks counted, or forwarded by e-mail) and its screening questions, in versions, with knock-outs.
 */
describeEachDb('apply options and screening questions', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let poster: SignedInUser;
  let outsider: SignedInUser;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { smtpUrl: smtp.url, publicUrl: SITE, secureCookies: false });
    [poster, outsider] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const save = (job: string, payload: object, cookie = poster.cookie) =>
    t.app.inject({ method: 'PUT', url: `/api/applications/jobs/${job}/apply-options`, headers: { cookie }, payload });
  const saved = async (job: string, payload: object) => {
    const response = await save(job, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ApplyOptions>();
  };
  const form = async (job: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/job/${job}/apply-form` })).json<ApplyForm>();
  const apply = async (job: string, extra: object = {}, seeker?: SignedInUser) => {
    const person = seeker ?? (await signUpAndSignIn(t.app));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: person.cookie },
      payload: { job, ...extra },
    });
    return { person, response };
  };
  const applied = async (job: string, extra: object = {}) => {
    const { person, response } = await apply(job, extra);
    expect(response.statusCode, response.body).toBe(201);
    return { person, id: response.json<{ insertedId: string }>().insertedId };
  };
  const responses = async (job: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/applications/responses?job=${job}`,
        headers: { cookie: poster.cookie },
      })
    ).json<ResponsesPage>().items;
  const stageOf = async (id: string) =>
    (await t.db.query<{ stage: string }>('SELECT stage FROM applications WHERE id = $1', [id]))[0]?.stage;
  const received = async (to: string) => {
    for (let i = 0; i < 100 && !smtp.received.some((m) => m.to.includes(to)); i += 1)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return smtp.received.filter((m) => m.to.includes(to));
  };
  const goodAnswers = { q1: true, q2: 5, q3: 'Berlin', q4: 'github.com/me' };

  it('a job without options takes applications on the board, as the spec says; its team sees the defaults', async () => {
    const job = await postJob(t.app, poster.cookie);
    expect(await form(job)).toEqual({ method: 'board', version: 0, questions: [] });
    const options = await t.app.inject({
      method: 'GET',
      url: `/api/applications/jobs/${job}/apply-options`,
      headers: { cookie: poster.cookie },
    });
    expect(options.json()).toEqual({
      method: 'board',
      url: '',
      email: '',
      autoReject: false,
      questions: [],
      version: 0,
      answered: false,
      clicks: 0,
    });
    await applied(job);
  });

  it('only the job team reads or saves the options (visitor 401, anybody else 404)', async () => {
    const job = await postJob(t.app, poster.cookie);
    const url = `/api/applications/jobs/${job}/apply-options`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: outsider.cookie } })).statusCode).toBe(404);
    expect((await save(job, { method: 'email', email: 'x@example.com' }, outsider.cookie)).statusCode).toBe(404);
    expect((await form(job)).method).toBe('board');
  });

  it("an external job sends the seeker to the company's site, counts each click, and refuses the API's apply", async () => {
    const job = await postJob(t.app, poster.cookie);
    const url = 'https://careers.example.com/jobs/42?src=board';
    expect((await saved(job, { method: 'external', url })).url).toBe(url);
    expect((await form(job)).method).toBe('external');

    const { response } = await apply(job);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: SCREENING_MESSAGES.externalJob });

    const redirect = await t.app.inject({ method: 'GET', url: `/api/job/${job}/apply-link` });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(url);
    const json = await t.app.inject({
      method: 'GET',
      url: `/api/job/${job}/apply-link`,
      headers: { accept: 'application/json' },
    });
    expect(json.json()).toEqual({ url });

    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/job/${job}/stats`,
      headers: { cookie: poster.cookie },
    });
    expect(stats.json<JobStats>().applyClicks).toBe(2);
    const mine = await t.app.inject({ method: 'GET', url: '/api/job/my-stats', headers: { cookie: poster.cookie } });
    expect(mine.json<{ items: JobStats[] }>().items.find((s) => s.jobId === job)?.applyClicks).toBe(2);

    // A board job has no company link to follow, and its stats no clicks.
    const board = await postJob(t.app, poster.cookie);
    expect((await t.app.inject({ method: 'GET', url: `/api/job/${board}/apply-link` })).statusCode).toBe(404);
    // A closed job sends nobody anywhere, and counts nothing.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${job}`,
      headers: { cookie: poster.cookie },
      payload: { status: 'closed' },
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/job/${job}/apply-link` })).statusCode).toBe(404);
  });

  it('refuses options that do not hold together, naming the field', async () => {
    const job = await postJob(t.app, poster.cookie);
    const cases: [object, string][] = [
      [{ method: 'external' }, 'url'],
      [{ method: 'external', url: 'http://insecure.example.com/apply' }, 'url'],
      [{ method: 'external', url: 'javascript:alert(1)' }, 'url'],
      [{ method: 'email' }, 'email'],
      [{ method: 'email', email: 'not-an-address' }, 'email'],
      [{ method: 'post' }, 'method'],
      [{ method: 'board', questions: [{ type: 'choice', text: 'One?', options: ['Only'] }] }, 'options'],
      [
        { method: 'board', questions: [{ type: 'choice', text: 'Which?', options: ['A', 'B'], knockOut: ['C'] }] },
        'knockOut',
      ],
      [{ method: 'board', questions: [{ type: 'yesno', text: '' }] }, 'text'],
      [{ method: 'board', questions: [{ type: 'date', text: 'When?' }] }, 'type'],
      [{ method: 'board', questions: Array.from({ length: 11 }, () => ({ type: 'text', text: 'Why?' })) }, 'questions'],
      [{ method: 'board', extra: true }, 'extra'],
    ];
    for (const [payload, field] of cases) {
      const response = await save(job, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.body, JSON.stringify(payload)).toContain(field);
    }
    expect((await form(job)).method).toBe('board');
  });

  it('an e-mail job records the application and forwards it with its note, CV name, answers and a link (real SMTP)', async () => {
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Forwarded Role' });
    const inbox = `hiring-${kind}@acme.example`;
    await saved(job, { method: 'email', email: inbox.toUpperCase(), questions: QUESTIONS.slice(0, 1) });
    const seeker = await signUpAndSignIn(t.app);
    const { payload, headers } = multipartCv(minimalPdf(), 'Ada CV.pdf');
    const cv = await t.app.inject({
      method: 'POST',
      url: '/api/upload/cv',
      payload,
      headers: { ...headers, cookie: seeker.cookie },
    });
    expect(cv.statusCode, cv.body).toBe(201);
    const { response } = await apply(
      job,
      { coverNote: 'I would love to help.', cvId: cv.json<{ id: string }>().id, answers: { q1: true } },
      seeker,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect((await responses(job)).map((r) => r.applicantEmail)).toEqual([seeker.user.email]);

    const [mail, ...more] = await received(inbox);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Application: Forwarded Role');
    expect(mail?.text).toContain(`${seeker.user.name} <${seeker.user.email}> applied to`);
    expect(mail?.text).toContain('I would love to help.');
    // The CV's name as stored (made safe for a file name).
    expect(mail?.text).toContain('ada-cv.pdf');
    expect(mail?.text).toContain('Are you allowed to work in the EU?');
    expect(mail?.text).toContain(`${SITE}/responses?job=${job}`);
    expect((await form(job)).method).toBe('email');
  });

  it('shows the questions without their knock-out answers, and edits them in place until one is answered', async () => {
    const job = await postJob(t.app, poster.cookie);
    const first = await saved(job, { method: 'board', questions: QUESTIONS });
    expect(first).toMatchObject({ version: 1, answered: false });
    expect(first.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    const shown = await form(job);
    expect(shown.version).toBe(1);
    expect(shown.questions[0]).toEqual({
      id: 'q1',
      type: 'yesno',
      text: 'Are you allowed to work in the EU?',
      required: true,
    });
    expect(JSON.stringify(shown)).not.toContain('knockOut');
    expect(JSON.stringify(shown)).not.toContain('"min"');
    expect(shown.questions[2]?.options).toEqual(['Berlin', 'Lisbon', 'None']);

    // Not answered yet: an edit changes version 1 itself.
    const edited = await saved(job, { method: 'board', questions: [...QUESTIONS.slice(0, 3)] });
    expect(edited).toMatchObject({ version: 1, answered: false });
    expect(edited.questions).toHaveLength(3);

    const { id: early } = await applied(job, { answers: { q1: true, q2: 3, q3: 'Lisbon' }, screeningVersion: 1 });
    expect((await saved(job, { method: 'board', questions: QUESTIONS.slice(0, 3) })).version).toBe(1);

    // Answered: other questions become version 2; the early answers keep the text they were asked with.
    const renamed = [{ ...QUESTIONS[0], text: 'Can you work in the EU from day one?' }];
    const second = await saved(job, { method: 'board', questions: renamed });
    expect(second).toMatchObject({ version: 2, answered: false });
    const { id: late } = await applied(job, { answers: { q1: true } });
    const items = await responses(job);
    const byId = new Map(items.map((item) => [item._id, item.screening]));
    expect(byId.get(early)?.answers.map((a) => [a.question, a.answer])).toEqual([
      ['Are you allowed to work in the EU?', 'Yes'],
      ['Years of experience with TypeScript', '3'],
      ['Preferred office', 'Lisbon'],
    ]);
    expect(byId.get(late)?.answers).toEqual([
      { question: 'Can you work in the EU from day one?', type: 'yesno', answer: 'Yes', knockedOut: false },
    ]);
    // Someone who loaded version 1's questions hears they changed.
    const stale = await apply(job, { answers: { q1: true }, screeningVersion: 1 });
    expect(stale.response.statusCode).toBe(409);
    expect(stale.response.json()).toMatchObject({ message: SCREENING_MESSAGES.questionsChanged });
  });

  it('checks the answers on the server, naming the question: required, kind, options, unknown ones', async () => {
    const job = await postJob(t.app, poster.cookie);
    await saved(job, { method: 'board', questions: QUESTIONS });
    const cases: [object, string][] = [
      [{}, 'answers.q1'],
      [{ answers: { q2: 4 } }, 'answers.q1'],
      [{ answers: { q1: '' } }, 'answers.q1'],
      [{ answers: { q1: 'yes' } }, 'answers.q1'],
      [{ answers: { q1: true, q2: 'five' } }, 'answers.q2'],
      [{ answers: { q1: true, q3: 'Paris' } }, 'answers.q3'],
      [{ answers: { q1: true, q9: 'hello' } }, 'answers.q9'],
      [{ answers: { q1: true, q4: 'x'.repeat(501) } }, 'answers'],
      [{ answers: { q1: true, '1; DROP': true } }, 'answers'],
    ];
    for (const [extra, field] of cases) {
      const { response } = await apply(job, extra);
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.body, JSON.stringify(extra)).toContain(field);
    }
    expect(await responses(job)).toEqual([]);
    await applied(job, { answers: { q1: true } });
  });

  it('marks a knocked-out application (not hidden) and leaves its stage alone when the job did not choose more', async () => {
    const job = await postJob(t.app, poster.cookie);
    await saved(job, { method: 'board', questions: QUESTIONS });
    const { id: out } = await applied(job, { answers: { ...goodAnswers, q1: false } });
    const { id: low } = await applied(job, { answers: { ...goodAnswers, q2: 1 } });
    const { id: none } = await applied(job, { answers: { ...goodAnswers, q3: 'None' } });
    const { id: fine } = await applied(job, { answers: goodAnswers });
    const items = new Map((await responses(job)).map((item) => [item._id, item.screening]));
    expect(items.size).toBe(4);
    expect(items.get(out)?.knockedOut).toBe(true);
    expect(items.get(out)?.answers[0]).toMatchObject({ answer: 'No', knockedOut: true });
    expect(items.get(low)?.answers[1]).toMatchObject({ answer: '1', knockedOut: true });
    expect(items.get(none)?.answers[2]).toMatchObject({ answer: 'None', knockedOut: true });
    expect(items.get(fine)).toMatchObject({ knockedOut: false });
    for (const id of [out, low, none, fine]) expect(await stageOf(id)).toBe('applied');
  });

  it('with auto-reject, a knocked-out application moves to Rejected; its e-mail waits the undo window and can be undone', async () => {
    expect(t.config.stageMailDelaySeconds).toBe(30);
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Knock Out Role' });
    await saved(job, { method: 'board', autoReject: true, questions: QUESTIONS });
    const { id: fine } = await applied(job, { answers: goodAnswers });
    const { id: out, person } = await applied(job, { answers: { ...goodAnswers, q1: false } });
    expect(await stageOf(fine)).toBe('applied');
    expect(await stageOf(out)).toBe('rejected');
    const [move] = await t.db.query<{ changed_by: string | null; to_stage: string }>(
      'SELECT changed_by, to_stage FROM application_stage_changes WHERE application_id = $1',
      [out],
    );
    expect(move).toEqual({ changed_by: null, to_stage: 'rejected' });
    const mails = await t.db.query<{ delay: number; state: string }>(
      `SELECT extract(epoch FROM start_after - created_on)::float8 AS delay, state FROM pgboss.job
        WHERE name = 'mail' AND data->>'to' = $1 AND data->>'subject' LIKE '%Knock Out Role%'`,
      [person.user.email],
    );
    expect(mails).toHaveLength(1);
    expect(Number(mails[0]?.delay)).toBeGreaterThan(29);

    const undo = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${out}/stage/undo`,
      headers: { cookie: poster.cookie },
    });
    expect(undo.statusCode, undo.body).toBe(200);
    expect(await stageOf(out)).toBe('applied');
  });
});

function multipartCv(bytes: Buffer, filename: string) {
  const boundary = `----cv${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}
