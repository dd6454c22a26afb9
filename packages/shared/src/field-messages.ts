/**
 * Reasons the server writes after a field's name ("url: an https:// address is required"): the name varies, the
 * reason does not, so the web app translates the reason and keeps the name in front (the forms place the text by it).
 */
export const FIELD_MESSAGES = {
  noNul: 'must not contain the NUL character',
  setByEnvironment: 'set by the environment; change it there',
  httpsRequired: 'an https:// address is required',
  noCredentials: 'an address without a user name or password is required',
  publicAddress: 'a public address is required, not a private or local one',
  answerYesOrNo: 'answer yes or no',
  answerNumber: 'answer with a number',
  answerText: 'answer with a text',
  noSuchQuestion: 'this job asks no such question',
  answerOneOf: (options: string) => `answer one of: ${options}`,
  answerRequired: (question: string) => `an answer is required (${question})`,
  validThroughRange: (days: number | string, from: string, to: string) =>
    `must be between today and ${days} days from today (${from} to ${to})`,
  slotMissing: (start: string, timeZone: string) => `${start} does not exist in ${timeZone}`,
  stageComesAfter: (stage: string) => `this stage comes after ${stage}: send stage ${stage}`,
} as const;
