import { JOB_MODEL_LIMITS } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { TextAreaField, TextField } from '../../../components/ui/Field';
import { addDays } from './job-form-logic';
import { Hint, Section, textSetter, type JobFormPartProps } from './JobFormParts';

/** The job form's closing date and description. */
export function ApplicationsSection({
  values,
  errors,
  set,
  today,
}: Pick<JobFormPartProps, 'values' | 'errors' | 'set'> & { today: string }) {
  const onText = textSetter(set);
  const lastDay = addDays(today, JOB_MODEL_LIMITS.validityMaxDays);
  const days = JOB_MODEL_LIMITS.validityMaxDays;
  const { t } = useLingui();
  return (
    <Section id="applications-section" title={t`Applications`}>
      <div className="max-w-xs">
        <TextField
          id="validThrough"
          label={t`Applications close on`}
          type="date"
          min={today}
          max={lastDay}
          value={values.validThrough}
          onChange={onText('validThrough')}
          error={errors.validThrough}
          aria-describedby={errors.validThrough ? 'validThrough-error validThrough-hint' : 'validThrough-hint'}
        />
        <Hint id="validThrough-hint">
          <Trans>At most {days} days from today. You can renew the job from My Jobs.</Trans>
        </Hint>
      </div>
      <TextAreaField
        id="description"
        label={t`Job Description`}
        required
        rows={6}
        placeholder={t`Describe the role, the team and what you are looking for.`}
        value={values.description}
        // The poster's words in the posting's language, laid out by their own direction (an English description
        // stays left to right on an Arabic form).
        lang={values.language || undefined}
        dir="auto"
        onChange={onText('description')}
        error={errors.description}
      />
    </Section>
  );
}

/** The refusal to show, if any, and the submit button with its neighbour (Post a Job's Preview). */
export function SubmitRow({
  serverMessage,
  pending,
  submitLabel,
  extra,
}: {
  serverMessage: string | null;
  pending: boolean;
  submitLabel: string;
  extra: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <>
      {serverMessage ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {serverMessage}
        </p>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" disabled={pending} className="w-full sm:w-auto sm:px-10">
          {pending ? t`Loading...` : submitLabel}
        </Button>
        {extra}
      </div>
    </>
  );
}
