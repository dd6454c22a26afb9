import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Thread } from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { INBOUND_MAX_BYTES } from '../src/modules/conversations/inbound-mail.js';
import {
  buildTestApp,
  describeEachDb,
  joinCompany,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { freePort } from './server-process.js';
import { startSmtpServer, waitForMail, type ReceivedMail } from './smtp-fixture.js';

/**
 * Replies by e-mail (issue 33 item 5, decision record 42): thread e-mails carry reply+<token>@INBOUND_MAIL_DOMAIN,
 * caught here by a real SMTP server on loopback; replies go by nodemailer to the app's own inbound listener (a real
 * SMTP conversation) and are read back through GET thread.
 */

const DOMAIN = 'replies.example';
const LIMIT = 4;
const REPLY_ADDRESS = /^reply\+[0-9a-f]{32}@replies\.example$/;

const replyToOf = async (mail: ReceivedMail) => (await simpleParser(mail.raw)).replyTo?.value[0]?.address ?? '';

describeEachDb('replies by e-mail', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let inboundPort: number;
  let poster: SignedInUser;
  let member: SignedInUser;
  let candidate: SignedInUser;
  let busy: SignedInUser;
  let leaver: SignedInUser;
  let stranger: SignedInUser;
  let application: string;
  let slug: string;
  /** The candidate's reply address for their thread, from the first message e-mailed to them. */
  let candidateAddress: string;

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, who: SignedInUser, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const say = async (who: SignedInUser, body: string, id = application) => {
    const response = await call('POST', `/api/applications/${id}/messages`, who, { body });
    expect(response.statusCode, response.body).toBe(201);
  };
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
  /** The reply address of the newest message e-mail to `who` (each person has their own per thread). */
  const addressFor = async (who: SignedInUser, count = 1) => {
    const deadline = Date.now() + 15_000;
    let mails = smtp.received.filter((m) => m.to.includes(who.user.email) && /New.message/.test(m.subject));
    while (mails.length < count && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      mails = smtp.received.filter((m) => m.to.includes(who.user.email) && /New.message/.test(m.subject));
    }
    const last = mails.at(-1);
    if (!last || mails.length < count) throw new Error(`no message e-mail to ${who.user.email}`);
    return replyToOf(last);
  };
  /** A reply sent over SMTP to the app's listener; resolves with the server's refusal, if any. */
  const reply = async (to: string, text: string, headers: Record<string, string> = {}) => {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, ignoreTLS: true });
    try {
      await transport.sendMail({ from: 'someone@mail.example', to, subject: 'Re: New message', text, headers });
      return undefined;
    } catch (error) {
      return error as Error & { responseCode?: number; command?: string; response?: string };
    } finally {
      transport.close();
    }
  };
  const messageCount = async () =>
    (await t.db.query('SELECT 1 FROM application_messages WHERE application_id = $1', [application])).length;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    inboundPort = await freePort();
    t = await buildTestApp(kind, {
      smtpUrl: smtp.url,
      mailFrom: 'Jobboard <no-reply@talk.example>',
      inboundMail: { host: '127.0.0.1', port: inboundPort, domain: DOMAIN },
      rateLimits: { ...DEFAULT_RATE_LIMITS, messagesPerSender: { limit: LIMIT, windowMs: 60 * 60_000 } },
    });
    [poster, member, candidate, busy, leaver, stranger] = [
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
      await signUpAndSignIn(t.app),
    ];
    const job = await postJob(t.app, poster.cookie, { companyName: `Reply Works ${kind}`, jobTitle: 'Lock Keeper' });
    const [row] = await t.db.query<{ slug: string }>(
      'SELECT c.slug FROM companies c JOIN jobs j ON j.company_id = c.id WHERE j.id = $1',
      [job],
    );
    slug = row?.slug ?? '';
    await joinCompany(t.app, poster.cookie, slug, member);
    await joinCompany(t.app, poster.cookie, slug, leaver);
    application = await applyTo(job, candidate);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it("a team message's e-mail carries the candidate's own reply address, and no address of the team's", async () => {
    await say(member, 'Could you come in on Tuesday?');
    const mail = await waitForMail(smtp.received, candidate.user.email, /New.message.about.*Lock.Keeper/);
    candidateAddress = await replyToOf(mail);
    expect(candidateAddress).toMatch(REPLY_ADDRESS);
    expect(mail.text).toContain('Reply to this e-mail, or answer in the thread:');
    for (const who of [poster, member, leaver]) expect(mail.raw).not.toContain(who.user.email);
    // The same address in every later e-mail of the thread to the candidate, so an old e-mail's reply still lands.
    await say(poster, 'Or Wednesday.');
    expect(await addressFor(candidate, 2)).toBe(candidateAddress);
  });

  it('a reply lands in the thread as the candidate, by e-mail, without the quoted original or the signature', async () => {
    const refused = await reply(
      candidateAddress.toUpperCase().replace('REPLY+', 'reply+'),
      [
        'Tuesday suits me.',
        'See you then!',
        '',
        '-- ',
        'Jo Candidate',
        '',
        'On Mon, 3 Jun 2030 at 10:00, Jobboard <no-reply@talk.example> wrote:',
        '> Hello,',
        '> Could you come in on Tuesday?',
      ].join('\r\n'),
    );
    expect(refused).toBeUndefined();
    const last = (await thread(member)).messages.at(-1);
    expect(last).toMatchObject({ body: 'Tuesday suits me.\nSee you then!', byEmail: true, fromTeam: false });
    expect(last?.senderName).toBe(candidate.user.name);
    expect((await thread(candidate)).messages.at(-1)).toMatchObject({ mine: true, byEmail: true });
    // The team hears of it as of any message, each member with their own reply address, never the candidate's.
    const notice = await waitForMail(smtp.received, member.user.email, /New.message.about.*Lock.Keeper/);
    expect(notice.text).toContain('Tuesday suits me.');
    expect(notice.raw).not.toContain(candidate.user.email);
    const memberAddress = await replyToOf(notice);
    expect(memberAddress).toMatch(REPLY_ADDRESS);
    expect(memberAddress).not.toBe(candidateAddress);
  });

  it('a team member replies by e-mail too: the candidate reads it as the team', async () => {
    expect(await reply(await addressFor(member), 'Tuesday at 10 then.\n\n> Tuesday suits me.')).toBeUndefined();
    const last = (await thread(candidate)).messages.at(-1);
    expect(last).toMatchObject({ body: 'Tuesday at 10 then.', byEmail: true, fromTeam: true });
    expect(last?.senderName).toBe(`Reply Works ${kind} — ${member.user.name}`);
  });

  it('an altered or unknown address is refused at RCPT with 550, and nothing is posted', async () => {
    const before = await messageCount();
    const token = /^reply\+([0-9a-f]{32})@/.exec(candidateAddress)?.[1] ?? '';
    const flipped = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    for (const to of [
      `reply+${flipped}@${DOMAIN}`,
      `reply+${token}@other.example`,
      `reply+${token.slice(1)}@${DOMAIN}`,
      `postmaster@${DOMAIN}`,
    ]) {
      const refused = await reply(to, 'Let me in');
      expect(refused?.responseCode, to).toBe(550);
      expect(refused?.command, to).toBe('RCPT TO');
    }
    expect(await messageCount()).toBe(before);
  });

  it("a stranger's address posts only in the stranger's own thread, and a member who left can no longer reply", async () => {
    const otherJob = await postJob(t.app, poster.cookie, { companyName: `Reply Works ${kind}`, jobTitle: 'Ferryman' });
    const own = await applyTo(otherJob, stranger);
    await say(poster, 'Thanks for applying.', own);
    const strangerAddress = await addressFor(stranger);
    expect(strangerAddress).not.toBe(candidateAddress);
    const before = await messageCount();
    expect(await reply(strangerAddress, 'Hello from the stranger')).toBeUndefined();
    expect(await messageCount()).toBe(before);
    expect((await thread(stranger, own)).messages.at(-1)).toMatchObject({ body: 'Hello from the stranger' });
    // The interview proposal carries the same address: "none of these times" can be a reply.
    const proposal = {
      slots: [{ start: '2030-05-17T14:30', timeZone: 'Europe/Paris' }],
      lengthMinutes: 30,
      location: 'The lock house',
    };
    const proposed = await call('POST', `/api/applications/${own}/interviews`, poster, proposal);
    expect(proposed.statusCode, proposed.body).toBe(201);
    const pick = await waitForMail(smtp.received, stranger.user.email, /Pick an interview time/);
    expect(await replyToOf(pick)).toBe(strangerAddress);
    expect(pick.text).toContain('reply to this e-mail if none does');
    // A banned account posts nothing by e-mail either (in the app its sessions are refused).
    await t.db.query('UPDATE users SET banned_at = now() WHERE id = $1', [stranger.user._id]);
    expect((await reply(strangerAddress, 'Banned but here'))?.responseCode).toBe(550);
    expect((await thread(poster, own)).messages.at(-1)?.body).toBe('Hello from the stranger');

    // The leaver had an address for the candidate's thread (from the candidate's e-mailed reply above).
    const leaverAddress = await addressFor(leaver);
    const removed = await call('DELETE', `/api/companies/${slug}/members/${leaver.user.email}?jobs=move`, poster);
    expect(removed.statusCode, removed.body).toBe(200);
    const refused = await reply(leaverAddress, 'Still here?');
    expect(refused?.responseCode).toBe(550);
    expect(await messageCount()).toBe(before);
  });

  it('an empty reply, an automatic answer and a bounce are taken and dropped; a message over 1 MB is refused', async () => {
    const before = await messageCount();
    expect(await reply(candidateAddress, '\n> Could you come in on Tuesday?\n')).toBeUndefined();
    expect(await reply(candidateAddress, 'I am away until Monday.', { 'Auto-Submitted': 'auto-replied' })).toBe(
      undefined,
    );
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, ignoreTLS: true });
    await transport.sendMail({
      envelope: { from: '', to: candidateAddress },
      from: 'mailer-daemon@mail.example',
      to: candidateAddress,
      subject: 'Undelivered Mail Returned to Sender',
      text: 'The mail system could not deliver your message.',
    });
    transport.close();
    const big = await reply(candidateAddress, 'x'.repeat(INBOUND_MAX_BYTES + 1000));
    expect(big?.responseCode).toBe(552);
    expect(await messageCount()).toBe(before);
  });

  it('past MESSAGES_PER_HOUR the reply is refused with the reason, as in the app', async () => {
    const own = await applyTo(
      await postJob(t.app, member.cookie, { companyName: `Reply Works ${kind}`, jobTitle: 'Weir Warden' }),
      busy,
    );
    await say(member, 'Welcome aboard.', own);
    const busyAddress = await addressFor(busy);
    for (let n = 0; n < LIMIT; n += 1) await say(busy, `Message ${n}`, own);
    const refused = await reply(busyAddress, 'One more');
    expect(refused?.responseCode).toBe(550);
    expect(refused?.response).toContain(`You have sent ${LIMIT} messages in the last hour`);
    expect((await thread(busy, own)).messages.filter((m) => m.mine)).toHaveLength(LIMIT);
  });

  it('a withdrawn application takes no more replies', async () => {
    const withdrawn = await call('POST', `/api/applications/${application}/withdraw`, candidate);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const before = await messageCount();
    const refused = await reply(candidateAddress, 'Actually, one more thing');
    expect(refused?.responseCode).toBe(550);
    expect(await messageCount()).toBe(before);
  });
});

describeEachDb('thread e-mails without INBOUND_MAIL_DOMAIN', (kind) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp(kind, { smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('carry no Reply-To and only link to the thread', async () => {
    const [poster, candidate] = [await signUpAndSignIn(t.app), await signUpAndSignIn(t.app)];
    const job = await postJob(t.app, poster.cookie, { jobTitle: 'Canal Pilot' });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/apply/apply-job',
      headers: { cookie: candidate.cookie },
      payload: { job },
    });
    const id = applied.json<{ insertedId: string }>().insertedId;
    const said = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${id}/messages`,
      headers: { cookie: poster.cookie },
      payload: { body: 'Hello' },
    });
    expect(said.statusCode, said.body).toBe(201);
    const mail = await waitForMail(smtp.received, candidate.user.email, /New.message/);
    expect((await simpleParser(mail.raw)).replyTo).toBeUndefined();
    expect(mail.text).toContain('Answer in the thread:');
    expect(await t.db.query('SELECT 1 FROM thread_reply_addresses')).toEqual([]);
  });
});

describe('INBOUND_MAIL_DOMAIN and INBOUND_SMTP_PORT', () => {
  it('go together: one alone stops the start, naming the other', async () => {
    const { loadConfig } = await import('../src/config.js');
    expect(() => loadConfig({ INBOUND_MAIL_DOMAIN: DOMAIN })).toThrow(/INBOUND_SMTP_PORT is required/);
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525' })).toThrow(/INBOUND_MAIL_DOMAIN is required/);
    expect(() => loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'not a domain' })).toThrow(
      /INBOUND_MAIL_DOMAIN must be a domain name/,
    );
    expect(loadConfig({ INBOUND_SMTP_PORT: '2525', INBOUND_MAIL_DOMAIN: 'Replies.Example' }).inboundMail).toEqual({
      host: '127.0.0.1',
      port: 2525,
      domain: 'replies.example',
    });
    expect(loadConfig({ INBOUND_SMTP_PORT: '', INBOUND_MAIL_DOMAIN: '' }).inboundMail).toBeUndefined();
  });
});
