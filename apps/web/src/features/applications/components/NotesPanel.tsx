import { PIPELINE_LIMITS, type Note, type ReceivedApplication } from '@jobboard/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { confirmDialog } from '../../../components/ui/dialogs';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useReaderLocale } from '../../../lib/locale';
import { useCurrentUser } from '../../../lib/session';
import { useSingleFlight } from '../../../lib/single-flight';
import { useAddNote, useDeleteNote, useEditNote, useNotes } from '../api/pipeline';
import { useResponsesContext } from './ResponsesContext';

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace(/T/, ' ');

/**
 * One application's private notes (never shown to the applicant), and a form to add one; a viewer of the job's
 * company reads them without the form, since the server refuses a viewer's note.
 */
export function NotesPanel({ application }: { application: ReceivedApplication }) {
  const notes = useNotes(application._id, true);
  const user = useCurrentUser();
  const readOnly = useResponsesContext().readOnly.has(application.job);
  const { t } = useLingui();
  const applicantName = application.applicantName;

  return (
    <div className="max-w-3xl">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
        <Trans>Private notes on {applicantName}</Trans>
      </h3>
      <p className="mb-3 text-xs text-slate-600 dark:text-slate-300">
        <Trans>Only you and the other members of the job's company see these.</Trans>
      </p>
      {notes.isPending ? (
        <Spinner />
      ) : notes.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {errorMessage(notes.error)}
        </p>
      ) : notes.data.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          <Trans>No notes yet.</Trans>
        </p>
      ) : (
        <ul className="space-y-2" aria-label={t`Notes`}>
          {notes.data.items.map((note) => (
            <NoteItem
              key={note.id}
              applicationId={application._id}
              note={note}
              mine={Boolean(user) && note.authorEmail === user?.email}
            />
          ))}
        </ul>
      )}
      {readOnly ? null : <AddNoteForm application={application} />}
    </div>
  );
}

/** The form that adds a note to the application. */
function AddNoteForm({ application }: { application: ReceivedApplication }) {
  const addNote = useAddNote(application._id);
  const start = useSingleFlight();
  const [text, setText] = useState('');
  const fieldId = `note-${application._id}`;
  const tooLong = text.length > PIPELINE_LIMITS.noteMaxLength;
  const { t } = useLingui();
  const locale = useReaderLocale();
  const used = text.length.toLocaleString(locale);
  const max = PIPELINE_LIMITS.noteMaxLength.toLocaleString(locale);
  return (
    <form
      className="mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim() || tooLong) return;
        // One note per click burst: a double click saves it once.
        start((done) => addNote.mutate(text, { onSuccess: () => setText(''), onSettled: done }));
      }}
    >
      <label htmlFor={fieldId} className={labelClass}>
        <Trans>Add a note</Trans>
      </label>
      <textarea
        dir="auto"
        id={fieldId}
        className={`${inputClass} min-h-20`}
        value={text}
        maxLength={PIPELINE_LIMITS.noteMaxLength}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={addNote.isError || tooLong}
        aria-describedby={`${fieldId}-help`}
      />
      <p id={`${fieldId}-help`} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {addNote.isError ? (
          <span role="alert" className="text-red-800 dark:text-red-200">
            {errorMessage(addNote.error)}
          </span>
        ) : (
          t`${used} / ${max} characters`
        )}
      </p>
      <Button type="submit" className="mt-2" disabled={addNote.isPending || !text.trim()}>
        <Trans>Add note</Trans>
      </Button>
    </form>
  );
}

interface NoteEditFormProps {
  fieldId: string;
  draft: string;
  setDraft: (draft: string | null) => void;
  busy: boolean;
  saving: boolean;
  onSave: () => void;
}

/** A note's text being edited in place: Save note or Cancel. */
function NoteEditForm({ fieldId, draft, setDraft, busy, saving, onSave }: NoteEditFormProps) {
  const { t } = useLingui();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <label htmlFor={fieldId} className="sr-only">
        <Trans>Edit the note</Trans>
      </label>
      <textarea
        dir="auto"
        id={fieldId}
        className={`${inputClass} min-h-20`}
        value={draft}
        maxLength={PIPELINE_LIMITS.noteMaxLength}
        onChange={(event) => setDraft(event.target.value)}
        disabled={busy}
      />
      <div className="mt-2 flex flex-wrap gap-2">
        <Button type="submit" disabled={busy || !draft.trim()}>
          {saving ? t`Saving…` : t`Save note`}
        </Button>
        <Button variant="secondary" onClick={() => setDraft(null)} disabled={busy}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/** Who wrote the note, and when (UTC). */
function NoteByline({ note }: { note: Note }) {
  const { t } = useLingui();
  const author = note.authorName ?? t`A former member`;
  const written = when(note.createdAt);
  return (
    <span>
      <Trans>
        {author} · {written} UTC
      </Trans>
    </span>
  );
}

/** One note; its author may edit it in place or delete it (the server allows nobody else). */
function NoteItem({ applicationId, note, mine }: { applicationId: string; note: Note; mine: boolean }) {
  const editNote = useEditNote(applicationId);
  const deleteNote = useDeleteNote(applicationId);
  const start = useSingleFlight();
  const [draft, setDraft] = useState<string | null>(null);
  const fieldId = `note-edit-${note.id}`;
  const busy = editNote.isPending || deleteNote.isPending;
  const failure = editNote.error ?? deleteNote.error;
  const { t } = useLingui();

  const save = () => {
    if (draft === null || !draft.trim() || draft.length > PIPELINE_LIMITS.noteMaxLength) return;
    start((done) =>
      editNote.mutate({ id: note.id, body: draft }, { onSuccess: () => setDraft(null), onSettled: done }),
    );
  };
  const remove = () =>
    start((done) => {
      void confirmDialog(
        t`Delete this note?`,
        t`It is deleted for everyone who manages this application.`,
        t`Delete note`,
      ).then((yes) => {
        if (yes) deleteNote.mutate(note.id, { onSettled: done });
        else done();
      });
    });

  return (
    <li
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900"
      data-testid="note"
    >
      {draft === null ? (
        <p className="whitespace-pre-wrap wrap-anywhere text-slate-900 dark:text-slate-100" dir="auto">
          {note.body}
        </p>
      ) : (
        <NoteEditForm
          fieldId={fieldId}
          draft={draft}
          setDraft={setDraft}
          busy={busy}
          saving={editNote.isPending}
          onSave={save}
        />
      )}
      <p className="mt-1 flex flex-wrap items-center gap-x-3 text-xs text-slate-600 dark:text-slate-300">
        <NoteByline note={note} />
        {mine && draft === null ? (
          <span className="inline-flex gap-3">
            <button
              type="button"
              className="font-medium text-teal-800 underline hover:no-underline dark:text-teal-300"
              onClick={() => setDraft(note.body)}
              disabled={busy}
            >
              <Trans>
                Edit<span className="sr-only"> note</span>
              </Trans>
            </button>
            <button
              type="button"
              className="font-medium text-red-800 underline hover:no-underline dark:text-red-300"
              onClick={remove}
              disabled={busy}
            >
              <Trans>
                Delete<span className="sr-only"> note</span>
              </Trans>
            </button>
          </span>
        ) : null}
      </p>
      {failure ? (
        <p role="alert" className="mt-1 text-xs text-red-800 dark:text-red-200">
          {errorMessage(failure)}
        </p>
      ) : null}
    </li>
  );
}
