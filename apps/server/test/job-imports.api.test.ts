import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Job } from '@jobboard/shared';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { ImportPoller } from '../src/modules/imports/import-poller.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/imports');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

interface Route {
  body?: string;
  status?: number;
  location?: string;
  /** Waits this long before answering (a slow source). */
  delayMs?: number;
  /** Sends the body in pieces without a length (the size cap must count what arrives). */
  chunked?: boolean;
}

/** A source on loopback answering what each test puts in `routes` (path with query). */
function sourceServer() {
  const routes = new Map<string, Route>();
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    hits.push(url);
    const route = routes.get(url) ?? { status: 404, body: 'not here' };
    const answer = () => {
      if (route.location) return void response.writeHead(route.status ?? 302, { location: route.location }).end();
      if (route.chunked) {
        response.writeHead(route.status ?? 200, { 'content-type': 'application/json' });
        const body = route.body ?? '';
        for (let at = 0; at < body.length; at += 16_384) response.write(body.slice(at, at + 16_384));
        return void response.end();
      }
      response.writeHead(route.status ?? 200).end(route.body ?? '');
    };
    if (route.delayMs) setTimeout(answer, route.delayMs);
    else answer();
  });
  return { server, routes, hits };
}

interface Run {
  added: number;
  updated: number;
  closed: number;
  refused: { sourceId: string; reason: string }[];
  error: string | null;
  finishedAt: string | null;
}

describeEachDb('job imports (issue 36 item 4)', (kind) => {
  let t: TestApp;
  let owner: SignedInUser;
  let seeker: SignedInUser;
  let admin: SignedInUser;
  let company: { id: string; slug: string };
  const source = sourceServer();
  let base = '';
  const adminEmail = `import-admin-${kind}@example.com`;
  const as = (person?: SignedInUser) => (person ? { cookie: person.cookie } : {});

  beforeAll(async () => {
    await new Promise<void>((resolve) => source.server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(source.server.address() as AddressInfo).port}`;
    t = await buildTestApp(kind, {
      importAllowedHosts: ['127.0.0.1'],
      importApiUrls: { greenhouse: base, lever: `${base}/lever`, ashby: base },
      importMaxBytes: 200_000,
      importTimeoutMs: 600,
      adminEmails: [adminEmail],
    });
    [owner, seeker, admin] = await Promise.all([
      signUpAndSignIn(t.app),
      signUpAndSignIn(t.app),
      signUpAndSignIn(t.app, { email: adminEmail }),
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: as(owner),
      payload: { name: `Imported ${kind}` },
    });
    company = created.json();
  });
  afterAll(async () => {
    await t?.close();
    source.server.close();
  });
  beforeEach(async () => {
    // Each test starts from no sources and no jobs (a job with the same reference would be adopted, not added).
    await t.db.query('DELETE FROM job_import_sources');
    await t.db.query('DELETE FROM jobs WHERE company_id = $1', [company.id]);
    source.routes.clear();
  });

  const connect = (person: SignedInUser | undefined, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.slug}/imports`,
      headers: as(person),
      payload: payload as Record<string, unknown>,
    });
  const connected = async (payload: { kind: string; target: string }) => {
    const response = await connect(owner, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: string }>().id;
  };
  /** A run now, as the owner; the minute between runs asked for by hand is waived by the test. */
  const run = async (id: string, person: SignedInUser = owner) => {
    await t.db.query('UPDATE job_import_sources SET last_run_at = NULL WHERE id = $1', [id]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.slug}/imports/${id}/run`,
      headers: as(person),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Run>();
  };
  const jobOf = async (sourceId: string, sourceJobId: string) => {
    const [item] = await t.db.query<{ job_id: string }>(
      'SELECT job_id FROM job_import_items WHERE source_id = $1 AND source_job_id = $2',
      [sourceId, sourceJobId],
    );
    if (!item) throw new Error(`no job for ${sourceJobId}`);
    const response = await t.app.inject({ url: `/api/job/all-jobs/${item.job_id}`, headers: as(owner) });
    return response.json<Job & { status: string; descriptionHtml: string }>();
  };
  const statusOf = async (sourceId: string, sourceJobId: string) => {
    const [row] = await t.db.query<{ status: string }>(
      `SELECT j.status FROM job_import_items i JOIN jobs j ON j.id = i.job_id
        WHERE i.source_id = $1 AND i.source_job_id = $2`,
      [sourceId, sourceJobId],
    );
    return row?.status;
  };

  it('only the owner or an administrator connects a source; the kind and target are checked, naming the field', async () => {
    const good = { kind: 'greenhouse', target: 'vaulttec' };
    expectErrorShape(await connect(undefined, good), 401);
    expectErrorShape(await connect(seeker, good), 403);
    for (const [payload, message] of [
      [{ kind: 'workday', target: 'x' }, /^kind: must be one of/],
      [{ kind: 'greenhouse', target: 'not a token/..' }, /^target: the board name/],
      [{ kind: 'indeed-xml', target: 'ftp://example.com/feed.xml' }, /^target: an https/],
      [{ kind: 'indeed-xml', target: 'https://10.1.2.3/feed.xml' }, /^target: a public address/],
      [{ kind: 'json-ld', target: 'https://localhost/careers' }, /^target: a public address/],
      [{ kind: 'lever', target: 'leverdemo', extra: 1 }, /extra/],
      [{ kind: 'lever' }, /^target/],
    ] as const) {
      expect(expectErrorShape(await connect(owner, payload), 400)).toMatch(message);
    }
    expect((await connect(admin, good)).statusCode).toBe(201);
    expectErrorShape(await connect(owner, good), 409);
    const list = await t.app.inject({ url: `/api/companies/${company.slug}/imports`, headers: as(seeker) });
    expectErrorShape(list, 403);
  });

  it('Greenhouse: adds, updates by source id, closes what left the source, refuses a bad entry with its reason', async () => {
    const feed = JSON.parse(fixture('greenhouse.json')) as { jobs: { id: number; title: string }[] };
    source.routes.set('/v1/boards/vaulttec/jobs?content=true', { body: JSON.stringify(feed) });
    const id = await connected({ kind: 'greenhouse', target: 'vaulttec' });

    const first = await run(id);
    expect(first).toMatchObject({ added: 2, updated: 0, closed: 0, error: null });
    expect(first.refused).toEqual([{ sourceId: '127819', reason: expect.stringMatching(/Job title/) }]);
    const designer = await jobOf(id, '127817');
    expect(designer.jobTitle).toBe('Vault Designer');
    expect(designer.company?.id).toBe(company.id);
    expect(designer.description).toContain('**vaults**');
    expect(designer.description).toContain('- Blueprints');
    expect(designer.description).not.toMatch(/alert|<script|x\.png/);
    expect(designer.description).toContain('Apply: <https://boards.greenhouse.io/vaulttec/jobs/127817>');
    expect(designer.descriptionHtml).toContain('<strong>vaults</strong>');
    expect(designer.jobLocation).toMatch(/New York/);
    expect(designer.skills.map((s) => s.value)).toEqual(['Design']);

    // The designer is renamed, the overseer leaves the board.
    feed.jobs = feed.jobs
      .filter((job) => job.id !== 127818)
      .map((job) => ({ ...job, title: job.title && 'Senior Vault Designer' }));
    source.routes.set('/v1/boards/vaulttec/jobs?content=true', { body: JSON.stringify(feed) });
    const second = await run(id);
    expect(second).toMatchObject({ added: 0, updated: 1, closed: 1, error: null });
    expect((await jobOf(id, '127817')).jobTitle).toBe('Senior Vault Designer');
    expect(await statusOf(id, '127818')).toBe('closed');

    // Nothing changed: nothing written.
    expect(await run(id)).toMatchObject({ added: 0, updated: 0, closed: 0, error: null });
    // The overseer comes back: its job opens again.
    source.routes.set('/v1/boards/vaulttec/jobs?content=true', { body: fixture('greenhouse.json') });
    expect(await run(id)).toMatchObject({ added: 0, updated: 2, closed: 0 });
    expect(await statusOf(id, '127818')).toBe('open');

    const runs = await t.app.inject({ url: `/api/companies/${company.slug}/imports/${id}/runs`, headers: as(owner) });
    expect(runs.json<Run[]>().map((r) => r.updated)).toEqual([2, 0, 1, 0]);
    const listed = await t.app.inject({ url: `/api/companies/${company.slug}/imports`, headers: as(owner) });
    expect(listed.json<{ lastRun: Run }[]>()[0]?.lastRun).toMatchObject({ updated: 2 });
  });

  it('Lever: pay, workplace and employment mapped; a pay the job model refuses is a reason', async () => {
    source.routes.set('/lever/v0/postings/leverdemo?mode=json', { body: fixture('lever.json') });
    const id = await connected({ kind: 'lever', target: 'leverdemo' });
    const report = await run(id);
    expect(report).toMatchObject({ added: 2, error: null });
    expect(report.refused).toEqual([
      { sourceId: '9d9d9d9d-0000-4000-8000-000000000003', reason: expect.stringMatching(/Currency|minimum pay/) },
    ]);
    const engineer = await jobOf(id, '5ac21346-8e0c-4494-8e7a-3eb92ff77902');
    expect(engineer).toMatchObject({ workplace: 'hybrid', employmentType: 'Full-time' });
    expect(engineer.salary).toEqual({ min: 150000, max: 190000, currency: 'USD', period: 'year' });
    expect(engineer.description).toContain('- Write services');
    const support = await jobOf(id, '7f3a1b2c-0000-4000-8000-000000000002');
    expect(support).toMatchObject({ workplace: 'remote', employmentType: 'Part-time', minPrice: 'Not stated' });
  });

  it('Ashby: listed postings only, compensation and interns mapped, an entry without an id refused', async () => {
    source.routes.set('/posting-api/job-board/example?includeCompensation=true', { body: fixture('ashby.json') });
    const id = await connected({ kind: 'ashby', target: 'example' });
    const report = await run(id);
    expect(report).toMatchObject({ added: 2, error: null });
    expect(report.refused).toEqual([{ sourceId: 'entry 3', reason: 'the entry has no id' }]);
    const designer = await jobOf(id, '4b6f2b35-6a1d-4c3e-9d1a-1f0e7b2c0001');
    expect(designer.salary).toEqual({ min: 70000, max: 90000, currency: 'EUR', period: 'year' });
    expect(designer.description).toMatch(/^## About the role/);
    expect(designer.description).toContain('*products*');
    expect(designer.location?.country).toBe('DE');
    const intern = await jobOf(id, '4b6f2b35-6a1d-4c3e-9d1a-1f0e7b2c0002');
    expect(intern).toMatchObject({ experienceLevel: 'Internship', workplace: 'remote' });
  });

  it('an Indeed XML feed: CDATA fields, text pay and remote jobs; an empty description refused', async () => {
    source.routes.set('/feeds/indeed.xml', { body: fixture('indeed.xml') });
    const id = await connected({ kind: 'indeed-xml', target: `${base}/feeds/indeed.xml` });
    const report = await run(id);
    expect(report).toMatchObject({ added: 2, error: null });
    expect(report.refused).toEqual([{ sourceId: 'DR-3003', reason: expect.stringMatching(/Description/) }]);
    const associate = await jobOf(id, 'WH-1001');
    expect(associate.salary).toEqual({ min: 18, max: 22, currency: 'USD', period: 'hour' });
    expect(associate.location).toMatchObject({ city: 'Chicago', country: 'US' });
    expect(associate.description).toContain('- Forklift a plus');
    expect(await jobOf(id, 'HR-2002')).toMatchObject({ workplace: 'remote', employmentType: 'Temporary' });
  });

  it('JSON-LD on a careers page: every JobPosting (also in @graph); a script that is not JSON refused', async () => {
    source.routes.set('/careers', { body: fixture('careers.html') });
    const id = await connected({ kind: 'json-ld', target: `${base}/careers` });
    const report = await run(id);
    expect(report).toMatchObject({ added: 2, error: null });
    expect(report.refused).toEqual([{ sourceId: 'script 3', reason: 'the JSON-LD script is not valid JSON' }]);
    const engineer = await jobOf(id, 'SE-1');
    expect(engineer.salary).toEqual({ min: 120000, max: 160000, currency: 'USD', period: 'year' });
    expect(engineer.description).toContain('[the team](https://example.com/team)');
    expect(await jobOf(id, 'TW-2')).toMatchObject({ workplace: 'remote', employmentType: 'Part-time' });
  });

  it('an oversized, slow or unreadable source fails the run with its reason and closes nothing', async () => {
    source.routes.set('/careers', { body: fixture('careers.html') });
    const id = await connected({ kind: 'json-ld', target: `${base}/careers` });
    expect(await run(id)).toMatchObject({ added: 2 });
    const big = `<html>${' '.repeat(250_000)}</html>`;
    const cases: [Route, RegExp][] = [
      [{ body: big }, /larger than 200000 bytes/],
      [{ body: big, chunked: true }, /larger than 200000 bytes/],
      [{ body: fixture('careers.html'), delayMs: 1_500 }, /no complete answer within 600 ms/],
      [{ status: 500, body: 'down' }, /answered HTTP 500/],
    ];
    for (const [route, error] of cases) {
      source.routes.set('/careers', route);
      const report = await run(id);
      expect(report.error).toMatch(error);
      expect(report).toMatchObject({ added: 0, updated: 0, closed: 0 });
    }
    expect(await statusOf(id, 'SE-1')).toBe('open');
    source.routes.set('/v1/boards/broken/jobs?content=true', { body: '<html>not json</html>' });
    const broken = await connected({ kind: 'greenhouse', target: 'broken' });
    expect((await run(broken)).error).toBe('the source did not answer JSON');
  });

  it('redirects: followed up to 3, each checked; one to a forbidden address fails the run', async () => {
    source.routes.set('/feeds/indeed.xml', { body: fixture('indeed.xml') });
    source.routes.set('/moved', { status: 301, location: '/feeds/indeed.xml' });
    const moved = await connected({ kind: 'indeed-xml', target: `${base}/moved` });
    expect(await run(moved)).toMatchObject({ added: 2, error: null });

    const port = (source.server.address() as AddressInfo).port;
    for (const [location, error] of [
      [`https://localhost:${port}/feeds/indeed.xml`, /a public address is required/],
      [`http://example.com/feed.xml`, /an https:\/\/ address is required/],
      ['https://10.0.0.1/feed.xml', /a public address is required/],
      ['https://169.254.169.254/latest/meta-data/', /a public address is required/],
      ['file:///etc/passwd', /an https:\/\/ address is required/],
    ] as const) {
      source.routes.set('/evil', { status: 302, location });
      const id = await connected({ kind: 'indeed-xml', target: `${base}/evil?to=${encodeURIComponent(location)}` });
      source.routes.set(`/evil?to=${encodeURIComponent(location)}`, { status: 302, location });
      expect((await run(id)).error).toMatch(error);
    }
    for (let hop = 0; hop < 4; hop += 1) source.routes.set(`/hop${hop}`, { status: 302, location: `/hop${hop + 1}` });
    source.routes.set('/hop4', { body: fixture('indeed.xml') });
    const hops = await connected({ kind: 'indeed-xml', target: `${base}/hop0` });
    expect((await run(hops)).error).toBe('more than 3 redirects');
  });

  it('one run per source at a time across instances; the poller runs each due source at most hourly', async () => {
    source.routes.set('/v1/boards/vaulttec/jobs?content=true', { body: fixture('greenhouse.json') });
    const id = await connected({ kind: 'greenhouse', target: 'vaulttec' });
    await t.db.query("UPDATE job_import_sources SET claimed_until = now() + interval '1 minute' WHERE id = $1", [id]);
    const busy = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.slug}/imports/${id}/run`,
      headers: as(owner),
    });
    expect(expectErrorShape(busy, 409)).toMatch(/being imported right now/);
    await t.db.query('UPDATE job_import_sources SET claimed_until = NULL WHERE id = $1', [id]);

    const deps = { db: t.db, config: t.config, searchCounts: { invalidate: () => undefined } as never, log: t.app.log };
    const [one, two] = [new ImportPoller(deps, 1_000_000), new ImportPoller(deps, 1_000_000)];
    const ran = await Promise.all([one.round(), two.round()]);
    expect(ran.sort()).toEqual([0, 1]);
    expect(await Promise.all([one.round(), two.round()])).toEqual([0, 0]);
    const runs = await t.db.query('SELECT 1 FROM job_import_runs WHERE source_id = $1', [id]);
    expect(runs).toHaveLength(1);
    // Asked for by hand within a minute of the last run: refused, not fetched again.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${company.slug}/imports/${id}/run`,
      headers: as(owner),
    });
    expectErrorShape(again, 409);
  });

  it('an administrator runs and removes a source; removing keeps the jobs it brought', async () => {
    source.routes.set('/lever/v0/postings/leverdemo?mode=json', { body: fixture('lever.json') });
    const id = await connected({ kind: 'lever', target: 'leverdemo' });
    expect(await run(id, admin)).toMatchObject({ added: 2 });
    const [before] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE company_id = $1 AND external_id LIKE 'lever:%' AND status = 'open'",
      [company.id],
    );
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${company.slug}/imports/${id}`,
      headers: as(admin),
    });
    expect(removed.statusCode).toBe(200);
    const [after] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE company_id = $1 AND external_id LIKE 'lever:%' AND status = 'open'",
      [company.id],
    );
    expect(after?.n).toBe(before?.n);
    expectErrorShape(
      await t.app.inject({ method: 'DELETE', url: `/api/companies/${company.slug}/imports/${id}`, headers: as(owner) }),
      404,
    );
  });
});
