import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  STAGE_MAIL_DEFAULT_MESSAGE,
  type BulkStageResult,
  type ResponsesPage,
  type StageChange,
} from '@jobboard/shared';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  jobBody,
  joinCompany,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { startSmtpServer, waitForMail } from './smtp-fixture.js';

/**
 * Issue 33, items 7 and 8 (decision record 43): a company's stage e-mail templates and custom stages, bulk moves,
 * the edited message as the applicant receives it (a real SMTP server on loopback), and team roles.
 */
describeEachDb('hiring team: stage moves and roles', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let owner: SignedInUser;
  let recruiter: SignedInUser;
  let viewer: SignedInUser;
  let outsider: SignedInUser;
  let slug: string;
  let companyId: string;

  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    who?: SignedInUser,
    payload?: object,
  ) => t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const companyJob = (title = 'Harbour Pilot', who = owner) =>
    postJob(t.app, who.cookie, { jobTitle: title, companyId });
  const apply = async (job: string) => {
    const seeker = await signUpAndSignIn(t.app);
    const response = await api('POST', '/api/apply/apply-job', seeker, { job });
    expect(response.statusCode, response.body).toBe(201);
    return { seeker, application: response.json<{ insertedId: string }>().insertedId };
  };
  // Sign-up's confirmation e-mail aside: the stage e-mails one address received.
  const stageMailsTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && !/^Confirm/i.test(m.subject)).map((m) => m.subject);
  const move = (application: string, payload: object, who = owner) =>
    api('PATCH', `/api/applications/${application}/stage`, who, payload);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // A one-second undo window, so the e-mails really leave through the worker to the SMTP server.
    t = await buildTestApp(kind, { smtpUrl: smtp.url, stageMailDelaySeconds: 1 });
    [owner, recruiter, viewer, outsider] = [
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
    ];
    const created = await api('POST', '/api/companies', owner, { name: `Team Harbour ${kind}` });
    ({ slug, id: companyId } = created.json<{ slug: string; id: string }>());
    await joinCompany(t.app, owner.cookie, slug, recruiter, 'recruiter');
    await joinCompany(t.app, owner.cookie, slug, viewer, 'viewer');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('templates: members read the built-in texts, the owner writes and resets one, others are refused', async () => {
    const before = await api('GET', `/api/companies/${slug}/stage-templates`, viewer);
    expect(before.statusCode).toBe(200);
    expect(before.json<{ items: unknown[] }>().items).toContainEqual({
      stage: 'offer',
      message: STAGE_MAIL_DEFAULT_MESSAGE.offer,
      builtIn: true,
    });
    const url = `/api/companies/${slug}/stage-templates/rejected`;
    for (const [who, status] of [
      [recruiter, 403],
      [viewer, 403],
      [outsider, 403],
      [undefined, 401],
    ] as const) {
      const refused = await api('PUT', url, who, { message: 'Not from you' });
      expect(refused.statusCode).toBe(status);
      expectErrorShape(refused, status);
    }
    const empty = await api('PUT', url, owner, { message: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/^message/);
    expect(
      (await api('PUT', `/api/companies/${slug}/stage-templates/applied`, owner, { message: 'x' })).statusCode,
    ).toBe(404);
    const saved = await api('PUT', url, owner, { message: 'We went with someone else this time.' });
    expect(saved.json()).toEqual({
      stage: 'rejected',
      message: 'We went with someone else this time.',
      builtIn: false,
    });
    const reset = await api('DELETE', url, owner);
    expect(reset.json()).toEqual({ stage: 'rejected', message: STAGE_MAIL_DEFAULT_MESSAGE.rejected, builtIn: true });
  });

  it("a move without a message sends the company's template; an edited message is what the applicant receives", async () => {
    const template = 'Our team would love to meet you next week.';
    expect(
      (await api('PUT', `/api/companies/${slug}/stage-templates/interview`, owner, { message: template })).statusCode,
    ).toBe(200);
    const job = await companyJob('Tide Analyst');
    const first = await apply(job);
    expect((await move(first.application, { stage: 'interview' }, recruiter)).json<StageChange>().emailed).toBe(true);
    const templated = await waitForMail(smtp.received, first.seeker.user.email, /invited to interview/);
    expect(templated.text).toContain(template);
    expect(templated.text).not.toContain(STAGE_MAIL_DEFAULT_MESSAGE.interview);

    const second = await apply(job);
    const edited = 'An offer is on its way: salary 52,000 EUR, start 1 March.';
    const options = await api('GET', `/api/applications/${second.application}/stage-options`, recruiter);
    expect(options.json<{ messages: Record<string, string> }>().messages.interview).toBe(template);
    const change = (await move(second.application, { stage: 'offer', message: edited })).json<StageChange>();
    expect(change.undoUntil).not.toBeNull();
    const mail = await waitForMail(smtp.received, second.seeker.user.email, /You have an offer/);
    expect(mail.text).toContain(edited);
    expect(mail.text).not.toContain(STAGE_MAIL_DEFAULT_MESSAGE.offer);
  });

  it('bulk moves: one request, each its own outcome, each undoable on its own', async () => {
    const job = await companyJob('Dock Planner');
    const a = await apply(job);
    const b = await apply(job);
    const withdrawn = await apply(job);
    expect(
      (await api('POST', `/api/applications/${withdrawn.application}/withdraw`, withdrawn.seeker)).statusCode,
    ).toBe(200);
    const foreign = await apply(await postJob(t.app, outsider.cookie, { jobTitle: 'Outsider job' }));
    const response = await api('POST', '/api/applications/bulk-stage', recruiter, {
      ids: [a.application, b.application, withdrawn.application, foreign.application, 'not-an-id'],
      stage: 'rejected',
      message: 'Thank you, we have filled the role.',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<BulkStageResult>();
    expect(result.moved).toBe(2);
    expect(result.failed).toBe(3);
    expect(result.items.map((item) => [item.ok, item.error?.status ?? 200])).toEqual([
      [true, 200],
      [true, 200],
      [false, 409],
      [false, 404],
      [false, 404],
    ]);
    // Undo one of the two: its e-mail is cancelled; the other's goes after the window.
    expect((await api('POST', `/api/applications/${a.application}/stage/undo`, recruiter)).statusCode).toBe(200);
    const sent = await waitForMail(smtp.received, b.seeker.user.email, /An update on your application/);
    expect(sent.text).toContain('Thank you, we have filled the role.');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stageMailsTo(a.seeker.user.email)).toEqual([]);
    const tooMany = await api('POST', '/api/applications/bulk-stage', recruiter, {
      ids: Array.from({ length: 51 }, () => a.application),
      stage: 'reviewing',
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toMatch(/^ids/);
  });

  it('custom stages: ordered after their fixed stage, moved into without e-mail, shown on Responses, deleted back', async () => {
    const add = (name: string, after: string, who = owner) =>
      api('POST', `/api/companies/${slug}/stages`, who, { name, after });
    const take = await add('Take-home task', 'reviewing');
    expect(take.statusCode, take.body).toBe(201);
    expect((await add('Reference check', 'offer')).statusCode).toBe(201);
    expect((await add('Phone screen', 'reviewing')).statusCode).toBe(201);
    expect((await add('phone SCREEN', 'applied')).statusCode).toBe(409);
    expect((await add('Sneaky', 'reviewing', recruiter)).statusCode).toBe(403);
    const bad = await add('Nowhere', 'limbo');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toMatch(/^after/);
    const list = (await api('GET', `/api/companies/${slug}/stages`, viewer)).json<{
      items: { id: string; name: string; after: string; position: number }[];
    }>().items;
    expect(list.map((s) => [s.name, s.after])).toEqual([
      ['Take-home task', 'reviewing'],
      ['Phone screen', 'reviewing'],
      ['Reference check', 'offer'],
    ]);
    const takeHome = take.json<{ id: string }>().id;

    const job = await companyJob('Crane Operator');
    const { seeker, application } = await apply(job);
    const wrongAfter = await move(application, { stage: 'offer', customStageId: takeHome }, recruiter);
    expect(wrongAfter.statusCode).toBe(400);
    expect(wrongAfter.json<{ message: string }>().message).toMatch(/^customStageId/);
    const moved = await move(application, { stage: 'reviewing', customStageId: takeHome }, recruiter);
    expect(moved.json<StageChange>()).toMatchObject({
      stage: 'reviewing',
      customStage: { id: takeHome },
      emailed: false,
    });
    const page = (await api('GET', `/api/applications/responses?job=${job}`, viewer)).json<ResponsesPage>();
    expect(page.items[0]?.customStage).toEqual({ id: takeHome, name: 'Take-home task' });
    expect(page.items[0]?.stage).toBe('reviewing');
    expect(page.customStages?.[job]?.map((s) => s.name)).toEqual(['Take-home task', 'Phone screen', 'Reference check']);
    expect(page.readOnly).toEqual([job]);
    // Another company's stage is no stage for this job.
    const other = await api('POST', '/api/companies', outsider, { name: `Other Harbour ${kind}` });
    const foreignStage = await api('POST', `/api/companies/${other.json<{ slug: string }>().slug}/stages`, outsider, {
      name: 'Foreign',
      after: 'reviewing',
    });
    const foreign = await move(application, {
      stage: 'reviewing',
      customStageId: foreignStage.json<{ id: string }>().id,
    });
    expect(foreign.statusCode).toBe(400);
    // Deleting the stage puts the application back in the fixed stage it followed.
    expect((await api('DELETE', `/api/companies/${slug}/stages/${takeHome}`, owner)).statusCode).toBe(200);
    const after = (await api('GET', `/api/applications/responses?job=${job}`, owner)).json<ResponsesPage>();
    expect(after.items[0]).toMatchObject({ stage: 'reviewing', customStage: null });
    expect(stageMailsTo(seeker.user.email)).toEqual([]);
  });

  it('viewers read applications and notes but cannot move, note or post; recruiters cannot manage the team', async () => {
    const job = await companyJob('Quay Inspector');
    const { application } = await apply(job);
    expect((await api('GET', `/api/applications/${application}/notes`, viewer)).statusCode).toBe(200);
    const moved = await move(application, { stage: 'reviewing' }, viewer);
    expect(moved.statusCode).toBe(403);
    expectErrorShape(moved, 403);
    expect((await api('POST', `/api/applications/${application}/notes`, viewer, { body: 'hi' })).statusCode).toBe(403);
    const posted = await api('POST', '/api/job/post-job', viewer, jobBody({ jobTitle: 'Viewer job', companyId }));
    expect(posted.statusCode).toBe(403);
    expect(posted.json<{ message: string }>().message).toMatch(/^companyId: Viewers/);
    expect((await api('PATCH', `/api/companies/${slug}`, viewer, { website: 'https://example.com' })).statusCode).toBe(
      403,
    );
    expect(
      (await api('PATCH', `/api/companies/${slug}`, recruiter, { website: 'https://example.com' })).statusCode,
    ).toBe(403);
    const invite = await api('POST', `/api/companies/${slug}/members`, recruiter, { email: 'someone@example.com' });
    expect(invite.statusCode).toBe(403);
    const promote = await api('PATCH', `/api/companies/${slug}/members/${viewer.user.email}`, recruiter, {
      role: 'owner',
    });
    expect(promote.statusCode).toBe(403);
    // A recruiter posts under the company and manages; an owner closes any company job, a recruiter only their own.
    const recruiterJob = await companyJob('Recruiter job', recruiter);
    const close = (id: string, who: SignedInUser) =>
      api('PATCH', `/api/job/update-job/${id}`, who, { status: 'closed' });
    expect((await close(job, recruiter)).statusCode).toBe(403);
    expect((await close(recruiterJob, owner)).statusCode).toBe(200);
    expect((await move(application, { stage: 'reviewing' }, recruiter)).statusCode).toBe(200);
  });

  it('owners change roles; the creator and the last owner stay owners; the members list shows roles', async () => {
    const members = () =>
      api('GET', `/api/companies/${slug}/members`, viewer).then((r) => r.json<{ email: string; role: string }[]>());
    expect((await members()).map((m) => m.role)).toEqual(['owner', 'recruiter', 'viewer']);
    const badRole = await api('PATCH', `/api/companies/${slug}/members/${viewer.user.email}`, owner, { role: 'boss' });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json<{ message: string }>().message).toMatch(/^role/);
    const creator = await api('PATCH', `/api/companies/${slug}/members/${owner.user.email}`, owner, { role: 'viewer' });
    expect(creator.statusCode).toBe(400);
    expect(creator.json<{ message: string }>().message).toMatch(/^role/);
    expect(
      (await api('PATCH', `/api/companies/${slug}/members/${recruiter.user.email}`, owner, { role: 'owner' }))
        .statusCode,
    ).toBe(200);
    // The new owner manages the team too, but cannot remove the creator.
    expect((await api('DELETE', `/api/companies/${slug}/members/${owner.user.email}`, recruiter)).statusCode).toBe(400);
    expect(
      (await api('PATCH', `/api/companies/${slug}/members/${viewer.user.email}`, recruiter, { role: 'viewer' }))
        .statusCode,
    ).toBe(200);
    expect((await members()).find((m) => m.email === recruiter.user.email)?.role).toBe('owner');
    // An owner who is not the creator steps down; the creator remains the last owner.
    expect(
      (await api('PATCH', `/api/companies/${slug}/members/${recruiter.user.email}`, recruiter, { role: 'recruiter' }))
        .statusCode,
    ).toBe(200);
    // A company whose creator's account is gone keeps its last owner.
    await t.db.query('UPDATE companies SET created_by = NULL WHERE id = $1', [companyId]);
    const last = await api('PATCH', `/api/companies/${slug}/members/${owner.user.email}`, owner, { role: 'recruiter' });
    expect(last.statusCode).toBe(400);
    expect(last.json<{ message: string }>().message).toMatch(/at least one owner/);
    const leaves = await api('DELETE', `/api/companies/${slug}/members/${owner.user.email}`, owner);
    expect(leaves.statusCode).toBe(400);
    expect(leaves.json<{ message: string }>().message).toMatch(/last owner/);
    await t.db.query('UPDATE companies SET created_by = $2 WHERE id = $1', [companyId, owner.user._id]);
    // A viewer leaves on their own.
    expect((await api('DELETE', `/api/companies/${slug}/members/${viewer.user.email}`, viewer)).statusCode).toBe(200);
    await joinCompany(t.app, owner.cookie, slug, viewer, 'viewer');
  });
});
