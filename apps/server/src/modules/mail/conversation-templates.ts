import { isPlainDisplayText } from '@jobboard/shared';
import type { OutgoingMail } from './transports.js';

/**
 * The e-mails of an application's thread and interviews (decision record 42). None names the other side's address:
 * the team is its company and the sender's public name, the candidate their public name.
 */

const titleOf = (jobTitle: string) => (isPlainDisplayText(jobTitle) ? `“${jobTitle}”` : 'your application');

export interface MessageMailContent {
  jobTitle: string;
  /** "Acme — Jo Doe" for the team, the candidate's public name for the candidate. */
  from: string;
  body: string;
  link: string;
  /** The thread's reply address for this recipient, when replies by e-mail are received. */
  replyTo?: string | undefined;
}

export function threadMessageMail(to: string, name: string, content: MessageMailContent): OutgoingMail {
  return {
    to,
    subject: `New message about ${titleOf(content.jobTitle)}`,
    text: [
      `Hello ${name},`,
      '',
      `${content.from} wrote about ${titleOf(content.jobTitle)}:`,
      '',
      ...content.body.split('\n').map((line) => `  ${line}`),
      '',
      content.replyTo ? 'Reply to this e-mail, or answer in the thread:' : 'Answer in the thread:',
      content.link,
    ].join('\n'),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  };
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
export function interviewProposalMail(to: string, name: string, content: ProposalMailContent): OutgoingMail {
  return {
    to,
    subject: `Pick an interview time: ${isPlainDisplayText(content.jobTitle) ? content.jobTitle : 'your application'}`,
    text: [
      `Hello ${name},`,
      '',
      `${content.company} would like to interview you for ${titleOf(content.jobTitle)} (${content.lengthMinutes} minutes, ${content.location}).`,
      'The times proposed:',
      ...content.slots.map((slot) => `  - ${slot}`),
      '',
      content.replyTo
        ? 'Pick the one that suits you (or reply to this e-mail if none does):'
        : 'Pick the one that suits you:',
      content.link,
    ].join('\n'),
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
  };
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
export function interviewInvitationMail(to: string, name: string, content: InvitationMailContent): OutgoingMail {
  return {
    to,
    subject: `Interview booked: ${isPlainDisplayText(content.jobTitle) ? content.jobTitle : 'your application'}`,
    text: [
      `Hello ${name},`,
      '',
      `Your interview with ${content.with} about ${titleOf(content.jobTitle)} is on ${content.when}, at ${content.location}.`,
      'The invitation is attached for your calendar. To move or cancel it:',
      content.link,
    ].join('\n'),
    icalEvent: { method: 'REQUEST', content: content.ics },
  };
}

export interface CancellationMailContent {
  jobTitle: string;
  /** Who cancelled: the company, or the candidate's public name. */
  by: string;
  link: string;
  /** The METHOD:CANCEL .ics when an invitation had gone out; absent: nothing to take off a calendar. */
  ics?: string | undefined;
}

export function interviewCancelledMail(to: string, name: string, content: CancellationMailContent): OutgoingMail {
  return {
    to,
    subject: `Interview cancelled: ${isPlainDisplayText(content.jobTitle) ? content.jobTitle : 'your application'}`,
    text: [
      `Hello ${name},`,
      '',
      `${content.by} cancelled the interview about ${titleOf(content.jobTitle)}.`,
      'The thread:',
      content.link,
    ].join('\n'),
    ...(content.ics ? { icalEvent: { method: 'CANCEL' as const, content: content.ics } } : {}),
  };
}
