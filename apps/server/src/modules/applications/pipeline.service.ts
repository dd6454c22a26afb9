import {
  MAILED_STAGES,
  PIPELINE_MESSAGES,
  type ApplicationStage,
  type Note,
  type NoteDeletion,
  type ResponsesPage,
  type ResponsesQuery,
  type StageChange,
  type Withdrawal,
} from '@jobboard/shared';
import type { Window } from '../../config.js';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { applicationStageMail, type MailedStage } from '../mail/templates.js';
import {
  findManagedApplication,
  findManagedJobsWithApplications,
  findNotes,
  deleteNote,
  findLastChange,
  findResponsesPage,
  insertNote,
  lockNote,
  updateNoteBody,
  iso,
  setChangeMail,
  updateStage,
  withdrawApplication,
} from './pipeline.repository.js';

/**
 * The hiring pipeline's rules (decision record 18). An application is managed by its job's poster and by the
 * members of the job's company; to anybody else (the applicant included) it does not exist here: 404.
 */

const notFound = () => new AppError('not_found', PIPELINE_MESSAGES.applicationNotFound);
const applicationId = (raw: string) => parseId(raw, PIPELINE_MESSAGES.applicationNotFound);

const isMailed = (stage: ApplicationStage): stage is MailedStage => MAILED_STAGES.includes(stage);

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
  return { items, total, page: query.page, pageSize, jobs };
}

export interface StageDeps {
  db: Db;
  mail: MailQueue;
  /** Stage e-mails per application and per mover in a window (the API always passes them). */
  mailLimits?: { perApplication: Window; perPoster: Window };
  /** How long a stage e-mail waits in the queue: the move's undo window (STAGE_MAIL_DELAY_SECONDS; none: 0). */
  mailDelaySeconds?: number;
}

/**
 * Whether one more stage e-mail may go: counted from the recorded moves to a mailed stage (this one included),
 * of this application and by this account, so every instance counts alike on either database. Past a limit the
 * move still happens and the applicant sees it on Applied Jobs; only the e-mail is skipped.
 */
async function mayMail(
  tx: Queryable,
  applicationId: string,
  moverId: string,
  limits: StageDeps['mailLimits'],
): Promise<boolean> {
  if (!limits) return true;
  const [counts] = await tx.query<{ per_application: number; per_poster: number }>(
    `SELECT count(*) FILTER (WHERE application_id = $1 AND changed_at > now() - make_interval(secs => $4 / 1000.0))::int AS per_application,
            count(*) FILTER (WHERE changed_by = $2 AND changed_at > now() - make_interval(secs => $5 / 1000.0))::int AS per_poster
       FROM application_stage_changes
      WHERE (application_id = $1 OR changed_by = $2) AND to_stage = ANY($3::text[]) AND undo_of IS NULL`,
    [applicationId, moverId, [...MAILED_STAGES], limits.perApplication.windowMs, limits.perPoster.windowMs],
  );
  return (
    (counts?.per_application ?? 0) <= limits.perApplication.limit && (counts?.per_poster ?? 0) <= limits.perPoster.limit
  );
}

async function hasOpenInterview(tx: Queryable, applicationId: string): Promise<boolean> {
  const rows = await tx.query(
    "SELECT 1 FROM interviews WHERE application_id = $1 AND status IN ('proposed', 'scheduled') LIMIT 1",
    [applicationId],
  );
  return rows.length > 0;
}

/**
 * Moves an application. A withdrawn one cannot move (409). A move to interview, offer, hired or rejected queues
 * an e-mail to the applicant in the same transaction, so the move and the e-mail happen together or not at all;
 * the e-mail waits `mailDelaySeconds` in the queue, during which `undoStage` can take the move back and cancel it.
 * `message` is the part of the e-mail the poster wrote (absent: the stage's default). Setting the stage it
 * already has changes nothing and mails nobody.
 */
export async function changeStage(
  deps: StageDeps,
  caller: CurrentUser,
  rawId: string,
  stage: ApplicationStage,
  origin: string,
  message?: string,
): Promise<StageChange> {
  const id = applicationId(rawId);
  const delay = deps.mailDelaySeconds ?? 0;
  return deps.db.transaction(async (tx) => {
    const application = await findManagedApplication(tx, caller.id, id, true);
    if (!application) throw notFound();
    if (application.withdrawn_at !== null) throw new AppError('conflict', PIPELINE_MESSAGES.withdrawnCannotMove);
    if (application.stage === stage) {
      return { id, stage, stageChangedAt: iso(application.stage_changed_at), emailed: false, undoUntil: null };
    }
    const { stageChangedAt, changeId } = await updateStage(tx, id, application.stage, stage, caller.id);
    // An interview proposed or booked has told the applicant more than "They will be in touch" (decision 42).
    const emailed =
      isMailed(stage) &&
      !(stage === 'interview' && (await hasOpenInterview(tx, id))) &&
      (await mayMail(tx, id, caller.id, deps.mailLimits));
    if (emailed) {
      const mail = applicationStageMail(application.applicant_email, application.applicant_name, {
        jobTitle: application.job_title,
        company: application.company_name,
        stage,
        appliedJobsLink: `${origin}/jobs-applied`,
        ...(message ? { message } : {}),
      });
      await setChangeMail(tx, changeId, await deps.mail.enqueue(mail, tx, delay));
    }
    const undoUntil =
      delay > 0 && stageChangedAt ? new Date(Date.parse(stageChangedAt) + delay * 1000).toISOString() : null;
    return { id, stage, stageChangedAt, emailed, undoUntil };
  });
}

/**
 * Takes back the application's latest move within the undo window (issue 29): the application goes back to the
 * stage it had, and the move's e-mail, still waiting in the queue, is cancelled. 409 when there is no such move
 * (none, too old, itself an undo) or when a worker has already taken the e-mail.
 */
export async function undoStage(deps: StageDeps, caller: CurrentUser, rawId: string): Promise<StageChange> {
  const id = applicationId(rawId);
  const window = deps.mailDelaySeconds ?? 0;
  return deps.db.transaction(async (tx) => {
    const application = await findManagedApplication(tx, caller.id, id, true);
    if (!application) throw notFound();
    if (application.withdrawn_at !== null) throw new AppError('conflict', PIPELINE_MESSAGES.withdrawnCannotMove);
    const last = await findLastChange(tx, id);
    if (!last || last.undo_of !== null || last.to_stage !== application.stage || last.age_seconds > window) {
      throw new AppError('conflict', PIPELINE_MESSAGES.nothingToUndo);
    }
    if (last.mail_id && !(await deps.mail.cancelWaiting(last.mail_id, tx)))
      throw new AppError('conflict', PIPELINE_MESSAGES.tooLateToUndo);
    const { stageChangedAt } = await updateStage(tx, id, application.stage, last.from_stage, caller.id, last.id);
    return { id, stage: last.from_stage, stageChangedAt, emailed: false, undoUntil: null };
  });
}

export async function listNotes(db: Db, caller: CurrentUser, rawId: string): Promise<Note[]> {
  const id = applicationId(rawId);
  if (!(await findManagedApplication(db, caller.id, id))) throw notFound();
  return findNotes(db, id);
}

export async function addNote(db: Db, caller: CurrentUser, rawId: string, body: string): Promise<Note> {
  const id = applicationId(rawId);
  return db.transaction(async (tx) => {
    // Locked, so a job deleted or a membership ended meanwhile cannot leave a note behind a check that passed.
    if (!(await findManagedApplication(tx, caller.id, id, true))) throw notFound();
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
    if (!(await findManagedApplication(tx, caller.id, id, true))) throw notFound();
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
