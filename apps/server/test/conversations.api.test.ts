import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Interview, Thread, ThreadMessage, UnreadThreads } from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
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
import { startSmtpServer, waitForMail, type ReceivedMail } from './smtp-fixture.js';

/**
 * Issue 33 items 5 and 6 (decision record 42): one thread per application between the job's team and the candidate,
 * e-mailed to the other side through a real SMTP server on loopback, and interviews whose .ics invitations are read
 * back by a real iCalendar parser (ical.js).
 */

const ADMIN = 'talk-admin@example.com';
const LIMIT = 6;

/** The text part as a mail client shows it (the fixture's text undoes quoted-printable bytewise, not UTF-8). */
const textOf = async (mail: ReceivedMail) => (await simpleParser(mail.raw)).text ?? '';

/** The invitation attached to a received e-mail, parsed by ical.js. */
async function icsOf(mail: ReceivedMail) {
  const parsed = await simpleParser(mail.raw);
  const part = parsed.attachments.find((a) => a.contentType.startsWith('text/calendar') || a.filename === 'invite.ics');
  if (!part) throw new Error(`no calendar part in ${mail.subject}`);
  const calendar = new ICAL.Component(ICAL.parse(part.content.toString('utf8')));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  if (vtimezone) ICAL.TimezoneService.register(vtimezone);
  const event = calendar.getFirstSubcomponent('vevent');
  if (!event) throw new Error('no VEVENT');
  const dtstart = event.getFirstProperty('dtstart');
  const organizer = event.getFirstProperty('organizer');
  const attendee = event.getFirstProperty('attendee');
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event.getFirstPropertyValue('uid'),
    sequence: event.getFirstPropertyValue('sequence'),
    tzid: dtstart?.getParameter('tzid'),
    local: String(dtstart?.getFirstValue()),
    startsAt: new ICAL.Event(event).startDate.toJSDate().toISOString(),
    organizer: String(organizer?.getFirstValue()).replace(/^mailto:/i, 'mailto:'),
    organizerName: organizer?.getParameter('cn'),
    attendee: String(attendee?.getFirstValue()).replace(/^mailto:/i, 'mailto:'),
    attendeeName: attendee?.getParameter('cn'),
  };
}

describeEachDb('messages and interviews', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let poster: SignedInUser;
  let member: SignedInUser;
  let candidate: SignedInUser;
  let outsider: SignedInUser;
  let banned: SignedInUser;
  let admin: SignedInUser;
  let application: string;
  const company = `Talk Works ${kind}`;

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, who?: SignedInUser, payload?: object) =>
    t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });
  const say = (who: SignedInUser, body: string, id = application) =>
    call('POST', `/api/applications/${id}/messages`, who, { body });
  const thread = async (who: SignedInUser, id = application) => {
    const response = await call('GET', `/api/applications/${id}/thread`, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Thread>();
  };
  const applyTo = async (job: string, who: SignedInUser) => {
    const response = await call('POST', '/api/apply/apply-job', who, { job });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ insertedId: string }>().insertedId;
  };
  const mailsTo = (who: SignedInUser, subject: RegExp) =>
    smtp.received.filter((m) => m.to.includes(who.user.email) && subject.test(m.subject));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, {
      smtpUrl: smtp.url,
      adminEmails: [ADMIN],
      mailFrom: 'Jobboard <no-reply@talk.example>',
      rateLimits: { ...DEFAULT_RATE_LIMITS, messagesPerSender: { limit: LIMIT, windowMs: 60 * 60_000 } },
    });
    [poster, member, candidate, outsider, banned] = [
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
    ];
    admin = await signUpAndSignIn(t.app, { email: ADMIN });
    const job = await postJob(t.app, poster.cookie, { companyName: company, jobTitle: 'Harbour Pilot' });
    const [row] = await t.db.query<{ slug: string }>(
      'SELECT c.slug FROM companies c JOIN jobs j ON j.company_id = c.id WHERE j.id = $1',
      [job],
    );
    await joinCompany(t.app, poster.cookie, row?.slug ?? '', member);
    application = await applyTo(job, candidate);
    await applyTo(job, banned);
    const ban = await call('POST', `/api/admin/users/${banned.user._id}/ban`, admin, { reason: 'Spam messages' });
    expect(ban.statusCode, ban.body).toBe(200);
    await postJob(t.app, outsider.cookie, { jobTitle: 'Other Harbour' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('the candidate and everyone who manages the job see the thread; another company, an admin, a visitor and a banned account do not', async () => {
    for (const who of [candidate, poster, member]) expect((await thread(who)).application.id).toBe(application);
    expect((await thread(candidate)).side).toBe('candidate');
    expect((await thread(member)).side).toBe('team');
    for (const who of [outsider, admin]) {
      expect(expectErrorShape(await call('GET', `/api/applications/${application}/thread`, who), 404)).toBe(
        'Application not found',
      );
      expect((await say(who, 'Hello from outside')).statusCode).toBe(404);
    }
    expect((await call('GET', `/api/applications/${application}/thread`)).statusCode).toBe(401);
    expect((await call('GET', `/api/applications/${application}/thread`, banned)).statusCode).toBe(401);
    expect((await say(banned, 'Still here')).statusCode).toBe(401);
    expect((await call('GET', '/api/applications/not-an-id/thread', poster)).statusCode).toBe(404);
    // The candidate page is the team's alone.
    expect((await call('GET', `/api/applications/${application}/candidate`, member)).statusCode).toBe(200);
    expect((await call('GET', `/api/applications/${application}/candidate`, candidate)).statusCode).toBe(404);
    expect((await call('GET', `/api/applications/${application}/candidate`, outsider)).statusCode).toBe(404);
    const rows = await t.db.query('SELECT 1 FROM application_messages WHERE application_id = $1', [application]);
    expect(rows).toEqual([]);
  });

  it('a message e-mails the other side with a link to the thread and never an address; replies reach the whole team', async () => {
    const sent = await say(member, 'Thanks for applying.\nAre you free next week?');
    expect(sent.statusCode, sent.body).toBe(201);
    const message = sent.json<ThreadMessage>();
    expect(message.senderName).toBe(`${company} — ${member.user.name}`);
    expect(message.fromTeam).toBe(true);

    const toCandidate = await waitForMail(smtp.received, candidate.user.email, /New.message.about/);
    const text = await textOf(toCandidate);
    expect(text).toContain(`${company} — ${member.user.name} wrote about “Harbour Pilot”:`);
    expect(text).toContain('Are you free next week?');
    expect(text).toContain(`/messages/${application}`);
    expect(toCandidate.raw).not.toContain(member.user.email);
    expect(toCandidate.raw).not.toContain(poster.user.email);
    expect(toCandidate.raw).not.toMatch(/^Reply-To:/im);

    expect((await say(candidate, 'Yes, Tuesday works.')).statusCode).toBe(201);
    for (const who of [poster, member]) {
      const mail = await waitForMail(smtp.received, who.user.email, /New.message.about/);
      expect(await textOf(mail)).toContain(`${candidate.user.name} wrote about`);
      expect(await textOf(mail)).toContain(`/candidates/${application}`);
      expect(mail.raw).not.toContain(candidate.user.email);
    }
    const seen = await thread(candidate);
    expect(seen.messages.map((m) => [m.body, m.fromTeam, m.mine])).toEqual([
      ['Thanks for applying.\nAre you free next week?', true, false],
      ['Yes, Tuesday works.', false, true],
    ]);
    const body = JSON.stringify(await thread(poster));
    for (const who of [poster, member, candidate]) expect(body).not.toContain(who.user.email);
  });

  it('counts unread messages per thread for each side until they read it', async () => {
    const unread = async (who: SignedInUser) =>
      (await call('GET', '/api/applications/threads/unread', who)).json<UnreadThreads>();
    const read = (who: SignedInUser) => call('POST', `/api/applications/${application}/read`, who);
    await read(candidate);
    await read(poster);
    expect((await say(member, 'One more thing')).statusCode).toBe(201);
    const waitingFor = (side: 'candidate' | 'team', withName: string) => [
      {
        applicationId: application,
        side,
        jobTitle: 'Harbour Pilot',
        withName,
        unread: 1,
        latestAt: expect.any(String),
      },
    ];
    expect(await unread(candidate)).toEqual({
      total: 1,
      asCandidate: 1,
      asTeam: 0,
      threads: { [application]: 1 },
      waiting: waitingFor('candidate', company),
    });
    expect((await unread(poster)).threads[application]).toBeUndefined(); // the team's own message
    expect((await unread(member)).threads[application]).toBeUndefined();
    await thread(candidate); // reading the thread alone changes nothing
    expect((await unread(candidate)).threads[application]).toBe(1);
    expect((await read(candidate)).json<{ total: number }>().total).toBe(0);
    expect((await read(outsider)).statusCode).toBe(404);
    expect(await unread(outsider)).toEqual({ total: 0, asCandidate: 0, asTeam: 0, threads: {}, waiting: [] });
    // The candidate's reply is the team's to read, on the Responses side.
    expect((await say(candidate, 'Thursday is better.')).statusCode).toBe(201);
    for (const who of [poster, member]) {
      expect(await unread(who)).toEqual({
        total: 1,
        asCandidate: 0,
        asTeam: 1,
        threads: { [application]: 1 },
        waiting: waitingFor('team', candidate.user.name),
      });
    }
    // A job taken down (or back in review) is not linked from Applied Jobs: its thread's messages are not counted
    // for the candidate, who could never read them; the team still sees theirs.
    expect((await say(member, 'Are you still there?')).statusCode).toBe(201);
    expect((await unread(candidate)).total).toBe(1);
    const job = (await thread(candidate)).application.jobId;
    const hide = await call('POST', `/api/admin/jobs/${job}/hide`, admin, { reason: 'Checking the thread' });
    expect(hide.statusCode, hide.body).toBe(200);
    try {
      expect(await unread(candidate)).toMatchObject({ total: 0, threads: {}, waiting: [] });
      expect((await unread(poster)).asTeam).toBe(1);
    } finally {
      const approve = await call('POST', `/api/admin/jobs/${job}/approve`, admin, {});
      expect(approve.statusCode, approve.body).toBe(200);
    }
    expect((await unread(candidate)).total).toBe(1);
    await read(candidate);
  });

  it('keeps a message as plain text; refuses an empty, over-long or control-character body, naming the field', async () => {
    const html = await say(candidate, '<img src=x onerror=alert(1)> & <b>bold</b>');
    expect(html.json<ThreadMessage>().body).toBe('<img src=x onerror=alert(1)> & <b>bold</b>');
    for (const body of ['   ', 'x'.repeat(5_001), 'bell\u0007']) {
      expect(expectErrorShape(await say(candidate, body), 400)).toMatch(/^body/);
    }
    const extra = await call('POST', `/api/applications/${application}/messages`, candidate, { body: 'Hi', to: 'x' });
    expect(extra.statusCode).toBe(400);
  });

  it(`refuses a sender's message past ${LIMIT} an hour with 429 and a clear message, storing nothing`, async () => {
    const busy = await signUpAndSignIn(t.app);
    const job = await postJob(t.app, busy.cookie, { jobTitle: 'Busy Desk' });
    const target = await applyTo(job, candidate);
    for (let i = 0; i < LIMIT; i += 1) expect((await say(busy, `Message ${i}`, target)).statusCode).toBe(201);
    const refused = await say(busy, 'One too many', target);
    expect(expectErrorShape(refused, 429)).toBe(
      `You have sent ${LIMIT} messages in the last hour, the most allowed: try again later`,
    );
    expect((await thread(busy, target)).messages).toHaveLength(LIMIT);
    // The other side's allowance is their own.
    expect((await say(candidate, 'My turn', target)).statusCode).toBe(201);
  });

  describe('interviews', () => {
    let interview: Interview;
    const proposal = {
      slots: [
        { start: '2030-05-17T14:30', timeZone: 'Europe/Paris' },
        { start: '2030-05-20T09:00', timeZone: 'America/New_York' },
      ],
      lengthMinutes: 45,
      location: 'https://meet.example/harbour',
    };
    const base = () => `/api/applications/${application}/interviews`;
    const pick = (slotId: string, who = candidate) => call('POST', `${base()}/${interview.id}/pick`, who, { slotId });

    it('the team proposes times: the candidate is e-mailed them (not "They will be in touch") and the application moves to Interview', async () => {
      expect((await call('POST', base(), candidate, proposal)).statusCode).toBe(403);
      expect((await call('POST', base(), outsider, proposal)).statusCode).toBe(404);
      const created = await call('POST', base(), member, proposal);
      expect(created.statusCode, created.body).toBe(201);
      interview = created.json<Interview>();
      expect(interview.status).toBe('proposed');
      expect(interview.slots.map((s) => [s.startsAt, s.timeZone])).toEqual([
        ['2030-05-17T12:30:00.000Z', 'Europe/Paris'],
        ['2030-05-20T13:00:00.000Z', 'America/New_York'],
      ]);
      const mail = await waitForMail(smtp.received, candidate.user.email, /Pick an interview time: Harbour Pilot/);
      expect(mail.text).toContain('Fri, 17 May 2030, 14:30 (Europe/Paris)');
      expect(mail.text).toContain('Mon, 20 May 2030, 09:00 (America/New_York)');
      const stage = await t.db.query<{ stage: string }>('SELECT stage FROM applications WHERE id = $1', [application]);
      expect(stage[0]?.stage).toBe('interview');
      expect(mailsTo(candidate, /interview/i).filter((m) => /in touch/.test(m.text))).toEqual([]);
      expect((await thread(candidate)).interviews.map((i) => i.id)).toEqual([interview.id]);
    });

    it('refuses a bad proposal naming the field: six slots, an unknown zone, a time gone or not on the clock', async () => {
      const bad = async (change: object) =>
        expectErrorShape(await call('POST', base(), poster, { ...proposal, ...change }), 400);
      const slot = { start: '2030-05-17T14:30', timeZone: 'Europe/Paris' };
      expect(await bad({ slots: Array.from({ length: 6 }, () => slot) })).toMatch(/^slots/);
      expect(await bad({ slots: [{ ...slot, timeZone: 'Mars/Olympus' }] })).toMatch(
        /^slots\.0\.timeZone: must be an IANA/,
      );
      expect(await bad({ slots: [{ ...slot, start: '2020-01-01T10:00' }] })).toMatch(/^slots: .*future/);
      expect(await bad({ slots: [{ ...slot, start: '2030-03-31T02:30' }] })).toMatch(/does not exist in Europe\/Paris/);
      expect(await bad({ lengthMinutes: 2 })).toMatch(/^lengthMinutes/);
      expect(await bad({ location: '' })).toMatch(/^location/);
    });

    it('the candidate picks a time: both sides get an .ics REQUEST with a stable UID, SEQUENCE 0, DTSTART in the zone', async () => {
      expect((await pick(interview.slots[0]?.id ?? '', member)).statusCode).toBe(403);
      expect(expectErrorShape(await pick('nope'), 400)).toMatch(/^slotId/);
      const picked = await pick(interview.slots[0]?.id ?? '');
      expect(picked.statusCode, picked.body).toBe(200);
      expect(picked.json<Interview>()).toMatchObject({ status: 'scheduled', chosenSlotId: interview.slots[0]?.id });

      const mine = await icsOf(await waitForMail(smtp.received, candidate.user.email, /Interview booked/));
      expect(mine).toMatchObject({
        method: 'REQUEST',
        uid: `interview-${interview.id}@jobboard`,
        sequence: 0,
        tzid: 'Europe/Paris',
        local: '2030-05-17T14:30:00',
        startsAt: '2030-05-17T12:30:00.000Z',
        organizer: 'mailto:no-reply@talk.example',
        organizerName: `${company} (${member.user.name})`,
        attendee: `mailto:${candidate.user.email}`,
        attendeeName: candidate.user.name,
      });
      const theirs = await icsOf(await waitForMail(smtp.received, member.user.email, /Interview booked/));
      expect(theirs).toMatchObject({
        method: 'REQUEST',
        uid: mine.uid,
        sequence: 0,
        organizer: `mailto:${member.user.email}`,
        attendee: 'mailto:no-reply@talk.example',
        attendeeName: candidate.user.name,
      });
    });

    it('rescheduling raises SEQUENCE on the same UID: a new pick, a new proposal and its pick', async () => {
      smtp.received.length = 0;
      expect((await pick(interview.slots[1]?.id ?? '')).statusCode).toBe(200);
      const moved = await icsOf(await waitForMail(smtp.received, candidate.user.email, /Interview booked/));
      expect(moved).toMatchObject({ sequence: 1, tzid: 'America/New_York', startsAt: '2030-05-20T13:00:00.000Z' });

      const anew = await call('PUT', `${base()}/${interview.id}`, poster, {
        ...proposal,
        slots: [{ start: '2030-06-03T16:00', timeZone: 'Asia/Tokyo' }],
      });
      expect(anew.statusCode, anew.body).toBe(200);
      interview = anew.json<Interview>();
      expect(interview).toMatchObject({ status: 'proposed', chosenSlotId: null, sequence: 2 });
      await waitForMail(smtp.received, candidate.user.email, /Pick an interview time/);
      smtp.received.length = 0;
      expect((await pick(interview.slots[0]?.id ?? '')).statusCode).toBe(200);
      const again = await icsOf(await waitForMail(smtp.received, candidate.user.email, /Interview booked/));
      expect(again).toMatchObject({ uid: moved.uid, sequence: 3, tzid: 'Asia/Tokyo', local: '2030-06-03T16:00:00' });
    });

    it('either side cancels: METHOD:CANCEL with a higher SEQUENCE to both; then it can be neither picked nor re-proposed', async () => {
      smtp.received.length = 0;
      const cancelled = await call('POST', `${base()}/${interview.id}/cancel`, candidate);
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(cancelled.json<Interview>()).toMatchObject({ status: 'cancelled', sequence: 4 });
      for (const who of [candidate, member]) {
        const mail = await waitForMail(smtp.received, who.user.email, /Interview cancelled/);
        expect(await icsOf(mail)).toMatchObject({
          method: 'CANCEL',
          uid: `interview-${interview.id}@jobboard`,
          sequence: 4,
        });
      }
      expect((await call('POST', `${base()}/${interview.id}/cancel`, poster)).json<Interview>().sequence).toBe(4);
      expect((await pick(interview.slots[0]?.id ?? '')).statusCode).toBe(409);
      expect((await call('PUT', `${base()}/${interview.id}`, poster, proposal)).statusCode).toBe(409);
      expect((await call('POST', `${base()}/${interview.id}/cancel`, outsider)).statusCode).toBe(404);
    });

    it('a proposal cancelled before any pick tells the candidate by plain e-mail, with no calendar part', async () => {
      const fresh = (await call('POST', base(), poster, proposal)).json<Interview>();
      smtp.received.length = 0;
      expect((await call('POST', `${base()}/${fresh.id}/cancel`, poster)).statusCode).toBe(200);
      const mail = await waitForMail(smtp.received, candidate.user.email, /Interview cancelled/);
      expect(mail.raw).not.toMatch(/text\/calendar/i);
      expect(mail.text).toContain(`${company} cancelled the interview`);
    });
  });
});
