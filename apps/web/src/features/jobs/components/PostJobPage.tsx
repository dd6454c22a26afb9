import { MESSAGES } from '@jobboard/shared';
import { useRef } from 'react';
import { ResendVerification } from '../../../components/account/ResendVerification';
import { PageTitle } from '../../../components/ui/PageTitle';
import { useCurrentUser } from '../../../lib/session';
import { newIdempotencyKey, useCreateJob } from '../api/jobs';
import { JobFormPage, type JobSave } from './JobFormPage';
import { JobPreviewButton } from './JobPreview';
import { emptyJobForm } from './job-form-logic';

export function PostJobPage() {
  const user = useCurrentUser();
  // The server refuses to post until the address is confirmed (403): say so, instead of a form that would fail.
  if (user?.emailVerified === false) return <ConfirmAddressFirst email={user.email} />;
  return <PostJobForm />;
}

function PostJobForm() {
  const createJob = useCreateJob();
  // One key per filled-in form: its retries (a lost answer, a second click) name the same job; a new form, a new key.
  const idempotencyKey = useRef(newIdempotencyKey());
  const save: JobSave = {
    isPending: createJob.isPending,
    isError: createJob.isError,
    error: createJob.error,
    mutate: (body, options) =>
      createJob.mutate(
        { body, idempotencyKey: idempotencyKey.current },
        {
          ...options,
          onSuccess: (ack) => {
            idempotencyKey.current = newIdempotencyKey();
            options.onSuccess(ack);
          },
        },
      ),
  };
  return (
    <JobFormPage
      title="Post a Job"
      subtitle="Fill in the details of the position you are hiring for."
      initialValues={emptyJobForm()}
      submitLabel="Create Job"
      successMessage={MESSAGES.jobCreated}
      successLinks={(ack) => [
        ...('insertedId' in ack ? [{ label: 'View the job', to: `/job/${ack.insertedId}` }] : []),
        { label: 'Go to My Jobs', to: '/my-job' },
      ]}
      extraAction={(values) => <JobPreviewButton values={values} />}
      save={save}
    />
  );
}

function ConfirmAddressFirst({ email }: { email: string }) {
  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle subtitle="Fill in the details of the position you are hiring for.">Post a Job</PageTitle>
      <div
        className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950 sm:p-8 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-50"
        data-testid="confirm-to-post"
      >
        <h2 className="text-lg font-semibold">Confirm your e-mail address first</h2>
        <p className="mt-2 text-sm">
          To keep the board free of spam, jobs can be posted once the address of the account is confirmed. We sent a
          link to <strong className="wrap-anywhere">{email}</strong>: open it, and come back here.
        </p>
        <p className="mt-2 text-sm">No e-mail? Look in the spam folder, or ask for a new link.</p>
        <div className="mt-4 text-sm">
          <ResendVerification look="button" label="Send the link again" />
        </div>
      </div>
    </section>
  );
}
