import type { User } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { ModalPanel } from '../../../components/ui/ModalPanel';
import { ApplicantSummary, CoverNoteField, CvField } from './ApplyFields';
import { CvPicker, useCvPicker } from './CvPicker';
import { ScreeningAnswers, useScreeningAnswers } from './ScreeningAnswers';
import { useApplyForm } from './useApplyForm';

export interface ApplyDialogProps {
  job: { _id: string; jobTitle: string; companyName: string };
  user: Pick<User, '_id' | 'name' | 'email' | 'resume'>;
  /** Closed without applying. */
  onCancel: () => void;
  /** Applied: the server acknowledged it. */
  onApplied: () => void;
  /** Applying failed for a reason about the job, not the form (closed since, already applied): the page shows it. */
  onJobError: (error: unknown) => void;
}

/** The dialog's heading (the job and its company) and its close button. */
function ApplyHeader({
  titleId,
  job,
  onClose,
}: {
  titleId: string;
  job: ApplyDialogProps['job'];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const jobTitle = job.jobTitle;
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <h2 id={titleId} className="text-xl font-bold tracking-tight">
          <Trans>
            Apply to <bdi>{jobTitle}</bdi>
          </Trans>
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <bdi>{job.companyName}</bdi>
        </p>
      </div>
      <button
        type="button"
        onClick={onClose}
        aria-label={t`Close`}
        className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <X size={20} aria-hidden="true" />
      </button>
    </div>
  );
}

/** The form's own error, Cancel and Send (which says what is under way), and who may read the application. */
function ApplyFooter({
  error,
  form,
  onCancel,
}: {
  error: string | undefined;
  form: Pick<ReturnType<typeof useApplyForm>, 'busy' | 'progress' | 'noteTooLong' | 'apply'>;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const { busy, progress } = form;
  return (
    <>
      {error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {error}
        </p>
      ) : null}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={busy || form.noteTooLong}>
          {progress !== null ? t`Uploading CV…` : form.apply.isPending ? t`Sending…` : t`Send application`}
        </Button>
      </div>
      <p className="sr-only" aria-live="polite">
        {form.apply.isPending ? t`Sending your application` : ''}
      </p>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">
        <Trans>Only the employer and their company's team can read your note and CV.</Trans>
      </p>
    </>
  );
}

/**
 * Apply with substance (issue 14, point 1): what the employer receives (name, e-mail, resume link from the
 * profile), an optional cover note and an optional CV. Loaded only when a signed-in seeker presses Apply Now.
 */
export function ApplyDialog({ job, user: shownUser, onCancel, onApplied, onJobError }: ApplyDialogProps) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const noteId = `${ids}-note`;
  const cvId = `${ids}-cv`;
  // The applicant is who the dialog showed when it opened: if another tab signs in as someone else meanwhile,
  // the application is refused (409) rather than sent, with this person's note, as that account.
  const [user] = useState(shownUser);
  const picker = useCvPicker(user._id);
  const screening = useScreeningAnswers(job._id);
  const form = useApplyForm({
    job,
    user,
    noteId,
    cvId,
    onApplied,
    onCancel,
    onJobError,
    storedCvId: picker.storedCvId,
    keepUpload: picker.keep,
    screening,
  });
  const { busy, errors, progress } = form;

  // Not while the CV uploads or the application is on its way: its answer decides what the page shows.
  const cancel = () => {
    if (!busy) onCancel();
  };

  return (
    <ModalPanel titleId={titleId} onClose={cancel} className="max-h-[calc(100dvh-2rem)] max-w-xl overflow-y-auto">
      <form onSubmit={(event) => void form.onSubmit(event)} noValidate>
        <ApplyHeader titleId={titleId} job={job} onClose={cancel} />
        <ApplicantSummary id={`${ids}-who`} user={user} />
        <CoverNoteField
          id={noteId}
          note={form.note}
          onChange={(text) => {
            form.setNote(text);
            form.clearNoteError();
          }}
          error={errors.coverNote}
          tooLong={form.noteTooLong}
          disabled={busy}
        />
        <CvPicker
          id={`${ids}-pick`}
          picker={picker}
          disabled={busy}
          error={errors.cv}
          onLeaveUpload={() => form.onFile(null)}
        >
          <CvField
            id={cvId}
            file={form.file}
            onFile={form.onFile}
            error={errors.cv}
            progress={progress}
            disabled={busy}
          />
        </CvPicker>
        <ScreeningAnswers state={screening} disabled={busy} />
        <ApplyFooter error={errors.form} form={form} onCancel={cancel} />
      </form>
    </ModalPanel>
  );
}
