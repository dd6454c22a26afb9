import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ResendVerification } from '../../../components/account/ResendVerification';
import { Button } from '../../../components/ui/Button';
import { Link } from '../../../components/ui/Link';
import { PageTitle } from '../../../components/ui/PageTitle';
import { errorMessage } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';
import { useDraft, useSaveDraft } from '../api/drafts';
import { newIdempotencyKey, useCreateJob } from '../api/jobs';
import { draftPayloadOf, fromDraftPayload, type ApplyOptionsDraft } from './apply-options-logic';
import { draftFromForm, formFromDraft } from './draft-logic';
import { JobFormPage, type JobSave } from './JobFormPage';
import { JobPreviewButton } from './JobPreview';
import { emptyJobForm, inReaderLanguage, type JobFormValues } from './job-form-logic';

export function PostJobPage() {
  const user = useCurrentUser();
  // The server refuses to post until the address is confirmed (403): say so, instead of a form that would fail.
  if (user?.emailVerified === false) return <ConfirmAddressFirst email={user.email} />;
  return <PostJobForm />;
}

function PostJobForm() {
  // Resumed from My Jobs: /post-job?draft=<id> fills the form from the saved draft.
  const [params] = useSearchParams();
  const draftId = params.get('draft') ?? '';
  const draft = useDraft(draftId);
  const navigate = useNavigate();
  const { t, i18n } = useLingui();
  const client = useQueryClient();
  const createJob = useCreateJob();
  const saveDraft = useSaveDraft();
  // One key per filled-in form: its retries (a lost answer, a second click) name the same job; a new form, a new key.
  const idempotencyKey = useRef(newIdempotencyKey());
  const save: JobSave = {
    isPending: createJob.isPending,
    isError: createJob.isError,
    error: createJob.error,
    mutate: (body, options) =>
      createJob.mutate(
        // From a draft: the same creation (alerts and all), which deletes the draft with it.
        { body: draftId ? { ...body, draftId } : body, idempotencyKey: idempotencyKey.current },
        {
          ...options,
          onSuccess: (ack) => {
            idempotencyKey.current = newIdempotencyKey();
            saveDraft.reset();
            if (draftId) {
              void client.invalidateQueries({ queryKey: queryKeys.drafts });
              void navigate('/post-job', { replace: true });
            }
            options.onSuccess(ack);
          },
        },
      ),
  };
  if (draftId && !draft.data) return <DraftLoading draft={draft} />;
  const saveAsDraft = (values: JobFormValues, applyOptions: ApplyOptionsDraft | null) =>
    saveDraft.mutate(
      {
        id: draftId || undefined,
        payload: { ...draftFromForm(values), ...(applyOptions ? { applyOptions: draftPayloadOf(applyOptions) } : {}) },
      },
      { onSuccess: (saved) => void (draftId ? undefined : navigate(`/post-job?draft=${saved.id}`, { replace: true })) },
    );
  return (
    <JobFormPage
      key={draftId}
      title={t`Post a Job`}
      subtitle={t`Fill in the details of the position you are hiring for.`}
      initialValues={inReaderLanguage(draft.data ? formFromDraft(draft.data.payload) : emptyJobForm(), i18n.locale)}
      {...(draft.data?.payload.applyOptions
        ? { initialApplyOptions: fromDraftPayload(draft.data.payload.applyOptions) }
        : {})}
      submitLabel={t`Create Job`}
      successMessage={t`Job Created Successfully`}
      successLinks={(ack) => [
        ...('insertedId' in ack ? [{ label: t`View the job`, to: `/job/${ack.insertedId}` }] : []),
        { label: t`Go to My Jobs`, to: '/my-job' },
      ]}
      extraAction={(values, applyOptions) => (
        <>
          <JobPreviewButton values={values} />
          <SaveDraftButton saving={saveDraft} onSave={() => saveAsDraft(values, applyOptions)} />
        </>
      )}
      save={save}
    />
  );
}

/** "Save draft", and what became of the last save (kept across the form's remount when a new draft gets its address). */
function SaveDraftButton({ saving, onSave }: { saving: ReturnType<typeof useSaveDraft>; onSave: () => void }) {
  const { t } = useLingui();
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
      <Button variant="secondary" className="w-full sm:w-auto sm:px-8" disabled={saving.isPending} onClick={onSave}>
        <Save size={16} aria-hidden="true" />
        {saving.isPending ? t`Saving...` : t`Save draft`}
      </Button>
      <p role="status" className="text-sm" data-testid="draft-status">
        {saving.isSuccess ? (
          <span className="text-green-700 dark:text-green-300">
            <Trans>Draft saved: find it in My Jobs</Trans>
          </span>
        ) : null}
        {saving.isError ? <span className="text-red-700 dark:text-red-300">{errorMessage(saving.error)}</span> : null}
      </p>
    </div>
  );
}

function DraftLoading({ draft }: { draft: ReturnType<typeof useDraft> }) {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle subtitle={t`Fill in the details of the position you are hiring for.`}>
        <Trans>Post a Job</Trans>
      </PageTitle>
      {draft.isError ? (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {errorMessage(draft.error)}{' '}
          <Link to="/post-job">
            <Trans>Start a new job instead</Trans>
          </Link>
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          <Trans>Loading your draft...</Trans>
        </p>
      )}
    </section>
  );
}

function ConfirmAddressFirst({ email }: { email: string }) {
  const { t } = useLingui();
  return (
    <section className="mx-auto max-w-3xl">
      <PageTitle subtitle={t`Fill in the details of the position you are hiring for.`}>
        <Trans>Post a Job</Trans>
      </PageTitle>
      <div
        className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-amber-950 sm:p-8 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-50"
        data-testid="confirm-to-post"
      >
        <h2 className="text-lg font-semibold">
          <Trans>Confirm your e-mail address first</Trans>
        </h2>
        <p className="mt-2 text-sm">
          <Trans>
            To keep the board free of spam, jobs can be posted once the address of the account is confirmed. We sent a
            link to <strong className="wrap-anywhere">{email}</strong>: open it, and come back here.
          </Trans>
        </p>
        <p className="mt-2 text-sm">
          <Trans>No e-mail? Look in the spam folder, or ask for a new link.</Trans>
        </p>
        <div className="mt-4 text-sm">
          <ResendVerification look="button" label={t`Send the link again`} />
        </div>
      </div>
    </section>
  );
}
