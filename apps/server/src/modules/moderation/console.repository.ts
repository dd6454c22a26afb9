import type {
  AdminCompanyRow,
  AdminJobFilter,
  AdminJobRow,
  AdminReport,
  AdminUserDetail,
  AdminUserSummary,
  ReportReason,
} from '@jobboard/shared';
import { ADMIN_CONSOLE_LIMITS } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';

/** The console's reads (issue 34): every account, every job whatever its status, every report. */

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** The status an administrator reads: hidden and pending first, then what the job page would say. */
const JOB_STATUS = `CASE WHEN j.status IN ('hidden', 'pending') THEN j.status
  WHEN j.status = 'closed' THEN 'closed'
  WHEN j.status = 'expired' OR j.valid_through < CURRENT_DATE THEN 'expired' ELSE 'open' END`;

/** `q` is matched as a plain substring (no LIKE wildcards to escape), case-insensitively. */
const contains = (column: string, param: number) => `strpos(lower(${column}), lower($${param})) > 0`;

interface UserSummaryRow {
  id: string;
  name: string;
  username: string;
  email: string;
  email_verified: boolean;
  created_at: Date | string;
  banned_at: Date | string | null;
  ban_reason: string | null;
  is_admin: boolean;
  jobs: number;
  applications: number;
}

const USER_SUMMARY = `u.id, u.name, u.username, u.email, u.email_verified_at IS NOT NULL AS email_verified, u.created_at,
  u.banned_at, u.ban_reason, u.admin_since IS NOT NULL AS is_admin,
  (SELECT count(*)::int FROM jobs j WHERE j.poster_id = u.id) AS jobs,
  (SELECT count(*)::int FROM applications a WHERE a.user_id = u.id) AS applications`;

function toSummary(row: UserSummaryRow, adminEmails: readonly string[]): AdminUserSummary {
  const listed = adminEmails.includes(row.email);
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    email: row.email,
    emailVerified: row.email_verified,
    createdAt: iso(row.created_at),
    bannedAt: isoOrNull(row.banned_at),
    banReason: row.ban_reason,
    isAdmin: row.email_verified && (row.is_admin || listed),
    adminByEnvironment: listed,
    jobs: row.jobs,
    applications: row.applications,
  };
}

/** One page of accounts whose name, username or e-mail contains `q`, newest first. */
export async function findUsersPage(
  db: Queryable,
  q: string,
  adminEmails: readonly string[],
  limit: number,
  offset: number,
): Promise<{ items: AdminUserSummary[]; total: number }> {
  const where = q ? `WHERE ${contains('u.name', 1)} OR ${contains('u.username', 1)} OR ${contains('u.email', 1)}` : '';
  const params = q ? [q] : [];
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users u ${where}`, params);
  const rows = await db.query<UserSummaryRow>(
    `SELECT ${USER_SUMMARY} FROM users u ${where} ORDER BY u.created_at DESC, u.id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { items: rows.map((row) => toSummary(row, adminEmails)), total: count?.n ?? 0 };
}

interface JobListRow {
  id: string;
  job_title: string;
  company: string;
  status: AdminJobRow['status'];
  moderation_reason: string | null;
  poster_id: string;
  poster_email: string;
  created_at: Date | string;
  open_reports: number;
  featured_until: string | null;
}

const JOB_ROW = `j.id, j.job_title, coalesce(nullif(co.name, ''), j.company_name) AS company, ${JOB_STATUS} AS status,
  j.moderation_reason, j.poster_id, u.email AS poster_email, j.created_at, j.featured_until::text AS featured_until,
  (SELECT count(*)::int FROM job_reports r WHERE r.job_id = j.id AND r.resolved_at IS NULL) AS open_reports`;
const JOB_LIST_FROM = 'jobs j JOIN users u ON u.id = j.poster_id JOIN companies co ON co.id = j.company_id';

const toJobRow = (row: JobListRow): AdminJobRow => ({
  id: row.id,
  title: row.job_title,
  company: row.company,
  status: row.status,
  moderationReason: row.moderation_reason,
  posterId: row.poster_id,
  posterEmail: row.poster_email,
  postedAt: iso(row.created_at),
  openReports: row.open_reports,
  featuredUntil: row.featured_until,
});

/** One page of jobs of a status (or all), whose title, company or poster's e-mail contains `q`, newest first. */
export async function findJobsPage(
  db: Queryable,
  filter: { status: AdminJobFilter; q: string },
  limit: number,
  offset: number,
): Promise<{ items: AdminJobRow[]; total: number }> {
  const params: unknown[] = [];
  const parts: string[] = [];
  if (filter.status !== 'all') parts.push(`${JOB_STATUS} = $${params.push(filter.status)}`);
  if (filter.q) {
    const n = params.push(filter.q);
    parts.push(`(${contains('j.job_title', n)} OR ${contains('co.name', n)} OR ${contains('u.email', n)})`);
  }
  const where = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${JOB_LIST_FROM} ${where}`, params);
  const rows = await db.query<JobListRow>(
    `SELECT ${JOB_ROW} FROM ${JOB_LIST_FROM} ${where} ORDER BY j.created_at DESC, j.id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { items: rows.map(toJobRow), total: count?.n ?? 0 };
}

interface ReportRow {
  id: string;
  job_id: string;
  job_title: string;
  job_status: AdminReport['jobStatus'];
  reporter_id: string;
  reporter_email: string;
  reason: ReportReason;
  details: string;
  created_at: Date | string;
  resolved_at: Date | string | null;
  resolution: AdminReport['outcome'];
}

const REPORT_SELECT = `SELECT r.id, r.job_id, j.job_title, ${JOB_STATUS} AS job_status, r.reporter_id,
  ru.email AS reporter_email, r.reason, r.details, r.created_at, r.resolved_at, r.resolution
  FROM job_reports r JOIN jobs j ON j.id = r.job_id JOIN users ru ON ru.id = r.reporter_id`;

const toReport = (row: ReportRow): AdminReport => ({
  id: row.id,
  jobId: row.job_id,
  jobTitle: row.job_title,
  jobStatus: row.job_status,
  reporterId: row.reporter_id,
  reporterEmail: row.reporter_email,
  reason: row.reason,
  details: row.details,
  createdAt: iso(row.created_at),
  resolvedAt: isoOrNull(row.resolved_at),
  outcome: row.resolution,
});

/** Open reports oldest first (they wait longest), closed ones most recently decided first. */
export async function findReportsPage(
  db: Queryable,
  state: 'open' | 'closed',
  limit: number,
  offset: number,
): Promise<{ items: AdminReport[]; total: number }> {
  const open = state === 'open';
  const where = open ? 'r.resolved_at IS NULL' : 'r.resolved_at IS NOT NULL';
  const order = open ? 'r.created_at, r.id' : 'r.resolved_at DESC, r.id';
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM job_reports r WHERE ${where}`);
  const rows = await db.query<ReportRow>(
    `${REPORT_SELECT} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  return { items: rows.map(toReport), total: count?.n ?? 0 };
}

/** Everything the console shows of one account: its jobs, applications, companies and reports, each the newest. */
export async function findUserDetail(
  db: Queryable,
  userId: string,
  adminEmails: readonly string[],
): Promise<AdminUserDetail | undefined> {
  const [user] = await db.query<UserSummaryRow>(`SELECT ${USER_SUMMARY} FROM users u WHERE u.id = $1`, [userId]);
  if (!user) return undefined;
  const rows = ADMIN_CONSOLE_LIMITS.detailRows;
  const jobs = await db.query<JobListRow>(
    `SELECT ${JOB_ROW} FROM ${JOB_LIST_FROM} WHERE j.poster_id = $1 ORDER BY j.created_at DESC, j.id LIMIT ${rows}`,
    [userId],
  );
  const applications = await db.query<{
    id: string;
    job_id: string;
    job_title: string;
    stage: string;
    applied_at: Date | string;
  }>(
    `SELECT a.id, a.job_id, j.job_title, a.stage, a.applied_at FROM applications a JOIN jobs j ON j.id = a.job_id
      WHERE a.user_id = $1 ORDER BY a.applied_at DESC, a.id LIMIT ${rows}`,
    [userId],
  );
  const companies = await db.query<{ id: string; slug: string; name: string; creator: boolean }>(
    `SELECT c.id, c.slug, c.name, c.created_by IS NOT DISTINCT FROM $1::uuid AS creator
       FROM company_members m JOIN companies c ON c.id = m.company_id WHERE m.user_id = $1 ORDER BY c.name, c.id`,
    [userId],
  );
  const made = await db.query<ReportRow>(
    `${REPORT_SELECT} WHERE r.reporter_id = $1 ORDER BY r.created_at DESC, r.id LIMIT ${rows}`,
    [userId],
  );
  const received = await db.query<ReportRow>(
    `${REPORT_SELECT} WHERE j.poster_id = $1 ORDER BY r.created_at DESC, r.id LIMIT ${rows}`,
    [userId],
  );
  return {
    user: toSummary(user, adminEmails),
    jobs: jobs.map(toJobRow),
    applications: applications.map((a) => ({
      id: a.id,
      jobId: a.job_id,
      jobTitle: a.job_title,
      stage: a.stage,
      appliedAt: iso(a.applied_at),
    })),
    companies,
    reportsMade: made.map(toReport),
    reportsReceived: received.map(toReport),
  };
}

/**
 * Closes the job (a hidden or pending one stays so, and approval gives it back closed); answers whether it was
 * found. closed_at is kept when it was closed before.
 */
export async function closeJobRow(db: Queryable, jobId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET status = CASE WHEN status IN ('hidden', 'pending') THEN status ELSE 'closed' END,
                     status_before_moderation = CASE WHEN status IN ('hidden', 'pending') THEN 'closed' END,
                     closed_at = coalesce(closed_at, now()), updated_at = now()
      WHERE id = $1 RETURNING id`,
    [jobId],
  );
  return rows.length > 0;
}

/** Features an open job until `until` (its last featured day), or no longer (null); false when no open job has the id. */
export async function setJobFeatured(db: Queryable, jobId: string, until: string | null): Promise<boolean> {
  const rows = await db.query(
    `UPDATE jobs SET featured_until = $2::date, updated_at = now()
      WHERE id = $1 AND (status = 'open' OR $2::date IS NULL) RETURNING id`,
    [jobId, until],
  );
  return rows.length > 0;
}

interface CompanyListRow {
  id: string;
  name: string;
  slug: string;
  creator_email: string | null;
  members: number;
  jobs: number;
  open_jobs: number;
  created_at: Date | string;
}

/** One page of companies whose name or address contains `q`, newest first, with their members and jobs counted. */
export async function findCompaniesPage(
  db: Queryable,
  q: string,
  limit: number,
  offset: number,
): Promise<{ items: AdminCompanyRow[]; total: number }> {
  const params: unknown[] = [];
  const where = q ? `WHERE ${contains('c.name', params.push(q))} OR ${contains('c.slug', params.length)}` : '';
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM companies c ${where}`, params);
  const rows = await db.query<CompanyListRow>(
    `SELECT c.id, c.name, c.slug, u.email AS creator_email, c.created_at,
            (SELECT count(*)::int FROM company_members m WHERE m.company_id = c.id) AS members,
            (SELECT count(*)::int FROM jobs j WHERE j.company_id = c.id) AS jobs,
            (SELECT count(*)::int FROM jobs j WHERE j.company_id = c.id AND j.status = 'open') AS open_jobs
       FROM companies c LEFT JOIN users u ON u.id = c.created_by ${where}
      ORDER BY c.created_at DESC, c.id LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      creatorEmail: row.creator_email,
      members: row.members,
      jobs: row.jobs,
      openJobs: row.open_jobs,
      createdAt: iso(row.created_at),
    })),
    total: count?.n ?? 0,
  };
}

/** Why a duplicate cannot be merged into `intoId` as it is, or undefined when it can. */
export async function mergeBlocker(
  db: Queryable,
  fromId: string,
  intoId: string,
): Promise<'integrations' | 'external-id' | undefined> {
  const [row] = await db.query<{ integrations: boolean; clash: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM api_keys WHERE company_id = $1)
            OR EXISTS (SELECT 1 FROM webhook_endpoints WHERE company_id = $1)
            OR EXISTS (SELECT 1 FROM job_import_sources WHERE company_id = $1) AS integrations,
            EXISTS (SELECT 1 FROM jobs a JOIN jobs b ON a.external_id = b.external_id
                     WHERE a.company_id = $1 AND b.company_id = $2) AS clash`,
    [fromId, intoId],
  );
  if (row?.integrations) return 'integrations';
  return row?.clash ? 'external-id' : undefined;
}

/** Moves the duplicate's jobs and members to the company kept, then deletes the duplicate (its invitations with it). */
export async function mergeCompanyRows(db: Queryable, fromId: string, intoId: string): Promise<void> {
  await db.query('UPDATE jobs SET company_id = $2, updated_at = now() WHERE company_id = $1', [fromId, intoId]);
  await db.query(
    `INSERT INTO company_members (company_id, user_id, added_at, role)
     SELECT $2, user_id, added_at, role FROM company_members WHERE company_id = $1 ON CONFLICT DO NOTHING`,
    [fromId, intoId],
  );
  await db.query('DELETE FROM companies WHERE id = $1', [fromId]);
}
