import { useLingui } from '@lingui/react/macro';
import { useState, type ReactNode, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import { focusField } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { useCreateCompany } from '../../../lib/companies';
import { useSingleFlight } from '../../../lib/single-flight';
import { ApplicationsSection, SubmitRow } from './ApplicationsSection';
import { useCompanyChoice } from './CompanySection';
import {
  validateJobForm,
  type JobFormBody,
  type JobFormErrors,
  type JobFormField,
  type JobFormValues,
} from './job-form-logic';
import type { JobFormPartProps } from './JobFormParts';
import { JobSection } from './JobSection';
import { PaySection } from './PaySection';
import { PlaceSection } from './PlaceSection';

export interface JobFormProps {
  initialValues: JobFormValues;
  /** Editing: the job as loaded (its company stays choosable, its closing date is sent only when changed). */
  original?: Parameters<typeof validateJobForm>[1]['original'];
  /** YYYY-MM-DD of today, for the closing date's bounds. */
  today: string;
  submitLabel: string;
  /** Beside the submit button, given the form's current values (Post a Job's Preview). */
  extraAction?: (values: JobFormValues) => ReactNode;
  busy: boolean;
  serverError?: string | null;
  /** A part of the form kept by the page, after the job's own parts (how to apply). */
  beforeSubmit?: ReactNode;
  /**
   * Receives the validated body, with the id of the company (created first when it is new); calls `done` once
   * the save has settled (until then, further submits are ignored: one job per double click).
   */
  onSubmit: (body: JobFormBody, done: () => void) => void;
}

/** The element each field's error moves the focus to. */
const FOCUS_IDS: Partial<Record<JobFormField, string>> = {
  skills: 'skills-input',
  remoteCountries: 'remoteCountries-input',
  workplace: 'workplace-on-site',
};

/**
 * Validates on submit (showing the errors and focusing the first), then hands the body on; a new company is
 * created first, once: a retry after a failed post uses the company now in the list.
 */
function useJobFormSubmit({
  current,
  original,
  today,
  onSubmit,
}: Pick<JobFormProps, 'original' | 'today' | 'onSubmit'> & { current: JobFormValues }) {
  const createCompany = useCreateCompany();
  const { i18n } = useLingui();
  const start = useSingleFlight();
  const [errors, setErrors] = useState<JobFormErrors>({});
  const submit = (event: SubmitEvent, set: JobFormPartProps['set']) => {
    event.preventDefault();
    const result = validateJobForm(current, original ? { today, original, i18n } : { today, i18n });
    if (!result.ok) {
      // Rendered first, so the block scrolled into view already holds its message.
      flushSync(() => setErrors(result.errors));
      const first = Object.keys(result.errors)[0] as JobFormField | undefined;
      if (first) focusField(FOCUS_IDS[first] ?? first);
      return;
    }
    setErrors({});
    const { body, newCompany } = result;
    start((done) => {
      if (!newCompany) {
        onSubmit(body, done);
        return;
      }
      createCompany.mutate(newCompany, {
        onSuccess: (created) => {
          set('company', created.id);
          onSubmit({ ...body, companyId: created.id }, done);
        },
        onError: done,
      });
    });
  };
  const clearError = (field: JobFormField) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  return { submit, errors, clearError, createCompany };
}

export function JobForm({
  initialValues,
  original,
  today,
  submitLabel,
  extraAction,
  busy,
  serverError,
  beforeSubmit,
  onSubmit,
}: JobFormProps) {
  const [values, setValues] = useState<JobFormValues>(initialValues);
  // A new company's logo on its way: the job waits for its address.
  const [uploading, setUploading] = useState(false);
  const choice = useCompanyChoice(values.company, original);
  const current = { ...values, company: choice.company };
  const { submit, errors, clearError, createCompany } = useJobFormSubmit({ current, original, today, onSubmit });
  const set = <K extends JobFormField>(field: K, value: JobFormValues[K]) =>
    setValues((v) => ({ ...v, [field]: value }));
  const part: JobFormPartProps = { values, errors, set, setValues };
  const serverMessage = serverError ?? (createCompany.isError ? errorMessage(createCompany.error) : null);

  return (
    <form
      onSubmit={(event) => submit(event, set)}
      noValidate
      className="space-y-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
    >
      <JobSection {...part} choice={choice} onLogoBusy={setUploading} />
      <PlaceSection {...part} onCityResolved={() => clearError('city')} />
      <PaySection {...part} />
      <ApplicationsSection {...part} today={today} />
      {beforeSubmit}
      <SubmitRow
        serverMessage={serverMessage}
        pending={busy || createCompany.isPending || uploading}
        submitLabel={submitLabel}
        extra={extraAction?.(current)}
      />
    </form>
  );
}
