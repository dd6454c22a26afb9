import { DEFAULT_LANGUAGE, isPlainDisplayText, type Language, type MailedStage } from '@jobboard/shared';
import { inLanguage, translator } from './mail-language.js';
import { isolate } from './words.js';
import type { OutgoingMail } from './transports.js';

/**
 * Every e-mail the accounts send, in plain text: short, with the one link that matters on a line of its own. Each
 * takes the recipient's language last (English when unset); the texts are the catalogue's (src/locales/*.po).
 */

export function verifyEmailMail(
  to: string,
  name: string,
  link: string,
  isChange: boolean,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t(isChange ? 'mail.verify.subjectChange' : 'mail.verify.subject'),
    text: [
      t('mail.hello', { name }),
      '',
      t(isChange ? 'mail.verify.introChange' : 'mail.verify.intro'),
      '',
      link,
      '',
      t('mail.verify.expiry'),
    ].join('\n'),
  };
  return inLanguage(mail, language);
}

export function addressInUseMail(to: string, language: Language = DEFAULT_LANGUAGE): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t('mail.addressInUse.subject'),
    text: [t('mail.addressInUse.asked'), t('mail.addressInUse.nothing')].join('\n'),
  };
  return inLanguage(mail, language);
}

/** To the owner of an address someone tried to sign up with again (the caller is told nothing: no enumeration). */
export function signUpAttemptMail(
  to: string,
  name: string,
  origin: string,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t('mail.signUpAttempt.subject'),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.signUpAttempt.tried'),
      t('mail.signUpAttempt.nothing'),
      '',
      `${origin}/forgot-password`,
    ].join('\n'),
  };
  return inLanguage(mail, language);
}

export function resetPasswordMail(
  to: string,
  name: string,
  link: string,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t('mail.resetPassword.subject'),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.resetPassword.intro'),
      '',
      link,
      '',
      t('mail.resetPassword.expiry'),
    ].join('\n'),
  };
  return inLanguage(mail, language);
}

export function passwordChangedMail(to: string, name: string, language: Language = DEFAULT_LANGUAGE): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t('mail.passwordChanged.subject'),
    text: [t('mail.hello', { name }), '', t('mail.passwordChanged.changed'), t('mail.passwordChanged.notYou')].join(
      '\n',
    ),
  };
  return inLanguage(mail, language);
}

export function emailChangedMail(
  to: string,
  name: string,
  newEmail: string,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t('mail.emailChanged.subject'),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.emailChanged.changed', { newEmail }),
      t('mail.emailChanged.notYou'),
    ].join('\n'),
  };
  return inLanguage(mail, language);
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
export function jobAlertMail(
  to: string,
  name: string,
  content: AlertMailContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const count = content.jobs.length;
  const { description, frequency } = content;
  const jobs = content.jobs.flatMap((job) => [
    job.title,
    // Each fact an isolated run in Arabic: a Latin company or city beside an amount keeps its order.
    [job.company, job.place, job.pay]
      .filter(Boolean)
      .map((fact) => isolate(fact, language))
      .join(' · '),
    job.link,
    '',
  ]);
  const mail = {
    to,
    subject: t(content.more ? 'mail.alert.subjectMore' : 'mail.alert.subject', { count, description }),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.alert.intro', { shape: count === 1 && !content.more ? 'one' : 'other', frequency, description }),
      '',
      ...jobs,
      t(content.more ? 'mail.alert.more' : 'mail.alert.all'),
      content.searchLink,
      '',
      t('mail.alert.why', { frequency }),
      t('mail.alert.stop'),
      content.unsubscribePage,
      t('mail.alert.manage'),
      content.manageLink,
    ].join('\n'),
    headers: {
      'List-Unsubscribe': `<${content.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
  return inLanguage(mail, language);
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
export function applicationStageMail(
  to: string,
  name: string,
  content: StageMailContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const { stage, jobTitle } = content;
  const subject = t(`mail.stage.${stage}.subject`);
  const employer = content.company || t('mail.stage.employer');
  const mail = {
    to,
    // The poster wrote the title: in the subject only when it passes the display-name rule (no look-alike or
    // invisible characters), so a subject cannot be made to pose as another message.
    subject: isPlainDisplayText(jobTitle) ? `${subject}: ${jobTitle}` : subject,
    text: [
      t('mail.hello', { name }),
      '',
      t(`mail.stage.${stage}.line`, { employer, jobTitle }),
      content.message || t(stage === 'rejected' ? 'mail.stage.goodLuck' : 'mail.stage.nextSteps'),
      '',
      t('mail.stage.seeAll'),
      content.appliedJobsLink,
    ].join('\n'),
  };
  return inLanguage(mail, language);
}

/**
 * An invitation to join a company (security review round 2, finding 4). The company's name is shown only as
 * it passes the display-name rule; the link works for the invited address only, once, until it expires.
 */
export function companyInvitationMail(
  to: string,
  content: { company: string; link: string; expiresInDays: number },
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t('mail.invitation.subject'),
    text: [
      t('mail.helloAnyone'),
      '',
      t('mail.invitation.invited', { company: content.company }),
      t('mail.invitation.members'),
      t('mail.invitation.open'),
      '',
      content.link,
      '',
      t('mail.invitation.expiry', { days: content.expiresInDays }),
    ].join('\n'),
  };
  return inLanguage(mail, language);
}

export interface NewApplicationMailContent {
  jobTitle: string;
  /** The applicant's public name. */
  applicant: string;
  /** Responses, filtered to the job. */
  link: string;
}

/** A member of a job's team hears of an application to it (the job's choice: each one). */
export function newApplicationMail(
  to: string,
  name: string,
  content: NewApplicationMailContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const title = isPlainDisplayText(content.jobTitle) ? content.jobTitle : t('mail.yourJob');
  const mail = {
    to,
    subject: t('mail.newApplication.subject', { title }),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.newApplication.applied', { applicant: content.applicant, jobTitle: content.jobTitle }),
      t('mail.newApplication.read'),
      content.link,
    ].join('\n'),
  };
  return inLanguage(mail, language);
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
export function forwardedApplicationMail(
  to: string,
  content: ForwardedApplicationContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const title = isPlainDisplayText(content.jobTitle) ? content.jobTitle : t('mail.yourJob');
  const answers = content.answers.map(
    (a) =>
      `- ${a.question}\n  ${a.answer ?? t('mail.forwarded.notAnswered')}${a.knockedOut ? `  ${t('mail.forwarded.knockOut')}` : ''}`,
  );
  const { name, email } = content.applicant;
  const mail = {
    to,
    subject: t('mail.forwarded.subject', { title }),
    text: [
      t('mail.forwarded.applied', { name, email, jobTitle: content.jobTitle }),
      '',
      ...(content.coverNote ? [t('mail.forwarded.note'), content.coverNote, ''] : [t('mail.forwarded.noNote'), '']),
      ...(answers.length > 0 ? [t('mail.forwarded.answers'), ...answers, ''] : []),
      content.cvFileName ? t('mail.forwarded.withCv', { fileName: content.cvFileName }) : t('mail.forwarded.read'),
      content.link,
    ].join('\n'),
  };
  return inLanguage(mail, language);
}

/** The daily digest: applications arrived for a job in the last day (the job's choice: daily). */
export function applicationDigestMail(
  to: string,
  name: string,
  content: Omit<NewApplicationMailContent, 'applicant'>,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const title = isPlainDisplayText(content.jobTitle) ? content.jobTitle : t('mail.yourJob');
  const mail = {
    to,
    subject: t('mail.digest.subject', { title }),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.digest.arrived', { jobTitle: content.jobTitle }),
      t('mail.digest.read'),
      content.link,
    ].join('\n'),
  };
  return inLanguage(mail, language);
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
export function jobReportedMail(
  to: string,
  content: ReportedJobContent,
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const { jobTitle, company } = content;
  const mail = {
    to,
    // User-written text stays out of the subject (it could pose as another message).
    subject: t('mail.reported.subject'),
    text: [
      t('mail.helloAnyone'),
      '',
      company ? t('mail.reported.jobAt', { jobTitle, company }) : t('mail.reported.job', { jobTitle }),
      t('mail.reported.reason', { reason: content.reason }),
      ...(content.details ? [t('mail.reported.details', { details: content.details })] : []),
      '',
      t('mail.reported.theJob'),
      content.jobLink,
      '',
      t('mail.reported.review'),
      content.queueLink,
      '',
      t('mail.reported.further'),
    ].join('\n'),
  };
  return inLanguage(mail, language);
}

/** To a reporter: what an administrator decided about the job they reported. */
export function reportOutcomeMail(
  to: string,
  name: string,
  content: { jobTitle: string; removed: boolean },
  language: Language = DEFAULT_LANGUAGE,
): OutgoingMail {
  const t = translator(language);
  const mail = {
    to,
    subject: t(content.removed ? 'mail.reportOutcome.subjectRemoved' : 'mail.reportOutcome.subjectStays'),
    text: [
      t('mail.hello', { name }),
      '',
      t('mail.reportOutcome.thanks', { jobTitle: content.jobTitle }),
      t(content.removed ? 'mail.reportOutcome.removed' : 'mail.reportOutcome.stays'),
    ].join('\n'),
  };
  return inLanguage(mail, language);
}
