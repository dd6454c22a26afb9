import type { MailedStage } from './stages.js';

// Its own module, not stages.ts: stages.ts is in the home page's first load, and only Responses and the server
// need the stage e-mail's texts.

/** The stage e-mail's fixed parts: its subject, and the line naming the employer and the job. */
export const STAGE_MAIL_TEXT: Record<MailedStage, { subject: string; line: string }> = {
  interview: { subject: 'You are invited to interview', line: 'would like to interview you for' },
  offer: { subject: 'You have an offer', line: 'is making you an offer for' },
  hired: { subject: 'You are hired', line: 'has hired you for' },
  rejected: { subject: 'An update on your application', line: 'has decided not to go ahead with your application for' },
};

/**
 * The part of a stage e-mail the poster writes (issue 29): shown, editable, in the dialog that confirms the
 * move; a move without one (an old client's body) sends this default.
 */
export const STAGE_MAIL_DEFAULT_MESSAGE: Record<MailedStage, string> = {
  interview: 'They will be in touch about the next steps.',
  offer: 'They will be in touch about the next steps.',
  hired: 'They will be in touch about the next steps.',
  rejected: 'Thank you for applying, and good luck with your search.',
};

/** Characters in the poster's message of a stage e-mail. */
export const STAGE_MAIL_MESSAGE_MAX = 2_000;
