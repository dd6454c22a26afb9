import { CV_ACCEPT_ATTRIBUTE, CV_LIMITS, cvFileProblem, fileSizeText, type User } from '@jobboard/shared';
import { FileText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SyntheticEvent } from 'react';
import { Link } from '../../../components/ui/Link';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { ApiError, errorMessage, isAcknowledged } from '../../../lib/api';
import { CvUploadError, uploadCv, useApplyWithMaterials } from '../api/apply';

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

type Errors = { coverNote?: string; cv?: string; form?: string };

/** A server message names its field ("cv: ...", "coverNote: ..."): shown next to that field, without the prefix. */
function fieldOf(message: string): { field: keyof Errors; text: string } {
  const match = /^(cv|cvId|coverNote): (.*)$/s.exec(message);
  if (!match) return { field: 'form', text: message };
  return { field: match[1] === 'coverNote' ? 'coverNote' : 'cv', text: match[2] ?? message };
}

/**
 * Apply with substance (issue 14, point 1): what the employer receives (name, e-mail, resume link from the
 * profile), an optional cover note and an optional CV. Loaded only when a signed-in seeker presses Apply Now.
 */
/** The cover note typed for a job, kept for this tab's session: a session that ends, or a reload, does not lose it. */
const draftKey = (jobId: string) => `apply-draft:${jobId}`;

function readDraft(jobId: string): string {
  try {
    return sessionStorage.getItem(draftKey(jobId)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(jobId: string, note: string): void {
  try {
    if (note) sessionStorage.setItem(draftKey(jobId), note);
    else sessionStorage.removeItem(draftKey(jobId));
  } catch {
    // Storage refused (private mode, full): the draft lives as long as the dialog.
  }
}

export function ApplyDialog({ job, user: shownUser, onCancel, onApplied, onJobError }: ApplyDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const titleId = `${ids}-title`;
  const noteId = `${ids}-note`;
  const cvId = `${ids}-cv`;
  // The applicant is who the dialog showed when it opened: if another tab signs in as someone else meanwhile,
  // the application is refused (409) rather than sent, with this person's note, as that account.
  const [user] = useState(shownUser);
  const [note, setNoteState] = useState(() => readDraft(job._id));
  const setNote = (text: string) => {
    setNoteState(text);
    writeDraft(job._id, text);
  };
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const apply = useApplyWithMaterials();
  const busy = progress !== null || apply.isPending;
  const noteLength = note.trim().length;
  const noteTooLong = noteLength > CV_LIMITS.coverNoteMaxLength;

  useEffect(() => {
    const element = dialog.current;
    if (!element || element.open) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', ''); // no modal support (old browsers, jsdom): shown in place
  }, []);

  const closeDialog = () => {
    const element = dialog.current;
    if (element && typeof element.close === 'function') element.close();
    else element?.removeAttribute('open');
  };

  const onFile = (chosen: File | null) => {
    setFile(chosen);
    setErrors((current) => ({ ...current, cv: chosen ? cvFileProblem(chosen) : undefined, form: undefined }));
  };

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    const cvProblem = file ? cvFileProblem(file) : undefined;
    const noteProblem = noteTooLong
      ? `A cover note has at most ${CV_LIMITS.coverNoteMaxLength.toLocaleString('en-US')} characters`
      : undefined;
    if (cvProblem || noteProblem) {
      setErrors({ cv: cvProblem, coverNote: noteProblem });
      document.getElementById(noteProblem ? noteId : cvId)?.focus();
      return;
    }
    setErrors({});
    let uploadedId: string | undefined;
    if (file) {
      setProgress(0);
      try {
        uploadedId = (await uploadCv(file, setProgress, user._id)).id;
      } catch (error) {
        setProgress(null);
        if (error instanceof ApiError && [401, 409].includes(error.status)) {
          // The session ended or is another account's: the page says so (the draft is kept).
          closeDialog();
          onJobError(error);
          return;
        }
        setErrors({ cv: fieldOf(errorMessage(error)).text });
        if (!(error instanceof CvUploadError)) console.error(error);
        document.getElementById(cvId)?.focus();
        return;
      }
      setProgress(null);
    }
    apply.mutate(
      {
        job: job._id,
        user: user._id,
        ...(note.trim() ? { coverNote: note } : {}),
        ...(uploadedId ? { cvId: uploadedId } : {}),
      },
      {
        onSuccess: (ack) => {
          writeDraft(job._id, '');
          closeDialog();
          // The spec's write answers carry acknowledged: true; the success dialog waits for it.
          if (isAcknowledged(ack)) onApplied();
          else onCancel();
        },
        onError: (error) => {
          const { field, text } = fieldOf(errorMessage(error));
          // About the job itself (closed since, applied already, signed out): the page says it, next to its button.
          if (field === 'form' && error instanceof ApiError && [401, 403, 404, 409].includes(error.status)) {
            closeDialog();
            onJobError(error);
            return;
          }
          setErrors({ [field]: text });
        },
      },
    );
  };

  const cancel = () => {
    if (busy) return;
    closeDialog();
    onCancel();
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      className="m-auto w-[min(36rem,calc(100vw-1.5rem))] max-h-[calc(100dvh-1.5rem)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-xl font-bold tracking-tight">
              Apply to {job.jobTitle}
            </h2>
            <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{job.companyName}</p>
          </div>
          <button
            type="button"
            onClick={cancel}
            aria-label="Close"
            className="rounded-lg p-1.5 text-slate-600 hover:bg-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            <X size={20} aria-hidden="true" />
          </button>
        </div>

        <section aria-labelledby={`${ids}-who`} className="mt-5 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
          <h3 id={`${ids}-who`} className="text-sm font-semibold">
            The employer will receive
          </h3>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600 dark:text-slate-300">Name</dt>
            <dd className="wrap-anywhere font-medium">{user.name}</dd>
            <dt className="text-slate-600 dark:text-slate-300">E-mail</dt>
            {/* Whole words: an address breaks after its "@" when it must, not mid-word (break-all did, at 390 px). */}
            <dd className="min-w-0 font-medium [overflow-wrap:break-word]" data-testid="apply-email">
              {user.email.includes('@') ? (
                <>
                  {user.email.slice(0, user.email.indexOf('@') + 1)}
                  <wbr />
                  {user.email.slice(user.email.indexOf('@') + 1)}
                </>
              ) : (
                user.email
              )}
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">Resume link</dt>
            <dd className="break-all font-medium">
              {user.resume ? (
                <a
                  href={user.resume}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="text-teal-800 underline dark:text-teal-300"
                >
                  {user.resume}
                </a>
              ) : (
                <span className="text-slate-600 dark:text-slate-300">None in your profile</span>
              )}
            </dd>
          </dl>
          <p className="mt-2 text-sm">
            <Link to="/profile" className="font-medium text-teal-800 underline hover:no-underline dark:text-teal-300">
              Edit your profile
            </Link>
          </p>
        </section>

        <div className="mt-5" data-field={noteId}>
          <label htmlFor={noteId} className={labelClass}>
            Cover note <span className="font-normal text-slate-600 dark:text-slate-300">(optional)</span>
          </label>
          <textarea
            id={noteId}
            name="coverNote"
            rows={6}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              if (errors.coverNote) setErrors((current) => ({ ...current, coverNote: undefined }));
            }}
            disabled={busy}
            className={`${inputClass} resize-y`}
            aria-invalid={errors.coverNote || noteTooLong ? true : undefined}
            aria-describedby={`${noteId}-count${errors.coverNote ? ` ${noteId}-error` : ''}`}
          />
          <p
            id={`${noteId}-count`}
            className={`mt-1 text-right text-xs ${noteTooLong ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}
          >
            {noteLength.toLocaleString('en-US')} / {CV_LIMITS.coverNoteMaxLength.toLocaleString('en-US')} characters
          </p>
          {errors.coverNote ? (
            <p id={`${noteId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {errors.coverNote}
            </p>
          ) : null}
        </div>

        <div className="mt-4" data-field={cvId}>
          <label htmlFor={cvId} className={labelClass}>
            CV{' '}
            <span className="font-normal text-slate-600 dark:text-slate-300">(optional, PDF or DOCX, up to 5 MB)</span>
          </label>
          <input
            id={cvId}
            name="cv"
            type="file"
            accept={CV_ACCEPT_ATTRIBUTE}
            disabled={busy}
            onChange={(event) => onFile(event.target.files?.[0] ?? null)}
            className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-lg file:border-0 file:bg-teal-700 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-teal-800 dark:text-slate-200"
            aria-invalid={errors.cv ? true : undefined}
            aria-describedby={errors.cv ? `${cvId}-error` : undefined}
          />
          {file && !errors.cv ? (
            <p
              className="mt-1 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300"
              data-testid="cv-chosen"
            >
              <FileText size={16} aria-hidden="true" />
              <span className="break-all">{file.name}</span> <span>({fileSizeText(file.size)})</span>
            </p>
          ) : null}
          {errors.cv ? (
            <p id={`${cvId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {errors.cv}
            </p>
          ) : null}
          {progress !== null ? (
            <div className="mt-2" role="status">
              <progress max={100} value={progress} className="h-2 w-full accent-teal-700" aria-label="CV upload" />
              <span className="text-xs text-slate-700 dark:text-slate-300">Uploading CV… {progress}%</span>
            </div>
          ) : null}
        </div>

        {errors.form ? (
          <p
            role="alert"
            className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200"
          >
            {errors.form}
          </p>
        ) : null}

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={cancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || noteTooLong}>
            {progress !== null ? 'Uploading CV…' : apply.isPending ? 'Sending…' : 'Send application'}
          </Button>
        </div>
        <p className="sr-only" aria-live="polite">
          {apply.isPending ? 'Sending your application' : ''}
        </p>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">
          Only the employer and their company's team can read your note and CV.
        </p>
      </form>
    </dialog>
  );
}
