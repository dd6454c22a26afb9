import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PageRenderer } from '../src/modules/pages/pages.routes.js';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type SignedInUser, type TestApp } from './helpers.js';
import { startSmtpServer, type ReceivedMail } from './smtp-fixture.js';
import { unzipped } from './support/unzipped.js';

/**
 * Languages on the server (issue 35): the account's setting, the page's language (account, else cookie, else
 * Accept-Language) with `<html lang dir>`, Vary and the page cache, and e-mails in the recipient's language over a
 * real SMTP server. The pages are rendered by a stand-in for the web app's server build: what is under test here is
 * the server's choice of language, not the components (pages.api.test.ts renders the real build).
 */
const renderer: PageRenderer = {
  SSR_STATE_ID: 'ssr-state',
  prefetchPlan: (pathname) =>
    pathname === '/'
      ? {
          kind: 'home',
          queries: [
            { key: ['me'], path: '/api/auth/me' },
            { key: ['search'], path: '/api/job/search' },
          ],
        }
      : null,
  render: (_url, state) => Promise.resolve(`<main data-language="${state.language}">jobs</main>`),
};
const shell =
  '<!doctype html>\n<html lang="en">\n<head><title>Jobboard</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

describeEachDb('languages', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(
      kind,
      { smtpUrl: smtp.url, mailFrom: 'Jobboard <no-reply@jobs.example>' },
      { pages: { renderer, shell } },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const home = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/', headers });
  const htmlTag = (body: string) => /<html[^>]*>/.exec(body)?.[0];
  const setLocale = (who: SignedInUser, locale: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/update/${who.user._id}`,
      headers: { cookie: who.cookie },
      payload: { locale },
    });

  it('an anonymous page is in the Accept-Language, the cookie beats it, and each is kept apart', async () => {
    const german = await home({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german.statusCode).toBe(200);
    expect(htmlTag(german.body)).toBe('<html lang="de" dir="ltr">');
    expect(german.body).toContain('data-language="de"');
    // The head too: the tab's title and the description say it in German.
    expect(german.body).toContain('<title>Jobboard: Finden Sie Ihre nächste Stelle</title>');
    expect(german.body).toMatch(/<meta name="description" content="[\d.]+ offene Stellen\. Suchen Sie Stellen/);
    expect(german.headers.vary).toMatch(/Accept-Language/);
    expect(german.headers.vary).toMatch(/Cookie/);
    // The cached German page is not served to an Arabic reader (the language is in the cache key).
    const arabic = await home({ 'accept-language': 'de', cookie: 'lang=ar' });
    expect(htmlTag(arabic.body)).toBe('<html lang="ar" dir="rtl">');
    expect(arabic.body).toContain('"language":"ar"');
    expect(arabic.body).toContain('<title>Jobboard: اعثر على وظيفتك التالية</title>');
    expect(htmlTag((await home({ 'accept-language': 'fr-FR, es;q=0.5' })).body)).toBe('<html lang="en" dir="ltr">');
    expect(htmlTag((await home({ 'accept-language': 'de' })).body)).toBe('<html lang="de" dir="ltr">');
  });

  it("the account's setting: set, shown, exported, beats the cookie, cleared by null, refused when unknown", async () => {
    const who = await signUpAndSignIn(t.app);
    expect(who.user).toMatchObject({ locale: null });
    const set = await setLocale(who, 'ar');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ locale: 'ar' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: who.cookie } });
    expect(me.json()).toMatchObject({ locale: 'ar' });

    const page = await home({ cookie: `${who.cookie}; lang=de`, 'accept-language': 'de' });
    expect(htmlTag(page.body)).toBe('<html lang="ar" dir="rtl">');

    const exported = await t.app.inject({ method: 'GET', url: '/api/user/export', headers: { cookie: who.cookie } });
    expect(exported.statusCode).toBe(200);
    const data = JSON.parse(unzipped(exported.rawPayload).get('jobboard-data.json')?.toString() ?? '{}') as {
      account: { locale: string | null }[];
    };
    expect(data.account[0]?.locale).toBe('ar');

    for (const wrong of ['fr', 'DE', 1, '']) {
      const refused = await setLocale(who, wrong);
      expect(refused.statusCode, String(wrong)).toBe(400);
      expect(JSON.stringify(refused.json())).toContain('locale');
    }
    const cleared = await setLocale(who, null);
    expect(cleared.json()).toMatchObject({ locale: null });
    expect(htmlTag((await home({ cookie: `${who.cookie}; lang=de` })).body)).toBe('<html lang="de" dir="ltr">');
  });

  const mailTo = async (address: string, subject: RegExp) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      for (const mail of smtp.received.filter((m: ReceivedMail) => m.to.includes(address))) {
        const parsed = await simpleParser(mail.raw);
        if (subject.test(parsed.subject ?? '')) return parsed;
      }
      if (Date.now() > deadline) throw new Error(`no mail ${String(subject)} to ${address}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  it('the password reset mail is in German for an account that chose German', async () => {
    const who = await signUpAndSignIn(t.app);
    expect((await setLocale(who, 'de')).statusCode).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: who.user.email },
    });
    expect(asked.statusCode).toBe(200);
    const mail = await mailTo(who.user.email, /Passwort/);
    expect(mail.subject).toBe('Setzen Sie Ihr Jobboard-Passwort zurück');
    expect(mail.text).toContain(`Hallo ${who.user.name},`);
    expect(mail.text).toContain('Der Link funktioniert einmal und läuft nach 30 Minuten ab.');
    expect(mail.text).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(mail.headers.get('content-language')).toBe('de');
  });

  it('the new-application mail is in Arabic for a poster who chose Arabic; English for one who chose none', async () => {
    const poster = await signUpAndSignIn(t.app);
    expect((await setLocale(poster, 'ar')).statusCode).toBe(200);
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Backend Engineer' });
    const applicant = await signUpAndSignIn(t.app);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: applicant.cookie },
      payload: { job },
    });
    expect(applied.statusCode).toBe(201);
    const mail = await mailTo(poster.user.email, /طلب تقديم جديد/);
    expect(mail.subject).toBe('طلب تقديم جديد: Backend Engineer');
    expect(mail.text).toContain(`مرحبًا ${poster.user.name}،`);
    expect(mail.text).toContain(`تقدّم ${applicant.user.name} إلى وظيفة «Backend Engineer».`);
    expect(mail.headers.get('content-language')).toBe('ar');

    const englishPoster = await signUpAndSignIn(t.app);
    const other = await postJob(t.app, englishPoster.cookie, { jobTitle: 'Data Analyst' });
    await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: applicant.cookie },
      payload: { job: other },
    });
    const english = await mailTo(englishPoster.user.email, /New application/);
    expect(english.subject).toBe('New application: Data Analyst');
    expect(english.headers.has('content-language')).toBe(false);
  });
});
