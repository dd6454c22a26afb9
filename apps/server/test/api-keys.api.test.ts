import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  jobBody,
  joinCompany,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/** Issue 36, items 1-2: a company's API keys and the jobs API they open (decision record 30). */

type Scope = 'jobs:read' | 'jobs:write' | 'applications:read';
const ALL: Scope[] = ['jobs:read', 'jobs:write', 'applications:read'];

/** A jobs-API job body: the company is the key's, so none is named. */
function apiJob(overrides: Record<string, unknown> = {}) {
  const { companyName: _n, companyLogo: _l, ...body } = jobBody();
  return { ...body, ...overrides };
}

describeEachDb('API keys and the jobs API', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let member: SignedInUser;
  let rival: SignedInUser;
  let company: { id: string; slug: string };
  let rivalCompany: { id: string; slug: string };

  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const makeKey = async (by: SignedInUser, slug: string, scopes: Scope[] = ALL, name = 'Sync') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${slug}/api-keys`,
      headers: { cookie: by.cookie },
      payload: { name, scopes },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; secret: string; prefix: string; scopes: Scope[] }>();
  };

  const postJobWithKey = async (secret: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: bearer(secret),
      payload: apiJob(),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ _id: string }>()._id;
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { alertsIntervalMs: 0 });
    [owner, member, rival] = await Promise.all([
      signUpAndSignIn(t.app),
      signUpAndSignIn(t.app),
      signUpAndSignIn(t.app),
    ]);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: owner.cookie },
      payload: { name: 'Keyed Co' },
    });
    company = made.json();
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: rival.cookie },
      payload: { name: 'Rival Co' },
    });
    rivalCompany = other.json();
    await joinCompany(t.app, owner.cookie, company.slug, member);
  });
  afterAll(async () => t?.close());

  it('shows the secret once, stores only its SHA-256, and lists name, scopes, created and last-used times', async () => {
    const key = await makeKey(owner, company.slug, ['jobs:read'], 'Careers sync');
    expect(key.secret).toMatch(/^jb_live_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);
    const stored = await t.db.query<{ secret_hash: Buffer }>('SELECT secret_hash FROM api_keys WHERE id = $1', [
      key.id,
    ]);
    const { createHash } = await import('node:crypto');
    expect(Buffer.from(stored[0]?.secret_hash ?? '').equals(createHash('sha256').update(key.secret).digest())).toBe(
      true,
    );
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.slug}/api-keys`,
      headers: { cookie: owner.cookie },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(key.secret);
    const mine = listed
      .json<{ id: string; name: string; scopes: string[]; createdAt: string; lastUsedAt: string | null }[]>()
      .find((k) => k.id === key.id);
    expect(mine).toMatchObject({ name: 'Careers sync', scopes: ['jobs:read'], lastUsedAt: null });
    expect(Number.isNaN(Date.parse(mine?.createdAt ?? ''))).toBe(false);

    // last-used is recorded by a call.
    const used = await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(key.secret) });
    expect(used.statusCode, used.body).toBe(200);
    expect(used.headers['cache-control']).toBe('no-store');
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/companies/${company.slug}/api-keys`,
      headers: { cookie: owner.cookie },
    });
    expect(
      after.json<{ id: string; lastUsedAt: string | null }[]>().find((k) => k.id === key.id)?.lastUsedAt,
    ).not.toBeNull();
  });

  it('lets only the owner manage keys: a member and an outsider are refused', async () => {
    for (const who of [member, rival]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/companies/${company.slug}/api-keys`,
        headers: { cookie: who.cookie },
        payload: { name: 'x', scopes: ['jobs:read'] },
      });
      expect(expectErrorShape(response, 403)).toMatch(/owner/);
      const list = await t.app.inject({
        method: 'GET',
        url: `/api/companies/${company.slug}/api-keys`,
        headers: { cookie: who.cookie },
      });
      expect(list.statusCode).toBe(403);
    }
  });

  it('refuses bad input with a 4xx naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ name: '', scopes: ['jobs:read'] }, /name/],
      [{ name: 'k', scopes: [] }, /scopes/],
      [{ name: 'k', scopes: ['admin'] }, /scopes/],
      [{ name: 'k' }, /scopes/],
    ];
    for (const [payload, field] of cases) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/companies/${company.slug}/api-keys`,
        headers: { cookie: owner.cookie },
        payload: payload as object,
      });
      expect(expectErrorShape(response, 400)).toMatch(field);
    }
    const key = await makeKey(owner, company.slug);
    const badJob = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: bearer(key.secret),
      payload: apiJob({ employmentType: 'Sometimes' }),
    });
    expect(expectErrorShape(badJob, 400)).toMatch(/[Ee]mployment type/);
    const badExternal = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/jobs/by-external-id/${encodeURIComponent('has space')}`,
      headers: bearer(key.secret),
      payload: apiJob(),
    });
    expect(expectErrorShape(badExternal, 400)).toMatch(/externalId/);
    const badLimit = await t.app.inject({ method: 'GET', url: '/api/v1/jobs?limit=0', headers: bearer(key.secret) });
    expect(expectErrorShape(badLimit, 400)).toMatch(/limit/);
  });

  it('works for its scopes only', async () => {
    const reader = await makeKey(owner, company.slug, ['jobs:read']);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(reader.secret) })).statusCode,
    ).toBe(200);
    const write = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: bearer(reader.secret),
      payload: apiJob(),
    });
    expect(expectErrorShape(write, 403)).toBe('This API key lacks the scope jobs:write');
    const applications = await t.app.inject({
      method: 'GET',
      url: '/api/v1/applications',
      headers: bearer(reader.secret),
    });
    expect(expectErrorShape(applications, 403)).toBe('This API key lacks the scope applications:read');
    const writer = await makeKey(owner, company.slug, ['jobs:write']);
    expect(
      expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(writer.secret) }), 403),
    ).toMatch(/jobs:read/);
  });

  it('creates, updates, closes, reopens and lists the company jobs, through the same validation', async () => {
    const key = await makeKey(owner, company.slug);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: bearer(key.secret),
      payload: apiJob({ jobTitle: 'API Engineer' }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const job = created.json<{ _id: string; company: { id: string }; status: string; externalId: string | null }>();
    expect(job).toMatchObject({ company: { id: company.id }, status: 'open', externalId: null });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/jobs/${job._id}`,
      headers: bearer(key.secret),
      payload: { jobTitle: 'API Engineer II' },
    });
    expect(patched.json<{ jobTitle: string }>().jobTitle).toBe('API Engineer II');
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job._id}/close`,
      headers: bearer(key.secret),
    });
    expect(closed.json<{ status: string }>().status).toBe('closed');
    const reopened = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${job._id}/reopen`,
      headers: bearer(key.secret),
    });
    expect(reopened.json<{ status: string }>().status).toBe('open');
    // A member's job of the company is the company's: the key edits it too.
    const memberJob = await postJob(t.app, member.cookie, {
      companyId: company.id,
      companyName: undefined,
      companyLogo: undefined,
    });
    const edited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${memberJob}/close`,
      headers: bearer(key.secret),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(key.secret) });
    const ids = list.json<{ jobs: { _id: string }[] }>().jobs.map((j) => j._id);
    expect(ids).toEqual(expect.arrayContaining([job._id, memberJob]));
  });

  it('upserts by externalId: twice makes one job, the second call updates it', async () => {
    const key = await makeKey(owner, company.slug);
    const first = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/jobs/by-external-id/ats-42',
      headers: bearer(key.secret),
      payload: apiJob({ jobTitle: 'Upserted' }),
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/jobs/by-external-id/ats-42',
      headers: bearer(key.secret),
      payload: apiJob({ jobTitle: 'Upserted again' }),
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<{ _id: string }>()._id).toBe(first.json<{ _id: string }>()._id);
    const rows = await t.db.query<{ job_title: string }>(
      'SELECT job_title FROM jobs WHERE company_id = $1 AND external_id = $2',
      [company.id, 'ats-42'],
    );
    expect(rows.map((r) => r.job_title)).toEqual(['Upserted again']);
    // The same reference in another company is another job.
    const rivalKey = await makeKey(rival, rivalCompany.slug);
    const theirs = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/jobs/by-external-id/ats-42',
      headers: bearer(rivalKey.secret),
      payload: apiJob(),
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json<{ _id: string }>()._id).not.toBe(first.json<{ _id: string }>()._id);
  });

  it('upserts concurrently without a second job or a 5xx', async () => {
    const key = await makeKey(owner, company.slug);
    const responses = await Promise.all(
      [1, 2, 3].map((n) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/v1/jobs/by-external-id/race-1',
          headers: bearer(key.secret),
          payload: apiJob({ jobTitle: `Race ${n}` }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const rows = await t.db.query<{ id: string }>('SELECT id FROM jobs WHERE company_id = $1 AND external_id = $2', [
      company.id,
      'race-1',
    ]);
    expect(rows).toHaveLength(1);
  });

  it('keeps a key to its own company: another company’s jobs do not exist for it', async () => {
    const key = await makeKey(owner, company.slug);
    const rivalJob = await postJob(t.app, rival.cookie, {
      companyId: rivalCompany.id,
      companyName: undefined,
      companyLogo: undefined,
    });
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/jobs/${rivalJob}`,
      headers: bearer(key.secret),
      payload: { jobTitle: 'Hijacked' },
    });
    expectErrorShape(patch, 404);
    const close = await t.app.inject({
      method: 'POST',
      url: `/api/v1/jobs/${rivalJob}/close`,
      headers: bearer(key.secret),
    });
    expectErrorShape(close, 404);
    const rivalJobs = async () =>
      (await t.db.query('SELECT 1 FROM jobs WHERE company_id = $1', [rivalCompany.id])).length;
    const before = await rivalJobs();
    // Even when the key's owner is also a member of the other company.
    await joinCompany(t.app, rival.cookie, rivalCompany.slug, owner);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: bearer(key.secret),
      payload: apiJob({ companyId: rivalCompany.id }),
    });
    expect(expectErrorShape(post, 403)).toBe('companyId: an API key posts for its own company only');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/jobs/by-external-id/elsewhere',
      headers: bearer(key.secret),
      payload: apiJob({ companyId: rivalCompany.id }),
    });
    expectErrorShape(put, 403);
    const move = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/jobs/${await postJobWithKey(key.secret)}`,
      headers: bearer(key.secret),
      payload: { companyId: rivalCompany.id },
    });
    expect(expectErrorShape(move, 403)).toMatch(/companyId/);
    expect(await rivalJobs()).toBe(before);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(key.secret) });
    expect(list.body).not.toContain(rivalJob);
    const rows = await t.db.query<{ job_title: string; status: string }>(
      'SELECT job_title, status FROM jobs WHERE id = $1',
      [rivalJob],
    );
    expect(rows[0]).toMatchObject({ job_title: jobBody().jobTitle, status: 'open' });
  });

  it('refuses a revoked key, a wrong key, a missing key and a cookie on the machine routes', async () => {
    const key = await makeKey(owner, company.slug);
    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${company.slug}/api-keys/${key.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(revoke.json<{ revokedAt: string | null }>().revokedAt).not.toBeNull();
    expect(
      expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(key.secret) }), 401),
    ).toBe('API key revoked');
    const wrong = `jb_live_${'A'.repeat(43)}`;
    expect(
      expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(wrong) }), 401),
    ).toBe('API key not recognised');
    expect(
      expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer('garbage') }), 401),
    ).toBe('API key not recognised');
    expect(expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/jobs' }), 401)).toMatch(
      /API key required/,
    );
    const live = await makeKey(owner, company.slug);
    const withCookie = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs',
      headers: { cookie: owner.cookie, ...bearer(live.secret) },
    });
    expect(expectErrorShape(withCookie, 401)).toMatch(/Cookies are not accepted/);
    const cookieOnly = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: { cookie: owner.cookie },
      payload: apiJob(),
    });
    expect(expectErrorShape(cookieOnly, 401)).toMatch(/Cookies are not accepted/);
    // Another owner's key cannot revoke or see this company's keys (they are cookie routes, and it is not the owner).
    const rivalRevoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${company.slug}/api-keys/${live.id}`,
      headers: { cookie: rival.cookie },
    });
    expectErrorShape(rivalRevoke, 403);
  });

  it('is never accepted on account, auth or admin routes, and needs no Origin check on its own', async () => {
    const key = await makeKey(owner, company.slug);
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/admin/queue'],
      ['GET', `/api/companies/${company.slug}/api-keys`],
      ['POST', '/api/auth/signout'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: bearer(key.secret) });
      expect(expectErrorShape(response, 401), `${method} ${url}`).toBe(
        'API keys are accepted only on the jobs API (/api/v1/*)',
      );
    }
    // A machine sends no Origin, or any: the key, not the origin, is the authority.
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      headers: { ...bearer(key.secret), origin: 'https://ats.example' },
      payload: apiJob(),
    });
    expect(foreign.statusCode, foreign.body).toBe(201);
  });

  it('stops working when its creator no longer owns the company or is banned', async () => {
    const key = await makeKey(owner, company.slug);
    await t.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [owner.user._id]);
    try {
      expect(
        expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(key.secret) }), 401),
      ).toMatch(/no longer valid/);
    } finally {
      await t.db.query('UPDATE users SET banned_at = NULL WHERE id = $1', [owner.user._id]);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(key.secret) })).statusCode).toBe(
      200,
    );
    // The company in another's hands (no route does this today; the key must not outlive it).
    await t.db.query('UPDATE companies SET created_by = $2 WHERE id = $1', [company.id, member.user._id]);
    try {
      expect(
        expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(key.secret) }), 401),
      ).toMatch(/no longer valid/);
    } finally {
      await t.db.query('UPDATE companies SET created_by = $2 WHERE id = $1', [company.id, owner.user._id]);
    }
  });

  it('lists applications to the company jobs with the note and a signed CV link', async () => {
    const key = await makeKey(owner, company.slug, ['applications:read', 'jobs:write']);
    const job = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/jobs/by-external-id/apply-me',
      headers: bearer(key.secret),
      payload: apiJob(),
    });
    const jobId = job.json<{ _id: string }>()._id;
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: rival.cookie },
      payload: { job: jobId, coverNote: 'Hello there' },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/applications', headers: bearer(key.secret) });
    expect(list.statusCode, list.body).toBe(200);
    const mine = list
      .json<{
        applications: {
          jobId: string;
          externalId: string;
          coverNote: string;
          cv: unknown;
          applicant: { email: string };
        }[];
      }>()
      .applications.find((a) => a.jobId === jobId);
    expect(mine).toMatchObject({
      externalId: 'apply-me',
      coverNote: 'Hello there',
      cv: null,
      applicant: { email: rival.user.email },
    });
    const rivalKey = await makeKey(rival, rivalCompany.slug, ['applications:read']);
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/applications', headers: bearer(rivalKey.secret) });
    expect(theirs.body).not.toContain(jobId);
  });

  it('is rate-limited per key', async () => {
    const limited = await buildTestApp(kind, {
      alertsIntervalMs: 0,
      rateLimits: { apiKeyRequests: { limit: 2, windowMs: 60_000 } } as never,
    });
    try {
      const boss = await signUpAndSignIn(limited.app);
      const co = (
        await limited.app.inject({
          method: 'POST',
          url: '/api/companies',
          headers: { cookie: boss.cookie },
          payload: { name: 'Limited Co' },
        })
      ).json<{ slug: string }>();
      const make = async () =>
        (
          await limited.app.inject({
            method: 'POST',
            url: `/api/companies/${co.slug}/api-keys`,
            headers: { cookie: boss.cookie },
            payload: { name: 'k', scopes: ['jobs:read'] },
          })
        ).json<{ secret: string }>().secret;
      const [a, b] = [await make(), await make()];
      const statuses = [];
      for (let i = 0; i < 3; i += 1)
        statuses.push(
          (await limited.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(a) })).statusCode,
        );
      expect(statuses).toEqual([200, 200, 429]);
      expect((await limited.app.inject({ method: 'GET', url: '/api/v1/jobs', headers: bearer(b) })).statusCode).toBe(
        200,
      );
    } finally {
      await limited.close();
    }
  });

  it('is described in the OpenAPI document with a bearer security scheme', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
    }>();
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/v1/jobs']?.get?.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/api/v1/jobs/by-external-id/{externalId}']?.put?.security).toEqual([{ apiKey: [] }]);
    expect(doc.paths['/api/v1/applications']?.get?.security).toEqual([{ apiKey: [] }]);
  });
});
