import {
  PIPELINE_MESSAGES,
  TEAM_MESSAGES,
  type Note,
  type NoteDeletion,
  type ResponsesPage,
  type ResponsesQuery,
  type Withdrawal,
} from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { findCustomStagesOfJobs } from '../companies/stage-settings.repository.js';
import {
  findManagedApplication,
  findManagedJobsWithApplications,
  findNotes,
  deleteNote,
  findReadOnlyJobs,
  findResponsesPage,
  insertNote,
  lockNote,
  updateNoteBody,
  withdrawApplication,
  type ManagedApplicationRow,
} from './pipeline.repository.js';

/**
 * The hiring pipeline's rules (decision records 18 and 43). An application is managed by its job's poster and by
 * the owners and recruiters of the job's company, and read by its viewers; to anybody else (the applicant
 * included) it does not exist here: 404. Stage moves are in stage-moves.service.ts.
 */

export const notFound = () => new AppError('not_found', PIPELINE_MESSAGES.applicationNotFound);
export const applicationId = (raw: string) => parseId(raw, PIPELINE_MESSAGES.applicationNotFound);

/**
 * The application when the caller manages it (locked with `lock`); a viewer of its company, who can read it,
 * hears 403 (read-only); anybody else 404.
 */
export async function manageableApplication(
  tx: Queryable,
  callerId: string,
  id: string,
  lock = false,
): Promise<ManagedApplicationRow> {
  const application = await findManagedApplication(tx, callerId, id, lock);
  if (application) return application;
  if (await findManagedApplication(tx, callerId, id, false, 'read'))
    throw new AppError('forbidden', TEAM_MESSAGES.viewerReadOnly);
  throw notFound();
}

export async function listResponses(db: Db, caller: CurrentUser, query: ResponsesQuery): Promise<ResponsesPage> {
  const pageSize = query.pageSize;
  const [{ items, total }, jobs] = await Promise.all([
    findResponsesPage(db, caller.id, {
      jobId: query.job,
      stage: query.stage,
      limit: pageSize,
      offset: (query.page - 1) * pageSize,
    }),
    findManagedJobsWithApplications(db, caller.id),
  ]);
  const jobIds = items.map((item) => item.job);
  const [customStages, readOnly] = await Promise.all([
    findCustomStagesOfJobs(db, jobIds),
    findReadOnlyJobs(db, caller.id, jobIds),
  ]);
  return { items, total, page: query.page, pageSize, jobs, customStages, readOnly };
}

export async function listNotes(db: Db, caller: CurrentUser, rawId: string): Promise<Note[]> {
  const id = applicationId(rawId);
  if (!(await findManagedApplication(db, caller.id, id, false, 'read'))) throw notFound();
  return findNotes(db, id);
}

export async function addNote(db: Db, caller: CurrentUser, rawId: string, body: string): Promise<Note> {
  const id = applicationId(rawId);
  return db.transaction(async (tx) => {
    // Locked, so a job deleted or a membership ended meanwhile cannot leave a note behind a check that passed.
    await manageableApplication(tx, caller.id, id, true);
    return insertNote(tx, id, caller.id, body);
  });
}

/**
 * Runs `change` on a note its caller wrote, on an application they still manage: to a non-manager the application
 * does not exist (404), a note of another author is 403, an unknown note 404.
 */
async function changeOwnNote<T>(
  db: Db,
  caller: CurrentUser,
  rawId: string,
  rawNoteId: string,
  change: (tx: Queryable, noteId: string) => Promise<T>,
): Promise<T> {
  const id = applicationId(rawId);
  const noteId = parseId(rawNoteId, PIPELINE_MESSAGES.noteNotFound);
  return db.transaction(async (tx) => {
    await manageableApplication(tx, caller.id, id, true);
    const note = await lockNote(tx, id, noteId);
    if (!note) throw new AppError('not_found', PIPELINE_MESSAGES.noteNotFound);
    if (note.author_id !== caller.id) throw new AppError('forbidden', PIPELINE_MESSAGES.noteAuthorOnly);
    return change(tx, noteId);
  });
}

export const editNote = (db: Db, caller: CurrentUser, rawId: string, rawNoteId: string, body: string): Promise<Note> =>
  changeOwnNote(db, caller, rawId, rawNoteId, (tx, noteId) => updateNoteBody(tx, noteId, body));

export const removeNote = (db: Db, caller: CurrentUser, rawId: string, rawNoteId: string): Promise<NoteDeletion> =>
  changeOwnNote(db, caller, rawId, rawNoteId, async (tx, noteId) => {
    await deleteNote(tx, noteId);
    return { id: noteId, deleted: true as const };
  });

/** The applicant withdraws their own application (again: the first time stays); anybody else: 404. */
export async function withdraw(db: Db, caller: CurrentUser, rawId: string): Promise<Withdrawal> {
  const id = applicationId(rawId);
  const withdrawnAt = await withdrawApplication(db, caller.id, id);
  if (!withdrawnAt) throw notFound();
  return { id, withdrawnAt };
}
