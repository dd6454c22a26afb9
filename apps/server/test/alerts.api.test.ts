import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_LIMITS, ALERT_MESSAGES, type Alert, type AlertSaved } from '@jobboard/shared';
import { checkDueAlerts } from '../src/modules/alerts/alert-checker.js';
import { MailQueue } from '../src/modules/mail/mail.queue.js';
import { SmtpTransport } from '../src/modules/mail/transports.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { startSmtpServer, type ReceivedMail } from './smtp-fixture.js';

const SITE = 'https://jobs.example';

/** A received message, parsed by mailparser: decoded subject and text, and every header. */
async function parse(mail: ReceivedMail): Promise<ParsedMail> {
  return simpleParser(mail.raw);
}

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A header field's value as written (unfolded), from mailparser's raw header lines. */
function header(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.replace(/\r?\n[ \t]+/g, ' ')
    .slice(name.length + 1)
    .trim();
}

/** The unsubscribe page's link in an alert's text, and the one-click address of its List-Unsubscribe header. */
function unsubscribeLinks(parsed: ParsedMail): { page: string; oneClick: string; token: string } {
  const page = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(parsed.text ?? '')?.[0];
  const oneClick = /^<(\S+)>$/.exec(header(parsed, 'List-Unsubscribe') ?? '')?.[1];
  if (!page || !oneClick) throw new Error(`no unsubscribe links in ${parsed.text ?? ''}`);
  return { page, oneClick, token: new URL(page).searchParams.get('token') ?? '' };
}

describeEachDb('job alerts', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  /** The checker's own handle on the queue (the app's worker and this one share its table: each message goes once). */
  let queue: MailQueue;
  let poster: SignedInUser;
  let serial = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // The app's own checker is off (alertsIntervalMs 0): the tests run rounds themselves, so nothing checks between
    // two posts that must arrive together.
    t = await buildTestApp(kind, {
      smtpUrl: smtp.url,
      publicUrl: SITE,
      secureCookies: false,
      alertsIntervalMs: 0,
      housekeepingIntervalMs: 0,
    });
    queue = new MailQueue(t.db, new SmtpTransport(smtp.url), 'Jobboard <no-reply@jobs.example>', t.app.log, {
      pollingIntervalSeconds: 0.5,
      expireSeconds: 300,
    });
    // Started beside the app's own queue, which is starting too: pg-boss's createQueue can deadlock with it (the
    // app retries in 5 s; this retries at once).
    for (let attempt = 1; ; attempt += 1) {
      try {
        await queue.start();
        break;
      } catch (error) {
        if (attempt >= 5) throw error;
      }
    }
    poster = await signUpAndSignIn(t.app);
  });
  afterAll(async () => {
    await queue.stop();
    await t.close();
    await smtp.close();
  });

  /** One round of the checker in which every alert is due (an interval of 2 ms: due 1 ms after its last check). */
  const check = () => checkDueAlerts({ db: t.db, mail: queue, config: { siteOrigin: SITE, alertsIntervalMs: 2 } });
  const tag = () => {
    serial += 1;
    return `${kind}${serial}x`;
  };
  /** The alerts mailed to `email` (sign-up's confirmation left out). */
  const mailsTo = (email: string) =>
    smtp.received.filter((m) => m.to.includes(email) && m.raw.includes('List-Unsubscribe-Post:'));
  const createAlert = (person: SignedInUser, query: string, frequency = 'instant') =>
    t.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: { cookie: person.cookie },
      payload: { query, frequency },
    });
  async function newAlert(person: SignedInUser, query: string, frequency = 'instant'): Promise<Alert> {
    const response = await createAlert(person, query, frequency);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<AlertSaved>().alert;
  }
  const oneMailTo = async (email: string, count = 1): Promise<ParsedMail> => {
    await waitFor(`mail ${count} to ${email}`, () => (mailsTo(email).length >= count ? true : undefined));
    const mail = mailsTo(email)[count - 1];
    if (!mail) throw new Error('no mail');
    return parse(mail);
  };

  describe('saving, listing and deleting alerts', () => {
    it('saves a search with its frequency, lists it in words, and deletes it', async () => {
      const me = await signUpAndSignIn(t.app);
      const created = await createAlert(me, '?q=react&where=Berlin&page=3&sort=pay&workplace=remote');
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json<AlertSaved>();
      expect(saved).toMatchObject({ created: true, message: ALERT_MESSAGES.created });
      // Normalised: page and order dropped, the search page's key order.
      expect(saved.alert).toMatchObject({
        query: 'q=react&where=Berlin&workplace=remote',
        frequency: 'instant',
        lastSentAt: null,
      });
      expect(saved.alert.description).toBe('react in Berlin, Remote');

      const list = await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: me.cookie } });
      expect(list.statusCode).toBe(200);
      expect(list.json<Alert[]>()).toEqual([saved.alert]);

      // The same search again: the one alert, a new frequency.
      const again = await createAlert(me, 'workplace=remote&where=Berlin&q=react', 'daily');
      expect(again.statusCode).toBe(200);
      expect(again.json<AlertSaved>()).toMatchObject({
        created: false,
        alert: { id: saved.alert.id, frequency: 'daily' },
      });

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/alerts/${saved.alert.id}`,
        headers: { cookie: me.cookie },
      });
      expect(deleted.statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: me.cookie } })).json(),
      ).toEqual([]);
      const twice = await t.app.inject({
        method: 'DELETE',
        url: `/api/alerts/${saved.alert.id}`,
        headers: { cookie: me.cookie },
      });
      expect(expectErrorShape(twice, 404)).toBe(ALERT_MESSAGES.notFound);
    });

    it("keeps each person's alerts to them: another's list is empty, and deleting another's alert is 404 and deletes nothing", async () => {
      const owner = await signUpAndSignIn(t.app);
      const other = await signUpAndSignIn(t.app);
      const alert = await newAlert(owner, 'q=private');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: other.cookie } })).json(),
      ).toEqual([]);
      const stolen = await t.app.inject({
        method: 'DELETE',
        url: `/api/alerts/${alert.id}`,
        headers: { cookie: other.cookie },
      });
      expect(expectErrorShape(stolen, 404)).toBe(ALERT_MESSAGES.notFound);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: owner.cookie } })).json<Alert[]>(),
      ).toHaveLength(1);
      expectErrorShape(await t.app.inject({ method: 'GET', url: '/api/alerts' }), 401);
      expectErrorShape(
        await t.app.inject({ method: 'POST', url: '/api/alerts', payload: { query: 'q=x', frequency: 'daily' } }),
        401,
      );
      expectErrorShape(await t.app.inject({ method: 'DELETE', url: `/api/alerts/${alert.id}` }), 401);
      expectErrorShape(
        await t.app.inject({ method: 'DELETE', url: '/api/alerts/not-an-id', headers: { cookie: owner.cookie } }),
        404,
      );
    });

    it('refuses bad input with 400 naming the field', async () => {
      const me = await signUpAndSignIn(t.app);
      const cases: [object, RegExp][] = [
        [{ query: 'q=x', frequency: 'weekly' }, /^frequency: frequency must be daily or instant$/],
        [{ query: 'q=x' }, /^frequency: /],
        [{ frequency: 'daily' }, /^query: /],
        [{ query: 42, frequency: 'daily' }, /^query: /],
        [{ query: 'colour=blue', frequency: 'daily' }, /^query: colour is not a search field$/],
        [{ query: 'q=a&q=b', frequency: 'daily' }, /^query: q is given twice$/],
        [{ query: `q=${'x'.repeat(101)}`, frequency: 'daily' }, /^query: Search text must be at most 100 characters$/],
        [{ query: 'workplace=moon', frequency: 'daily' }, /^query: workplace must be one of/],
        [
          { query: 'q='.padEnd(ALERT_LIMITS.queryChars + 1, 'x'), frequency: 'daily' },
          /^query: query must be at most 1000 characters$/,
        ],
        [{ query: 'q=x', frequency: 'daily', userId: poster.user._id }, /userId/],
      ];
      for (const [payload, message] of cases) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/alerts',
          headers: { cookie: me.cookie },
          payload,
        });
        expect(expectErrorShape(response, 400), JSON.stringify(payload)).toMatch(message);
      }
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: me.cookie } })).json(),
      ).toEqual([]);
    });

    it(`allows ${ALERT_LIMITS.perUser} alerts a person, then 409 (changing one of them still works); unconfirmed addresses get none`, async () => {
      const me = await signUpAndSignIn(t.app);
      for (let i = 0; i < ALERT_LIMITS.perUser; i += 1) await newAlert(me, `q=cap${i}`);
      expect(expectErrorShape(await createAlert(me, 'q=one-more'), 409)).toBe(ALERT_MESSAGES.tooMany);
      expect((await createAlert(me, 'q=cap3', 'daily')).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: me.cookie } })).json<Alert[]>(),
      ).toHaveLength(ALERT_LIMITS.perUser);

      const unconfirmed = await signUpAndSignIn(t.app, {}, { verified: false });
      expect(expectErrorShape(await createAlert(unconfirmed, 'q=x'), 403)).toBe(ALERT_MESSAGES.verifyFirst);
    });
  });

  describe('the e-mails (real SMTP server on loopback)', () => {
    it(
      'mails a matching new job once, with absolute links and the one-click headers; not a non-matching one, not the backlog',
      { timeout: 60_000 },
      async () => {
        const word = tag();
        const me = await signUpAndSignIn(t.app);
        const backlog = await postJob(t.app, poster.cookie, { jobTitle: `Kotlin ${word} backlog` });
        const alert = await newAlert(me, `q=kotlin ${word}`);
        await postJob(t.app, poster.cookie, { jobTitle: `Python ${word} developer` });
        const job = await postJob(t.app, poster.cookie, { jobTitle: `Kotlin ${word} developer` });

        expect(await check()).toMatchObject({ mailed: expect.any(Number) });
        const mail = await oneMailTo(me.user.email);
        expect(mail.subject).toBe(`1 new job for “kotlin ${word}”`);
        expect(mail.text).toContain(`Kotlin ${word} developer`);
        expect(mail.text).toContain(`${SITE}/job/${job}`);
        expect(mail.text).not.toContain(backlog);
        expect(mail.text).not.toContain('Python');
        expect(mail.text).toContain(`${SITE}/?q=kotlin+${word}`);
        expect(mail.text).toContain(`${SITE}/alerts`);
        expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
        const links = unsubscribeLinks(mail);
        expect(links.page).toBe(`${SITE}/unsubscribe?token=${links.token}`);
        expect(links.oneClick).toBe(`${SITE}/api/alerts/unsubscribe?token=${links.token}`);
        expect(links.token.startsWith(`${alert.id}.`)).toBe(true);

        // Checked again: nothing new, nothing sent, however often.
        await check();
        await check();
        await sleep(1_500);
        expect(mailsTo(me.user.email)).toHaveLength(1);
        const [listed] = (
          await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: me.cookie } })
        ).json<Alert[]>();
        expect(listed?.lastSentAt).not.toBeNull();
      },
    );

    it('groups two jobs posted between checks into one message, and never mails either again', async () => {
      const word = tag();
      const me = await signUpAndSignIn(t.app);
      await newAlert(me, `q=${word}`);
      await postJob(t.app, poster.cookie, { jobTitle: `Scala ${word} engineer` });
      await postJob(t.app, poster.cookie, { jobTitle: `Elixir ${word} engineer` });
      await check();
      const mail = await oneMailTo(me.user.email);
      expect(mail.subject).toBe(`2 new jobs for “${word}”`);
      // Newest first.
      const text = mail.text ?? '';
      expect(text.indexOf(`Elixir ${word}`)).toBeGreaterThan(-1);
      expect(text.indexOf(`Elixir ${word}`)).toBeLessThan(text.indexOf(`Scala ${word}`));

      // A third job arrives: the next message has it alone.
      await postJob(t.app, poster.cookie, { jobTitle: `Rust ${word} engineer` });
      await check();
      const next = await oneMailTo(me.user.email, 2);
      expect(next.subject).toBe(`1 new job for “${word}”`);
      expect(next.text).toContain(`Rust ${word}`);
      expect(next.text).not.toContain('Elixir');
      await check();
      await sleep(1_000);
      expect(mailsTo(me.user.email)).toHaveLength(2);
    });

    it('mails a job whose transaction began before a check but committed after it (read again within the grace), once', async () => {
      const word = tag();
      const me = await signUpAndSignIn(t.app);
      await newAlert(me, `q=${word}`);
      await check();
      // The alert has existed for an hour.
      await t.db.query(`UPDATE job_alerts SET not_before = not_before - interval '1 hour' WHERE user_id = $1`, [
        me.user._id,
      ]);
      const late = await postJob(t.app, poster.cookie, { jobTitle: `Late ${word} job` });
      // As if its transaction had started a minute ago, before the check above.
      await t.db.query(
        `UPDATE jobs SET created_at = (SELECT checked_through FROM job_alerts a JOIN users u ON u.id = a.user_id WHERE u.email = $1) - interval '1 minute' WHERE id = $2`,
        [me.user.email, late],
      );
      await check();
      const mail = await oneMailTo(me.user.email);
      expect(mail.text).toContain(`${SITE}/job/${late}`);
      await check();
      await sleep(1_000);
      expect(mailsTo(me.user.email)).toHaveLength(1);
    });

    it(`lists at most ${ALERT_LIMITS.jobsPerMail} jobs, newest first, and leaves the older ones to the search link for good`, async () => {
      const word = tag();
      const me = await signUpAndSignIn(t.app);
      await newAlert(me, `q=${word}`);
      const ids: string[] = [];
      for (let i = 0; i < ALERT_LIMITS.jobsPerMail + 2; i += 1)
        ids.push(await postJob(t.app, poster.cookie, { jobTitle: `Bulk ${word} number ${i}` }));
      await check();
      const mail = await oneMailTo(me.user.email);
      expect(mail.subject).toBe(`${ALERT_LIMITS.jobsPerMail}+ new jobs for “${word}”`);
      const listed = ids.filter((id) => mail.text?.includes(`/job/${id}`));
      expect(listed).toEqual(ids.slice(2));
      expect(mail.text).toContain('More new jobs match than fit in one e-mail');
      await check();
      await sleep(1_000);
      expect(mailsTo(me.user.email)).toHaveLength(1);
    });

    it('mails each alert once when several checks run at once (as several instances do)', async () => {
      const word = tag();
      const people = await Promise.all(Array.from({ length: 6 }, () => signUpAndSignIn(t.app)));
      for (const person of people) await newAlert(person, `q=${word}`);
      await postJob(t.app, poster.cookie, { jobTitle: `Concurrent ${word} job` });
      const results = await Promise.all([check(), check(), check()]);
      expect(results.reduce((sum, r) => sum + r.mailed, 0)).toBeGreaterThanOrEqual(people.length);
      for (const person of people) await oneMailTo(person.user.email);
      await sleep(1_500);
      expect(people.map((person) => mailsTo(person.user.email).length)).toEqual(people.map(() => 1));
    });

    it("one alert's failing check is rolled back and put off; the alerts behind it are still mailed", async () => {
      const word = tag();
      const victim = await signUpAndSignIn(t.app);
      const other = await signUpAndSignIn(t.app);
      await newAlert(victim, `q=${word}`);
      await newAlert(other, `q=${word}`);
      await postJob(t.app, poster.cookie, { jobTitle: `Failing ${word} job` });
      const failing: typeof queue = Object.assign(Object.create(queue) as MailQueue, {
        enqueue: (mail: Parameters<MailQueue['enqueue']>[0], tx: Parameters<MailQueue['enqueue']>[1]) =>
          mail.to === victim.user.email ? Promise.reject(new Error('queue refused')) : queue.enqueue(mail, tx),
      });
      const round = () =>
        checkDueAlerts({ db: t.db, mail: failing, config: { siteOrigin: SITE, alertsIntervalMs: 2 } });
      const first = await round();
      expect(first.failed).toBe(1);
      await oneMailTo(other.user.email);
      // The failure left nothing behind (no job recorded as sent), and a later round tries again.
      expect(
        await t.db.query('SELECT 1 FROM job_alert_sent s JOIN job_alerts a ON a.id = s.alert_id WHERE a.user_id = $1', [
          victim.user._id,
        ]),
      ).toEqual([]);
      expect((await round()).failed).toBe(1);
      await check();
      expect((await oneMailTo(victim.user.email)).text).toContain(`Failing ${word} job`);
      expect(mailsTo(other.user.email)).toHaveLength(1);
    });

    // Five checks, three quiet seconds and two mails: 15-25 s alone, more with another test file beside it.
    it('checks a daily alert once a day', { timeout: 60_000 }, async () => {
      const word = tag();
      const me = await signUpAndSignIn(t.app);
      const alert = await newAlert(me, `q=${word}`, 'daily');
      await postJob(t.app, poster.cookie, { jobTitle: `Daily ${word} one` });
      await check();
      await sleep(1_000);
      expect(mailsTo(me.user.email)).toHaveLength(0);

      // A day after its last check it is due.
      await t.db.query(`UPDATE job_alerts SET last_checked_at = now() - interval '1 day' WHERE id = $1`, [alert.id]);
      await check();
      const mail = await oneMailTo(me.user.email);
      expect(mail.text).toContain(`Daily ${word} one`);
      expect(mail.text).toContain('daily alert');

      // The next job waits for the next day.
      await postJob(t.app, poster.cookie, { jobTitle: `Daily ${word} two` });
      await check();
      await sleep(1_000);
      expect(mailsTo(me.user.email)).toHaveLength(1);
      await t.db.query(`UPDATE job_alerts SET last_checked_at = now() - interval '23 hours' WHERE id = $1`, [alert.id]);
      await check();
      await sleep(1_000);
      expect(mailsTo(me.user.email)).toHaveLength(1);
      await t.db.query(`UPDATE job_alerts SET last_checked_at = now() - interval '25 hours' WHERE id = $1`, [alert.id]);
      await check();
      expect((await oneMailTo(me.user.email, 2)).text).toContain(`Daily ${word} two`);
    });

    it('sends nothing to an address that is no longer confirmed, and honours the search filters (where)', async () => {
      const word = tag();
      const me = await signUpAndSignIn(t.app);
      await newAlert(me, `q=${word}&where=Madrid`);
      await postJob(t.app, poster.cookie, { jobTitle: `Filter ${word} job`, jobLocation: 'London' });
      // Whole words, as the home page finds them (match=words): the text inside another word is no match.
      await postJob(t.app, poster.cookie, { jobTitle: `Filter pre${word} job`, jobLocation: 'Madrid' });
      const madrid = await postJob(t.app, poster.cookie, { jobTitle: `Filter ${word} job`, jobLocation: 'Madrid' });
      await check();
      const mail = await oneMailTo(me.user.email);
      expect(mail.text).toContain(`/job/${madrid}`);
      expect(mail.text?.match(/\/job\//g)).toHaveLength(1);

      await t.db.query('UPDATE users SET email_verified_at = NULL WHERE id = $1', [me.user._id]);
      await postJob(t.app, poster.cookie, { jobTitle: `Filter ${word} job`, jobLocation: 'Madrid' });
      await check();
      await sleep(1_000);
      expect(mailsTo(me.user.email)).toHaveLength(1);
    });
  });

  describe('unsubscribing', () => {
    async function alertWithMail() {
      const word = tag();
      const me = await signUpAndSignIn(t.app);
      const alert = await newAlert(me, `q=${word}`);
      await postJob(t.app, poster.cookie, { jobTitle: `Unsub ${word} one` });
      await check();
      const mail = await oneMailTo(me.user.email);
      return { me, alert, word, links: unsubscribeLinks(mail) };
    }

    /** After unsubscribing: the alert is gone and a new matching job mails nothing. */
    async function expectNoMoreMail(me: SignedInUser, word: string) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: me.cookie } })).json(),
      ).toEqual([]);
      await postJob(t.app, poster.cookie, { jobTitle: `Unsub ${word} two` });
      await check();
      await sleep(1_000);
      expect(mailsTo(me.user.email)).toHaveLength(1);
    }

    it("from the e-mail's link: the page reads what stops (a GET changes nothing), its button's POST unsubscribes, signed out", async () => {
      const { me, alert, word, links } = await alertWithMail();
      const api = `/api/alerts/unsubscribe?token=${encodeURIComponent(links.token)}`;
      for (let i = 0; i < 2; i += 1) {
        const info = await t.app.inject({ method: 'GET', url: api });
        expect(info.statusCode).toBe(200);
        expect(info.json()).toEqual({ active: true, description: word, frequency: 'instant' });
      }
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: me.cookie } }))
          .json<Alert[]>()
          .map((a) => a.id),
      ).toEqual([alert.id]);

      // The page's button: apiFetch's POST from the site itself, no session needed.
      const done = await t.app.inject({
        method: 'POST',
        url: api,
        headers: { origin: SITE, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ success: true, message: ALERT_MESSAGES.unsubscribed });
      // Idempotent: again, it says so.
      const again = await t.app.inject({
        method: 'POST',
        url: api,
        headers: { origin: SITE, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(again.json()).toEqual({ success: true, message: ALERT_MESSAGES.alreadyUnsubscribed });
      expect((await t.app.inject({ method: 'GET', url: api })).json()).toEqual({
        active: false,
        description: null,
        frequency: null,
      });
      await expectNoMoreMail(me, word);
    });

    it("from the List-Unsubscribe header: a mail provider's one-click POST (form body, no cookie, no Origin)", async () => {
      const { me, word, links } = await alertWithMail();
      const url = new URL(links.oneClick);
      const response = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ success: true, message: ALERT_MESSAGES.unsubscribed });
      await expectNoMoreMail(me, word);
    });

    it('one-click as multipart/form-data (RFC 8058 allows it) and from a foreign origin: the token is the authority', async () => {
      const { me, word, links } = await alertWithMail();
      const url = new URL(links.oneClick);
      const boundary = 'oneclick';
      const response = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, origin: 'https://mail.example' },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      });
      expect(response.statusCode, response.body).toBe(200);
      await expectNoMoreMail(me, word);
    });

    it('refuses a bad or forged token with 400 JSON and deletes nothing; the check is not skipped for other routes', async () => {
      const { me, alert, links } = await alertWithMail();
      const [id = '', signature = ''] = links.token.split('.');
      const forged = `${id}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const otherId = `${alert.id.slice(0, -1)}${alert.id.endsWith('0') ? '1' : '0'}`;
      for (const token of [forged, `${otherId}.${signature}`]) {
        const url = `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;
        expect(expectErrorShape(await t.app.inject({ method: 'GET', url }), 400)).toBe(ALERT_MESSAGES.badLink);
        const post = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
        expect(expectErrorShape(post, 400)).toBe(ALERT_MESSAGES.badLink);
      }
      for (const url of [
        '/api/alerts/unsubscribe',
        '/api/alerts/unsubscribe?token=',
        '/api/alerts/unsubscribe?token=garbage',
      ]) {
        expect(
          expectErrorShape(
            await t.app.inject({
              method: 'POST',
              url,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: 'x',
            }),
            400,
          ),
        ).toMatch(/^token: /);
      }
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/alerts', headers: { cookie: me.cookie } })).json<Alert[]>(),
      ).toHaveLength(1);
      // Creating an alert is still protected: a form post from another site is refused.
      const forgedCreate = await t.app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: { cookie: me.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'query=q%3Dx&frequency=daily',
      });
      expectErrorShape(forgedCreate, 415);
      const crossSite = await t.app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: { cookie: me.cookie, origin: 'https://evil.example' },
        payload: { query: 'q=x', frequency: 'daily' },
      });
      expectErrorShape(crossSite, 403);
    });

    it('deleting the account deletes its alerts', async () => {
      const me = await signUpAndSignIn(t.app);
      await newAlert(me, 'q=gone');
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${me.user._id}`,
        headers: { cookie: me.cookie },
        payload: { currentPassword: me.password },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(await t.db.query('SELECT 1 FROM job_alerts WHERE user_id = $1', [me.user._id])).toEqual([]);
    });
  });
});

describeEachDb('job alerts on a schedule', (kind) => {
  it('mails a matching new job within ALERTS_INTERVAL_MS, once, and not a non-matching one', async () => {
    const smtp = await startSmtpServer();
    const t = await buildTestApp(kind, {
      smtpUrl: smtp.url,
      publicUrl: SITE,
      secureCookies: false,
      alertsIntervalMs: 400,
      housekeepingIntervalMs: 0,
    });
    try {
      const poster = await signUpAndSignIn(t.app);
      const me = await signUpAndSignIn(t.app);
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: { cookie: me.cookie },
        payload: { query: 'q=haskell', frequency: 'instant' },
      });
      expect(created.statusCode).toBe(201);
      await postJob(t.app, poster.cookie, { jobTitle: 'Cobol maintainer' });
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Haskell engineer' });
      const started = Date.now();
      const alerts = () =>
        smtp.received.filter((m) => m.to.includes(me.user.email) && m.raw.includes('List-Unsubscribe-Post:'));
      const mail = await waitFor('the alert', () => alerts()[0], 10_000);
      // Within an interval or two (plus the mail worker's poll), not the default minute.
      expect(Date.now() - started).toBeLessThan(5_000);
      const parsed = await parse(mail);
      expect(parsed.text).toContain(`${SITE}/job/${job}`);
      expect(parsed.text).not.toContain('Cobol');
      await sleep(2_000);
      expect(alerts()).toHaveLength(1);
    } finally {
      await t.close();
      await smtp.close();
    }
  }, 60_000);

  it('writes the alert into the outbox without SMTP_URL, its headers included', async () => {
    const t = await buildTestApp(kind, {
      publicUrl: SITE,
      secureCookies: false,
      alertsIntervalMs: 300,
      housekeepingIntervalMs: 0,
    });
    try {
      const poster = await signUpAndSignIn(t.app);
      const me = await signUpAndSignIn(t.app);
      await t.app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: { cookie: me.cookie },
        payload: { query: 'q=erlang', frequency: 'instant' },
      });
      await postJob(t.app, poster.cookie, { jobTitle: 'Erlang engineer' });
      const outbox = path.join(t.config.dataDir, 'outbox');
      const file = await waitFor('the .eml', () =>
        (fs.existsSync(outbox) ? fs.readdirSync(outbox) : [])
          .filter((name) => name.endsWith('.eml'))
          .map((name) => fs.readFileSync(path.join(outbox, name), 'utf8'))
          .find((raw) => raw.includes(me.user.email) && /List-Unsubscribe-Post/.test(raw)),
      );
      const parsed = await simpleParser(file);
      expect(parsed.subject).toBe('1 new job for “erlang”');
      expect(header(parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
      expect(unsubscribeLinks(parsed).oneClick).toMatch(new RegExp(`^${SITE}/api/alerts/unsubscribe\\?token=`));
    } finally {
      await t.close();
    }
  }, 60_000);
});
