import { isPlainDisplayText, STAGE_MAIL_DEFAULT_MESSAGE, STAGE_MAIL_TEXT, type MailedStage } from '@jobboard/shared';
import type { OutgoingMail } from './transports.js';

/** Every e-mail the accounts send, in plain text: short, with the one link that matters on a line of its own. */

export function verifyEmailMail(to: string, name: string, link: string, isChange: boolean): OutgoingMail {
  return {
    to,
    subject: isChange ? 'Confirm your new e-mail address for Jobboard' : 'Confirm your e-mail address for Jobboard',
    text: [
      `Hello ${name},`,
      '',
      isChange
        ? 'You asked to use this address for your Jobboard account. Open this link to confirm it:'
        : 'Welcome to Jobboard. Open this link to confirm your e-mail address:',
      '',
      link,
      '',
      'The link works once and expires in 24 hours. If this was not you, ignore this e-mail.',
    ].join('\n'),
  };
}

export function addressInUseMail(to: string): OutgoingMail {
  return {
    to,
    subject: 'Someone tried to use your e-mail address on Jobboard',
    text: [
      'Someone asked to move their Jobboard account to this e-mail address, which another account already uses.',
      'Nothing was changed. If this was you, sign in with this address instead.',
    ].join('\n'),
  };
}

/** To the owner of an address someone tried to sign up with again (the caller is told nothing: no enumeration). */
export function signUpAttemptMail(to: string, name: string, origin: string): OutgoingMail {
  return {
    to,
    subject: 'Someone tried to sign up with your e-mail address on Jobboard',
    text: [
      `Hello ${name},`,
      '',
      'Someone tried to create a new Jobboard account with this e-mail address, which your account already uses.',
      'Nothing was changed. If this was you, sign in instead; if you forgot your password, you can reset it here:',
      '',
      `${origin}/forgot-password`,
    ].join('\n'),
  };
}

export function resetPasswordMail(to: string, name: string, link: string): OutgoingMail {
  return {
    to,
    subject: 'Reset your Jobboard password',
    text: [
      `Hello ${name},`,
      '',
      'Someone (we hope you) asked to reset the password of your Jobboard account. Open this link to choose a new one:',
      '',
      link,
      '',
      'The link works once and expires in 30 minutes. If you did not ask, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

export function passwordChangedMail(to: string, name: string): OutgoingMail {
  return {
    to,
    subject: 'Your Jobboard password was changed',
    text: [
      `Hello ${name},`,
      '',
      'The password of your Jobboard account was just changed, and every other session was signed out.',
      'If this was not you, reset your password at once with "Forgot password?" on the sign-in page.',
    ].join('\n'),
  };
}

export function emailChangedMail(to: string, name: string, newEmail: string): OutgoingMail {
  return {
    to,
    subject: 'Your Jobboard e-mail address was changed',
    text: [
      `Hello ${name},`,
      '',
      `The e-mail address of your Jobboard account was changed from this address to ${newEmail}.`,
      "If this was not you, reply to this e-mail: your account may be in someone else's hands.",
    ].join('\n'),
  };
}

/** One job in an alert e-mail: what a card shows, and its absolute link. */
export interface AlertMailJob {
  title: string;
  company: string;
  place: string;
  /** '' when the job names no pay. */
  pay: string;
  link: string;
}

export interface AlertMailContent {
  /** The search in words (describeAlertSearch). */
  description: string;
  frequency: 'daily' | 'instant';
  /** Newest first, at most ALERT_LIMITS.jobsPerMail. */
  jobs: AlertMailJob[];
  /** More new jobs matched than the e-mail lists. */
  more: boolean;
  searchLink: string;
  /** The page that asks before unsubscribing (a link scanner's GET changes nothing). */
  unsubscribePage: string;
  /** The one-click address for List-Unsubscribe (RFC 8058): a POST there unsubscribes. */
  oneClickUrl: string;
  manageLink: string;
}

/** A job alert: the new jobs of one search, grouped in one message, with a one-click unsubscribe (RFC 8058). */
export function jobAlertMail(to: string, name: string, content: AlertMailContent): OutgoingMail {
  const count = content.jobs.length;
  const jobs = content.jobs.flatMap((job) => [
    job.title,
    [job.company, job.place, job.pay].filter(Boolean).join(' · '),
    job.link,
    '',
  ]);
  return {
    to,
    subject: `${count}${content.more ? '+' : ''} new ${count === 1 && !content.more ? 'job' : 'jobs'} for “${content.description}”`,
    text: [
      `Hello ${name},`,
      '',
      `${count === 1 && !content.more ? 'A new job matches' : 'New jobs match'} your ${content.frequency} alert “${content.description}”:`,
      '',
      ...jobs,
      content.more ? `More new jobs match than fit in one e-mail. See them all:` : 'See every job of this search:',
      content.searchLink,
      '',
      `You get this e-mail because you asked Jobboard for ${content.frequency} alerts about this search.`,
      'Stop this alert (no sign-in needed):',
      content.unsubscribePage,
      'See and delete all your alerts:',
      content.manageLink,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${content.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** What a stage means to the applicant, in the e-mail about it (decision record 18: only these four are mailed). */
export type { MailedStage };

export interface StageMailContent {
  jobTitle: string;
  company: string;
  stage: MailedStage;
  /** Applied Jobs, where the applicant sees every application's stage. */
  appliedJobsLink: string;
  /** What the poster wrote (plain text, in the body only); absent: the stage's default message. */
  message?: string;
}

/** The applicant's application moved to interview, offer, hired or rejected. */
export function applicationStageMail(to: string, name: string, content: StageMailContent): OutgoingMail {
  const text = STAGE_MAIL_TEXT[content.stage];
  const employer = content.company || 'The employer';
  return {
    to,
    // The poster wrote the title: in the subject only when it passes the display-name rule (no look-alike or
    // invisible characters), so a subject cannot be made to pose as another message.
    subject: isPlainDisplayText(content.jobTitle) ? `${text.subject}: ${content.jobTitle}` : text.subject,
    text: [
      `Hello ${name},`,
      '',
      `${employer} ${text.line} “${content.jobTitle}”.`,
      content.message || STAGE_MAIL_DEFAULT_MESSAGE[content.stage],
      '',
      'See where each of your applications stands:',
      content.appliedJobsLink,
    ].join('\n'),
  };
}

/**
 * An invitation to join a company (security review round 2, finding 4). The company's name is shown only as
 * it passes the display-name rule; the link works for the invited address only, once, until it expires.
 */
export function companyInvitationMail(
  to: string,
  content: { company: string; link: string; expiresInDays: number },
): OutgoingMail {
  return {
    to,
    subject: 'You are invited to join a company on Jobboard',
    text: [
      'Hello,',
      '',
      `A Jobboard user invited this address to join the company “${content.company}”.`,
      'Its members post jobs under its name and read the applications to its jobs.',
      'Sign in with this address and open this link to accept or decline:',
      '',
      content.link,
      '',
      `The link expires in ${content.expiresInDays} days. If you do not know this company, ignore this e-mail: nothing changes until you accept.`,
    ].join('\n'),
  };
}

export interface NewApplicationMailContent {
  jobTitle: string;
  /** The applicant's public name. */
  applicant: string;
  /** Responses, filtered to the job. */
  link: string;
}

/** A member of a job's team hears of an application to it (the job's choice: each one). */
export function newApplicationMail(to: string, name: string, content: NewApplicationMailContent): OutgoingMail {
  const title = isPlainDisplayText(content.jobTitle) ? content.jobTitle : 'your job';
  return {
    to,
    subject: `New application: ${title}`,
    text: [
      `Hello ${name},`,
      '',
      `${content.applicant} applied to “${content.jobTitle}”.`,
      'Read the application:',
      content.link,
    ].join('\n'),
  };
}

export interface ForwardedApplicationContent {
  jobTitle: string;
  applicant: { name: string; email: string };
  coverNote: string | null;
  /** The CV's file name, when one was sent; the team opens it from Responses. */
  cvFileName: string | null;
  answers: { question: string; answer: string | null; knockedOut: boolean }[];
  /** Responses, filtered to the job: the application, its CV and its answers. */
  link: string;
}

/** An application forwarded to the address a job takes applications at (its apply method: email). */
export function forwardedApplicationMail(to: string, content: ForwardedApplicationContent): OutgoingMail {
  const title = isPlainDisplayText(content.jobTitle) ? content.jobTitle : 'your job';
  const answers = content.answers.map(
    (a) => `- ${a.question}\n  ${a.answer ?? '(not answered)'}${a.knockedOut ? '  [knock-out answer]' : ''}`,
  );
  return {
    to,
    subject: `Application: ${title}`,
    text: [
      `${content.applicant.name} <${content.applicant.email}> applied to “${content.jobTitle}”.`,
      '',
      ...(content.coverNote ? ['Their note:', content.coverNote, ''] : ['They sent no note.', '']),
      ...(answers.length > 0 ? ['Their answers:', ...answers, ''] : []),
      content.cvFileName
        ? `Their CV (${content.cvFileName}), the answers and the note are on the board:`
        : 'Read the application on the board:',
      content.link,
    ].join('\n'),
  };
}

/** The daily digest: applications arrived for a job in the last day (the job's choice: daily). */
export function applicationDigestMail(
  to: string,
  name: string,
  content: Omit<NewApplicationMailContent, 'applicant'>,
): OutgoingMail {
  const title = isPlainDisplayText(content.jobTitle) ? content.jobTitle : 'your job';
  return {
    to,
    subject: `New applications today: ${title}`,
    text: [
      `Hello ${name},`,
      '',
      `New applications arrived for “${content.jobTitle}” in the last day.`,
      'Read them:',
      content.link,
    ].join('\n'),
  };
}

export interface ReportedJobContent {
  jobTitle: string;
  company: string;
  /** The reason's label ("Scam or fraud"). */
  reason: string;
  /** What the reporter wrote (plain text, in the body only). */
  details: string;
  jobLink: string;
  queueLink: string;
}

/** To each administrator (ADMIN_EMAILS): a job has a report waiting, the first since its last decision. */
export function jobReportedMail(to: string, content: ReportedJobContent): OutgoingMail {
  return {
    to,
    // User-written text stays out of the subject (it could pose as another message).
    subject: 'A job was reported on Jobboard',
    text: [
      'Hello,',
      '',
      `A job was reported: “${content.jobTitle}”${content.company ? ` at ${content.company}` : ''}.`,
      `Reason: ${content.reason}`,
      ...(content.details ? [`Details: ${content.details}`] : []),
      '',
      'The job:',
      content.jobLink,
      '',
      'Review it in the queue (approve, hide, or ban its poster):',
      content.queueLink,
      '',
      'Further reports of this job before a decision are listed in the queue without another e-mail.',
    ].join('\n'),
  };
}

/** To a reporter: what an administrator decided about the job they reported. */
export function reportOutcomeMail(
  to: string,
  name: string,
  content: { jobTitle: string; removed: boolean },
): OutgoingMail {
  return {
    to,
    subject: content.removed
      ? 'Your report on Jobboard: the job was removed'
      : 'Your report on Jobboard: the job stays up',
    text: [
      `Hello ${name},`,
      '',
      `Thank you for reporting the job “${content.jobTitle}”. An administrator reviewed it.`,
      content.removed
        ? 'The job breaks the rules of Jobboard and has been removed: nobody can find it or apply any more.'
        : 'The job was found within the rules of Jobboard, so it stays up. If you learn more, you can report it again from its page.',
    ].join('\n'),
  };
}
