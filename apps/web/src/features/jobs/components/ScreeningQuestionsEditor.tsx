import { SCREENING_LIMITS, SCREENING_TYPES, type ScreeningType } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass, TextAreaField, TextField } from '../../../components/ui/Field';
import { newQuestion, optionLines, type QuestionDraft } from './apply-options-logic';

const TYPE_WORDS: Record<ScreeningType, MessageDescriptor> = {
  yesno: msg`Yes or no`,
  text: msg`Short text`,
  choice: msg`One of several choices`,
  number: msg`A number`,
};

const checkboxLabel = 'inline-flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200';

interface QuestionProps {
  index: number;
  question: QuestionDraft;
  onChange: (question: QuestionDraft) => void;
  onRemove: () => void;
}

/** The knock-out part of a question: the answer that marks an application. */
function KnockOut({ index, question, onChange }: Omit<QuestionProps, 'onRemove'>) {
  const id = `question-${index}`;
  const { t } = useLingui();
  if (question.type === 'yesno') {
    return (
      <div>
        <label htmlFor={`${id}-knockout`} className={labelClass}>
          <Trans>Knock-out answer</Trans>
        </label>
        <select
          id={`${id}-knockout`}
          className={`${inputClass} sm:max-w-xs`}
          value={question.knockOut}
          onChange={(event) => onChange({ ...question, knockOut: event.target.value as QuestionDraft['knockOut'] })}
        >
          <option value="">{t`None`}</option>
          <option value="no">{t`“No” knocks out`}</option>
          <option value="yes">{t`“Yes” knocks out`}</option>
        </select>
      </div>
    );
  }
  if (question.type === 'number') {
    return (
      <TextField
        id={`${id}-min`}
        label={t`Knock out answers below`}
        type="number"
        inputMode="decimal"
        wrapperClassName="sm:max-w-xs"
        placeholder={t`No minimum`}
        value={question.min}
        onChange={(event) => onChange({ ...question, min: event.target.value })}
      />
    );
  }
  if (question.type !== 'choice') return null;
  const options = optionLines(question.options);
  const toggle = (option: string) =>
    onChange({
      ...question,
      knockOutOptions: question.knockOutOptions.includes(option)
        ? question.knockOutOptions.filter((o) => o !== option)
        : [...question.knockOutOptions, option],
    });
  return (
    <>
      <TextAreaField
        id={`${id}-options`}
        label={t`Options (one a line)`}
        rows={3}
        value={question.options}
        onChange={(event) => onChange({ ...question, options: event.target.value })}
      />
      {options.length > 0 ? (
        <fieldset>
          <legend className={labelClass}>
            <Trans>Knock-out options</Trans>
          </legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {options.map((option) => (
              <label key={option} className={checkboxLabel}>
                <input
                  type="checkbox"
                  checked={question.knockOutOptions.includes(option)}
                  onChange={() => toggle(option)}
                  className="h-4 w-4 accent-teal-700"
                />
                <bdi>{option}</bdi>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
    </>
  );
}

function QuestionCard({ index, question, onChange, onRemove }: QuestionProps) {
  const id = `question-${index}`;
  const { t, i18n } = useLingui();
  const number = index + 1;
  return (
    <li
      className="space-y-3 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
      aria-label={t`Question ${number}`}
    >
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <div>
          <label htmlFor={`${id}-type`} className={labelClass}>
            <Trans>Kind</Trans>
          </label>
          <select
            id={`${id}-type`}
            className={inputClass}
            value={question.type}
            onChange={(event) => onChange({ ...question, type: event.target.value as ScreeningType })}
          >
            {SCREENING_TYPES.map((type) => (
              <option key={type} value={type}>
                {i18n._(TYPE_WORDS[type])}
              </option>
            ))}
          </select>
        </div>
        <TextField
          id={`${id}-text`}
          label={t`Question ${number}`}
          maxLength={SCREENING_LIMITS.questionChars}
          value={question.text}
          onChange={(event) => onChange({ ...question, text: event.target.value })}
        />
      </div>
      <KnockOut index={index} question={question} onChange={onChange} />
      <div className="flex items-center justify-between gap-3">
        <label className={checkboxLabel}>
          <input
            type="checkbox"
            checked={question.required}
            onChange={(event) => onChange({ ...question, required: event.target.checked })}
            className="h-4 w-4 accent-teal-700"
          />
          <Trans>Required</Trans>
        </label>
        <Button variant="secondary" onClick={onRemove} aria-label={t`Remove question ${number}`}>
          <Trash2 size={16} aria-hidden="true" /> <Trans>Remove</Trans>
        </Button>
      </div>
    </li>
  );
}

export interface ScreeningQuestionsEditorProps {
  questions: QuestionDraft[];
  onChange: (questions: QuestionDraft[]) => void;
  /** Applications answered the saved questions: a change makes a new version. */
  answered: boolean;
}

/** The job form's screening questions (issue 33): up to ten, each with its kind, whether required, its knock-out. */
export function ScreeningQuestionsEditor({ questions, onChange, answered }: ScreeningQuestionsEditorProps) {
  const most = SCREENING_LIMITS.questions;
  const replace = (index: number, question: QuestionDraft) =>
    onChange(questions.map((q, i) => (i === index ? question : q)));
  return (
    <div className="space-y-3" data-testid="screening-editor">
      <div>
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
          <Trans>Screening questions</Trans>
        </h3>
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
          <Trans>
            Asked when a seeker applies on the board or by e-mail. A knock-out answer marks the application; it is never
            hidden.
          </Trans>
        </p>
        {answered ? (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            <Trans>
              Applicants have answered these questions. Changes apply to new applications only; earlier answers keep the
              questions they were asked.
            </Trans>
          </p>
        ) : null}
      </div>
      {questions.length > 0 ? (
        <ol className="space-y-3">
          {questions.map((question, index) => (
            <QuestionCard
              key={question.key}
              index={index}
              question={question}
              onChange={(changed) => replace(index, changed)}
              onRemove={() => onChange(questions.filter((_, i) => i !== index))}
            />
          ))}
        </ol>
      ) : null}
      {questions.length < SCREENING_LIMITS.questions ? (
        <Button variant="secondary" onClick={() => onChange([...questions, newQuestion()])}>
          <Plus size={16} aria-hidden="true" /> <Trans>Add a question</Trans>
        </Button>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-300">
          <Trans>At most {most} questions.</Trans>
        </p>
      )}
    </div>
  );
}
