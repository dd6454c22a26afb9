import {
  applyOptionsBodySchema,
  type ApplyMethod,
  type ApplyOptions,
  type ApplyOptionsBody,
  type ScreeningQuestionInput,
  type JobDraftPayload,
  type ScreeningType,
} from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { appI18n } from '../../../lib/i18n';

/** One question as the form edits it: every kind's fields kept, so switching the kind loses nothing typed. */
export interface QuestionDraft {
  key: number;
  type: ScreeningType;
  text: string;
  required: boolean;
  /** yes/no: the answer that knocks out ('' none). */
  knockOut: '' | 'yes' | 'no';
  /** choice: one option a line; the options that knock out. */
  options: string;
  knockOutOptions: string[];
  /** number: below this knocks out ('' none). */
  min: string;
}

export interface ApplyOptionsDraft {
  method: ApplyMethod;
  url: string;
  email: string;
  autoReject: boolean;
  questions: QuestionDraft[];
}

let nextKey = 1;

export const newQuestion = (type: ScreeningType = 'yesno'): QuestionDraft => ({
  key: nextKey++,
  type,
  text: '',
  required: false,
  knockOut: '',
  options: '',
  knockOutOptions: [],
  min: '',
});

export const EMPTY_APPLY_OPTIONS: ApplyOptionsDraft = {
  method: 'board',
  url: '',
  email: '',
  autoReject: false,
  questions: [],
};

export const optionLines = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

type DraftApplyOptions = NonNullable<JobDraftPayload['applyOptions']>;

/** The options as a job draft keeps them: as typed, unchecked (they are checked when the job is published). */
export function draftPayloadOf(draft: ApplyOptionsDraft): DraftApplyOptions {
  return { ...draft, questions: draft.questions.map(({ key: _key, ...question }) => question) };
}

/** A job draft's options as the form edits them. */
export function fromDraftPayload(kept: DraftApplyOptions): ApplyOptionsDraft {
  return {
    method: kept.method,
    url: kept.url ?? '',
    email: kept.email ?? '',
    autoReject: kept.autoReject ?? false,
    questions: kept.questions.map((q) => ({
      ...newQuestion(q.type),
      text: q.text ?? '',
      required: q.required ?? false,
      knockOut: q.knockOut ?? '',
      options: q.options ?? '',
      knockOutOptions: q.knockOutOptions ?? [],
      min: q.min ?? '',
    })),
  };
}

/** The saved options as the form edits them. */
export function draftOf(options: ApplyOptions): ApplyOptionsDraft {
  return {
    method: options.method,
    url: options.url,
    email: options.email,
    autoReject: options.autoReject,
    questions: options.questions.map((q) => ({
      ...newQuestion(q.type),
      text: q.text,
      required: q.required,
      knockOut: q.type === 'yesno' && typeof q.knockOut === 'string' ? q.knockOut : '',
      options: (q.options ?? []).join('\n'),
      knockOutOptions: Array.isArray(q.knockOut) ? q.knockOut : [],
      min: q.min === null || q.min === undefined ? '' : String(q.min),
    })),
  };
}

function questionBody(q: QuestionDraft): ScreeningQuestionInput {
  const common = { text: q.text, required: q.required };
  switch (q.type) {
    case 'yesno':
      return { type: 'yesno', ...common, knockOut: q.knockOut || null };
    case 'text':
      return { type: 'text', ...common };
    case 'choice': {
      const options = optionLines(q.options);
      return { type: 'choice', ...common, options, knockOut: q.knockOutOptions.filter((o) => options.includes(o)) };
    }
    case 'number':
      return { type: 'number', ...common, min: q.min.trim() === '' ? null : Number(q.min) };
  }
}

/** What the PUT sends: only the address the method needs. */
export function bodyOf(draft: ApplyOptionsDraft): ApplyOptionsBody {
  return {
    method: draft.method,
    ...(draft.method === 'external' ? { url: draft.url.trim() } : {}),
    ...(draft.method === 'email' ? { email: draft.email.trim() } : {}),
    autoReject: draft.autoReject,
    questions: draft.questions.map(questionBody),
  };
}

/** The first problem with the options, as the server would word it ("url: ..."); undefined when they are fine. */
export function applyOptionsProblem(draft: ApplyOptionsDraft, i18n: I18n = appI18n()): string | undefined {
  const numbers = draft.questions.some(
    (q) => q.type === 'number' && q.min.trim() !== '' && !Number.isFinite(Number(q.min)),
  );
  if (numbers) return i18n._(msg`min: The knock-out minimum must be a number`);
  const result = applyOptionsBodySchema.safeParse(bodyOf(draft));
  if (result.success) return undefined;
  const issue = result.error.issues[0];
  if (!issue) return i18n._(msg`The apply options are not valid`);
  // As the server words it: the field, then the message; a question's by its number.
  const question = issue.path[0] === 'questions' && typeof issue.path[1] === 'number' ? issue.path[1] + 1 : undefined;
  const field = issue.path[issue.path.length - 1];
  const named = typeof field === 'string' ? `${field}: ${issue.message}` : issue.message;
  return question === undefined ? named : i18n._(msg`Question ${question}: ${named}`);
}
