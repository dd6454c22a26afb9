import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminCompaniesPage, SearchResult } from '@jobboard/shared';
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
 * The console's companies (issue 34, item 1): listed with their members and jobs, and a duplicate merged into the
 * company kept: its jobs and members move, it goes, the audit log says so; refused into itself, into nothing, and
 * while the duplicate has integrations.
 */
describeEachDb('the console’s companies', (kind) => {
  let t: TestApp;
  let admin: SignedInUser;
  let owner: SignedInUser;
  let member: SignedInUser;
  const adminEmail = `companies-admin-${kind}@example.com`;
  const as = (person: SignedInUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: person.cookie }, ...(payload ? { payload } : {}) });
  const company = async (name: string) => {
    const response = await as(owner, 'POST', '/api/companies', { name });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string; slug: string }>();
  };
  const listed = async (q: string) =>
    (await as(admin, 'GET', `/api/admin/companies?q=${encodeURIComponent(q)}`)).json<AdminCompaniesPage>();

  beforeAll(async () => {
    t = await buildTestApp(kind, { adminEmails: [adminEmail] });
    [admin, owner, member] = await Promise.all([
      signUpAndSignIn(t.app, { email: adminEmail, name: 'Companies Admin' }),
      signUpAndSignIn(t.app, { name: 'Company Owner' }),
      signUpAndSignIn(t.app, { name: 'Company Member' }),
    ]);
  });
  afterAll(async () => t?.close());

  it('lists companies by part of the name or address, with members and jobs counted', async () => {
    const acme = await company('Mergeable Acme');
    await postJob(t.app, owner.cookie, { jobTitle: 'Acme Welder', companyId: acme.id });
    const page = await listed('MERGEABLE');
    expect(page.items).toEqual([
      expect.objectContaining({ slug: acme.slug, members: 1, jobs: 1, openJobs: 1, creatorEmail: owner.user.email }),
    ]);
    expect((await listed(acme.slug)).total).toBe(1);
    expect((await listed('nothing-is-called-this')).total).toBe(0);
  });

  it('merges a duplicate: its jobs and members move, it goes, and the audit log says which into which', async () => {
    const kept = await company('Harbour Freight');
    const duplicate = await company('Harbour Freight Ltd');
    await joinCompany(t.app, owner.cookie, duplicate.slug, member);
    const job = await postJob(t.app, owner.cookie, { jobTitle: 'Harbour Crane Operator', companyId: duplicate.id });
    const merged = await as(admin, 'POST', `/api/admin/companies/${duplicate.id}/merge`, {
      into: kept.slug,
      reason: 'Same company twice',
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect((await t.app.inject({ url: `/api/companies/${duplicate.slug}` })).statusCode).toBe(404);
    const keptPage = (await listed('harbour freight')).items;
    expect(keptPage).toEqual([expect.objectContaining({ slug: kept.slug, members: 2, jobs: 1 })]);
    const found = (await t.app.inject({ url: '/api/job/search?q=harbour%20crane' })).json<SearchResult>();
    expect(found.items.map((j) => [j._id, j.company.slug])).toEqual([[job, kept.slug]]);
    const audit = await as(admin, 'GET', '/api/admin/audit?action=company.merge');
    expect(audit.json<{ items: { targetLabel: string; reason: string }[] }>().items[0]).toMatchObject({
      targetLabel: `Harbour Freight Ltd (${duplicate.slug}) into Harbour Freight (${kept.slug})`,
      reason: 'Same company twice',
    });
  });

  it('refuses a merge into itself, into no company, while the duplicate has an API key, and for anyone else', async () => {
    const kept = await company('Kept Co');
    const duplicate = await company('Kept Co Again');
    const merge = (into: string, person = admin) =>
      as(person, 'POST', `/api/admin/companies/${duplicate.id}/merge`, { into, reason: 'Duplicate' });
    expect(expectErrorShape(await merge(duplicate.slug), 400)).toMatch(/^into/);
    expect(expectErrorShape(await merge('no-such-company'), 400)).toMatch(/^into/);
    expectErrorShape(await merge(kept.slug, owner), 403);
    const key = await as(owner, 'POST', `/api/companies/${duplicate.slug}/api-keys`, {
      name: 'Feed',
      scopes: ['jobs:read'],
    });
    expect(key.statusCode, key.body).toBe(201);
    expectErrorShape(await merge(kept.slug), 409);
    expect((await listed('kept co again')).total).toBe(1);
    expectErrorShape(
      await as(admin, 'POST', '/api/admin/companies/00000000-0000-0000-0000-000000000000/merge', {
        into: kept.slug,
        reason: 'Nothing',
      }),
      404,
    );
  });
});
