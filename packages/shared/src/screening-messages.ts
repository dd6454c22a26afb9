/**
 * Screening questions' limits and answers, importing no schema: the web app's server-text map takes them from here
 * without pulling zod into every screen. apply-options.ts holds the schemas.
 */
export const SCREENING_LIMITS = {
  questions: 10,
  questionChars: 200,
  options: 10,
  optionChars: 100,
  textAnswerChars: 500,
} as const;

export const SCREENING_MESSAGES = {
  externalJob: "This job takes applications on the company's own site: follow the job page's Apply link",
  questionsChanged: 'The questions changed while you applied: reload the job and answer them again',
} as const;
