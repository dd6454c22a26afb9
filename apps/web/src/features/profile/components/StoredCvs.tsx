import { FileInput } from '../../../components/ui/FileInput';
import { CANDIDATE_LIMITS, CV_ACCEPT_ATTRIBUTE, cvFileProblem, fileSizeText, type StoredCv } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileText, Star } from 'lucide-react';
import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { inputClass } from '../../../components/ui/Field';
import { errorMessage } from '../../../lib/api';
import { useStoredCvs } from '../../../lib/stored-cvs';
import { storedCvLink, useAddStoredCv, useRemoveStoredCv, useUpdateStoredCv } from '../api/candidate';

/** The server's message without the field it names ("cvId: ..."): shown next to the list, the field is obvious. */
const plain = (error: unknown) => errorMessage(error).replace(/^(cv|cvId|label): /, '');

/** Opens the CV: a PDF in a tab made during the click (a tab opened after the answer counts as a pop-up). */
async function openStoredCv(cv: StoredCv): Promise<void> {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a file extension and a window name, not words
  const tab = cv.fileName.toLowerCase().endsWith('.pdf') ? window.open('', '_blank') : null;
  try {
    const { url } = await storedCvLink(cv.id);
    if (tab) {
      tab.opener = null;
      tab.location.href = url;
    } else window.location.assign(url);
  } catch {
    tab?.close();
  }
}

function RenameForm({ cv, userId, onDone }: { cv: StoredCv; userId: string; onDone: () => void }) {
  const id = useId();
  const [label, setLabel] = useState(cv.label);
  const fileName = cv.fileName;
  const update = useUpdateStoredCv(userId);
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    update.mutate({ id: cv.id, body: { label } }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={onSubmit} className="mt-2 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="sr-only">
          <Trans>Label of {fileName}</Trans>
        </label>
        <input
          id={id}
          value={label}
          maxLength={CANDIDATE_LIMITS.labelMaxLength}
          onChange={(event) => setLabel(event.target.value)}
          className={inputClass}
          aria-invalid={update.isError ? true : undefined}
          aria-describedby={update.isError ? `${id}-error` : undefined}
          autoFocus
        />
      </div>
      <Button type="submit" className="px-3 py-1.5" disabled={update.isPending}>
        <Trans>Save</Trans>
      </Button>
      <Button variant="ghost" className="px-3 py-1.5" onClick={onDone}>
        <Trans>Cancel</Trans>
      </Button>
      {update.isError ? (
        <p id={`${id}-error`} className="w-full text-sm text-red-700 dark:text-red-300">
          {plain(update.error)}
        </p>
      ) : null}
    </form>
  );
}

function DefaultBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-teal-50 px-2 py-0.5 text-xs font-semibold text-teal-900 dark:bg-teal-950 dark:text-teal-100">
      <Star size={12} aria-hidden="true" /> <Trans>Default</Trans>
    </span>
  );
}

function StoredCvItem({ cv, userId }: { cv: StoredCv; userId: string }) {
  const { t } = useLingui();
  const [renaming, setRenaming] = useState(false);
  const label = cv.label;
  const update = useUpdateStoredCv(userId);
  const remove = useRemoveStoredCv(userId);
  const onDelete = async () => {
    const sure = await confirmDialog(
      t`Remove this CV?`,
      t`"${label}" leaves your profile. Applications you already sent with it keep it.`,
      t`Remove`,
    );
    if (sure) remove.mutate(cv.id);
  };
  const failed = update.error ?? remove.error;
  const small = 'px-2.5 py-1 text-xs';
  return (
    <li className="py-3" data-testid="stored-cv">
      <div className="flex items-start gap-3">
        <FileText size={20} aria-hidden="true" className="mt-0.5 shrink-0 text-slate-500 dark:text-slate-400" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-slate-100">
            <span className="wrap-anywhere">{cv.label}</span>
            {cv.isDefault ? <DefaultBadge /> : null}
          </p>
          <p className="break-all text-xs text-slate-600 dark:text-slate-300">
            {cv.fileName} · {fileSizeText(cv.size)}
          </p>
          {renaming ? <RenameForm cv={cv} userId={userId} onDone={() => setRenaming(false)} /> : null}
          {!renaming ? (
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className={small}
                aria-label={t`View ${label}`}
                onClick={() => void openStoredCv(cv)}
              >
                <Trans>View</Trans>
              </Button>
              <Button
                variant="secondary"
                className={small}
                aria-label={t`Rename ${label}`}
                onClick={() => setRenaming(true)}
              >
                <Trans>Rename</Trans>
              </Button>
              {!cv.isDefault ? (
                <Button
                  variant="secondary"
                  className={small}
                  disabled={update.isPending}
                  aria-label={t`Make default: ${label}`}
                  onClick={() => update.mutate({ id: cv.id, body: { isDefault: true } })}
                >
                  <Trans>Make default</Trans>
                </Button>
              ) : null}
              <Button
                variant="ghost"
                className={small}
                disabled={remove.isPending}
                aria-label={t`Remove ${label}`}
                onClick={() => void onDelete()}
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          ) : null}
          {failed ? (
            <p role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
              {plain(failed)}
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function AddCv({ userId, full }: { userId: string; full: boolean }) {
  const { t } = useLingui();
  const limit = CANDIDATE_LIMITS.storedCvs;
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const add = useAddStoredCv(userId, setProgress);
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const local = cvFileProblem(file);
    setProblem(local);
    if (local) return;
    setProgress(0);
    add.mutate(file, {
      onError: (error) => setProblem(plain(error)),
      onSettled: () => setProgress(null),
    });
  };
  return (
    <div className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-800">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        <Trans>
          Add a CV <span className="font-normal text-slate-600 dark:text-slate-300">(PDF or DOCX, up to 5 MB)</span>
        </Trans>
      </label>
      <FileInput
        id={id}
        accept={CV_ACCEPT_ATTRIBUTE}
        disabled={full || progress !== null}
        onChange={onFile}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {full
          ? t`Your profile keeps ${limit} CVs: remove one to add another.`
          : t`Its label is the file name until you rename it.`}
      </p>
      {progress !== null ? (
        <p role="status" className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          <Trans>Uploading… {progress}%</Trans>
        </p>
      ) : null}
      {problem ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/** The CVs kept on the profile to apply with (decision record 44): up to five, one the default. */
export function StoredCvs({ userId }: { userId: string }) {
  const { t } = useLingui();
  const list = useStoredCvs(userId);
  const cvs = list.data?.cvs ?? [];
  const max = list.data?.max ?? CANDIDATE_LIMITS.storedCvs;
  const count = cvs.length;
  return (
    <section
      aria-labelledby="stored-cvs"
      data-testid="stored-cvs"
      className="mx-auto mt-8 max-w-lg rounded-2xl border border-slate-200 bg-white p-6 text-sm text-slate-700 shadow-sm dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="stored-cvs" className="text-base font-semibold text-slate-900 dark:text-slate-100">
          <Trans>Your CVs</Trans>
        </h2>
        {list.data ? (
          <span className="text-xs text-slate-600 dark:text-slate-300">
            <Trans>
              {count} of {max}
            </Trans>
          </span>
        ) : null}
      </div>
      <p className="mt-1">
        <Trans>Keep up to {max} CVs to apply with. The default one is chosen for you when you apply.</Trans>
      </p>
      {list.isPending ? (
        <p role="status" className="mt-4 text-slate-600 dark:text-slate-300">
          <Trans>Loading your CVs…</Trans>
        </p>
      ) : null}
      {list.isError ? (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 text-red-700 dark:text-red-300">
          <Trans>Your CVs could not be loaded.</Trans>
          <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => void list.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : null}
      {list.data && cvs.length === 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
          <Trans>No CVs yet. Add one, and applying takes a click.</Trans>
        </p>
      ) : null}
      {cvs.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" aria-label={t`Stored CVs`}>
          {cvs.map((cv) => (
            <StoredCvItem key={cv.id} cv={cv} userId={userId} />
          ))}
        </ul>
      ) : null}
      {list.data ? <AddCv userId={userId} full={cvs.length >= max} /> : null}
    </section>
  );
}
