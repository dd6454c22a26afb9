import type { ApplicationStage, ThreadMessage } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { MANAGES_JOB, SEES_JOB_APPLICATIONS } from '../../db/job-access.js';

export const iso = (value: Date | string): string => new Date(value).toISOString();

export interface ThreadRow {
  id: string;
  candidate_id: string;
  candidate_name: string;
  candidate_email: string;
  candidate_verified: boolean;
  stage: ApplicationStage;
  withdrawn_at: Date | string | null;
  job_id: string;
  job_title: string;
  job_poster_id: string;
  job_company_id: string | null;
  company_name: string;
  /** Whether the reader manages the job; a company's viewer reads the team's side but may not write in it. */
  manages: boolean;
}

/**
 * The application when `userId` is on either side of its thread (its applicant, or one who sees its job's
 * applications: its managers and its company's viewers), else undefined; with `lock`, its row stays locked until the transaction ends (messages and interviews take turns).
 */
export async function findThread(
  db: Queryable,
  userId: string,
  applicationId: string,
  lock = false,
): Promise<ThreadRow | undefined> {
  const rows = await db.query<ThreadRow>(
    `SELECT a.id, a.user_id AS candidate_id, u.name AS candidate_name, u.email AS candidate_email,
            (u.email_verified_at IS NOT NULL AND u.banned_at IS NULL) AS candidate_verified,
            a.stage, a.withdrawn_at, j.id AS job_id, j.job_title, j.poster_id AS job_poster_id,
            j.company_id AS job_company_id, COALESCE(c.name, j.company_name) AS company_name,
            ${MANAGES_JOB} AS manages
       FROM applications a
       JOIN jobs j ON j.id = a.job_id
       JOIN users u ON u.id = a.user_id
       LEFT JOIN companies c ON c.id = j.company_id
      WHERE a.id = $2 AND (a.user_id = $1 OR ${SEES_JOB_APPLICATIONS})
      ${lock ? 'FOR UPDATE OF a' : ''}`,
    [userId, applicationId],
  );
  return rows[0];
}

export interface Person {
  id: string;
  email: string;
  name: string;
}

/** The job's team who hear of the thread: its poster and its company's members, confirmed and not banned. */
export function teamOf(db: Queryable, thread: ThreadRow): Promise<Person[]> {
  return db.query<Person>(
    `SELECT u.id, u.email, u.name FROM users u
      WHERE (u.id = $1 OR u.id IN (SELECT m.user_id FROM company_members m WHERE m.company_id = $2))
        AND u.id <> $3 AND u.email_verified_at IS NOT NULL AND u.banned_at IS NULL`,
    [thread.job_poster_id, thread.job_company_id, thread.candidate_id],
  );
}

interface MessageRow {
  id: string;
  body: string;
  from_team: boolean;
  sender_id: string | null;
  sender_name: string | null;
  by_email: boolean;
  created_at: Date | string;
}

const toMessage = (row: MessageRow, readerId: string, thread: ThreadRow): ThreadMessage => ({
  id: row.id,
  body: row.body,
  fromTeam: row.from_team,
  senderName: row.from_team
    ? row.sender_name
      ? `${thread.company_name} — ${row.sender_name}`
      : thread.company_name
    : thread.candidate_name,
  mine: row.sender_id === readerId,
  byEmail: row.by_email,
  createdAt: iso(row.created_at),
});

const MESSAGE_SELECT = `SELECT m.id, m.body, m.from_team, m.sender_id, s.name AS sender_name, m.by_email, m.created_at
  FROM application_messages m LEFT JOIN users s ON s.id = m.sender_id`;

export async function findMessages(db: Queryable, thread: ThreadRow, readerId: string): Promise<ThreadMessage[]> {
  const rows = await db.query<MessageRow>(
    `${MESSAGE_SELECT} WHERE m.application_id = $1 ORDER BY m.created_at, m.id LIMIT 1000`,
    [thread.id],
  );
  return rows.map((row) => toMessage(row, readerId, thread));
}

export async function insertMessage(
  db: Queryable,
  thread: ThreadRow,
  senderId: string,
  body: string,
  byEmail: boolean,
): Promise<ThreadMessage> {
  const rows = await db.query<MessageRow>(
    `WITH m AS (
       INSERT INTO application_messages (application_id, sender_id, from_team, body, by_email)
       VALUES ($1, $2, $3, $4, $5) RETURNING *)
     ${MESSAGE_SELECT.replace('FROM application_messages m', 'FROM m')}`,
    [thread.id, senderId, thread.manages && thread.candidate_id !== senderId, body, byEmail],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return toMessage(row, senderId, thread);
}

/** Messages `senderId` wrote in the last `windowMs`, in every thread (the per-sender limit). */
export async function countRecentMessages(db: Queryable, senderId: string, windowMs: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM application_messages
      WHERE sender_id = $1 AND created_at > now() - make_interval(secs => $2 / 1000.0)`,
    [senderId, windowMs],
  );
  return row?.n ?? 0;
}

export async function markThreadRead(db: Queryable, applicationId: string, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO application_thread_reads (application_id, user_id, read_at) VALUES ($1, $2, now())
     ON CONFLICT (application_id, user_id) DO UPDATE SET read_at = EXCLUDED.read_at`,
    [applicationId, userId],
  );
}

export interface UnreadThreadRow {
  applicationId: string;
  unread: number;
  asCandidate: boolean;
  jobTitle: string;
  /** The company for the candidate, the applicant for the team. */
  withName: string;
  latestAt: Date;
}

/**
 * Messages of the other side that `userId` has not read, per thread they are on, newest first; as a candidate, not
 * on a job taken down or awaiting review (its thread is not linked from Applied Jobs, so it could never be read).
 */
export async function unreadCounts(db: Queryable, userId: string): Promise<UnreadThreadRow[]> {
  const rows = await db.query<{
    application_id: string;
    n: number;
    as_candidate: boolean;
    job_title: string;
    with_name: string;
    latest_at: Date;
  }>(
    `SELECT m.application_id, count(*)::int AS n, a.user_id = $1 AS as_candidate, j.job_title,
            CASE WHEN a.user_id = $1 THEN COALESCE(c.name, j.company_name) ELSE u.name END AS with_name,
            max(m.created_at) AS latest_at
       FROM application_messages m
       JOIN applications a ON a.id = m.application_id
       JOIN jobs j ON j.id = a.job_id
       JOIN users u ON u.id = a.user_id
       LEFT JOIN companies c ON c.id = j.company_id
       LEFT JOIN application_thread_reads r ON r.application_id = m.application_id AND r.user_id = $1
      WHERE (r.read_at IS NULL OR m.created_at > r.read_at)
        AND ((a.user_id = $1 AND m.from_team AND j.status NOT IN ('hidden', 'pending'))
          OR (a.user_id <> $1 AND NOT m.from_team AND ${MANAGES_JOB}))
      GROUP BY m.application_id, a.user_id, j.job_title, c.name, j.company_name, u.name
      ORDER BY latest_at DESC`,
    [userId],
  );
  return rows.map((row) => ({
    applicationId: row.application_id,
    unread: row.n,
    asCandidate: row.as_candidate,
    jobTitle: row.job_title,
    withName: row.with_name,
    latestAt: new Date(row.latest_at),
  }));
}
