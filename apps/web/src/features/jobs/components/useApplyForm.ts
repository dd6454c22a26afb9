import { CV_LIMITS, cvFileProblem, type User } from '@jobboard/shared';
import { useLingui } from '@lingui/react/macro';
import { useState, type SyntheticEvent } from 'react';
import { ApiError, errorMessage, isAcknowledged } from '../../../lib/api';
import { useReaderLocale } from '../../../lib/locale';
import { keepCvOnProfile } from '../../../lib/stored-cvs';
import { CvUploadError, uploadCv, useApplyWithMaterials } from '../api/apply';
import type { ScreeningState } from './ScreeningAnswers';

export type ApplyErrors = { coverNote?: string; cv?: string; form?: string };

/** A server message names its field ("cv: ...", "coverNote: ..."): shown next to that field, without the prefix. */
function fieldOf(message: string): { field: keyof ApplyErrors; text: string } {
  const match = /^(cv|cvId|coverNote): (.*)$/s.exec(message);
  if (!match) return { field: 'form', text: message };
  return { field: match[1] === 'coverNote' ? 'coverNote' : 'cv', text: match[2] ?? message };
}

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

export interface ApplyFormOptions {
  job: { _id: string };
  user: Pick<User, '_id'>;
  /** The ids of the note and CV fields, focused when they are wrong. */
  noteId: string;
  cvId: string;
  onApplied: () => void;
  onCancel: () => void;
  onJobError: (error: unknown) => void;
  /** A CV kept on the profile to send instead of an upload (CvPicker); `keepUpload` keeps a new upload there too. */
  storedCvId?: string | null;
  keepUpload?: boolean;
  /** The job's screening questions and their answers (issue 33). */
  screening?: ScreeningState;
}

/** The application as the API takes it: the note and CV only when given, the answers with their questions' version. */
function applicationOf(jobId: string, userId: string, note: string, cvId?: string, screening?: ScreeningState) {
  return {
    job: jobId,
    user: userId,
    ...(note.trim() ? { coverNote: note } : {}),
    ...(cvId ? { cvId } : {}),
    ...(screening && screening.version !== undefined
      ? { answers: screening.payload(), screeningVersion: screening.version }
      : {}),
  };
}

interface CvUploadOptions extends Pick<ApplyFormOptions, 'user' | 'keepUpload' | 'cvId' | 'onJobError'> {
  setErrors: (errors: ApplyErrors) => void;
}

/** The CV upload of an application and its progress (null when none is running). */
function useCvUpload({ user, keepUpload = false, cvId, onJobError, setErrors }: CvUploadOptions) {
  const [progress, setProgress] = useState<number | null>(null);
  /** Uploads the chosen CV; its id, or null when the upload failed (and was reported). */
  const upload = async (chosen: File): Promise<string | null> => {
    setProgress(0);
    try {
      const { id } = await uploadCv(chosen, setProgress, user._id);
      // Keeping it on the profile is a convenience: a refusal (the profile is full) never stops the application.
      if (keepUpload) await keepCvOnProfile({ cvId: id }).catch(() => undefined);
      return id;
    } catch (error) {
      if (error instanceof ApiError && [401, 409].includes(error.status)) {
        // The session ended or is another account's: the page says so (the draft is kept).
        onJobError(error);
        return null;
      }
      setErrors({ cv: fieldOf(errorMessage(error)).text });
      if (!(error instanceof CvUploadError)) console.error(error);
      document.getElementById(cvId)?.focus();
      return null;
    } finally {
      setProgress(null);
    }
  };
  return { progress, upload };
}

/** The apply form's state (note kept as a draft, CV, errors, upload progress) and its submission. */
export function useApplyForm(options: ApplyFormOptions) {
  const {
    job,
    user,
    noteId,
    cvId,
    onApplied,
    onCancel,
    onJobError,
    storedCvId = null,
    keepUpload = false,
    screening,
  } = options;
  const { t } = useLingui();
  const locale = useReaderLocale();
  const [note, setNoteState] = useState(() => readDraft(job._id));
  const setNote = (text: string) => {
    setNoteState(text);
    writeDraft(job._id, text);
  };
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<ApplyErrors>({});
  const { progress, upload } = useCvUpload({ user, keepUpload, cvId, onJobError, setErrors });
  const apply = useApplyWithMaterials();
  const busy = progress !== null || apply.isPending;
  const noteTooLong = note.trim().length > CV_LIMITS.coverNoteMaxLength;

  const onFile = (chosen: File | null) => {
    setFile(chosen);
    setErrors((current) => ({ ...current, cv: chosen ? cvFileProblem(chosen) : undefined, form: undefined }));
  };

  /** Checks the note and CV here first; false (and the field focused) when one is wrong. */
  const valid = (): boolean => {
    const cvProblem = file && !storedCvId ? cvFileProblem(file) : undefined;
    const most = CV_LIMITS.coverNoteMaxLength.toLocaleString(locale);
    const noteProblem = noteTooLong ? t`A cover note has at most ${most} characters` : undefined;
    setErrors(cvProblem || noteProblem ? { cv: cvProblem, coverNote: noteProblem } : {});
    if (cvProblem || noteProblem) document.getElementById(noteProblem ? noteId : cvId)?.focus();
    return !cvProblem && !noteProblem;
  };

  const send = (uploadedId?: string) =>
    apply.mutate(applicationOf(job._id, user._id, note, uploadedId, screening), {
      onSuccess: (ack) => {
        writeDraft(job._id, '');
        // The spec's write answers carry acknowledged: true; the success dialog waits for it.
        if (isAcknowledged(ack)) onApplied();
        else onCancel();
      },
      onError: (error) => {
        if (screening?.showServerError(errorMessage(error))) return;
        const { field, text } = fieldOf(errorMessage(error));
        // About the job itself (closed since, applied already, signed out): the page says it, next to its button.
        if (field === 'form' && error instanceof ApiError && [401, 403, 404, 409].includes(error.status)) {
          onJobError(error);
          return;
        }
        setErrors({ [field]: text });
      },
    });

  const onSubmit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy || !valid() || (screening && !screening.validate())) return;
    const uploaded = storedCvId ?? (file ? await upload(file) : undefined);
    if (uploaded !== null) send(uploaded);
  };

  const clearNoteError = () => {
    if (errors.coverNote) setErrors((current) => ({ ...current, coverNote: undefined }));
  };

  return { note, setNote, clearNoteError, file, onFile, errors, progress, busy, noteTooLong, onSubmit, apply };
}
