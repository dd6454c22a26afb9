import type { Queryable } from '../../db/client.js';

/**
 * Job views (decision record 18): a random key per UTC day in job_view_keys; each visitor's HMAC under it in
 * job_view_visitors for that day only; job_view_counts keeps the per-day totals for good.
 */

/** The day's key, made by the first view of the day; undefined if another instance made it first (read it then). */
export async function insertDayKey(db: Queryable, day: string, secret: Buffer): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO job_view_keys (day, secret) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING RETURNING day',
    [day, secret],
  );
  return rows.length > 0;
}

export async function findDayKey(db: Queryable, day: string): Promise<Buffer | undefined> {
  const [row] = await db.query<{ secret: Buffer | Uint8Array }>('SELECT secret FROM job_view_keys WHERE day = $1', [
    day,
  ]);
  return row ? Buffer.from(row.secret) : undefined;
}

/**
 * Forgets the days before `day`: their keys, and the visitor hashes made with them (only the counts stay), so a
 * past day's visitors can no longer be found by hashing guessed addresses.
 */
export async function deletePastViewDays(db: Queryable, day: string): Promise<void> {
  await db.query('DELETE FROM job_view_visitors WHERE day < $1', [day]);
  await db.query('DELETE FROM job_view_keys WHERE day < $1', [day]);
}

/** Counts the visitor once for the job and day; true when this was their first view of it that day. */
export async function recordView(db: Queryable, jobId: string, day: string, visitor: Buffer): Promise<boolean> {
  const rows = await db.query(
    `WITH fresh AS (
       INSERT INTO job_view_visitors (job_id, day, visitor) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING job_id)
     INSERT INTO job_view_counts (job_id, day, views)
     SELECT job_id, $2, 1 FROM fresh
     ON CONFLICT (job_id, day) DO UPDATE SET views = job_view_counts.views + 1
     RETURNING views`,
    [jobId, day, visitor],
  );
  return rows.length > 0;
}

export interface JobStatsRow {
  id: string;
  poster_id: string;
  company_id: string | null;
  views: number | string;
  applications: number | string;
  /** Seekers sent to the company's site; null for a job that takes applications elsewhere. */
  apply_clicks: number | string | null;
}

const STATS_SELECT = `
  SELECT j.id, j.poster_id, j.company_id,
         COALESCE((SELECT sum(c.views) FROM job_view_counts c WHERE c.job_id = j.id), 0) AS views,
         (SELECT count(*) FROM applications a WHERE a.job_id = j.id) AS applications,
         (SELECT o.clicks FROM job_apply_options o WHERE o.job_id = j.id AND o.method = 'external') AS apply_clicks
    FROM jobs j`;

export async function findJobStats(db: Queryable, jobId: string): Promise<JobStatsRow | undefined> {
  const [row] = await db.query<JobStatsRow>(`${STATS_SELECT} WHERE j.id = $1`, [jobId]);
  return row;
}

/** Every job the poster posted (the My Jobs list), newest first. */
export async function findStatsOfPoster(db: Queryable, posterId: string): Promise<JobStatsRow[]> {
  return db.query<JobStatsRow>(`${STATS_SELECT} WHERE j.poster_id = $1 ORDER BY j.seq DESC`, [posterId]);
}

export async function jobExists(db: Queryable, jobId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM jobs WHERE id = $1', [jobId])).length > 0;
}

/** True when the user posted the job or is a member of its company: their visits are not an audience. */
export async function managesJob(db: Queryable, jobId: string, userId: string): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM jobs j
      WHERE j.id = $1
        AND (j.poster_id = $2 OR EXISTS (SELECT 1 FROM company_members m WHERE m.company_id = j.company_id AND m.user_id = $2))`,
    [jobId, userId],
  );
  return rows.length > 0;
}
