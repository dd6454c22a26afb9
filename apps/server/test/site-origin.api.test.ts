import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOrigin, loadConfig } from '../src/config.js';
import { buildTestApp, postJob, signUpAndSignIn, type TestApp } from './helpers.js';
import { startSmtpServer, waitForMail } from './smtp-fixture.js';

/**
 * Security review round 2, finding 1 (reset-link poisoning): every absolute link comes from the configuration,
 * never from the request's Host or X-Forwarded-Host (decision record 25).
 */

const FORGED = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'https' };

describe('the site origin in the configuration', () => {
  it("is PUBLIC_URL's origin when set", () => {
    expect(loadConfig({ PUBLIC_URL: 'https://jobs.example.com/some/path' }).siteOrigin).toBe(
      'https://jobs.example.com',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://jobs.example.com', NODE_ENV: 'production' }).siteOrigin).toBe(
      'https://jobs.example.com',
    );
  });

  it('refuses to start in production without PUBLIC_URL, saying what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required when NODE_ENV=production/);
  });

  it('in development and tests is the listen address (a wildcard address as localhost)', () => {
    expect(loadConfig({}).siteOrigin).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '127.0.0.1', PORT: '8080' }).siteOrigin).toBe(
      'http://127.0.0.1:8080',
    );
    expect(loadConfig({ NODE_ENV: 'test', HOST: '::', PORT: '4000' }).siteOrigin).toBe('http://localhost:4000');
    expect(listenOrigin('::1', 3000)).toBe('http://[::1]:3000');
    expect(listenOrigin('0.0.0.0', 5173)).toBe('http://localhost:5173');
  });
});

describe('links ignore a forged Host and X-Forwarded-Host', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let dev: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // No PUBLIC_URL (the default that was exploitable): links from the listen address.
    dev = await buildTestApp('pglite', { smtpUrl: smtp.url }, { env: { HOST: '127.0.0.1', PORT: '8123' } });
    // Behind a trusted proxy, which forwards whatever X-Forwarded-Host the client sent.
    proxied = await buildTestApp(
      'pglite',
      { smtpUrl: smtp.url },
      { env: { PUBLIC_URL: 'https://jobs.example', TRUST_PROXY: '127.0.0.1' } },
    );
  });
  afterAll(async () => {
    await dev.close();
    await proxied.close();
    await smtp.close();
  });

  it('forgot-password asked with Host: attacker.example mails a link on the configured origin', async () => {
    const victim = await signUpAndSignIn(dev.app);
    const asked = await dev.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victim.user.email },
      headers: FORGED,
    });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(smtp.received, victim.user.email, /Reset your Jobboard password/);
    expect(mail.text).toContain('http://127.0.0.1:8123/reset-password?token=');
    expect(mail.text).not.toContain('attacker.example');
  });

  it('behind a trusted proxy, X-Forwarded-Host does not move the link either', async () => {
    const victim = await signUpAndSignIn(proxied.app);
    const asked = await proxied.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victim.user.email },
      headers: FORGED,
    });
    expect(asked.statusCode).toBe(200);
    const mail = await waitForMail(smtp.received, victim.user.email, /Reset your Jobboard password/);
    expect(mail.text).toContain('https://jobs.example/reset-password?token=');
    expect(mail.text).not.toContain('attacker.example');
  });

  it('sign-up confirmation links, feeds, sitemaps and robots.txt carry the configured origin', async () => {
    const email = `forged-signup-${Date.now()}@example.com`;
    await dev.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      headers: FORGED,
      payload: { name: 'Forged', username: `forged-${Date.now()}`, email, password: 'a long passphrase' },
    });
    const confirm = await waitForMail(smtp.received, email, /Confirm your e-mail address/);
    expect(confirm.text).toContain('http://127.0.0.1:8123/verify-email?token=');
    for (const app of [dev, proxied])
      await postJob(app.app, (await signUpAndSignIn(app.app)).cookie, { jobTitle: 'Origin checker' });
    for (const url of [
      '/robots.txt',
      '/sitemap.xml',
      '/sitemaps/pages.xml',
      '/sitemaps/jobs-1.xml',
      '/feed.rss',
      '/feed.atom',
      '/feed.json',
    ]) {
      for (const app of [dev, proxied]) {
        const answer = await app.app.inject({ method: 'GET', url, headers: FORGED });
        expect(answer.statusCode, url).toBe(200);
        expect(answer.body, url).not.toContain('attacker.example');
        expect(answer.body, url).toContain(app === dev ? 'http://127.0.0.1:8123' : 'https://jobs.example');
      }
    }
  });

  it('an alert created with a forged Host stores and mails the configured origin', async () => {
    const me = await signUpAndSignIn(dev.app);
    const created = await dev.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { ...FORGED, cookie: me.cookie },
      payload: { query: 'q=origin', frequency: 'daily' },
    });
    expect(created.statusCode).toBeLessThan(300);
    const rows = await dev.db.query<{ origin: string }>('SELECT origin FROM job_alerts WHERE user_id = $1', [
      me.user._id,
    ]);
    expect(rows).toEqual([{ origin: 'http://127.0.0.1:8123' }]);
  });
});

describe('server-rendered pages: canonical, link-preview tags and JSON-LD ignore the Host', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    // A stand-in for the built renderer (apps/web/dist-ssr): plans the job page's one query, renders nothing much.
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-origin-pages-'));
    fs.mkdirSync(path.join(dir, 'dist'));
    fs.mkdirSync(path.join(dir, 'dist-ssr'));
    fs.writeFileSync(
      path.join(dir, 'dist', 'index.html'),
      '<!doctype html><html><head><title>Jobboard</title><meta name="description" content="x"></head><body><div id="root"></div></body></html>',
    );
    fs.writeFileSync(
      path.join(dir, 'dist-ssr', 'entry-server.js'),
      `export const SSR_STATE_ID = 'ssr-state';
export function prefetchPlan(pathname, search) {
  const job = /^\\/job\\/([^/]+)$/.exec(pathname);
  if (job) return { kind: 'job', id: job[1], queries: [{ key: ['job', job[1]], path: '/api/job/all-jobs/' + job[1] }] };
  if (pathname === '/') return { kind: 'home', queries: [{ key: ['search', search], path: '/api/job/search' + search }] };
  return null;
}
export async function render() { return '<main>page</main>'; }
`,
    );
    t = await buildTestApp('pglite', { webDist: path.join(dir, 'dist') }, { env: { HOST: '127.0.0.1', PORT: '8124' } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the job page and the home page link to the configured origin only', async () => {
    const poster = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Rendered with an origin' });
    for (const url of [`/job/${job}`, '/?q=rendered']) {
      const page = await t.app.inject({ method: 'GET', url, headers: FORGED });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('http://127.0.0.1:8124');
      expect(page.body, url).not.toContain('attacker.example');
    }
    const jobPage = await t.app.inject({ method: 'GET', url: `/job/${job}`, headers: FORGED });
    expect(jobPage.body).toContain(`<link rel="canonical" href="http://127.0.0.1:8124/job/${job}"`);
    expect(jobPage.body).toContain('application/ld+json');
  });
});
