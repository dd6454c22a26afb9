import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { loadPageRenderer, type PageRenderer } from '../src/modules/pages/pages.routes.js';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type SignedInUser, type TestApp } from './helpers.js';

/** Page paths load the web app; the status tells crawlers whether the page exists. */
describe('page answers (web app built)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Jobboard</title><div id="root"></div>');
    t = await buildTestApp('pglite', { webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each([
    '/',
    '/job/0b6c3a52-9a0e-4c55-9d55-6b1f2a3c4d5e',
    '/sign-in',
    '/profile',
    '/edit-job/x',
    '/my-job?x=1',
    '/?page=3',
  ])('%s answers the app with 200', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it.each(['/no-such-page', '/job', '/job/1/extra', '/sign-in/again', '/apis'])(
    '%s answers the app with 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it('an unknown API path or file is a 404 JSON error, not the app', async () => {
    for (const url of ['/api/nope', '/static/nope.png', '/uploads/nope.webp']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
    }
  });
});

/**
 * The home and job pages rendered in-process from a fresh server build of the web app (`vite build --ssr` into a
 * temporary directory, so the test never reads a stale build): statuses, JSON-LD, the anonymous page cache, the
 * signed-in pages it never keeps, and the render limit (issue 28, finding 10 and the test audit).
 */
describeEachDb('server-rendered pages', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  let root: string;
  let renders = 0;
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
      (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown>,
    );
  const get = (url: string, headers: Record<string, string> = {}, remoteAddress = '192.0.2.10') =>
    t.app.inject({ method: 'GET', url, headers, remoteAddress });

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-ssr-'));
    const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');
    const built = spawnSync(
      'npx',
      [
        'vite',
        'build',
        '--ssr',
        'src/entry-server.tsx',
        '--outDir',
        path.join(root, 'dist-ssr'),
        '--logLevel',
        'error',
      ],
      { cwd: web, encoding: 'utf8' },
    );
    if (built.status !== 0) throw new Error(`vite build --ssr failed: ${built.stderr}`);
    fs.mkdirSync(path.join(root, 'dist'));
    fs.writeFileSync(
      path.join(root, 'dist', 'index.html'),
      '<!doctype html><html><head><title>Jobboard</title><meta name="description" content="Jobs" /></head><body><div id="root"></div></body></html>',
    );
    const config = { webDist: path.join(root, 'dist') };
    const pages = await loadPageRenderer(config);
    if (!pages) throw new Error('the server build did not load');
    const counted = {
      ...pages,
      renderer: {
        ...pages.renderer,
        render: (...args: Parameters<PageRenderer['render']>) => ((renders += 1), pages.renderer.render(...args)),
      },
    };
    t = await buildTestApp(
      kind,
      { ...config, rateLimits: { ...DEFAULT_RATE_LIMITS, pageRendersPerAddress: { limit: 30, windowMs: 60_000 } } },
      { pages: counted },
    );
    poster = await signUpAndSignIn(t.app);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an open job: 200 with its title and JobPosting JSON-LD; closed: 410, its page, noindex and no JSON-LD; missing: 404', async () => {
    const id = await postJob(t.app, poster.cookie, { jobTitle: 'Rendered Closer', companyName: 'Pageco' });
    const open = await get(`/job/${id}`);
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('Rendered Closer');
    expect(jsonLd(open.body)).toEqual([expect.objectContaining({ '@type': 'JobPosting', title: 'Rendered Closer' })]);
    const closing = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${id}`,
      headers: { cookie: poster.cookie },
      payload: { status: 'closed' },
    });
    expect(closing.statusCode).toBe(200);
    const closed = await get(`/job/${id}`);
    expect(closed.statusCode).toBe(410);
    expect(closed.body).toContain('Rendered Closer');
    expect(closed.body).toContain('<meta name="robots" content="noindex" />');
    expect(jsonLd(closed.body)).toEqual([]);
    const missing = await get('/job/0b6c3a52-9a0e-4c55-9d55-6b1f2a3c4d5e');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Job not found');
  });

  it('a company page: 200 with the company and its open jobs, titled "<name> | Jobboard"; an unknown company: 404', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: poster.cookie },
      payload: { name: 'Rendered Harbour Co', description: 'Boats and software.' },
    });
    const { id, slug } = created.json<{ id: string; slug: string }>();
    await postJob(t.app, poster.cookie, { jobTitle: 'Harbour Engineer', companyId: id });
    const page = await get(`/company/${slug}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Rendered Harbour Co | Jobboard</title>');
    expect(page.body).toContain(`<link rel="canonical" href="${t.config.siteOrigin}/company/${slug}" />`);
    // The markup holds the company and its jobs, not an empty root for the browser to fill.
    expect(page.body).toMatch(/<div id="root">.*Rendered Harbour Co.*Harbour Engineer/s);
    // A member's page renders on the server too; the members' panels are forms, drawn once the browser has the page
    // (typed into before, their text would not be the app's).
    const members = await get(`/company/${slug}`, { cookie: poster.cookie });
    expect(members.statusCode).toBe(200);
    expect(members.body).toMatch(/<div id="root">.*Rendered Harbour Co.*Harbour Engineer/s);
    expect(members.body).not.toContain('Show these jobs on your site');
    const missing = await get('/company/no-such-company-here');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Company not found');
  });

  it("sends the home page's plain form address (empty choices included) on to the search's own address", async () => {
    const plain = await get('/?q=gardener&where=&location=&workplace=remote&payMin=&page=2');
    expect(plain.statusCode).toBe(303);
    expect(plain.headers.location).toBe('/?q=gardener&workplace=remote&page=2');
    expect((await get('/?location=&sort=')).headers.location).toBe('/');
    // An address without empty values is answered as it is.
    expect((await get('/?q=gardener&workplace=remote')).statusCode).toBe(200);
  });

  it("names the page's own address as canonical: how the app asks the API to match is not part of it", async () => {
    const origin = t.config.siteOrigin;
    expect((await get('/')).body).toContain(`<link rel="canonical" href="${origin}/" />`);
    const search = (await get('/?workplace=remote&q=gardener')).body;
    expect(search).toContain(`<link rel="canonical" href="${origin}/?q=gardener&amp;workplace=remote" />`);
    expect(search).toContain(
      `<link rel="alternate" hreflang="x-default" href="${origin}/?q=gardener&amp;workplace=remote" />`,
    );
    expect(search).not.toContain('match=');
  });

  it('a link holding a NUL character opens the page, searching without that text; the API still refuses it, naming q', async () => {
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Nul Character Gardener' });
    const home = await get('/?q=a%00b&workplace=remote');
    expect(home.statusCode).toBe(200);
    expect(home.headers['content-type']).toMatch(/^text\/html/);
    // The text is dropped as any bad value of the address is; the other choices hold.
    expect(home.body).toContain(`<link rel="canonical" href="${t.config.siteOrigin}/?workplace=remote" />`);
    expect((await get(`/job/${job}?x=%00`)).statusCode).toBe(200);
    const api = await get('/api/job/search?q=a%00b');
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ message: 'q: must not contain the NUL character' });
  });

  it('renders an anonymous page once: the same address (parameters in any order, unknown ones added) is the kept page', async () => {
    await postJob(t.app, poster.cookie, { jobTitle: 'Cached Gardener', companyName: 'Pageco' });
    // On PostgreSQL the write's NOTIFY comes back a moment later and counts as a change of its own: let it land.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const before = renders;
    const first = await get('/?q=gardener&sort=newest');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Cached Gardener');
    expect(renders).toBe(before + 1);
    for (const url of [
      '/?q=gardener&sort=newest',
      '/?sort=newest&q=gardener',
      '/?q=gardener&sort=newest&utm_source=x',
    ]) {
      const again = await get(url, {}, '192.0.2.11');
      expect(again.body, url).toBe(first.body);
    }
    // Compressed forms are of the same page, and no render either.
    const br = await get('/?q=gardener&sort=newest', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    expect(renders).toBe(before + 1);
  });

  it('a job change renders the page again, with the change', async () => {
    const first = await get('/?q=invalidation');
    expect(first.body).not.toContain('Invalidation Plumber');
    const before = renders;
    await postJob(t.app, poster.cookie, { jobTitle: 'Invalidation Plumber', companyName: 'Pageco' });
    const after = await get('/?q=invalidation');
    expect(after.body).toContain('Invalidation Plumber');
    expect(renders).toBe(before + 1);
  });

  it("a signed-in page is rendered for its reader alone: never kept, never another reader's", async () => {
    const alice = await signUpAndSignIn(t.app, { email: `alice-ssr-${Date.now()}@example.com` });
    const bob = await signUpAndSignIn(t.app, { email: `bob-ssr-${Date.now()}@example.com` });
    const anonymous = (await get('/?q=cached')).body;
    const before = renders;
    const alicePage = (await get('/?q=cached', { cookie: alice.cookie })).body;
    const bobPage = (await get('/?q=cached', { cookie: bob.cookie })).body;
    expect(alicePage).toContain(alice.user.email);
    expect(bobPage).toContain(bob.user.email);
    expect(bobPage).not.toContain(alice.user.email);
    expect(renders).toBe(before + 2);
    // And the anonymous page kept for everybody holds no account.
    const again = (await get('/?q=cached')).body;
    expect(again).toBe(anonymous);
    for (const person of [alice, bob]) expect(again).not.toContain(person.user.email);
  });

  it('a description in Markdown: links, lists and emphasis on the page, in the API, JSON-LD and feeds; HTML and script links inert', async () => {
    const description =
      'Join **Markdown Crafters**.\n\n- Apply at https://example.com/apply\n- Read [our story](https://example.com/story)\n\n' +
      '<script>alert(1)</script> [bad](javascript:alert(1)) <img src=x onerror=alert(1)>';
    const id = await postJob(t.app, poster.cookie, {
      jobTitle: 'Markdown Crafter',
      companyName: 'Pageco',
      description,
    });
    const rel = 'rel="nofollow ugc noopener"';
    const link = `<a href="https://example.com/apply" ${rel}>https://example.com/apply</a>`;
    const api = (await get(`/api/job/all-jobs/${id}`)).json<{ description: string; descriptionHtml: string }>();
    expect(api.description).toBe(description);
    expect(api.descriptionHtml).toBe(
      `<p>Join <strong>Markdown Crafters</strong>.</p><ul><li>Apply at ${link}</li><li>Read <a href="https://example.com/story" ${rel}>our story</a></li></ul>` +
        '<p>&lt;script&gt;alert(1)&lt;/script&gt; bad &lt;img src=x onerror=alert(1)&gt;</p>',
    );
    const page = (await get(`/job/${id}`)).body;
    expect(page).toContain(api.descriptionHtml);
    expect(page).not.toContain('<script>alert(1)');
    expect(page).not.toMatch(/href="javascript/i);
    // The page's meta description reads as text, without the Markdown's marks.
    expect(page).toContain(
      '<meta name="description" content="Pageco is hiring: Markdown Crafter in London, United Kingdom. $20,000 – $120,000 a year. Join Markdown Crafters. Apply at',
    );
    expect(jsonLd(page)[0]).toMatchObject({ description: api.descriptionHtml });
    // The feeds carry the card's excerpt as HTML: its first link comes through clickable.
    const rss = (await get('/feed.rss?q=crafter')).body;
    expect(rss).toContain(`<strong>Markdown Crafters</strong>`);
    expect(rss).toContain(link);
    const json = (await get('/feed.json?q=crafter')).json<{ items: { content_html: string }[] }>();
    expect(json.items[0]?.content_html).toContain(link);
  });

  /**
   * On PostgreSQL a write made before (a job posted, the sign-up) reaches the app again a moment later as a notice
   * (NOTIFY jobs_changed), which makes every kept page stale: waits until a kept page stays kept for half a second
   * (at most 10 s), from an address of its own so no other test's limit is spent.
   */
  async function noticesSettled(): Promise<void> {
    for (let i = 0; i < 20; i += 1) {
      await get('/?q=settle', {}, '198.51.100.199');
      const before = renders;
      await new Promise((resolve) => setTimeout(resolve, 500));
      await get('/?q=settle', {}, '198.51.100.199');
      if (renders === before) return;
    }
  }

  it('renders past the limit from one address answer 429 with Retry-After (the shell); kept pages and other addresses go on', async () => {
    await noticesSettled();
    const address = '198.51.100.200';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push((await get(`/?q=limit${i}`, {}, address)).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const refused = await get('/?q=limit-more', {}, address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('<div id="root"></div>');
    expect((await get('/?q=limit0', {}, address)).statusCode).toBe(200);
    expect((await get('/?q=limit-more', {}, '198.51.100.201')).statusCode).toBe(200);
  });
});
