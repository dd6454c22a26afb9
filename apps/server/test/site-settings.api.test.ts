import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { AdminSiteSettings, SiteInfo, SitePage } from '@jobboard/shared';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  jobBody,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { waitForMessage } from './outbox.js';

describeEachDb('site settings and site pages (issue 34, items 2 and 3)', (kind) => {
  let t: TestApp;
  let envApp: TestApp;
  let admin: SignedInUser;
  let poster: SignedInUser;
  const adminEmail = `settings-admin-${kind}@example.com`;
  const put = (person: SignedInUser | undefined, url: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url, headers: person ? { cookie: person.cookie } : {}, payload: payload as object });
  const site = async (app = t.app) => (await app.inject({ url: '/api/site' })).json<SiteInfo>();

  beforeAll(async () => {
    t = await buildTestApp(kind, { adminEmails: [adminEmail], postsPerDay: 20 });
    [admin, poster] = await Promise.all([signUpAndSignIn(t.app, { email: adminEmail }), signUpAndSignIn(t.app)]);
    envApp = await buildTestApp(
      kind,
      { adminEmails: [adminEmail] },
      { env: { SITE_NAME: 'Env Jobs', POSTS_PER_DAY: '7' } },
    );
  });
  afterAll(async () => {
    await t?.close();
    await envApp?.close();
  });

  it('shows the defaults; a save shows at once in /api/site and the audit log; null puts a default back', async () => {
    const before = await site();
    expect(before).toMatchObject({ social: [], siteName: 'Jobboard', footerLinks: [] });
    // The built-in accent is left out (the pages then carry no style of their own).
    expect(before).not.toHaveProperty('accentColor');
    const links = [{ label: 'Blog', url: 'https://blog.example.com/' }];
    const saved = await put(admin, '/api/admin/settings', {
      siteName: 'Acme Jobs',
      footerLinks: links,
      accentColor: '#AA3300',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AdminSiteSettings>().values).toMatchObject({ siteName: 'Acme Jobs', accentColor: '#aa3300' });
    const response = await t.app.inject({ url: '/api/site' });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.json()).toMatchObject({ siteName: 'Acme Jobs', footerLinks: links, accentColor: '#aa3300' });
    const audit = await t.app.inject({
      url: '/api/admin/audit?action=settings.update',
      headers: { cookie: admin.cookie },
    });
    expect(audit.json<{ items: { targetLabel: string; adminEmail: string }[] }>().items[0]).toMatchObject({
      targetLabel: 'siteName, accentColor, footerLinks',
      adminEmail,
    });
    expect((await put(admin, '/api/admin/settings', { siteName: null })).statusCode).toBe(200);
    expect(await site()).toMatchObject({ siteName: 'Jobboard', footerLinks: links });
  });

  it('serves the accent as a stylesheet named by its colour, kept for good; anything else is a 400 naming color', async () => {
    const css = await t.app.inject({ url: '/api/site/accent.css?color=AA3300' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toBe(':root{--color-teal-700:#aa3300;--color-teal-800:color-mix(in srgb,#aa3300 80%,black)}\n');
    // The pages' policy allows no inline style: the stylesheet is the only way the accent reaches them.
    expect(css.headers['content-security-policy']).toMatch(/style-src 'self'(;|$)/);
    for (const query of ['', '?color=red', '?color=0f766e;}body{display:none}', '?color=%230f766e'])
      expect(expectErrorShape(await t.app.inject({ url: `/api/site/accent.css${query}` }), 400), query).toMatch(
        /color/,
      );
  });

  it('refuses bad values with a 400 naming the field, and unknown fields', async () => {
    const cases: [unknown, RegExp][] = [
      [{ accentColor: 'red' }, /accentColor/],
      [{ logoUrl: 'javascript:alert(1)' }, /logoUrl/],
      [{ footerLinks: [{ label: 'x', url: 'ftp://example.com' }] }, /footerLinks/],
      [{ postsPerDay: 0 }, /postsPerDay/],
      [{ signInMethods: [] }, /signInMethods/],
      [{ siteName: '<b>' }, /siteName/],
      [{ colour: '#000000' }, /colour/],
    ];
    for (const [payload, field] of cases) {
      const response = await put(admin, '/api/admin/settings', payload);
      expect(expectErrorShape(response, 400), JSON.stringify(payload)).toMatch(field);
    }
  });

  it('is for administrators only: 401 signed out, 403 for anyone else', async () => {
    expect((await put(undefined, '/api/admin/settings', { siteName: 'X' })).statusCode).toBe(401);
    expect((await put(poster, '/api/admin/settings', { siteName: 'X' })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/settings', headers: { cookie: poster.cookie } })).statusCode).toBe(
      403,
    );
    expect((await put(poster, '/api/admin/pages/about', { body: 'x' })).statusCode).toBe(403);
  });

  it('applies the posting limit and the default job duration to the next post', async () => {
    expect((await put(admin, '/api/admin/settings', { postsPerDay: 1, jobDurationDays: 10 })).statusCode).toBe(200);
    const { validThrough: _unused, ...body } = jobBody();
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/job/post-job',
      headers: { cookie: poster.cookie },
      payload: body,
    });
    expect(first.statusCode, first.body).toBe(201);
    const job = await t.app.inject({ url: `/api/job/all-jobs/${first.json<{ insertedId: string }>().insertedId}` });
    const tenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    expect(job.json<{ validThrough: string }>().validThrough).toBe(tenDays);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/job/post-job',
      headers: { cookie: poster.cookie },
      payload: body,
    });
    expect(second.statusCode).toBe(429);
    expect((await put(admin, '/api/admin/settings', { postsPerDay: null, jobDurationDays: null })).statusCode).toBe(
      200,
    );
  });

  it('a setting the environment gives wins, is marked, and cannot be saved', async () => {
    const envAdmin = await signUpAndSignIn(envApp.app, { email: adminEmail });
    const view = await envApp.app.inject({ url: '/api/admin/settings', headers: { cookie: envAdmin.cookie } });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<AdminSiteSettings>()).toMatchObject({
      values: { siteName: 'Env Jobs', postsPerDay: 7 },
      fromEnvironment: expect.arrayContaining(['siteName', 'postsPerDay']),
    });
    const refused = await envApp.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: envAdmin.cookie },
      payload: { siteName: 'Console Jobs' },
    });
    expect(expectErrorShape(refused, 400)).toMatch(/siteName: set by the environment/);
    expect(await site(envApp.app)).toMatchObject({ siteName: 'Env Jobs' });
  });

  it('serves About, Privacy and Terms: defaults, an edit as safe HTML, and empty puts the default back', async () => {
    const privacy = (await t.app.inject({ url: '/api/site/pages/privacy' })).json<SitePage>();
    expect(privacy).toMatchObject({ slug: 'privacy', isDefault: true, updatedAt: null });
    expect(privacy.html).toMatch(/session cookie/);
    const about = (await t.app.inject({ url: '/api/site/pages/about' })).json<SitePage>();
    expect(about.body).toMatch(/connects people with career opportunities across industries/);
    const saved = await put(admin, '/api/admin/pages/terms', {
      body: '**Be kind** <script>x</script> [a](javascript:x)',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const terms = saved.json<SitePage>();
    expect(terms.isDefault).toBe(false);
    expect(terms.html).toContain('<strong>Be kind</strong>');
    expect(terms.html).not.toMatch(/<script|javascript:/);
    expect((await put(admin, '/api/admin/pages/terms', { body: '' })).json<SitePage>().isDefault).toBe(true);
    expect((await t.app.inject({ url: '/api/site/pages/cookies' })).statusCode).toBe(400);
    const audit = await t.app.inject({ url: '/api/admin/audit?action=page.update', headers: { cookie: admin.cookie } });
    expect(audit.json<{ items: { targetLabel: string }[] }>().items.map((e) => e.targetLabel)).toEqual([
      'Terms (default text)',
      'Terms',
    ]);
  });

  it("writes a default page in the reader's language; an administrator's own text as written (issue 35)", async () => {
    const page = async (slug: string, headers: Record<string, string>) => {
      const answer = await t.app.inject({ url: `/api/site/pages/${slug}`, headers });
      expect(answer.headers.vary).toMatch(/Accept-Language/);
      return answer.json<SitePage>();
    };
    const english = await page('terms', {});
    expect(english.body.split('\n\n').slice(0, 2)).toEqual([
      '## Using the site',
      'By using Jobboard you agree to post only real jobs you are allowed to offer, and to apply only in your own name.',
    ]);
    const german = await page('privacy', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german.body).toMatch(/^## Cookies\n\nJobboard setzt ein einziges Cookie/);
    expect(german.html).toContain('<strong>');
    const arabic = await page('terms', { cookie: 'lang=ar', 'accept-language': 'de' });
    expect(arabic.body).toMatch(/^## استخدام الموقع\n\nباستخدامك Jobboard/);
    expect((await page('about', { 'accept-language': 'de' })).body).toMatch(/^## Willkommen bei Jobboard/);

    expect((await put(admin, '/api/admin/pages/privacy', { body: 'Our own words' })).statusCode).toBe(200);
    expect((await page('privacy', { 'accept-language': 'de' })).body).toBe('Our own words');
    expect((await put(admin, '/api/admin/pages/privacy', { body: '' })).json<SitePage>().isDefault).toBe(true);
  });

  it("sends e-mail under the sender name in effect, with MAIL_FROM's address", async () => {
    expect((await put(admin, '/api/admin/settings', { mailSenderName: 'Harbour Mail' })).statusCode).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: poster.user.email },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    const outbox = path.join(t.config.dataDir, 'outbox');
    await waitForMessage(outbox, poster.user.email, /password/i);
    const raw = fs
      .readdirSync(outbox)
      .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
      // The reset message, not the confirmation sign-up sent under the default name.
      .find((text) => text.includes(poster.user.email) && /^Subject: .*password/im.test(text));
    expect(raw).toMatch(/^From: "?Harbour Mail"? <no-reply@jobboard\.local>/m);
    expect((await put(admin, '/api/admin/settings', { mailSenderName: null })).statusCode).toBe(200);
  });
});
