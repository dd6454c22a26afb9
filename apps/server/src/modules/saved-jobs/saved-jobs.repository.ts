import type { SavedJob } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { CARD_COLUMNS, JOB_FROM, NOT_MODERATED, toJob, type JobRow, type JobViewer } from '../jobs/jobs.repository.js';

type SavedJobRow = JobRow & { saved_at: Date | string };

const iso = (value: Date | string) => new Date(value).toISOString();

/** The newest saved first; the job id breaks ties, so pages never overlap. */
const NEWEST_SAVED = 's.saved_at DESC, s.job_id DESC';

/**
 * Holds the user's saved list for the rest of the transaction, so two saves at once cannot both pass the limit.
 * FOR NO KEY UPDATE: it waits only for another such lock, not for the key-share locks the inserts' foreign
 * keys take on the same row.
 */
export async function lockSavedJobsOf(db: Queryable, userId: string): Promise<void> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
}

/** When the user saved the job, or undefined when they have not. */
export async function findSavedAt(db: Queryable, userId: string, jobId: string): Promise<string | undefined> {
  const rows = await db.query<{ saved_at: Date | string }>(
    'SELECT saved_at FROM saved_jobs WHERE user_id = $1 AND job_id = $2',
    [userId, jobId],
  );
  const row = rows[0];
  return row ? iso(row.saved_at) : undefined;
}

export async function countSavedJobs(db: Queryable, userId: string): Promise<number> {
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM saved_jobs WHERE user_id = $1', [userId]);
  return Number(rows[0]?.n ?? 0);
}

/** Saves the job if it exists: its saved time, or undefined when there is no such job. */
export async function insertSavedJob(db: Queryable, userId: string, jobId: string): Promise<string | undefined> {
  const rows = await db.query<{ saved_at: Date | string }>(
    `INSERT INTO saved_jobs (user_id, job_id)
     SELECT $1, id FROM jobs WHERE id = $2 AND status NOT IN ('hidden', 'pending')
     ON CONFLICT (user_id, job_id) DO UPDATE SET saved_at = saved_jobs.saved_at
     RETURNING saved_at`,
    [userId, jobId],
  );
  const row = rows[0];
  return row ? iso(row.saved_at) : undefined;
}

/** Answers whether there was a saved row to delete. */
export async function deleteSavedJob(db: Queryable, userId: string, jobId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM saved_jobs WHERE user_id = $1 AND job_id = $2 RETURNING job_id', [
    userId,
    jobId,
  ]);
  return rows.length > 0;
}

/** One page of the user's saved jobs as cards (closed and expired ones included, with their status). */
export async function findSavedJobsPage(
  db: Queryable,
  userId: string,
  limit: number,
  offset: number,
  viewer: JobViewer,
): Promise<SavedJob[]> {
  const rows = await db.query<SavedJobRow>(
    `SELECT ${CARD_COLUMNS}, s.saved_at FROM ${JOB_FROM} JOIN saved_jobs s ON s.job_id = j.id
      WHERE s.user_id = $1 AND ${NOT_MODERATED} ORDER BY ${NEWEST_SAVED} LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return rows.map((row) => ({ ...toJob(row, viewer), savedAt: iso(row.saved_at) }));
}

/** The ids of the jobs the user saved, newest saved first (at most `limit`). */
export async function findSavedJobIds(db: Queryable, userId: string, limit: number): Promise<string[]> {
  const rows = await db.query<{ job_id: string }>(
    `SELECT s.job_id FROM saved_jobs s WHERE s.user_id = $1 ORDER BY ${NEWEST_SAVED} LIMIT $2`,
    [userId, limit],
  );
  return rows.map((row) => row.job_id);
}
