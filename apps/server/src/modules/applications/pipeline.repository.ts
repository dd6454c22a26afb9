import type { ApplicationStage, Note, ReceivedApplication, ScreeningResult } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { MANAGES_JOB, SEES_JOB_APPLICATIONS } from '../../db/job-access.js';
import { APPLICATION_SELECT, toApplication, type ApplicationRow } from './applications.repository.js';

export const iso = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

interface ResponseRow extends ApplicationRow {
  stage_changed_at: Date | string | null;
  custom_stage_id: string | null;
  custom_stage_name: string | null;
  notes_count: number | string;
  screening: ScreeningResult | string | null;
}

const screeningOf = (value: ResponseRow['screening']): ScreeningResult =>
  typeof value === 'string' ? (JSON.parse(value) as ScreeningResult) : value;

function toResponse(row: ResponseRow): ReceivedApplication {
  return {
    ...toApplication(row),
    stage: row.stage,
    stageChangedAt: iso(row.stage_changed_at),
    customStage:
      row.custom_stage_id && row.custom_stage_name ? { id: row.custom_stage_id, name: row.custom_stage_name } : null,
    withdrawnAt: iso(row.withdrawn_at),
    notesCount: Number(row.notes_count),
    screening: screeningOf(row.screening),
  };
}

export interface ResponsesFilter {
  jobId?: string | undefined;
  stage?: ApplicationStage | undefined;
  limit: number;
  offset: number;
}

/** One page of the applications to the jobs `userId` manages, newest first, and how many match in all. */
export async function findResponsesPage(
  db: Queryable,
  userId: string,
  filter: ResponsesFilter,
): Promise<{ items: ReceivedApplication[]; total: number }> {
  const where = `WHERE ${SEES_JOB_APPLICATIONS} AND ($2::uuid IS NULL OR a.job_id = $2::uuid) AND ($3::text IS NULL OR a.stage = $3::text)`;
  const params = [userId, filter.jobId ?? null, filter.stage ?? null];
  const [count] = await db.query<{ total: number | string }>(
    `SELECT count(*) AS total FROM applications a JOIN jobs j ON j.id = a.job_id ${where}`,
    params,
  );
  // The spec's select as it is (the apply work may add columns to it), with the pipeline's own columns beside it.
  const rows = await db.query<ResponseRow>(
    `SELECT page.*, x.stage_changed_at, x.custom_stage_id, cs.name AS custom_stage_name,
            (SELECT count(*) FROM application_notes n WHERE n.application_id = page.id) AS notes_count,
            (SELECT json_build_object('knockedOut', s.knocked_out, 'answers', s.answers)
               FROM application_screening s WHERE s.application_id = page.id) AS screening
       FROM (${APPLICATION_SELECT} ${where} ORDER BY a.applied_at DESC, a.id LIMIT $4 OFFSET $5) page
       JOIN applications x ON x.id = page.id
       LEFT JOIN company_stages cs ON cs.id = x.custom_stage_id
      ORDER BY page.applied_at DESC, page.id`,
    [...params, filter.limit, filter.offset],
  );
  return { items: rows.map(toResponse), total: Number(count?.total ?? 0) };
}

/** Of these jobs, the ones `userId` may read but not manage (a viewer of their company). */
export async function findReadOnlyJobs(db: Queryable, userId: string, jobIds: readonly string[]): Promise<string[]> {
  if (jobIds.length === 0) return [];
  const rows = await db.query<{ id: string }>(
    `SELECT j.id FROM jobs j WHERE j.id = ANY($2::uuid[]) AND ${SEES_JOB_APPLICATIONS} AND NOT ${MANAGES_JOB}`,
    [userId, [...new Set(jobIds)]],
  );
  return rows.map((r) => r.id);
}

/** The jobs with applications that `userId` manages, newest job first: the Responses page's job filter. */
export async function findManagedJobsWithApplications(
  db: Queryable,
  userId: string,
): Promise<{ id: string; title: string; applications: number }[]> {
  const rows = await db.query<{ id: string; job_title: string; applications: number | string }>(
    `SELECT j.id, j.job_title, count(*) AS applications
       FROM jobs j JOIN applications a ON a.job_id = j.id
      WHERE ${SEES_JOB_APPLICATIONS}
      GROUP BY j.id, j.job_title, j.seq
      ORDER BY j.seq DESC
      LIMIT 500`,
    [userId],
  );
  return rows.map((r) => ({ id: r.id, title: r.job_title, applications: Number(r.applications) }));
}

export interface ManagedApplicationRow {
  id: string;
  stage: ApplicationStage;
  custom_stage_id: string | null;
  custom_stage_name: string | null;
  withdrawn_at: Date | string | null;
  stage_changed_at: Date | string | null;
  applicant_email: string;
  applicant_name: string;
  job_id: string;
  job_title: string;
  company_name: string;
}

/**
 * The application when `userId` manages its job (with `access` 'read': may read it, as a viewer), else
 * undefined; with `lock`, the application's row stays locked until the transaction ends (a stage change and a
 * withdrawal take turns).
 */
export async function findManagedApplication(
  db: Queryable,
  userId: string,
  applicationId: string,
  lock = false,
  access: 'manage' | 'read' = 'manage',
): Promise<ManagedApplicationRow | undefined> {
  const rows = await db.query<ManagedApplicationRow>(
    `SELECT a.id, a.stage, a.custom_stage_id, cs.name AS custom_stage_name, a.withdrawn_at, a.stage_changed_at,
            u.email AS applicant_email, u.name AS applicant_name,
            j.id AS job_id, j.job_title, COALESCE(c.name, j.company_name) AS company_name
       FROM applications a
       JOIN jobs j ON j.id = a.job_id
       JOIN users u ON u.id = a.user_id
       LEFT JOIN companies c ON c.id = j.company_id
       LEFT JOIN company_stages cs ON cs.id = a.custom_stage_id
      WHERE a.id = $2 AND ${access === 'read' ? SEES_JOB_APPLICATIONS : MANAGES_JOB}
      ${lock ? 'FOR UPDATE OF a' : ''}`,
    [userId, applicationId],
  );
  return rows[0];
}

/** Where an application stands: a fixed stage, and the company's own stage after it (null: none). */
export interface StagePoint {
  stage: ApplicationStage;
  customStageId: string | null;
}

/** Moves the application and records the move (with `undoOf`, as the undo of that move); its time and id. */
export async function updateStage(
  db: Queryable,
  applicationId: string,
  from: StagePoint,
  to: StagePoint,
  changedBy: string | null,
  undoOf: string | null = null,
): Promise<{ stageChangedAt: string | null; changeId: string }> {
  const [row] = await db.query<{ stage_changed_at: Date | string }>(
    // A custom stage deleted since (an undo's target) is no stage: the fixed one it followed.
    `UPDATE applications SET stage = $2, custom_stage_id = (SELECT id FROM company_stages WHERE id = $3::uuid),
            stage_changed_at = now()
      WHERE id = $1 RETURNING stage_changed_at`,
    [applicationId, to.stage, to.customStageId],
  );
  const [change] = await db.query<{ id: string | number }>(
    `INSERT INTO application_stage_changes
       (application_id, from_stage, to_stage, changed_by, undo_of, from_custom_stage_id, to_custom_stage_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [applicationId, from.stage, to.stage, changedBy, undoOf, from.customStageId, to.customStageId],
  );
  if (!change) throw new Error('INSERT ... RETURNING gave no row');
  return { stageChangedAt: iso(row?.stage_changed_at ?? null), changeId: String(change.id) };
}

export async function setChangeMail(db: Queryable, changeId: string, mailId: string): Promise<void> {
  await db.query('UPDATE application_stage_changes SET mail_id = $2 WHERE id = $1', [changeId, mailId]);
}

export interface LastChangeRow {
  id: string;
  from_stage: ApplicationStage;
  to_stage: ApplicationStage;
  from_custom_stage_id: string | null;
  to_custom_stage_id: string | null;
  mail_id: string | null;
  undo_of: string | null;
  /** Seconds since the move, by the database's clock (the one the queue's delay is counted by). */
  age_seconds: number;
}

/** The application's latest move, if any. */
export async function findLastChange(db: Queryable, applicationId: string): Promise<LastChangeRow | undefined> {
  const [row] = await db.query<LastChangeRow>(
    `SELECT id::text AS id, from_stage, to_stage, from_custom_stage_id, to_custom_stage_id, mail_id, undo_of::text AS undo_of,
            extract(epoch FROM now() - changed_at)::float8 AS age_seconds
       FROM application_stage_changes WHERE application_id = $1 ORDER BY id DESC LIMIT 1`,
    [applicationId],
  );
  return row ? { ...row, age_seconds: Number(row.age_seconds) } : undefined;
}

/** The applicant's own application withdrawn (the first withdrawal's time is kept); undefined when not theirs. */
export async function withdrawApplication(
  db: Queryable,
  userId: string,
  applicationId: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ withdrawn_at: Date | string }>(
    `UPDATE applications SET withdrawn_at = COALESCE(withdrawn_at, now())
      WHERE id = $1 AND user_id = $2 RETURNING withdrawn_at`,
    [applicationId, userId],
  );
  return row ? new Date(row.withdrawn_at).toISOString() : undefined;
}

interface NoteRow {
  id: string;
  body: string;
  author_name: string | null;
  author_email: string | null;
  created_at: Date | string;
}

const toNote = (row: NoteRow): Note => ({
  id: row.id,
  body: row.body,
  authorName: row.author_name,
  authorEmail: row.author_email,
  createdAt: new Date(row.created_at).toISOString(),
});

export async function findNotes(db: Queryable, applicationId: string): Promise<Note[]> {
  const rows = await db.query<NoteRow>(
    `SELECT n.id, n.body, u.name AS author_name, u.email AS author_email, n.created_at
       FROM application_notes n LEFT JOIN users u ON u.id = n.author_id
      WHERE n.application_id = $1
      ORDER BY n.created_at, n.id`,
    [applicationId],
  );
  return rows.map(toNote);
}

export async function insertNote(db: Queryable, applicationId: string, authorId: string, body: string): Promise<Note> {
  const rows = await db.query<NoteRow>(
    `WITH inserted AS (
       INSERT INTO application_notes (application_id, author_id, body) VALUES ($1, $2, $3)
       RETURNING id, body, author_id, created_at)
     SELECT i.id, i.body, u.name AS author_name, u.email AS author_email, i.created_at
       FROM inserted i LEFT JOIN users u ON u.id = i.author_id`,
    [applicationId, authorId, body],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return toNote(row);
}

/** A note of an application, with its author (NULL once their account is gone); locked for the change that follows. */
export async function lockNote(
  db: Queryable,
  applicationId: string,
  noteId: string,
): Promise<{ author_id: string | null } | undefined> {
  const rows = await db.query<{ author_id: string | null }>(
    'SELECT author_id FROM application_notes WHERE id = $1 AND application_id = $2 FOR UPDATE',
    [noteId, applicationId],
  );
  return rows[0];
}

export async function updateNoteBody(db: Queryable, noteId: string, body: string): Promise<Note> {
  const rows = await db.query<NoteRow>(
    `WITH updated AS (UPDATE application_notes SET body = $2 WHERE id = $1 RETURNING id, body, author_id, created_at)
     SELECT d.id, d.body, u.name AS author_name, u.email AS author_email, d.created_at
       FROM updated d LEFT JOIN users u ON u.id = d.author_id`,
    [noteId, body],
  );
  const row = rows[0];
  if (!row) throw new Error('UPDATE ... RETURNING gave no row');
  return toNote(row);
}

export async function deleteNote(db: Queryable, noteId: string): Promise<void> {
  await db.query('DELETE FROM application_notes WHERE id = $1', [noteId]);
}
