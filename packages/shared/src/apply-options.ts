import { z } from './zod.js';
import { SCREENING_LIMITS } from './screening-messages.js';

/**
 * How a job takes applications and the screening questions it asks (issue 33, items 2 and 3; decision record 41).
 * board: on this site (the default, and every job an old client posts); external: on the company's own site, the
 * job page sends the seeker there; email: recorded here and forwarded to an address.
 */
export const APPLY_METHODS = ['board', 'external', 'email'] as const;
export type ApplyMethod = (typeof APPLY_METHODS)[number];

export const SCREENING_TYPES = ['yesno', 'text', 'choice', 'number'] as const;
export type ScreeningType = (typeof SCREENING_TYPES)[number];

const questionText = z
  .string({ error: 'Each question needs its text' })
  .trim()
  .min(1, { error: 'Each question needs its text' })
  .max(SCREENING_LIMITS.questionChars, {
    error: `A question has at most ${SCREENING_LIMITS.questionChars} characters`,
  });
const required = z.boolean({ error: 'required must be true or false' }).default(false);
const option = z
  .string()
  .trim()
  .min(1, { error: 'An option must not be empty' })
  .max(SCREENING_LIMITS.optionChars, { error: `An option has at most ${SCREENING_LIMITS.optionChars} characters` });

/** One question as the employer writes it; `knockOut` is the answer that marks an application. */
export const screeningQuestionSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('yesno'),
      text: questionText,
      required,
      knockOut: z.enum(['yes', 'no'], { error: 'knockOut must be yes or no' }).nullable().default(null),
    }),
    z.strictObject({ type: z.literal('text'), text: questionText, required }),
    z
      .strictObject({
        type: z.literal('choice'),
        text: questionText,
        required,
        options: z
          .array(option)
          .min(2, { error: 'A choice needs at least 2 options' })
          .max(SCREENING_LIMITS.options, { error: `At most ${SCREENING_LIMITS.options} options` }),
        knockOut: z.array(option).max(SCREENING_LIMITS.options).default([]),
      })
      .refine((q) => new Set(q.options).size === q.options.length, {
        error: 'Each option must differ',
        path: ['options'],
      })
      .refine((q) => q.knockOut.every((o) => q.options.includes(o)), {
        error: 'Knock-out answers must be options of the question',
        path: ['knockOut'],
      }),
    z.strictObject({
      type: z.literal('number'),
      text: questionText,
      required,
      min: z.number({ error: 'min must be a number' }).nullable().default(null),
    }),
  ],
  { error: `type must be one of ${SCREENING_TYPES.join(', ')}` },
);
export type ScreeningQuestionInput = z.input<typeof screeningQuestionSchema>;
export type ScreeningQuestion = z.output<typeof screeningQuestionSchema>;

/** A stored question: its id (q1, q2... in its version) beside what the employer wrote. */
export type StoredQuestion = ScreeningQuestion & { id: string };

export const applyOptionsBodySchema = z
  .strictObject({
    method: z.enum(APPLY_METHODS, { error: `method must be one of ${APPLY_METHODS.join(', ')}` }),
    url: z
      .string()
      .trim()
      .max(2000, { error: 'The address has at most 2000 characters' })
      .refine((v) => v === '' || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), {
        error: 'Must be an https:// address',
      })
      .default(''),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, { error: 'The address has at most 254 characters' })
      .refine((v) => v === '' || z.email().safeParse(v).success, { error: 'Must be a valid email address' })
      .default(''),
    autoReject: z.boolean({ error: 'autoReject must be true or false' }).default(false),
    questions: z
      .array(screeningQuestionSchema)
      .max(SCREENING_LIMITS.questions, { error: `At most ${SCREENING_LIMITS.questions} questions` })
      .default([]),
  })
  .refine((body) => body.method !== 'external' || body.url !== '', {
    error: "The company's application page is required",
    path: ['url'],
  })
  .refine((body) => body.method !== 'email' || body.email !== '', {
    error: 'The address applications go to is required',
    path: ['email'],
  });
export type ApplyOptionsBody = z.input<typeof applyOptionsBodySchema>;

const storedQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(SCREENING_TYPES),
  text: z.string(),
  required: z.boolean(),
  knockOut: z
    .union([z.enum(['yes', 'no']), z.array(z.string())])
    .nullable()
    .optional(),
  options: z.array(z.string()).optional(),
  min: z.number().nullable().optional(),
});

/** The job's apply options as its team sees them. */
export const applyOptionsSchema = z.object({
  method: z.enum(APPLY_METHODS),
  url: z.string().describe("The company's application page (method external), else ''"),
  email: z.string().describe("Where applications are forwarded (method email), else ''"),
  autoReject: z.boolean().describe('Knocked-out applications move to Rejected after the stage undo window'),
  questions: z.array(storedQuestionSchema),
  version: z.number().int().describe('The questions version new applications answer; 0: none yet'),
  answered: z.boolean().describe('Whether applications answered this version: saving other questions makes a new one'),
  clicks: z.number().int().describe("Seekers sent to the company's site"),
});
export type ApplyOptions = z.infer<typeof applyOptionsSchema>;

/** A question as a seeker sees it: no knock-out answer. */
export const publicQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(SCREENING_TYPES),
  text: z.string(),
  required: z.boolean(),
  options: z.array(z.string()).optional(),
});
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

/** What the job page needs to offer applying (GET /api/job/:id/apply-form). */
export const applyFormSchema = z.object({
  method: z.enum(APPLY_METHODS),
  version: z.number().int(),
  questions: z.array(publicQuestionSchema),
});
export type ApplyForm = z.infer<typeof applyFormSchema>;

/** The apply body's answers, by question id; yes/no as a boolean, a number as a number. */
export const screeningAnswersSchema = z
  .record(
    z.string().regex(/^q\d{1,2}$/, { error: 'Unknown question' }),
    z.union([z.boolean(), z.number(), z.string().max(SCREENING_LIMITS.textAnswerChars)], {
      error: `Each answer is yes/no, a number or a text of at most ${SCREENING_LIMITS.textAnswerChars} characters`,
    }),
  )
  .refine((answers) => Object.keys(answers).length <= SCREENING_LIMITS.questions, {
    error: 'Too many answers',
  });
export type ScreeningAnswers = z.infer<typeof screeningAnswersSchema>;

/** An answer as the job's team reads it, with the question's text as it was asked. */
export const screeningAnswerSchema = z.object({
  question: z.string(),
  type: z.enum(SCREENING_TYPES),
  answer: z.string().nullable().describe('Yes/No, the number, the text or the option; null: not answered'),
  knockedOut: z.boolean(),
});
export type ScreeningAnswer = z.infer<typeof screeningAnswerSchema>;

export const screeningResultSchema = z
  .object({ knockedOut: z.boolean(), answers: z.array(screeningAnswerSchema) })
  .nullable()
  .describe('The screening answers; null when the job asked none');
export type ScreeningResult = z.infer<typeof screeningResultSchema>;
