import type { BannedUser, HiddenJob, MyReport, QueueItem, ReportBody, ReportReason } from '@jobboard/shared';
import { MODERATION_LIMITS } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import {
  JOB_COLUMNS,
  JOB_FROM,
  MODERATION_COLUMNS,
  PUBLIC_VIEWER,
  toJob,
  type JobRow,
} from '../jobs/jobs.repository.js';

const iso = (value: Date | string) => new Date(value).toISOString();

export async function insertReport(
  db: Queryable,
  jobId: string,
  reporterId: string,
  body: ReportBody,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    'INSERT INTO job_reports (job_id, reporter_id, reason, details) VALUES ($1, $2, $3, $4) RETURNING id',
    [jobId, reporterId, body.reason, body.details],
  );
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row.id;
}

/** The reporter's latest report of the job, open or decided. */
export async function findLatestReport(db: Queryable, jobId: string, reporterId: string): Promise<MyReport['report']> {
  const [row] = await db.query<{
    created_at: Date | string;
    resolved_at: Date | string | null;
    resolution: 'approved' | 'hidden' | 'banned' | null;
  }>(
    `SELECT created_at, resolved_at, resolution FROM job_reports WHERE job_id = $1 AND reporter_id = $2
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [jobId, reporterId],
  );
  if (!row) return null;
  return {
    reportedAt: iso(row.created_at),
    resolvedAt: row.resolved_at ? iso(row.resolved_at) : null,
    resolution: row.resolution,
  };
}

/** Every open report of the jobs, resolved with what the administrator did; answers how many. */
/** One report an administrator's decision resolved, with what its reporter's e-mail about the outcome needs. */
export interface ResolvedReport {
  reporter_email: string;
  reporter_name: string;
  /** Only a confirmed address hears the outcome. */
  reporter_verified: boolean;
  job_title: string;
}

/** Resolves the jobs' open reports (one per job and reporter, job_reports_open_once); answers each. */
export async function resolveReports(
  db: Queryable,
  jobIds: string[],
  resolution: 'approved' | 'hidden' | 'banned',
): Promise<ResolvedReport[]> {
  return db.query<ResolvedReport>(
    `WITH resolved AS (
       UPDATE job_reports SET resolved_at = now(), resolution = $2 WHERE job_id = ANY($1::uuid[]) AND resolved_at IS NULL
       RETURNING job_id, reporter_id
     )
     SELECT u.email AS reporter_email, u.name AS reporter_name, u.email_verified_at IS NOT NULL AS reporter_verified, j.job_title
       FROM resolved r JOIN users u ON u.id = r.reporter_id JOIN jobs j ON j.id = r.job_id`,
    [jobIds, resolution],
  );
}

/** Whether the job has open reports besides `reportId` (the administrators were told of the first one already). */
export async function hasOtherOpenReports(db: Queryable, jobId: string, reportId: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM job_reports WHERE job_id = $1 AND resolved_at IS NULL AND id <> $2 LIMIT 1',
    [jobId, reportId],
  );
  return rows.length > 0;
}

export interface ModeratedJobRow {
  id: string;
  poster_id: string;
  status: 'open' | 'closed' | 'expired' | 'hidden' | 'pending';
  status_before_moderation: 'open' | 'closed' | 'expired' | null;
  poster_banned: boolean;
}

/** The job's moderation columns, its row locked for the decision. */
export async function lockJob(db: Queryable, jobId: string): Promise<ModeratedJobRow | undefined> {
  const [row] = await db.query<ModeratedJobRow>(
    `SELECT j.id, j.poster_id, j.status, j.status_before_moderation, u.banned_at IS NOT NULL AS poster_banned
       FROM jobs j JOIN users u ON u.id = j.poster_id WHERE j.id = $1 FOR UPDATE OF j`,
    [jobId],
  );
  return row;
}

/** Back to the status it had (open whose closing date passed meanwhile: expired); the reason goes. */
export async function restoreJob(db: Queryable, jobId: string, adminId: string): Promise<void> {
  await db.query(
    `UPDATE jobs SET status = CASE WHEN status_before_moderation = 'open' AND valid_through < CURRENT_DATE THEN 'expired'
                                   ELSE status_before_moderation END,
                     status_before_moderation = NULL, moderation_reason = NULL, moderated_at = now(), moderated_by = $2
      WHERE id = $1 AND status IN ('hidden', 'pending')`,
    [jobId, adminId],
  );
}

/** Hides the jobs (a pending one keeps the status it was waiting with); answers the ids it hid or re-reasoned. */
export async function hideJobs(
  db: Queryable,
  where: { jobId: string } | { posterId: string },
  reason: string,
  adminId: string,
): Promise<string[]> {
  // A ban hides every job of the account not hidden already (those keep their own reason).
  const [condition, key] =
    'jobId' in where ? ['id = $1', where.jobId] : ["poster_id = $1 AND status <> 'hidden'", where.posterId];
  const rows = await db.query<{ id: string }>(
    `UPDATE jobs SET status_before_moderation = CASE WHEN status IN ('hidden', 'pending') THEN status_before_moderation ELSE status END,
                     status = 'hidden', moderation_reason = $2, moderated_at = now(), moderated_by = $3
      WHERE ${condition} RETURNING id`,
    [key, reason, adminId],
  );
  return rows.map((r) => r.id);
}

export interface UserModerationRow {
  id: string;
  email: string;
  email_verified: boolean;
  is_admin: boolean;
  banned_at: Date | string | null;
}

export async function lockUser(db: Queryable, userId: string): Promise<UserModerationRow | undefined> {
  const [row] = await db.query<UserModerationRow>(
    `SELECT id, email, email_verified_at IS NOT NULL AS email_verified, admin_since IS NOT NULL AS is_admin, banned_at
       FROM users WHERE id = $1 FOR UPDATE`,
    [userId],
  );
  return row;
}

/** Whether the account is banned (moderation keeps bans as `users.banned_at`). */
export async function isBanned(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.query<{ banned: boolean }>('SELECT banned_at IS NOT NULL AS banned FROM users WHERE id = $1', [
    userId,
  ]);
  return row?.banned === true;
}

export async function setBan(db: Queryable, userId: string, reason: string | null): Promise<string | null> {
  const [row] = await db.query<{ banned_at: Date | string | null }>(
    reason === null
      ? 'UPDATE users SET banned_at = NULL, ban_reason = NULL WHERE id = $1 RETURNING banned_at'
      : 'UPDATE users SET banned_at = coalesce(banned_at, now()), ban_reason = $2 WHERE id = $1 RETURNING banned_at',
    reason === null ? [userId] : [userId, reason],
  );
  return row?.banned_at ? iso(row.banned_at) : null;
}

/**
 * One page of the review queue, oldest first: jobs with open reports (since their oldest open report) and jobs
 * awaiting review (since they were posted). Bounded by its page; the open reports and pending jobs each have an
 * index of their own (migration 014).
 */
export async function findQueuePage(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ ids: { id: string; since: string }[]; total: number }> {
  const rows = await db.query<{ id: string; since: Date | string; total: number }>(
    `WITH queue AS (
       SELECT r.job_id AS id, min(r.created_at) AS since FROM job_reports r WHERE r.resolved_at IS NULL GROUP BY r.job_id
       UNION
       SELECT j.id, j.created_at FROM jobs j
        WHERE j.status = 'pending' AND NOT EXISTS (SELECT 1 FROM job_reports r WHERE r.job_id = j.id AND r.resolved_at IS NULL)
     )
     SELECT id, since, (count(*) OVER ())::int AS total FROM queue ORDER BY since, id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [count] = await db.query<{ n: number }>(
      `SELECT ((SELECT count(DISTINCT job_id) FROM job_reports WHERE resolved_at IS NULL)
             + (SELECT count(*) FROM jobs j WHERE j.status = 'pending'
                 AND NOT EXISTS (SELECT 1 FROM job_reports r WHERE r.job_id = j.id AND r.resolved_at IS NULL)))::int AS n`,
    );
    total = count?.n ?? 0;
  }
  return { ids: rows.map((r) => ({ id: r.id, since: iso(r.since) })), total };
}

type QueueJobRow = JobRow & {
  poster_email: string;
  poster_created_at: Date | string;
  poster_banned_at: Date | string | null;
  poster_verified: boolean;
};

/** The queue items of those jobs: the job (as its poster sees it), its poster, its open reports. */
export async function findQueueItems(
  db: Queryable,
  page: { id: string; since: string }[],
  isAdminAddress: (email: string, verified: boolean) => boolean,
): Promise<QueueItem[]> {
  if (page.length === 0) return [];
  const ids = page.map((p) => p.id);
  const jobs = await db.query<QueueJobRow>(
    `SELECT ${JOB_COLUMNS}, ${MODERATION_COLUMNS}, j.description, u.email AS poster_email,
            u.created_at AS poster_created_at, u.banned_at AS poster_banned_at, u.email_verified_at IS NOT NULL AS poster_verified
       FROM ${JOB_FROM} WHERE j.id = ANY($1::uuid[])`,
    [ids],
  );
  const reasons = await db.query<{ job_id: string; reason: ReportReason; n: number }>(
    `SELECT job_id, reason, count(*)::int AS n FROM job_reports WHERE job_id = ANY($1::uuid[]) AND resolved_at IS NULL
      GROUP BY job_id, reason ORDER BY n DESC, reason`,
    [ids],
  );
  const latest = await db.query<{ job_id: string; reason: ReportReason; details: string; created_at: Date | string }>(
    `SELECT job_id, reason, details, created_at FROM (
       SELECT r.*, row_number() OVER (PARTITION BY job_id ORDER BY created_at DESC, id) AS nth
         FROM job_reports r WHERE job_id = ANY($1::uuid[]) AND resolved_at IS NULL) newest
      WHERE nth <= $2 ORDER BY created_at DESC`,
    [ids, MODERATION_LIMITS.reportsShown],
  );
  const byId = new Map(jobs.map((j) => [j.id, j]));
  return page.flatMap(({ id, since }) => {
    const job = byId.get(id);
    if (!job) return [];
    const counts = reasons.filter((r) => r.job_id === id);
    return [
      {
        job: toJob(job, { ...PUBLIC_VIEWER, admin: true }),
        poster: {
          id: job.poster_id,
          name: job.poster_name,
          email: job.poster_email,
          createdAt: iso(job.poster_created_at),
          bannedAt: job.poster_banned_at ? iso(job.poster_banned_at) : null,
          isAdmin: isAdminAddress(job.poster_email, job.poster_verified),
        },
        reportCount: counts.reduce((sum, r) => sum + r.n, 0),
        reasons: counts.map((r) => ({ reason: r.reason, count: r.n })),
        reports: latest
          .filter((r) => r.job_id === id)
          .map((r) => ({ reason: r.reason, details: r.details, createdAt: iso(r.created_at) })),
        since,
      },
    ];
  });
}

/** One page of hidden jobs, most recently hidden first (jobs_hidden_idx, migration 023), with their posters. */
export async function findHiddenJobsPage(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ items: HiddenJob[]; total: number }> {
  const rows = await db.query<JobRow & { poster_email: string; poster_banned_at: Date | string | null }>(
    `SELECT ${JOB_COLUMNS}, ${MODERATION_COLUMNS}, j.description, u.email AS poster_email, u.banned_at AS poster_banned_at
       FROM ${JOB_FROM} WHERE j.status = 'hidden' ORDER BY j.moderated_at DESC, j.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE status = 'hidden'`);
  const items = rows.map((row) => ({
    job: toJob(row, { ...PUBLIC_VIEWER, admin: true }),
    poster: {
      id: row.poster_id,
      name: row.poster_name,
      email: row.poster_email,
      bannedAt: row.poster_banned_at ? iso(row.poster_banned_at) : null,
    },
  }));
  return { items, total: count?.n ?? 0 };
}

/** One page of banned accounts, most recently banned first (users_banned_idx, migration 023). */
export async function findBannedUsersPage(
  db: Queryable,
  limit: number,
  offset: number,
): Promise<{ items: BannedUser[]; total: number }> {
  const rows = await db.query<{
    id: string;
    name: string;
    email: string;
    banned_at: Date | string;
    ban_reason: string | null;
    hidden_jobs: number;
  }>(
    `SELECT u.id, u.name, u.email, u.banned_at, u.ban_reason,
            (SELECT count(*)::int FROM jobs j WHERE j.poster_id = u.id AND j.status = 'hidden') AS hidden_jobs
       FROM users u WHERE u.banned_at IS NOT NULL ORDER BY u.banned_at DESC, u.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE banned_at IS NOT NULL');
  const items = rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    bannedAt: iso(row.banned_at),
    reason: row.ban_reason ?? '',
    hiddenJobs: row.hidden_jobs,
  }));
  return { items, total: count?.n ?? 0 };
}
