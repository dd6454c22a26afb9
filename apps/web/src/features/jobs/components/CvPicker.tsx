import { CANDIDATE_LIMITS, fileSizeText, type StoredCv } from '@jobboard/shared';
import { Trans } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import { defaultCvOf, useStoredCvs } from '../../../lib/stored-cvs';

/** What goes with the application: a stored CV (its id), a new upload, or none. */
export type CvChoice = string | 'new' | 'none';

/**
 * The apply dialog's CV choice (decision record 44): the profile's default CV preselected; with no stored CV, a new
 * upload, as before. `keep` saves a new upload to the profile too.
 */
export function useCvPicker(userId: string) {
  const stored = useStoredCvs(userId);
  const cvs = stored.data?.cvs ?? [];
  const [picked, setPicked] = useState<CvChoice | undefined>();
  const [keep, setKeep] = useState(false);
  const choice: CvChoice = picked ?? defaultCvOf(cvs)?.id ?? 'new';
  const full = cvs.length >= (stored.data?.max ?? CANDIDATE_LIMITS.storedCvs);
  return {
    stored,
    cvs,
    choice,
    setChoice: setPicked,
    /** The stored CV to send, or null (a new upload, or none). */
    storedCvId: choice === 'new' || choice === 'none' ? null : choice,
    uploading: choice === 'new',
    keep: keep && !full && choice === 'new',
    setKeep,
    full,
  };
}
export type CvPickerState = ReturnType<typeof useCvPicker>;

interface CvPickerProps {
  id: string;
  picker: CvPickerState;
  disabled: boolean;
  /** Leaving "Upload a new CV" forgets the chosen file. */
  onLeaveUpload: () => void;
  /** The server's word on the stored CV chosen (gone since, say). */
  error?: string | undefined;
  /** The file field, shown while "Upload a new CV" is chosen. */
  children: ReactNode;
}

const radioClass = 'mt-0.5 h-4 w-4 accent-teal-700 dark:accent-teal-400';
const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-teal-600 has-[:checked]:bg-teal-50 dark:border-slate-700 dark:has-[:checked]:border-teal-500 dark:has-[:checked]:bg-teal-950/40';

function StoredOption({
  cv,
  name,
  checked,
  disabled,
  onPick,
}: {
  cv: StoredCv;
  name: string;
  checked: boolean;
  disabled: boolean;
  onPick: () => void;
}) {
  return (
    <label className={optionClass} data-testid="cv-option">
      <input type="radio" name={name} className={radioClass} checked={checked} disabled={disabled} onChange={onPick} />
      <span className="min-w-0">
        <span className="block font-medium wrap-anywhere text-slate-900 dark:text-slate-100">
          <bdi>{cv.label}</bdi>
          {cv.isDefault ? (
            <span className="ms-2 text-xs font-normal text-slate-600 dark:text-slate-300">
              <Trans>(default)</Trans>
            </span>
          ) : null}
        </span>
        <span className="block break-all text-xs text-slate-600 dark:text-slate-300">
          <bdi>{cv.fileName}</bdi> · <bdi>{fileSizeText(cv.size)}</bdi>
        </span>
      </span>
    </label>
  );
}

/** Pick a CV kept on the profile, upload a new one (and maybe keep it), or send none. */
export function CvPicker({ id, picker, disabled, onLeaveUpload, error, children }: CvPickerProps) {
  const { stored, cvs, choice } = picker;
  // No stored CV (or the list is unavailable): the upload field alone, as the dialog always had.
  if (stored.isPending || stored.isError || cvs.length === 0) {
    return (
      <>
        {children}
        {!stored.isPending && !stored.isError ? <KeepBox id={id} picker={picker} disabled={disabled} /> : null}
      </>
    );
  }
  const pick = (next: CvChoice) => {
    if (choice === 'new' && next !== 'new') onLeaveUpload();
    picker.setChoice(next);
  };
  return (
    <fieldset className="mt-4" data-testid="cv-picker">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        <Trans>CV</Trans>
      </legend>
      <div className="space-y-2 text-sm">
        {cvs.map((cv) => (
          <StoredOption
            key={cv.id}
            cv={cv}
            name={id}
            checked={choice === cv.id}
            disabled={disabled}
            onPick={() => pick(cv.id)}
          />
        ))}
        <label className={optionClass}>
          <input
            type="radio"
            name={id}
            className={radioClass}
            checked={choice === 'new'}
            disabled={disabled}
            onChange={() => pick('new')}
          />
          <span className="font-medium text-slate-900 dark:text-slate-100">
            <Trans>Upload a new CV</Trans>
          </span>
        </label>
        <label className={optionClass}>
          <input
            type="radio"
            name={id}
            className={radioClass}
            checked={choice === 'none'}
            disabled={disabled}
            onChange={() => pick('none')}
          />
          <span className="font-medium text-slate-900 dark:text-slate-100">
            <Trans>Send no CV</Trans>
          </span>
        </label>
      </div>
      {error && picker.storedCvId ? (
        <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {choice === 'new' ? (
        <>
          {children}
          <KeepBox id={id} picker={picker} disabled={disabled} />
        </>
      ) : null}
    </fieldset>
  );
}

function KeepBox({ id, picker, disabled }: { id: string; picker: CvPickerState; disabled: boolean }) {
  const most = CANDIDATE_LIMITS.storedCvs;
  return (
    <label className="mt-2 flex items-start gap-2 text-sm text-slate-800 dark:text-slate-200">
      <input
        id={`${id}-keep`}
        type="checkbox"
        className="mt-0.5 h-4 w-4 accent-teal-700"
        checked={picker.keep}
        disabled={disabled || picker.full}
        onChange={(event) => picker.setKeep(event.target.checked)}
      />
      <span>
        <Trans>Also keep this CV on my profile</Trans>
        {picker.full ? (
          <span className="block text-xs text-slate-600 dark:text-slate-300">
            <Trans>Your profile already keeps {most} CVs.</Trans>
          </span>
        ) : null}
      </span>
    </label>
  );
}
