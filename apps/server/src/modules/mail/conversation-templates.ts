import { DEFAULT_LANGUAGE, isPlainDisplayText, type Language } from '@jobboard/shared';
import { inLanguage, translator, type Translate } from './mail-language.js';
import { isolate } from './words.js';
import type { OutgoingMail } from './transports.js';

/**
 * The e-mails of an application's thread and interviews (decision record 42). None names the other side's address:
 * the team is its company and the sender's public name, the candidate their public name.
 */

/** The job's title in quotes, or "your application" when it fails the display-name rule. */
const titleOf = (t: Translate, jobTitle: string) =>
  isPlainDisplayText(jobTitle) ? t('mail.quoted', { text: jobTitle }) : t('mail.yourApplication');
/** The same without quotes, for subjects. */
const subjectTitleOf = (t: Translate, jobTitle: string) =>
  isPlainDisplayText(jobTitle) ? jobTitle : t('mail.yourApplication');

export interface MessageMailContent {
  jobTitle: string;
  /** "Acme — Jo Doe" for the team, the candidate's public name for the candidate. */
  from: string;
  body: string;
  link: string;
  /** The thread's reply address for this recipient, when replies by e-mail are received. */
  replyTo?: string | undefined;
}

export function threadMessageMail(
  to: string,
  name: string,
  content: MessageMailContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const title = titleOf(t, content.jobTitle);
  const mail = {
    to,
    subject: t('mail.thread.subject', { title }),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.thread.wrote', { from: content.from, title }),
      '',
      ...content.body.split('\n').map((line) => `  ${line}`),
      '',
      t(content.replyTo ? 'mail.thread.replyOrAnswer' : 'mail.thread.answer'),
      content.link,
    ].join('\n'),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  };
  return inLanguage(mail, language);
}

export interface ProposalMailContent {
  jobTitle: string;
  company: string;
  /** Each proposed time as the candidate reads it ("Fri 17 May 2030, 14:30 (Europe/Paris)"). */
  slots: string[];
  lengthMinutes: number;
  location: string;
  link: string;
  /** The candidate's reply address for the thread, when replies by e-mail are received. */
  replyTo?: string | undefined;
}

/** To the candidate: the team proposes interview times to pick from (replaces "They will be in touch"). */
export function interviewProposalMail(
  to: string,
  name: string,
  content: ProposalMailContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const { company, lengthMinutes: minutes } = content;
  // A meeting link or an address in Latin letters keeps its order inside an Arabic sentence.
  const location = isolate(content.location, language);
  const mail = {
    to,
    subject: t('mail.proposal.subject', { title: subjectTitleOf(t, content.jobTitle) }),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.proposal.intro', { company, title: titleOf(t, content.jobTitle), minutes, location }),
      t('mail.proposal.times'),
      ...content.slots.map((slot) => `  - ${slot}`),
      '',
      t(content.replyTo ? 'mail.proposal.pickOrReply' : 'mail.proposal.pick'),
      content.link,
    ].join('\n'),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  };
  return inLanguage(mail, language);
}

export interface InvitationMailContent {
  jobTitle: string;
  /** The other side: the company for the candidate, the candidate's public name for the team. */
  with: string;
  when: string;
  location: string;
  link: string;
  ics: string;
}

/** The interview is booked (or moved): the invitation itself is the .ics (METHOD:REQUEST). */
export function interviewInvitationMail(
  to: string,
  name: string,
  content: InvitationMailContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const { when } = content;
  const location = isolate(content.location, language);
  const mail: OutgoingMail = {
    to,
    subject: t('mail.booked.subject', { title: subjectTitleOf(t, content.jobTitle) }),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.booked.when', { with: content.with, title: titleOf(t, content.jobTitle), when, location }),
      t('mail.booked.attached'),
      content.link,
    ].join('\n'),
    icalEvent: { method: 'REQUEST', content: content.ics },
  };
  return inLanguage(mail, language);
}

export interface CancellationMailContent {
  jobTitle: string;
  /** Who cancelled: the company, or the candidate's public name. */
  by: string;
  link: string;
  /** The METHOD:CANCEL .ics when an invitation had gone out; absent: nothing to take off a calendar. */
  ics?: string | undefined;
}

export function interviewCancelledMail(
  to: string,
  name: string,
  content: CancellationMailContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t('mail.cancelled.subject', { title: subjectTitleOf(t, content.jobTitle) }),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.cancelled.by', { by: content.by, title: titleOf(t, content.jobTitle) }),
      t('mail.cancelled.thread'),
      content.link,
    ].join('\n'),
    ...(content.ics ? { icalEvent: { method: 'CANCEL' as const, content: content.ics } } : {}),
  };
  return inLanguage(mail, language);
}
