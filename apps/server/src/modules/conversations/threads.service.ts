import {
  CONVERSATION_MESSAGES,
  TEAM_MESSAGES,
  type Candidate,
  type Thread,
  type ThreadMessage,
  type UnreadThreads,
  UNREAD_THREADS_LISTED,
} from '@jobboard/shared';
import type { Window } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import { threadMessageMail } from '../mail/conversation-templates.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { findCandidate, findInterviews } from './interviews.repository.js';
import { replyAddressFor } from './reply-addresses.js';
import {
  countRecentMessages,
  findMessages,
  findThread,
  insertMessage,
  markThreadRead,
  teamOf,
  unreadCounts,
  type ThreadRow,
} from './threads.repository.js';
import { recipientLanguage } from '../mail/mail-language.js';

/**
 * An application's thread (decision record 42): its applicant on one side, everyone who manages its job on the other
 * (`MANAGES_JOB`). To anybody else the application does not exist: 404.
 */

export interface TalkDeps {
  db: Db;
  mail: Pick<MailQueue, 'enqueue'>;
  origin: string;
  /** The site's own address (MAIL_FROM's): stands in for the other side's in calendar invitations. */
  siteAddress: string;
  messagesPerSender: Window;
  /** INBOUND_MAIL_DOMAIN: thread e-mails carry each recipient's reply address there; unset, they only link. */
  replyDomain?: string | undefined;
}

export const notFound = () => new AppError('not_found', CONVERSATION_MESSAGES.threadNotFound);
export const applicationIdOf = (raw: string) => parseId(raw, CONVERSATION_MESSAGES.threadNotFound);

export async function requireThread(db: Queryable, userId: string, rawId: string, lock = false): Promise<ThreadRow> {
  const thread = await findThread(db, userId, applicationIdOf(rawId), lock);
  if (!thread) throw notFound();
  return thread;
}

/** The recipient's reply address for the thread when replies by e-mail are received, else undefined. */
export const replyToFor = (deps: TalkDeps, db: Queryable, thread: ThreadRow, recipientId: string) =>
  deps.replyDomain ? replyAddressFor(db, deps.replyDomain, thread.id, recipientId) : Promise.resolve(undefined);

export const sideOf = (thread: ThreadRow, userId: string) => (thread.candidate_id === userId ? 'candidate' : 'team');

/** Writing in a thread is for its two sides; a company's viewer reads the team's side only (decision record 43). */
export function requireWriter(thread: ThreadRow, userId: string): void {
  if (sideOf(thread, userId) === 'team' && !thread.manages) {
    throw new AppError('forbidden', TEAM_MESSAGES.viewerReadOnly);
  }
}

/** Where each side reads the thread: the team on the candidate page, the candidate beside their applications. */
export const linkFor = (origin: string, thread: ThreadRow, side: 'team' | 'candidate') =>
  side === 'team' ? `${origin}/candidates/${thread.id}` : `${origin}/messages/${thread.id}`;

/** The thread as `userId` sees it (reading changes nothing: `markRead` says it was read). */
export async function getThread(deps: TalkDeps, userId: string, rawId: string): Promise<Thread> {
  const thread = await requireThread(deps.db, userId, rawId);
  const [messages, interviews] = await Promise.all([
    findMessages(deps.db, thread, userId),
    findInterviews(deps.db, thread.id),
  ]);
  return {
    application: {
      id: thread.id,
      jobId: thread.job_id,
      jobTitle: thread.job_title,
      companyName: thread.company_name,
      candidateName: thread.candidate_name,
      stage: thread.stage,
      withdrawn: thread.withdrawn_at !== null,
    },
    side: sideOf(thread, userId),
    canWrite: sideOf(thread, userId) === 'candidate' || thread.manages,
    messages,
    interviews,
  };
}

/** The candidate page's application (the team's alone: to the candidate it is their own Applied Jobs row). */
export async function getCandidate(deps: TalkDeps, userId: string, rawId: string): Promise<Candidate> {
  const thread = await requireThread(deps.db, userId, rawId);
  if (sideOf(thread, userId) !== 'team') throw notFound();
  const candidate = await findCandidate(deps.db, thread.id);
  if (!candidate) throw notFound();
  return candidate;
}

/**
 * Posts a message as `userId` (`byEmail`: a reply received by e-mail, inbound-mail.ts) and e-mails the other side, in
 * one transaction. Past MESSAGES_PER_HOUR messages of the sender's in the last hour: 429, nothing stored.
 */
export async function postMessage(
  deps: TalkDeps,
  userId: string,
  rawId: string,
  body: string,
  byEmail = false,
): Promise<ThreadMessage> {
  return deps.db.transaction(async (tx) => {
    const thread = await requireThread(tx, userId, rawId, true);
    requireWriter(thread, userId);
    const limit = deps.messagesPerSender;
    if ((await countRecentMessages(tx, userId, limit.windowMs)) >= limit.limit) {
      throw new AppError('rate_limited', CONVERSATION_MESSAGES.tooManyMessages(limit.limit));
    }
    const message = await insertMessage(tx, thread, userId, body, byEmail);
    await markThreadRead(tx, thread.id, userId);
    const recipients =
      sideOf(thread, userId) === 'team'
        ? thread.candidate_verified
          ? [
              {
                id: thread.candidate_id,
                email: thread.candidate_email,
                name: thread.candidate_name,
                side: 'candidate' as const,
              },
            ]
          : []
        : (await teamOf(tx, thread)).map((person) => ({ ...person, side: 'team' as const }));
    for (const person of recipients) {
      const content = {
        jobTitle: thread.job_title,
        from: message.senderName,
        body: message.body,
        link: linkFor(deps.origin, thread, person.side),
        replyTo: await replyToFor(deps, tx, thread, person.id),
      };
      const mail = threadMessageMail(person.email, person.name, content, await recipientLanguage(tx, person.email));
      await deps.mail.enqueue(mail, tx);
    }
    return message;
  });
}

/** The thread's messages so far are read by `userId`; their unread counts after it. */
export async function markRead(deps: TalkDeps, userId: string, rawId: string) {
  const thread = await requireThread(deps.db, userId, rawId);
  await markThreadRead(deps.db, thread.id, userId);
  return unreadThreads(deps, userId);
}

/** Unread messages per thread, in all and split by side: Applied Jobs shows the candidate's, Responses the team's. */
export async function unreadThreads(deps: TalkDeps, userId: string): Promise<UnreadThreads> {
  const counts = await unreadCounts(deps.db, userId);
  const sum = (side: boolean) => counts.reduce((n, c) => n + (c.asCandidate === side ? c.unread : 0), 0);
  const asCandidate = sum(true);
  const asTeam = sum(false);
  const threads = Object.fromEntries(counts.map((c) => [c.applicationId, c.unread]));
  const waiting = counts.slice(0, UNREAD_THREADS_LISTED).map((c) => ({
    applicationId: c.applicationId,
    side: c.asCandidate ? ('candidate' as const) : ('team' as const),
    jobTitle: c.jobTitle,
    withName: c.withName,
    unread: c.unread,
    latestAt: c.latestAt.toISOString(),
  }));
  return { total: asCandidate + asTeam, asCandidate, asTeam, threads, waiting };
}
