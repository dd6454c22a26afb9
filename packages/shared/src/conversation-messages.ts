/**
 * Messages' and interviews' limits and answers, importing no schema: the web app's server-text map takes them from here
 * without pulling zod into every screen. conversations.ts holds the schemas.
 */
export const CONVERSATION_LIMITS = {
  /** Characters in one message. */
  messageMaxLength: 5_000,
  /** Time slots in one interview proposal. */
  slotsMax: 5,
  locationMaxLength: 500,
  minutesMin: 5,
  minutesMax: 480,
} as const;

export const CONVERSATION_MESSAGES = {
  threadNotFound: 'Application not found',
  interviewNotFound: 'Interview not found',
  slotNotFound: 'slotId: not one of the proposed time slots',
  tooManyMessages: (limit: number) =>
    `You have sent ${limit} messages in the last hour, the most allowed: try again later`,
  interviewCancelled: 'This interview was cancelled',
  teamOnly: 'Only the job’s team can propose interview times',
  candidateOnly: 'Only the candidate can pick a time slot',
  withdrawn: 'This application was withdrawn',
  slotInPast: 'slots: every time slot must be in the future',
} as const;
