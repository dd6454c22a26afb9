import type {
  PublicQuestion,
  ScreeningAnswer,
  ScreeningAnswers,
  ScreeningQuestion,
  StoredQuestion,
} from '@jobboard/shared';
import { FIELD_MESSAGES } from '@jobboard/shared';
import { AppError } from '../../http/errors.js';

/** The questions as stored: each gets its id by its place in the version (q1, q2...). */
export const toStored = (questions: ScreeningQuestion[]): StoredQuestion[] =>
  questions.map((question, index) => ({ ...question, id: `q${index + 1}` }));

/** A value as text with its keys sorted: jsonb keeps keys in its own order, not the order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Two lists that ask the same questions are the same version. */
export const sameQuestions = (a: StoredQuestion[], b: StoredQuestion[]): boolean => canonical(a) === canonical(b);

/** A question as a seeker sees it: the knock-out answer stays with the job's team. */
export function toPublic(question: StoredQuestion): PublicQuestion {
  const { id, type, text, required } = question;
  return question.type === 'choice'
    ? { id, type, text, required, options: question.options }
    : { id, type, text, required };
}

const bad = (id: string, message: string) => new AppError('bad_request', `answers.${id}: ${message}`);

/** One answer checked against its question: its text as the team reads it, and whether it knocks out. */
function judge(question: StoredQuestion, value: boolean | number | string): ScreeningAnswer {
  const base = { question: question.text, type: question.type };
  switch (question.type) {
    case 'yesno': {
      if (typeof value !== 'boolean') throw bad(question.id, FIELD_MESSAGES.answerYesOrNo);
      const said = value ? 'yes' : 'no';
      return { ...base, answer: value ? 'Yes' : 'No', knockedOut: question.knockOut === said };
    }
    case 'number': {
      if (typeof value !== 'number') throw bad(question.id, FIELD_MESSAGES.answerNumber);
      return { ...base, answer: String(value), knockedOut: question.min !== null && value < question.min };
    }
    case 'choice': {
      if (typeof value !== 'string' || !question.options.includes(value))
        throw bad(question.id, FIELD_MESSAGES.answerOneOf(question.options.join(', ')));
      return { ...base, answer: value, knockedOut: question.knockOut.includes(value) };
    }
    case 'text': {
      if (typeof value !== 'string') throw bad(question.id, FIELD_MESSAGES.answerText);
      return { ...base, answer: value.trim(), knockedOut: false };
    }
  }
}

const isBlank = (value: unknown) => value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The answers to a version's questions, in its order, with whether any knocks the application out. A required
 * question left blank, an answer of the wrong kind or to a question the version has not: 400 naming it.
 */
export function screen(
  questions: StoredQuestion[],
  answers: ScreeningAnswers,
): { answers: ScreeningAnswer[]; knockedOut: boolean } {
  const known = new Set(questions.map((q) => q.id));
  const stray = Object.keys(answers).find((id) => !known.has(id));
  if (stray) throw bad(stray, FIELD_MESSAGES.noSuchQuestion);
  const judged = questions.map((question): ScreeningAnswer => {
    const value = answers[question.id];
    if (value === undefined || isBlank(value)) {
      if (question.required) throw bad(question.id, FIELD_MESSAGES.answerRequired(question.text));
      return { question: question.text, type: question.type, answer: null, knockedOut: false };
    }
    return judge(question, value);
  });
  return { answers: judged, knockedOut: judged.some((a) => a.knockedOut) };
}
