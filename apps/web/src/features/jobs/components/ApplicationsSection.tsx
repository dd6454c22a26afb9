import { JOB_MODEL_LIMITS } from '@jobboard/shared';
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
  return (
    <Section id="applications-section" title="Applications">
      <div className="max-w-xs">
        <TextField
          id="validThrough"
          label="Applications close on"
          type="date"
          min={today}
          max={lastDay}
          value={values.validThrough}
          onChange={onText('validThrough')}
          error={errors.validThrough}
          aria-describedby={errors.validThrough ? 'validThrough-error validThrough-hint' : 'validThrough-hint'}
        />
        <Hint id="validThrough-hint">
          At most {JOB_MODEL_LIMITS.validityMaxDays} days from today. You can renew the job from My Jobs.
        </Hint>
      </div>
      <TextAreaField
        id="description"
        label="Job Description"
        required
        rows={6}
        placeholder="Describe the role, the team and what you are looking for."
        value={values.description}
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
          {pending ? 'Loading...' : submitLabel}
        </Button>
        {extra}
      </div>
    </>
  );
}
