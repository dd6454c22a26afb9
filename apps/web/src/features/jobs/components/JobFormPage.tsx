import type { Job, WriteAck } from '@jobboard/shared';
import { useState, type ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router';
import { showSuccess } from '../../../components/ui/dialogs';
import { PageTitle } from '../../../components/ui/PageTitle';
import { isAcknowledged, errorMessage } from '../../../lib/api';
import { JobForm } from './JobForm';
import { todayIso, type JobFormBody, type JobFormValues } from './job-form-logic';
import type { ApplyOptionsDraft } from './apply-options-logic';
import { useApplyOptionsEditor } from './useApplyOptionsEditor';

/** What the page needs of the create or update mutation. */
export interface JobSave {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  mutate(body: JobFormBody, options: { onSuccess: (ack: WriteAck) => void; onSettled: () => void }): void;
}

export interface JobFormPageProps {
  title: string;
  subtitle: ReactNode;
  initialValues: JobFormValues;
  /** Editing: the job as loaded. */
  original?: Job;
  submitLabel: string;
  successMessage: string;
  /** Create or update: the answer's `acknowledged` decides the success dialog (docs/product.md, "States"). */
  save: JobSave;
  /** Changes when the data the form was filled from changes (a refetched job), so the form starts again from it. */
  sourceVersion?: number;
  /** Where the success dialog leads on (the new job, My Jobs), from the save's answer. */
  successLinks?: (ack: WriteAck) => { label: string; to: string }[];
  /** A resumed job draft's apply options. */
  initialApplyOptions?: ApplyOptionsDraft;
  /** Shown beside the submit button (Post a Job's Preview), given the form's current values and apply options. */
  extraAction?: (values: JobFormValues, applyOptions: ApplyOptionsDraft | null) => ReactNode;
}

/** Post a Job and Edit Job: the same form; on an acknowledged answer a success dialog, and the form resets. */
export function JobFormPage({
  title,
  subtitle,
  initialValues,
  original,
  submitLabel,
  successMessage,
  save,
  sourceVersion = 0,
  successLinks,
  initialApplyOptions,
  extraAction,
}: JobFormPageProps) {
  // A new key mounts a fresh form: the reset after a successful save.
  const [formKey, setFormKey] = useState(0);
  const navigate = useNavigate();
  const base = useHref('/');
  // How to apply and the screening questions (issue 33): saved once the job is, with its id.
  const applyOptions = useApplyOptionsEditor(original?._id, initialApplyOptions);
  const linksOf = (ack: WriteAck) =>
    (successLinks?.(ack) ?? []).map((link) => ({
      label: link.label,
      href: `${base.replace(/\/$/, '')}${link.to}`,
      follow: () => void navigate(link.to),
    }));
  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle subtitle={subtitle}>{title}</PageTitle>
      <JobForm
        key={`${formKey}-${sourceVersion}`}
        initialValues={initialValues}
        {...(original ? { original } : {})}
        today={todayIso()}
        submitLabel={submitLabel}
        {...(extraAction ? { extraAction: (values: JobFormValues) => extraAction(values, applyOptions.draft) } : {})}
        busy={save.isPending || applyOptions.pending}
        serverError={save.isError ? errorMessage(save.error) : null}
        beforeSubmit={applyOptions.section}
        onSubmit={(body, done) => {
          if (!applyOptions.check()) return done();
          save.mutate(body, {
            onSuccess: (ack) => {
              if (!isAcknowledged(ack)) return;
              const jobId = original?._id ?? ('insertedId' in ack ? ack.insertedId : undefined);
              void applyOptions.saveFor(jobId).then((ok) => {
                if (!ok) return;
                setFormKey((k) => k + 1);
                void showSuccess(successMessage, undefined, linksOf(ack));
              });
            },
            onSettled: done,
          });
        }}
      />
    </section>
  );
}
