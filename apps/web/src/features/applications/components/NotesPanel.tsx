import { PIPELINE_LIMITS, type ReceivedApplication } from '@jobboard/shared';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { inputClass, labelClass } from '../../../components/ui/Field';
import { Spinner } from '../../../components/ui/Spinner';
import { errorMessage } from '../../../lib/api';
import { useAddNote, useNotes } from '../api/pipeline';

const when = (iso: string) => new Date(iso).toISOString().slice(0, 16).replace('T', ' ');

/** One application's private notes (never shown to the applicant), and a form to add one. */
export function NotesPanel({ application }: { application: ReceivedApplication }) {
  const notes = useNotes(application._id, true);
  const addNote = useAddNote(application._id);
  const [text, setText] = useState('');
  const fieldId = `note-${application._id}`;
  const tooLong = text.length > PIPELINE_LIMITS.noteMaxLength;

  return (
    <div className="max-w-3xl">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">Private notes on {application.applicantName}</h3>
      <p className="mb-3 text-xs text-slate-600 dark:text-slate-300">Only you and the other members of the job's company see these.</p>
      {notes.isPending ? (
        <Spinner />
      ) : notes.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          {errorMessage(notes.error)}
        </p>
      ) : notes.data.items.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No notes yet.</p>
      ) : (
        <ul className="space-y-2" aria-label="Notes">
          {notes.data.items.map((note) => (
            <li key={note.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm dark:border-slate-700 dark:bg-slate-900">
              <p className="whitespace-pre-wrap wrap-anywhere text-slate-900 dark:text-slate-100">{note.body}</p>
              <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
                {note.authorName ?? 'A former member'} · {when(note.createdAt)} UTC
              </p>
            </li>
          ))}
        </ul>
      )}
      <form
        className="mt-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!text.trim() || tooLong) return;
          addNote.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <label htmlFor={fieldId} className={labelClass}>
          Add a note
        </label>
        <textarea
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
            `${text.length.toLocaleString('en-US')} / ${PIPELINE_LIMITS.noteMaxLength.toLocaleString('en-US')} characters`
          )}
        </p>
        <Button type="submit" className="mt-2" disabled={addNote.isPending || !text.trim()}>
          Add note
        </Button>
      </form>
    </div>
  );
}
