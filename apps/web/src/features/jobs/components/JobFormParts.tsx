import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import type { JobFormErrors, JobFormField, JobFormValues } from './job-form-logic';

/** What each part of the job form gets: the values, their errors and the setters. */
export interface JobFormPartProps {
  values: JobFormValues;
  errors: JobFormErrors;
  set: <K extends JobFormField>(field: K, value: JobFormValues[K]) => void;
  setValues: Dispatch<SetStateAction<JobFormValues>>;
}

export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-5 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0 dark:border-slate-800"
    >
      <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex items-center gap-1 rounded-md bg-teal-50 py-0.5 ps-2 pe-1 text-sm text-teal-900 dark:bg-teal-950 dark:text-teal-100">
      <bdi>{label}</bdi>
      <button
        type="button"
        onClick={onRemove}
        aria-label={t`Remove ${label}`}
        className="rounded p-0.5 hover:bg-teal-200 focus-visible:outline-2 focus-visible:outline-teal-700 dark:hover:bg-teal-800"
      >
        <X size={14} aria-hidden="true" />
      </button>
    </span>
  );
}

export function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
      {children}
    </p>
  );
}

/** An input's onChange that stores its text in the field. */
export function textSetter(set: JobFormPartProps['set']) {
  return (field: 'jobTitle' | Exclude<JobFormField, 'skills' | 'remoteCountries' | 'workplace' | 'period'>) =>
    (event: { target: { value: string } }) =>
      set(field, event.target.value);
}
