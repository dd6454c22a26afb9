import { APPLY_METHODS, type ApplyMethod } from '@jobboard/shared';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { labelClass, TextField } from '../../../components/ui/Field';
import type { ApplyOptionsDraft } from './apply-options-logic';
import { Hint, Section } from './JobFormParts';
import { ScreeningQuestionsEditor } from './ScreeningQuestionsEditor';

const METHOD_WORDS: Record<ApplyMethod, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  board: { label: msg`On this board`, hint: msg`Seekers apply here; you see them on Responses` },
  external: { label: msg`On our company's site`, hint: msg`The Apply button sends seekers to your page` },
  email: { label: msg`By e-mail`, hint: msg`Recorded here and forwarded to an address` },
};

export interface ApplyOptionsSectionProps {
  draft: ApplyOptionsDraft;
  onChange: (draft: ApplyOptionsDraft) => void;
  answered: boolean;
  error: string | null;
}

/** Where seekers apply: three radios. */
function MethodChoice({ method: chosen, onChoose }: { method: ApplyMethod; onChoose: (method: ApplyMethod) => void }) {
  const { i18n } = useLingui();
  return (
    <fieldset>
      <legend className={labelClass}>
        <Trans>Where seekers apply</Trans>
      </legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {APPLY_METHODS.map((method) => (
          <label
            key={method}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-teal-600/40 dark:border-slate-600 dark:has-[:checked]:border-teal-400 dark:has-[:checked]:bg-teal-950"
          >
            <input
              id={`apply-method-${method}`}
              type="radio"
              name="applyMethod"
              value={method}
              checked={chosen === method}
              onChange={() => onChoose(method)}
              className="mt-0.5 h-4 w-4 accent-teal-700"
            />
            <span>
              <span className="block font-medium text-slate-900 dark:text-white">
                {i18n._(METHOD_WORDS[method].label)}
              </span>
              <span className="block text-xs text-slate-600 dark:text-slate-300">
                {i18n._(METHOD_WORDS[method].hint)}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The job form's "How to apply" (issue 33): the method, its address, the screening questions. */
export function ApplyOptionsSection({ draft, onChange, answered, error }: ApplyOptionsSectionProps) {
  const set = <K extends keyof ApplyOptionsDraft>(key: K, value: ApplyOptionsDraft[K]) =>
    onChange({ ...draft, [key]: value });
  const { t } = useLingui();
  return (
    <Section id="apply-options-section" title={t`How to apply`}>
      <MethodChoice method={draft.method} onChoose={(method) => set('method', method)} />
      {draft.method === 'external' ? (
        <div>
          <TextField
            id="applyUrl"
            label={t`Your application page`}
            type="url"
            inputMode="url"
            placeholder="https://careers.example.com/jobs/123"
            value={draft.url}
            onChange={(event) => set('url', event.target.value)}
            aria-describedby="applyUrl-hint"
          />
          <Hint id="applyUrl-hint">
            <Trans>An https:// address. My Jobs counts the seekers sent there.</Trans>
          </Hint>
        </div>
      ) : null}
      {draft.method === 'email' ? (
        <div>
          <TextField
            id="applyEmail"
            label={t`Send applications to`}
            type="email"
            // eslint-disable-next-line lingui/no-unlocalized-strings -- an example address, not words
            placeholder="jobs@example.com"
            value={draft.email}
            onChange={(event) => set('email', event.target.value)}
            aria-describedby="applyEmail-hint"
          />
          <Hint id="applyEmail-hint">
            <Trans>Each application is also on Responses, with its CV.</Trans>
          </Hint>
        </div>
      ) : null}
      {draft.method !== 'external' ? (
        <>
          <ScreeningQuestionsEditor
            questions={draft.questions}
            onChange={(questions) => set('questions', questions)}
            answered={answered}
          />
          <label className="inline-flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
            <input
              type="checkbox"
              checked={draft.autoReject}
              onChange={(event) => set('autoReject', event.target.checked)}
              className="mt-0.5 h-4 w-4 accent-teal-700"
            />
            <span>
              <Trans>
                Move knocked-out applications to Rejected by themselves (their e-mail waits the usual undo window)
              </Trans>
            </span>
          </label>
        </>
      ) : null}
      {error ? (
        <p
          role="alert"
          id="apply-options-error"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
    </Section>
  );
}
