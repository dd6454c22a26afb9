import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkDueAlerts } from '../src/modules/alerts/alert-checker.js';
import { SmtpTransport } from '../src/modules/mail/transports.js';
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
  prefetchPlan: (pathname) => {
    const me = { key: ['me'], path: '/api/auth/me' };
    if (pathname === '/') return { kind: 'home', queries: [me, { key: ['search'], path: '/api/job/search' }] };
    // The job and company pages as the web app plans them (apps/web/src/entry-server.tsx).
    const [, kind, id = ''] = pathname.split('/');
    if (kind === 'job') return { kind, id, queries: [me, { key: ['job'], path: `/api/job/all-jobs/${id}` }] };
    if (kind === 'company') return { kind, id, queries: [me, { key: ['company'], path: `/api/companies/${id}` }] };
    return null;
  },
  render: (_url, state) => Promise.resolve(`<main data-language="${state.language}">jobs</main>`),
};
const shell =
  '<!doctype html>\n<html lang="en">\n<head><title>Jobboard</title><meta name="description" content="x" /></head><body><div id="root"></div></body></html>';

describeEachDb('languages', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  // The built web app's shell, which every page the server does not render answers with.
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), shell);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(
      kind,
      {
        smtpUrl: smtp.url,
        mailFrom: 'Jobboard <no-reply@jobs.example>',
        adminEmails: [`admin-${kind}@jobs.example`],
        webDist,
      },
      { pages: { renderer, shell } },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    fs.rmSync(webDist, { recursive: true, force: true });
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

  it("a job's and a company's head tags frame the job's own words in the page's language", async () => {
    const poster = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, poster.cookie, {
      jobTitle: 'Harbour Master',
      companyName: `Quay Works ${kind}`,
      description: 'Run the harbour.',
    });
    const page = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    const meta = (body: string, name: string) =>
      new RegExp(`<meta (?:name|property)="${name}" content="([^"]*)"`).exec(body)?.[1];
    const german = await page(`/job/${job}`, { 'accept-language': 'de' });
    expect(german.statusCode).toBe(200);
    expect(meta(german.body, 'description')).toMatch(
      new RegExp(
        `^Quay Works ${kind} stellt ein: Harbour Master in London, Vereinigtes Königreich\\. .* pro Jahr\\. Run the harbour\\.$`,
      ),
    );
    expect(meta(german.body, 'og:title')).toBe(`Harbour Master bei Quay Works ${kind} | Jobboard`);
    const english = await page(`/job/${job}`, { 'accept-language': 'en' });
    expect(meta(english.body, 'description')).toMatch(
      new RegExp(
        `^Quay Works ${kind} is hiring: Harbour Master in London, United Kingdom\\. .* a year\\. Run the harbour\\.$`,
      ),
    );
    const [row] = await t.db.query<{ slug: string }>('SELECT slug FROM companies WHERE name = $1', [
      `Quay Works ${kind}`,
    ]);
    const company = await page(`/company/${row?.slug ?? ''}`, { cookie: 'lang=ar' });
    expect(company.statusCode).toBe(200);
    expect(meta(company.body, 'og:description')).toMatch(
      new RegExp(`^\u2068Quay Works ${kind}\u2069 على Jobboard: وظيفة متاحة واحدة\\.`),
    );
    expect(company.headers.vary).toMatch(/Accept-Language/);
  });

  it("a page the app renders itself (a confirmation link's, an unknown one) names the reader's language too", async () => {
    const shellPage = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
    const german = await shellPage('/verify-email?token=x', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
    expect(german.statusCode).toBe(200);
    expect(htmlTag(german.body)).toBe('<html lang="de" dir="ltr">');
    expect(german.body).toContain('<div id="root"></div>');
    expect(german.headers.vary).toMatch(/Accept-Language/);
    expect(german.headers.vary).toMatch(/Cookie/);
    const missing = await shellPage('/no-such-page', { cookie: 'lang=ar', 'accept-language': 'de' });
    expect(missing.statusCode).toBe(404);
    expect(htmlTag(missing.body)).toBe('<html lang="ar" dir="rtl">');
    expect(htmlTag((await shellPage('/sign-in', { 'accept-language': 'fr' })).body)).toBe('<html lang="en" dir="ltr">');
    // The account's choice beats the cookie, as on the pages the server renders.
    const who = await signUpAndSignIn(t.app);
    expect((await setLocale(who, 'de')).statusCode).toBe(200);
    const signedIn = await shellPage('/profile', { cookie: `${who.cookie}; lang=ar`, 'accept-language': 'ar' });
    expect(htmlTag(signedIn.body)).toBe('<html lang="de" dir="ltr">');
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

  const apply = async (who: SignedInUser, job: string) => {
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: who.cookie },
      payload: { job },
    });
    expect(applied.statusCode, applied.body).toBe(201);
    return applied.json<{ insertedId: string }>().insertedId;
  };

  /** The SUMMARY and DESCRIPTION of the invitation a booked-interview mail carries. */
  const eventWords = (mail: ParsedMail) => {
    const part = mail.attachments.find((a) => a.filename === 'invite.ics' || a.contentType.startsWith('text/calendar'));
    const event = new ICAL.Component(ICAL.parse(part?.content.toString('utf8') ?? '')).getFirstSubcomponent('vevent');
    return {
      summary: event?.getFirstPropertyValue('summary'),
      description: event?.getFirstPropertyValue('description'),
    };
  };

  it("interview times are written in the candidate's language, in the interview's own time zone", async () => {
    const poster = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Harbour Pilot', companyName: 'Talk Works' });
    const [german, arabic] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
    expect((await setLocale(german, 'de')).statusCode).toBe(200);
    expect((await setLocale(arabic, 'ar')).statusCode).toBe(200);
    const proposal = {
      slots: [
        { start: '2030-05-17T14:30', timeZone: 'Europe/Paris' },
        { start: '2030-05-20T09:00', timeZone: 'America/New_York' },
      ],
      lengthMinutes: 45,
      location: 'https://meet.example/harbour',
    };
    const propose = async (application: string) => {
      const created = await t.app.inject({
        method: 'POST',
        url: `/api/applications/${application}/interviews`,
        headers: { cookie: poster.cookie },
        payload: proposal,
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: string; slots: { id: string }[] }>();
    };
    await propose(await apply(german, job));
    const de = await mailTo(german.user.email, /Vorstellungsgespräch: Harbour Pilot/);
    expect(de.text).toContain('  - Fr., 17. Mai 2030, 14:30 (Europe/Paris)');
    expect(de.text).toContain('  - Mo., 20. Mai 2030, 09:00 (America/New_York)');
    expect(de.headers.get('content-language')).toBe('de');

    const application = await apply(arabic, job);
    const interview = await propose(application);
    const ar = await mailTo(arabic.user.email, /اختر موعدًا للمقابلة/);
    // The zone and the meeting link are isolated runs (U+2068 … U+2069) inside the Arabic text.
    expect(ar.text).toContain('  - الجمعة، 17 مايو 2030، 14:30 (\u2068Europe/Paris\u2069)');
    expect(ar.text).toContain('، \u2068https://meet.example/harbour\u2069).');
    const picked = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${application}/interviews/${interview.id}/pick`,
      headers: { cookie: arabic.cookie },
      payload: { slotId: interview.slots[1]?.id },
    });
    expect(picked.statusCode, picked.body).toBe(200);
    const booked = await mailTo(arabic.user.email, /تم حجز المقابلة/);
    expect(booked.text).toContain('الاثنين، 20 مايو 2030، 09:00 (\u2068America/New_York\u2069)');
    // The calendar event's own words too.
    expect(eventWords(booked)).toMatchObject({
      summary: 'مقابلة: \u2068Harbour Pilot\u2069 (\u2068Talk Works\u2069)',
      description: expect.stringMatching(
        /^مقابلة بشأن «\u2068Harbour Pilot\u2069»\. لتغيير موعدها أو إلغائها: https?:\/\//,
      ),
    });
    // The team's invitation stays English for a poster who chose no language.
    const team = await mailTo(poster.user.email, /Interview booked/);
    expect(team.text).toContain('Mon, 20 May 2030, 09:00 (America/New_York)');
    expect(eventWords(team)).toMatchObject({
      summary: 'Interview: Harbour Pilot (Talk Works)',
      description: expect.stringMatching(/^Interview about “Harbour Pilot”\. Move or cancel it here: https?:\/\//),
    });
    expect(team.headers.has('content-language')).toBe(false);
  });

  it("an alert e-mail says its search, the jobs' places and pay in the recipient's language", async () => {
    const transport = new SmtpTransport(smtp.url);
    let sent = 0;
    // The checker's mails straight to the loopback SMTP server (the queue's own delivery is mail-queue.test.ts's).
    const mail = {
      start: () => Promise.resolve(),
      enqueue: async (message: Parameters<typeof transport.send>[2]) => {
        sent += 1;
        await transport.send(`alert-${kind}-${sent}`, 'Jobboard <no-reply@jobs.example>', message);
        return String(sent);
      },
    };
    const check = () =>
      checkDueAlerts({ db: t.db, mail, config: { siteOrigin: 'https://jobs.example', alertsIntervalMs: 2 } });
    const poster = await signUpAndSignIn(t.app);
    const [german, arabic, english] = [
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
    ];
    expect((await setLocale(german, 'de')).statusCode).toBe(200);
    expect((await setLocale(arabic, 'ar')).statusCode).toBe(200);
    const word = `gardener${kind}`;
    for (const who of [german, arabic, english]) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: { cookie: who.cookie },
        payload: { query: `q=${word}&workplace=hybrid&posted=7d`, frequency: 'instant' },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    await postJob(t.app, poster.cookie, {
      jobTitle: `Head ${word}`,
      companyName: 'Green Works',
      workplace: 'hybrid',
      location: { city: 'Berlin', country: 'DE' },
      jobLocation: undefined,
      salary: { min: 20_000, max: 120_000, currency: 'USD', period: 'year' },
      minPrice: undefined,
      maxPrice: undefined,
      salaryType: undefined,
    });
    await check();
    transport.close();

    const de = await mailTo(german.user.email, new RegExp(word));
    expect(de.subject).toBe(`1 neue Stelle für „${word}, Hybrid, in den letzten 7 Tagen veröffentlicht“`);
    expect(de.text).toContain('Green Works · Berlin, Deutschland (hybrid) · 20.000–120.000\u00a0$ pro Jahr');
    expect(de.headers.get('content-language')).toBe('de');

    const ar = await mailTo(arabic.user.email, new RegExp(word));
    expect(ar.text).toContain(`«\u2068${word}\u2069، هجين، نُشرت خلال آخر 7 أيام»`);
    // The pay an isolated run, so "US$" is not laid out as "$US" among the Arabic words.
    expect(ar.text).toContain('\u2068\u2068\u200f20,000–120,000\u00a0US$\u2069 سنويًا\u2069');
    expect(ar.text).toContain('\u2068Berlin, ألمانيا (هجين)\u2069');
    expect(ar.headers.get('content-language')).toBe('ar');

    const en = await mailTo(english.user.email, new RegExp(word));
    expect(en.subject).toBe(`1 new job for “${word}, posted in the last 7 days, Hybrid”`);

    // The Alerts page lists each alert's search in the reader's words; English for a client asking none.
    const listed = async (who: typeof german, headers: Record<string, string> = {}) =>
      (await t.app.inject({ url: '/api/alerts', headers: { cookie: who.cookie, ...headers } })).json<
        { description: string }[]
      >()[0]?.description;
    expect(await listed(german)).toBe(`${word}, Hybrid, in den letzten 7 Tagen veröffentlicht`);
    expect(await listed(english)).toBe(`${word}, posted in the last 7 days, Hybrid`);
    expect(await listed(english, { 'accept-language': 'ar' })).toContain('هجين');
    expect(en.text).toContain('Green Works · Berlin, Germany (hybrid) · $20,000 – $120,000 a year');
  });

  it("a reported job's reason is in the administrator's language", async () => {
    const admin = await signUpAndSignIn(t.app, { email: `admin-${kind}@jobs.example` });
    expect((await setLocale(admin, 'de')).statusCode).toBe(200);
    const poster = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Fee Collector' });
    const reporter = await signUpAndSignIn(t.app);
    const reported = await t.app.inject({
      method: 'POST',
      url: `/api/job/${job}/report`,
      headers: { cookie: reporter.cookie },
      payload: { reason: 'scam', details: 'Asks for a fee' },
    });
    expect(reported.statusCode, reported.body).toBeLessThan(300);
    const mail = await mailTo(admin.user.email, /gemeldet/);
    expect(mail.text).toContain('Grund: Betrug');
  });
});
