import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { SyntaxValidator } from 'fast-xml-validator';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type SignedInUser, type TestApp } from './helpers.js';

/**
 * robots.txt and the sitemaps (docs/decisions/0016-sitemaps-and-feeds.md), read with a real XML parser: the
 * index lists files, the files list open jobs and companies with lastmod, and no file passes its URL limit
 * (lowered to 3 here, through the internal `sitemapUrlsPerFile`, instead of posting 50,000 jobs).
 */

const ORIGIN = 'https://jobs.example';
const PER_FILE = 3;
const W3C_DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => ['sitemap', 'url'].includes(name),
});

interface Entry {
  loc: string;
  lastmod?: string;
}
interface IndexDocument {
  sitemapindex: { '@_xmlns': string; sitemap?: Entry[] };
}
interface UrlSetDocument {
  urlset: { '@_xmlns': string; url?: Entry[] } | '';
}

function parseXml<T>(text: string): T {
  expect(
    SyntaxValidator.validate(text, {
      xmlDeclaraion: { optional: false },
      invalidCharSequence: { tagValue: true, attrLt: true },
    }),
  ).toBe(true);
  return parser.parse(text) as T;
}

describeEachDb('robots.txt and sitemaps', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  const jobs: string[] = [];
  let closedJob = '';
  let companySlugs: string[] = [];
  let emptyCompanySlug = '';
  let webDist = '';

  async function get(url: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url, headers });
  }
  async function urlsOf(loc: string): Promise<Entry[]> {
    const response = await get(loc.replace(ORIGIN, ''));
    expect(response.statusCode, loc).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const { urlset } = parseXml<UrlSetDocument>(response.body);
    if (urlset === '') return [];
    expect(urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    return urlset.url ?? [];
  }
  async function index(): Promise<Entry[]> {
    const response = await get('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const { sitemapindex } = parseXml<IndexDocument>(response.body);
    expect(sitemapindex['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    return sitemapindex.sitemap ?? [];
  }

  beforeAll(async () => {
    // A built web app, so an unknown path could fall back to its HTML: under /sitemaps/ none may.
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Jobboard</title><div id="root"></div>');
    t = await buildTestApp(kind, { publicUrl: ORIGIN, sitemapUrlsPerFile: PER_FILE, webDist });
    poster = await signUpAndSignIn(t.app);
    // Seven open jobs over five companies (one of them with a name full of XML characters), and a closed one.
    const companies = ['Alpha Works', 'Beta & <Sons> "Ltd"', 'Gamma', 'Delta', 'Epsilon'];
    for (let i = 0; i < 7; i += 1) {
      jobs.push(
        await postJob(t.app, poster.cookie, {
          jobTitle: `Sitemap Role ${i + 1}`,
          companyName: companies[i % companies.length],
        }),
      );
    }
    closedJob = await postJob(t.app, poster.cookie, { jobTitle: 'Closed Role', companyName: 'Zeta Closed' });
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${closedJob}`,
      headers: { cookie: poster.cookie },
      payload: { status: 'closed' },
    });
    expect(closed.statusCode).toBe(200);
    const slugs = await t.db.query<{ slug: string; name: string }>('SELECT slug, name FROM companies ORDER BY slug');
    emptyCompanySlug = slugs.find((c) => c.name === 'Zeta Closed')?.slug ?? '';
    companySlugs = slugs.filter((c) => c.name !== 'Zeta Closed').map((c) => c.slug);
    expect(companySlugs).toHaveLength(5);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it('robots.txt allows the public pages, keeps crawlers out of the API and personal pages, and names the sitemap', async () => {
    const response = await get('/robots.txt');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of [
      '/api/',
      '/profile',
      '/post-job',
      '/edit-job/',
      '/my-job',
      '/jobs-applied',
      '/responses',
      '/saved-jobs',
      '/alerts',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    for (const open of ['/', '/job/', '/company/', '/feed.rss', '/about'])
      expect(lines).not.toContain(`Disallow: ${open}`);
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('the index lists the pages, the job blocks and the company files, each with a W3C lastmod', async () => {
    const files = await index();
    const locs = files.map((f) => f.loc);
    // 8 jobs in blocks of 3 (seq 1-3, 4-6, 7-9); five companies with an open job in files of 3.
    expect(locs).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/jobs-1.xml`,
      `${ORIGIN}/sitemaps/jobs-2.xml`,
      `${ORIGIN}/sitemaps/jobs-3.xml`,
      `${ORIGIN}/sitemaps/companies-1.xml`,
      `${ORIGIN}/sitemaps/companies-2.xml`,
    ]);
    for (const file of files) expect(file.lastmod, file.loc).toMatch(W3C_DATETIME);
  });

  it('index -> files -> URLs: every open job once, no closed one, at most the limit per file', async () => {
    const jobUrls: Entry[] = [];
    const companyUrls: Entry[] = [];
    for (const file of await index()) {
      const urls = await urlsOf(file.loc);
      expect(urls.length, file.loc).toBeLessThanOrEqual(PER_FILE);
      // Every job and company has one (About, in the pages file, has no date to give).
      if (!file.loc.endsWith('pages.xml')) for (const url of urls) expect(url.lastmod, url.loc).toMatch(W3C_DATETIME);
      if (file.loc.includes('/jobs-')) jobUrls.push(...urls);
      if (file.loc.includes('/companies-')) companyUrls.push(...urls);
      // A file's lastmod is its newest entry's.
      if (urls.length && !file.loc.endsWith('pages.xml'))
        expect(file.lastmod).toBe(
          urls
            .map((u) => u.lastmod ?? '')
            .sort()
            .at(-1),
        );
    }
    expect(jobUrls.map((u) => u.loc)).toEqual(jobs.map((id) => `${ORIGIN}/job/${id}`));
    expect(jobUrls.map((u) => u.loc)).not.toContain(`${ORIGIN}/job/${closedJob}`);
    expect(companyUrls.map((u) => u.loc)).toEqual(companySlugs.map((slug) => `${ORIGIN}/company/${slug}`));
    expect(companyUrls.map((u) => u.loc)).not.toContain(`${ORIGIN}/company/${emptyCompanySlug}`);
  });

  it('the pages file lists the home page and About', async () => {
    const urls = await urlsOf(`${ORIGIN}/sitemaps/pages.xml`);
    expect(urls.map((u) => u.loc)).toEqual([`${ORIGIN}/`, `${ORIGIN}/about`]);
    expect(urls[0]?.lastmod).toMatch(W3C_DATETIME);
  });

  it("a job edit moves its lastmod and its file's in the index", async () => {
    const before = (await index()).find((f) => f.loc.endsWith('/jobs-1.xml'))?.lastmod ?? '';
    await t.db.query(`UPDATE jobs SET updated_at = now() + interval '1 day' WHERE id = $1`, [jobs[1]]);
    const after = (await index()).find((f) => f.loc.endsWith('/jobs-1.xml'))?.lastmod ?? '';
    expect(after > before).toBe(true);
    const urls = await urlsOf(`${ORIGIN}/sitemaps/jobs-1.xml`);
    expect(urls.find((u) => u.loc.endsWith(jobs[1] ?? '-'))?.lastmod).toBe(after);
  });

  it('a block whose jobs all closed leaves the index', async () => {
    for (const id of jobs.slice(6)) {
      const response = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: poster.cookie },
        payload: { status: 'closed' },
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await index()).map((f) => f.loc)).not.toContain(`${ORIGIN}/sitemaps/jobs-3.xml`);
    // Still a file (its numbers were handed out), listing nothing.
    expect(await urlsOf(`${ORIGIN}/sitemaps/jobs-3.xml`)).toEqual([]);
    for (const id of jobs.slice(6)) {
      await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: poster.cookie },
        payload: { status: 'open' },
      });
    }
  });

  it('unknown files are 404 JSON errors', async () => {
    const names = [
      'jobs-4.xml',
      'jobs-0.xml',
      'companies-3.xml',
      'jobs-1.txt',
      'other.xml',
      'jobs-01.xml',
      'jobs-99999999999.xml',
      '..%2Fsitemap.xml',
    ];
    for (const name of [...names, `${'a'.repeat(150)}.xml`, 'jobs-1.xml/more', '']) {
      const response = await get(`/sitemaps/${name}`);
      expect(response.statusCode, name).toBe(404);
      expect(response.json(), name).toMatchObject({ success: false, statusCode: 404 });
    }
  });

  it('sends a file gzipped to a client that takes gzip', async () => {
    const plain = await get('/sitemaps/jobs-1.xml');
    const zipped = await get('/sitemaps/jobs-1.xml', { 'accept-encoding': 'gzip, deflate' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('Accept-Encoding');
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('streams a file in batches: a block larger than one read is written whole', async () => {
    const big = await buildTestApp(kind, { publicUrl: ORIGIN, sitemapUrlsPerFile: 50_000 });
    try {
      const user = await signUpAndSignIn(big.app);
      await postJob(big.app, user.cookie, { jobTitle: 'Template Role', companyName: 'Many Jobs Inc' });
      // 12,000 copies of that job (more than two batches of SITEMAP_BATCH), written straight into the table.
      await big.db.query(
        `INSERT INTO jobs (poster_id, job_title, company_name, company_logo, job_location, employment_type, experience_level, salary_type, min_price, max_price, description, skills,
                           company_id, city, country, workplace, remote_countries, valid_through, status)
         SELECT poster_id, job_title || ' ' || n, company_name, company_logo, job_location, employment_type, experience_level, salary_type, min_price, max_price, description, skills,
                company_id, city, country, workplace, remote_countries, valid_through, status
           FROM jobs, generate_series(1, 12000) AS n`,
      );
      const response = await big.app.inject({ method: 'GET', url: '/sitemaps/jobs-1.xml' });
      expect(response.statusCode).toBe(200);
      const { urlset } = parseXml<UrlSetDocument>(response.body);
      const urls = urlset === '' ? [] : (urlset.url ?? []);
      expect(urls).toHaveLength(12_001);
      expect(new Set(urls.map((u) => u.loc)).size).toBe(12_001);
    } finally {
      await big.close();
    }
  }, 60_000);

  it('links to the configured origin whatever Host is asked (without PUBLIC_URL: the listen address)', async () => {
    const other = await buildTestApp(kind);
    try {
      const robots = await other.app.inject({ method: 'GET', url: '/robots.txt', headers: { host: 'board.example' } });
      expect(robots.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
      const empty = await other.app.inject({ method: 'GET', url: '/sitemap.xml', headers: { host: 'board.example' } });
      // No jobs at all: the index still lists the pages file, so it is never an empty index.
      expect(parseXml<IndexDocument>(empty.body).sitemapindex.sitemap?.map((s) => s.loc)).toEqual([
        'http://localhost:3000/sitemaps/pages.xml',
      ]);
      const forged = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' };
      for (const url of ['/robots.txt', '/sitemap.xml', '/sitemaps/pages.xml']) {
        const answer = await t.app.inject({ method: 'GET', url, headers: forged });
        expect(answer.body, url).not.toContain('attacker.example');
        expect(answer.body, url).toContain(ORIGIN);
      }
    } finally {
      await other.close();
    }
  });
});
