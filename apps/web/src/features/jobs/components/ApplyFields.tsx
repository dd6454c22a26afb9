import { FileInput } from '../../../components/ui/FileInput';
import { CV_ACCEPT_ATTRIBUTE, CV_LIMITS, fileSizeText, type User } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileText } from 'lucide-react';
import { Link } from '../../../components/ui/Link';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { useReaderLocale } from '../../../lib/locale';

/** An e-mail address that breaks after its "@" when it must, not mid-word (break-all did, at 390 px). */
function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** What the employer receives from the profile: name, e-mail and resume link, with a way to edit them. */
export function ApplicantSummary({ id, user }: { id: string; user: Pick<User, 'name' | 'email' | 'resume'> }) {
  return (
    <section aria-labelledby={id} className="mt-5 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <h3 id={id} className="text-sm font-semibold">
        <Trans>The employer will receive</Trans>
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-300">
          <Trans>Name</Trans>
        </dt>
        <dd className="wrap-anywhere font-medium">
          <bdi>{user.name}</bdi>
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">
          <Trans>E-mail</Trans>
        </dt>
        <dd className="min-w-0 font-medium [overflow-wrap:break-word]" data-testid="apply-email">
          <bdi dir="ltr">
            <BreakableEmail email={user.email} />
          </bdi>
        </dd>
        <dt className="text-slate-600 dark:text-slate-300">
          <Trans>Resume link</Trans>
        </dt>
        <dd className="min-w-0 font-medium">
          {user.resume ? (
            <a
              href={user.resume}
              target="_blank"
              rel="noreferrer noopener"
              className="break-all text-teal-800 underline dark:text-teal-300"
            >
              <bdi>{user.resume}</bdi>
            </a>
          ) : (
            <span className="text-slate-600 dark:text-slate-300">
              <Trans>None in your profile</Trans>
            </span>
          )}
        </dd>
      </dl>
      <p className="mt-2 text-sm">
        <Link to="/profile" className="font-medium text-teal-800 underline hover:no-underline dark:text-teal-300">
          <Trans>Edit your profile</Trans>
        </Link>
      </p>
    </section>
  );
}

interface CoverNoteFieldProps {
  id: string;
  note: string;
  onChange: (note: string) => void;
  error: string | undefined;
  tooLong: boolean;
  disabled: boolean;
}

/** The optional cover note, with its character count. */
export function CoverNoteField({ id, note, onChange, error, tooLong, disabled }: CoverNoteFieldProps) {
  const locale = useReaderLocale();
  const typed = note.trim().length.toLocaleString(locale);
  const most = CV_LIMITS.coverNoteMaxLength.toLocaleString(locale);
  return (
    <div className="mt-5" data-field={id}>
      <label htmlFor={id} className={labelClass}>
        <Trans>
          Cover note <span className="font-normal text-slate-600 dark:text-slate-300">(optional)</span>
        </Trans>
      </label>
      <textarea
        id={id}
        name="coverNote"
        rows={6}
        value={note}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        className={`${inputClass} resize-y`}
        aria-invalid={error || tooLong ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-end text-xs ${tooLong ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-300'}`}
      >
        <Trans>
          {typed} / {most} characters
        </Trans>
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface CvFieldProps {
  id: string;
  file: File | null;
  onFile: (file: File | null) => void;
  error: string | undefined;
  /** Upload progress in percent while the CV uploads. */
  progress: number | null;
  disabled: boolean;
}

/** The optional CV: the file chosen, its problem, and the upload's progress. */
export function CvField({ id, file, onFile, error, progress, disabled }: CvFieldProps) {
  const { t } = useLingui();
  return (
    <div className="mt-4" data-field={id}>
      <label htmlFor={id} className={labelClass}>
        <Trans>
          CV <span className="font-normal text-slate-600 dark:text-slate-300">(optional, PDF or DOCX, up to 5 MB)</span>
        </Trans>
      </label>
      <FileInput
        id={id}
        name="cv"
        chosenShownElsewhere
        accept={CV_ACCEPT_ATTRIBUTE}
        disabled={disabled}
        onChange={(event) => onFile(event.target.files?.[0] ?? null)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {file && !error ? (
        <p
          className="mt-1 flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300"
          data-testid="cv-chosen"
        >
          <FileText size={16} aria-hidden="true" />
          <bdi className="break-all">{file.name}</bdi> <bdi>({fileSizeText(file.size)})</bdi>
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {progress !== null ? (
        <div className="mt-2" role="status">
          <progress max={100} value={progress} className="h-2 w-full accent-teal-700" aria-label={t`CV upload`} />
          <span className="text-xs text-slate-700 dark:text-slate-300">
            <Trans>Uploading CV… {progress}%</Trans>
          </span>
        </div>
      ) : null}
    </div>
  );
}
