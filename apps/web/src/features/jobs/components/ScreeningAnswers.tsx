import { SCREENING_LIMITS, type PublicQuestion, type ScreeningAnswers as Answers } from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { useApplyFormQuery } from '../api/apply-options';

/** An answer as typed: yes/no as 'yes'/'no', a number as its text. */
type Typed = Record<string, string>;

const questionId = (id: string) => `screening-${id}`;

/** The answers as the apply call sends them; '' (not answered) left out. */
function payloadOf(questions: PublicQuestion[], typed: Typed): Answers {
  const answers: Answers = {};
  for (const q of questions) {
    const value = (typed[q.id] ?? '').trim();
    if (!value) continue;
    answers[q.id] = q.type === 'yesno' ? value === 'yes' : q.type === 'number' ? Number(value) : value;
  }
  return answers;
}

function problemOf(i18n: I18n, question: PublicQuestion, value: string): string | undefined {
  if (!value.trim()) return question.required ? i18n._(msg`An answer is required`) : undefined;
  if (question.type === 'number' && !Number.isFinite(Number(value))) return i18n._(msg`Answer with a number`);
  return undefined;
}

/**
 * The job's screening questions in the apply dialog (issue 33): what was typed, the errors (the server's too,
 * "answers.q1: ..."), the check before sending and what the apply call sends.
 */
export function useScreeningAnswers(jobId: string) {
  const { i18n } = useLingui();
  const form = useApplyFormQuery(jobId);
  const questions = form.data?.questions ?? [];
  const [typed, setTyped] = useState<Typed>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = (id: string, value: string) => {
    setTyped((current) => ({ ...current, [id]: value }));
    setErrors((current) => ({ ...current, [id]: undefined }));
  };
  /** False, with the first wrong answer focused, when one is missing or not a number. */
  const validate = (): boolean => {
    const found = Object.fromEntries(questions.map((q) => [q.id, problemOf(i18n, q, typed[q.id] ?? '')]));
    setErrors(found);
    const first = questions.find((q) => found[q.id]);
    if (first) document.getElementById(questionId(first.id))?.focus();
    return !first;
  };
  /** A server message about one answer ("answers.q2: ..."): shown beside it; false when it is about something else. */
  const showServerError = (message: string): boolean => {
    const match = /^answers\.(q\d+): (.*)$/s.exec(message);
    if (!match?.[1]) return false;
    setErrors((current) => ({ ...current, [match[1] as string]: match[2] }));
    document.getElementById(questionId(match[1]))?.focus();
    return true;
  };
  return {
    loading: form.isPending,
    questions,
    version: form.data?.version,
    typed,
    set,
    errors,
    validate,
    showServerError,
    payload: () => payloadOf(questions, typed),
  };
}

export type ScreeningState = ReturnType<typeof useScreeningAnswers>;

function Answer({ question, state, disabled }: { question: PublicQuestion; state: ScreeningState; disabled: boolean }) {
  const { t } = useLingui();
  const id = questionId(question.id);
  const value = state.typed[question.id] ?? '';
  const error = state.errors[question.id];
  const common = {
    id,
    disabled,
    'aria-required': question.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  };
  const label = (
    <>
      <bdi>{question.text}</bdi>
      {question.required ? (
        <span className="text-red-700 dark:text-red-300"> *</span>
      ) : (
        <span className="font-normal text-slate-600 dark:text-slate-400">
          {' '}
          <Trans>(optional)</Trans>
        </span>
      )}
    </>
  );
  const choices =
    question.type === 'yesno' ? ['yes', 'no'] : question.type === 'choice' ? (question.options ?? []) : [];
  return (
    <div data-field={id}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {choices.length > 0 ? (
        <select
          {...common}
          className={inputClass}
          value={value}
          onChange={(e) => state.set(question.id, e.target.value)}
        >
          <option value="">{t`Choose…`}</option>
          {choices.map((choice) => (
            <option key={choice} value={choice}>
              {question.type === 'yesno' ? (choice === 'yes' ? t`Yes` : t`No`) : choice}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={question.type === 'number' ? 'number' : 'text'}
          inputMode={question.type === 'number' ? 'decimal' : undefined}
          maxLength={question.type === 'text' ? SCREENING_LIMITS.textAnswerChars : undefined}
          className={inputClass}
          value={value}
          onChange={(e) => state.set(question.id, e.target.value)}
        />
      )}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The questions the employer asks, answered in the apply dialog; nothing when the job asks none. */
export function ScreeningAnswers({ state, disabled }: { state: ScreeningState; disabled: boolean }) {
  if (state.questions.length === 0) return null;
  return (
    <fieldset className="mt-5 space-y-4" data-testid="screening-answers">
      <legend className="text-sm font-semibold text-slate-900 dark:text-white">
        <Trans>The employer asks</Trans>
      </legend>
      {state.questions.map((question) => (
        <Answer key={question.id} question={question} state={state} disabled={disabled} />
      ))}
    </fieldset>
  );
}
