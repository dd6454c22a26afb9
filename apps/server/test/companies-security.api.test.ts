import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, Job, MyInvitation, StageChange } from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
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

/**
 * Security review round 2, the companies findings: membership by invitation (4, 8), a leaver's jobs (12),
 * pre-moderated edits (7), one display-name rule (low), edit limits (low), stage-mail limits (low).
 * Every app here runs with the shipped default limits (buildTestApp sets none of these).
 */
const HOUR = 60 * 60_000;

/** The shipped defaults, pinned: raising one a thousandfold must fail a test, not just slow the ones below. */
describe('the shipped limits of the companies findings', () => {
  it('are the documented ones (docs/product.md, docs/security-round-2/companies.md)', () => {
    expect({
      memberInvitesPerAccount: DEFAULT_RATE_LIMITS.memberInvitesPerAccount,
      memberInvitesPerAddress: DEFAULT_RATE_LIMITS.memberInvitesPerAddress,
      jobEditsPerJob: DEFAULT_RATE_LIMITS.jobEditsPerJob,
      jobEditsPerAccount: DEFAULT_RATE_LIMITS.jobEditsPerAccount,
      stageMailsPerApplication: DEFAULT_RATE_LIMITS.stageMailsPerApplication,
      stageMailsPerPoster: DEFAULT_RATE_LIMITS.stageMailsPerPoster,
    }).toEqual({
      memberInvitesPerAccount: { limit: 20, windowMs: HOUR },
      memberInvitesPerAddress: { limit: 40, windowMs: HOUR },
      jobEditsPerJob: { limit: 20, windowMs: HOUR },
      jobEditsPerAccount: { limit: 60, windowMs: HOUR },
      stageMailsPerApplication: { limit: 4, windowMs: 24 * HOUR },
      stageMailsPerPoster: { limit: 200, windowMs: 24 * HOUR },
    });
  });
});

describeEachDb('companies security (round 2)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  const inject = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    person?: SignedInUser,
    payload?: unknown,
    ip = '127.0.0.1',
  ) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: person ? { cookie: person.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const newCompany = async (owner: SignedInUser, name = `Sec Co ${randomBytes(3).toString('hex')}`) => {
    const created = await inject('POST', '/api/companies', owner, { name });
    expect(created.statusCode, created.body).toBe(201);
    return created.json<Company>();
  };
  /** The item at `i`, which the test made sure is there. */
  const nth = <T>(items: readonly T[], i: number): T => {
    const item = items.at(i);
    if (item === undefined) throw new Error(`no item ${i}`);
    return item;
  };
  const members = async (companyId: string) =>
    (await t.db.query<{ user_id: string }>('SELECT user_id FROM company_members WHERE company_id = $1', [companyId]))
      .map((r) => r.user_id)
      .sort();
  /** The link's token from the invitation e-mail queued for `email`. */
  const mailedToken = async (email: string) => {
    const rows = await t.db.query<{ text: string }>(
      `SELECT data->>'text' AS text FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1 ORDER BY created_on DESC`,
      [email],
    );
    const token = rows.map((r) => /\/company-invitation\?token=([A-Za-z0-9_-]{43})/.exec(r.text)?.[1]).find(Boolean);
    if (!token) throw new Error(`no invitation mailed to ${email}`);
    return token;
  };

  describe('membership by invitation (findings 4 and 8)', () => {
    it('adding a member only invites: nobody is a member, or sees the company in their form, before accepting the mailed link', async () => {
      const [owner, invitee] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
      const company = await newCompany(owner);
      const invited = await inject('POST', `/api/companies/${company.slug}/members`, owner, {
        email: invitee.user.email,
      });
      expect(invited.statusCode, invited.body).toBe(202);
      expect(invited.json<{ email: string }[]>().map((m) => m.email)).toEqual([owner.user.email]);
      expect(await members(company.id)).toEqual([owner.user._id]);
      // The Post a Job form lists /api/companies/mine: the invitee's stays empty until they accept.
      expect((await inject('GET', '/api/companies/mine', invitee)).json<Company[]>()).toEqual([]);
      const pending = await inject('GET', `/api/companies/${company.slug}/invitations`, owner);
      expect(pending.json<{ email: string }[]>().map((i) => i.email)).toEqual([invitee.user.email]);
      const token = await mailedToken(invitee.user.email);
      // The link is the invitee's only: another account holding it hears 404, and nothing changes.
      const stranger = await signUpAndSignIn(t.app);
      expectErrorShape(await inject('POST', '/api/invitations/accept', stranger, { token }), 404);
      const accepted = await inject('POST', '/api/invitations/accept', invitee, { token });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json<{ accepted: boolean; company: { slug: string } }>()).toMatchObject({
        accepted: true,
        company: { slug: company.slug },
      });
      expect(await members(company.id)).toEqual([owner.user._id, invitee.user._id].sort());
      // Single use.
      expectErrorShape(await inject('POST', '/api/invitations/accept', invitee, { token }), 404);
    });

    it('answers alike for an address nobody uses and one an account uses: 202, the same members, no name', async () => {
      const [owner, known] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
      const company = await newCompany(owner);
      const forKnown = await inject('POST', `/api/companies/${company.slug}/members`, owner, {
        email: known.user.email,
      });
      const forUnknown = await inject('POST', `/api/companies/${company.slug}/members`, owner, {
        email: `nobody-${randomBytes(4).toString('hex')}@example.com`,
      });
      expect([forKnown.statusCode, forUnknown.statusCode]).toEqual([202, 202]);
      expect(forKnown.body).toBe(forUnknown.body);
      expect(forKnown.body).not.toContain(known.user.name);
    });

    it('an unconfirmed account sees no invitations to its address and cannot accept by id; declining ends one', async () => {
      const owner = await signUpAndSignIn(t.app);
      const unconfirmed = await signUpAndSignIn(t.app, {}, { verified: false });
      const company = await newCompany(owner);
      await inject('POST', `/api/companies/${company.slug}/members`, owner, { email: unconfirmed.user.email });
      expect((await inject('GET', '/api/invitations', unconfirmed)).json<MyInvitation[]>()).toEqual([]);
      const [row] = await t.db.query<{ id: string }>('SELECT id FROM company_invitations WHERE company_id = $1', [
        company.id,
      ]);
      expectErrorShape(await inject('POST', '/api/invitations/accept', unconfirmed, { id: row?.id ?? '' }), 404);
      const declined = await inject('POST', '/api/invitations/decline', unconfirmed, {
        token: await mailedToken(unconfirmed.user.email),
      });
      expect(declined.json()).toEqual({ accepted: false });
      expect(await members(company.id)).toEqual([owner.user._id]);
      expect(await t.db.query('SELECT 1 FROM company_invitations WHERE company_id = $1', [company.id])).toEqual([]);
    });

    it('an expired link is refused, and expired invitations are deleted as new ones are sent', async () => {
      const [owner, invitee] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
      const company = await newCompany(owner);
      await inject('POST', `/api/companies/${company.slug}/members`, owner, { email: invitee.user.email });
      const token = await mailedToken(invitee.user.email);
      await t.db.query(
        "UPDATE company_invitations SET expires_at = now() - interval '1 second' WHERE company_id = $1",
        [company.id],
      );
      expectErrorShape(await inject('POST', '/api/invitations/accept', invitee, { token }), 404);
      expect((await inject('GET', '/api/invitations', invitee)).json<MyInvitation[]>()).toEqual([]);
      expect((await inject('GET', `/api/companies/${company.slug}/invitations`, owner)).json<unknown[]>()).toEqual([]);
      await inject('POST', `/api/companies/${company.slug}/members`, owner, {
        email: `later-${randomBytes(3).toString('hex')}@example.com`,
      });
      const left = await t.db.query<{ email: string }>('SELECT email FROM company_invitations WHERE company_id = $1', [
        company.id,
      ]);
      expect(left.map((r) => r.email)).not.toContain(invitee.user.email);
      expect(await members(company.id)).toEqual([owner.user._id]);
    });

    it('members leave; the creator stays', async () => {
      const [owner, member] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
      const company = await newCompany(owner);
      await joinCompany(t.app, owner.cookie, company.slug, member);
      expect(
        expectErrorShape(
          await inject(
            'DELETE',
            `/api/companies/${company.slug}/members/${encodeURIComponent(owner.user.email)}`,
            owner,
          ),
          400,
        ),
      ).toContain('email');
      const left = await inject(
        'DELETE',
        `/api/companies/${company.slug}/members/${encodeURIComponent(member.user.email)}`,
        member,
      );
      expect(left.statusCode, left.body).toBe(200);
      expect(await members(company.id)).toEqual([owner.user._id]);
    });

    it('limits invitations per account and per client address (shipped defaults)', async () => {
      const { memberInvitesPerAccount: perAccount, memberInvitesPerAddress: perAddress } = DEFAULT_RATE_LIMITS;
      const ip = `10.9.${Math.floor(Math.random() * 250)}.1`;
      const invite = (owner: SignedInUser, slug: string, n: number, from = ip) =>
        inject(
          'POST',
          `/api/companies/${slug}/members`,
          owner,
          { email: `invitee-${n}-${randomBytes(3).toString('hex')}@example.com` },
          from,
        );
      const owners = await Promise.all(
        Array.from({ length: Math.ceil(perAddress.limit / perAccount.limit) + 1 }, () => signUpAndSignIn(t.app)),
      );
      const slugs = await Promise.all(owners.map(async (o) => (await newCompany(o)).slug));
      for (let n = 0; n < perAccount.limit; n += 1)
        expect((await invite(nth(owners, 0), nth(slugs, 0), n)).statusCode).toBe(202);
      const over = await invite(nth(owners, 0), nth(slugs, 0), 99, '10.8.0.1');
      expect(expectErrorShape(over, 429)).toMatch(/Too many/);
      expect(over.headers['retry-after']).toBeDefined();
      // Other accounts from the same address, up to the address's limit.
      let sent = perAccount.limit;
      for (let o = 1; sent < perAddress.limit; o += 1) {
        for (let n = 0; n < perAccount.limit && sent < perAddress.limit; n += 1, sent += 1)
          expect((await invite(nth(owners, o), nth(slugs, o), n)).statusCode).toBe(202);
      }
      expectErrorShape(await invite(nth(owners, -1), nth(slugs, -1), 100), 429);
    });
  });

  describe("a leaver's jobs (finding 12)", () => {
    const jobOf = async (id: string) =>
      (
        await t.db.query<{ status: string; poster_id: string }>('SELECT status, poster_id FROM jobs WHERE id = $1', [
          id,
        ])
      )[0];

    it("removal closes the removed member's jobs by default; they cannot edit or reopen them under the company", async () => {
      const [owner, member] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
      const company = await newCompany(owner);
      await joinCompany(t.app, owner.cookie, company.slug, member);
      const job = await postJob(t.app, member.cookie, { companyId: company.id });
      const removed = await inject(
        'DELETE',
        `/api/companies/${company.slug}/members/${encodeURIComponent(member.user.email)}`,
        owner,
      );
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await jobOf(job)).toEqual({ status: 'closed', poster_id: member.user._id });
      expectErrorShape(await inject('PATCH', `/api/job/update-job/${job}`, member, { status: 'open' }), 403);
      expectErrorShape(await inject('PATCH', `/api/job/update-job/${job}`, member, { jobTitle: 'Still ours' }), 403);
      expect((await jobOf(job))?.status).toBe('closed');
    });

    it('with jobs=move, removal hands them to the creator', async () => {
      const [owner, member] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
      const company = await newCompany(owner);
      await joinCompany(t.app, owner.cookie, company.slug, member);
      const job = await postJob(t.app, member.cookie, { companyId: company.id });
      const removed = await inject(
        'DELETE',
        `/api/companies/${company.slug}/members/${encodeURIComponent(member.user.email)}?jobs=move`,
        owner,
      );
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await jobOf(job)).toEqual({ status: 'open', poster_id: owner.user._id });
      expectErrorShape(await inject('PATCH', `/api/job/update-job/${job}`, member, { status: 'closed' }), 403);
      expectErrorShape(await inject('DELETE', `/api/companies/${company.slug}/members/x%40y.z?jobs=keep`, owner), 400);
    });

    it("the company's creator closes any job of the company (and does nothing else to it); other members cannot", async () => {
      const [owner, member, other] = [
        await signUpAndSignIn(t.app),
        await signUpAndSignIn(t.app),
        await signUpAndSignIn(t.app),
      ];
      const company = await newCompany(owner);
      await joinCompany(t.app, owner.cookie, company.slug, member);
      await joinCompany(t.app, owner.cookie, company.slug, other);
      const job = await postJob(t.app, member.cookie, { companyId: company.id });
      expectErrorShape(await inject('PATCH', `/api/job/update-job/${job}`, other, { status: 'closed' }), 403);
      expectErrorShape(
        await inject('PATCH', `/api/job/update-job/${job}`, owner, { status: 'closed', jobTitle: 'Taken over' }),
        403,
      );
      const closed = await inject('PATCH', `/api/job/update-job/${job}`, owner, { status: 'closed' });
      expect(closed.statusCode, closed.body).toBe(200);
      expect(await jobOf(job)).toEqual({ status: 'closed', poster_id: member.user._id });
    });
  });

  describe('one display-name rule (low)', () => {
    it.each([
      ['company name with a Cyrillic look-alike', '/api/companies', { name: '\u0410cme Labs' }, 'name'],
      ['company name with a right-to-left override', '/api/companies', { name: 'Acme\u202E Labs' }, 'name'],
      ['job title with a zero-width space', '/api/job/post-job', { jobTitle: 'Web\u200B Developer' }, 'jobTitle'],
      ['job title mixing scripts', '/api/job/post-job', { jobTitle: 'P\u0430yPal Support' }, 'jobTitle'],
      [
        'company name of a job with a Cyrillic look-alike',
        '/api/job/post-job',
        { companyName: 'G\u043Eogle' },
        'companyName',
      ],
    ])('refuses a %s with 400 naming the field', async (_label, url, payload, field) => {
      const poster = await signUpAndSignIn(t.app);
      const body = url === '/api/job/post-job' ? { ...jobBody(), ...payload } : payload;
      expect(expectErrorShape(await inject('POST', url, poster, body), 400)).toContain(field);
    });

    it('stores full-width forms as plain letters', async () => {
      const poster = await signUpAndSignIn(t.app);
      const id = await postJob(t.app, poster.cookie, {
        jobTitle: '\uFF37\uFF45\uFF42 Developer',
        companyName: '\uFF21cme Fullwidth',
      });
      const job = (await inject('GET', `/api/job/all-jobs/${id}`)).json<Job>();
      expect([job.jobTitle, job.companyName]).toEqual(['Web Developer', 'Acme Fullwidth']);
    });
  });

  describe('edit limits (low)', () => {
    it('refuses edits past the shipped per-job limit with 429 in the JSON shape, and past the per-account limit', async () => {
      const { jobEditsPerJob: perJob, jobEditsPerAccount: perAccount } = DEFAULT_RATE_LIMITS;
      const poster = await signUpAndSignIn(t.app);
      const jobs = await Promise.all(
        Array.from({ length: Math.ceil(perAccount.limit / perJob.limit) + 1 }, () => postJob(t.app, poster.cookie)),
      );
      const edit = (job: string, n: number) =>
        inject('PATCH', `/api/job/update-job/${job}`, poster, { maxPrice: `$${100 + n}k` });
      for (let n = 0; n < perJob.limit; n += 1) expect((await edit(nth(jobs, 0), n)).statusCode).toBe(200);
      const over = await edit(nth(jobs, 0), 99);
      expect(expectErrorShape(over, 429)).toMatch(/Too many/);
      expect(over.headers['retry-after']).toBeDefined();
      // Somebody else's attempts on a job do not spend its allowance (they are refused before counting).
      const stranger = await signUpAndSignIn(t.app);
      for (let n = 0; n < perJob.limit; n += 1)
        expectErrorShape(await inject('PATCH', `/api/job/update-job/${jobs[1]}`, stranger, { maxPrice: '$1k' }), 403);
      let edits = perJob.limit;
      for (let j = 1; edits < perAccount.limit; j += 1) {
        for (let n = 0; n < perJob.limit && edits < perAccount.limit; n += 1, edits += 1)
          expect((await edit(nth(jobs, j), n)).statusCode).toBe(200);
      }
      expectErrorShape(await edit(nth(jobs, -1), 1), 429);
    });
  });

  describe('stage e-mails (low)', () => {
    it('past the per-application limit, a move still happens but mails nobody; a title failing the name rule stays out of the subject', async () => {
      const [poster, seeker] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Stage Mail Job' });
      // A title stored before the rule (or by a bulk load), with a Cyrillic look-alike.
      await t.db.query('UPDATE jobs SET job_title = $2 WHERE id = $1', [job, 'P\u0430yPal Stage Job']);
      const applied = await inject('POST', '/api/apply/apply-job', seeker, { job });
      expect(applied.statusCode, applied.body).toBe(201);
      const [application] = await t.db.query<{ id: string }>('SELECT id FROM applications WHERE job_id = $1', [job]);
      const stages = ['interview', 'offer', 'rejected', 'hired', 'interview', 'offer'] as const;
      const limit = DEFAULT_RATE_LIMITS.stageMailsPerApplication.limit;
      const answers: StageChange[] = [];
      for (const stage of stages) {
        const moved = await inject('PATCH', `/api/applications/${application?.id ?? ''}/stage`, poster, { stage });
        expect(moved.statusCode, moved.body).toBe(200);
        answers.push(moved.json<StageChange>());
      }
      expect(answers.map((a) => a.stage)).toEqual([...stages]);
      expect(answers.map((a) => a.emailed)).toEqual(stages.map((_, i) => i < limit));
      const mails = await t.db.query<{ subject: string }>(
        `SELECT data->>'subject' AS subject FROM pgboss.job WHERE name = 'mail' AND data->>'to' = $1 AND data->>'subject' NOT LIKE 'Confirm%'`,
        [seeker.user.email],
      );
      expect(mails).toHaveLength(limit);
      for (const mail of mails) expect(mail.subject).not.toMatch(/\u0430|Stage Job/);
    });
  });
});

describeEachDb('stage e-mails per poster (low)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The per-poster limit's mechanism, with a small limit (its shipped value is pinned above).
    t = await buildTestApp(kind, {
      rateLimits: { ...DEFAULT_RATE_LIMITS, stageMailsPerPoster: { limit: 3, windowMs: 24 * HOUR } },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts one poster's stage e-mails over all their applications", async () => {
    const poster = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, poster.cookie);
    const emailed: boolean[] = [];
    for (let n = 0; n < 4; n += 1) {
      const seeker = await signUpAndSignIn(t.app);
      const applied = await t.app.inject({
        method: 'POST',
        url: '/api/apply/apply-job',
        headers: { cookie: seeker.cookie },
        payload: { job },
      });
      expect(applied.statusCode, applied.body).toBe(201);
      const [application] = await t.db.query<{ id: string }>(
        'SELECT id FROM applications WHERE job_id = $1 AND user_id = $2',
        [job, seeker.user._id],
      );
      const moved = await t.app.inject({
        method: 'PATCH',
        url: `/api/applications/${application?.id ?? ''}/stage`,
        headers: { cookie: poster.cookie },
        payload: { stage: 'interview' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      emailed.push(moved.json<StageChange>().emailed);
    }
    expect(emailed).toEqual([true, true, true, false]);
  });
});

describeEachDb('pre-moderated edits (finding 7)', (kind) => {
  let t: TestApp;
  const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;
  let admin: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp(kind, { moderation: 'pre', adminEmails: [adminEmail] });
    admin = await signUpAndSignIn(t.app, { email: adminEmail });
  });
  afterAll(async () => {
    await t?.close();
  });

  const status = async (id: string) =>
    (await t.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [id]))[0]?.status;
  const approvedJob = async (poster: SignedInUser) => {
    const id = await postJob(t.app, poster.cookie, {
      description: 'We build calm, careful software for hospitals and clinics across the country.',
    });
    expect(await status(id)).toBe('pending');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/jobs/${id}/approve`,
      headers: { cookie: admin.cookie },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await status(id)).toBe('open');
    return id;
  };
  const edit = (poster: SignedInUser, id: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/job/update-job/${id}`, headers: { cookie: poster.cookie }, payload });

  it.each([
    ['a new title', { jobTitle: 'Send us a deposit to apply' }],
    [
      'a rewritten description',
      { description: 'Pay a small registration fee by gift card to be considered for this role today.' },
    ],
    ['another company', { companyName: 'Completely Different Ltd' }],
  ])("sends a new account's approved job back to review on %s", async (_label, payload) => {
    const poster = await signUpAndSignIn(t.app);
    const id = await approvedJob(poster);
    const edited = await edit(poster, id, payload);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await status(id)).toBe('pending');
  });

  it("sends a company's jobs back to review when a new account renames the company", async () => {
    const poster = await signUpAndSignIn(t.app);
    const id = await approvedJob(poster);
    const [job] = await t.db.query<{ slug: string }>(
      'SELECT c.slug FROM jobs j JOIN companies c ON c.id = j.company_id WHERE j.id = $1',
      [id],
    );
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${job?.slug ?? ''}`,
      headers: { cookie: poster.cookie },
      payload: { name: 'Bait Switch Holdings' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await status(id)).toBe('pending');
  });

  it('keeps it live after a small correction, and for an account past the new-account period', async () => {
    const poster = await signUpAndSignIn(t.app);
    const id = await approvedJob(poster);
    expect(
      (
        await edit(poster, id, {
          maxPrice: '$130k',
          description: 'We build calm, careful software for hospitals and clinics across the whole country.',
        })
      ).statusCode,
    ).toBe(200);
    expect(await status(id)).toBe('open');
    await t.db.query("UPDATE users SET created_at = now() - interval '30 days' WHERE id = $1", [poster.user._id]);
    expect((await edit(poster, id, { jobTitle: 'An entirely new title' })).statusCode).toBe(200);
    expect(await status(id)).toBe('open');
  });
});
