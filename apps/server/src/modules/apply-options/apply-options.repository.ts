import type { ApplyMethod, ScreeningAnswer, StoredQuestion } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { MANAGES_JOB, OPEN_JOB, SEES_JOB_APPLICATIONS } from '../../db/job-access.js';

export interface ApplyOptionsRow {
  method: ApplyMethod;
  external_url: string | null;
  forward_email: string | null;
  auto_reject: boolean;
  clicks: number;
}

/** The job's apply options; undefined: none saved (the board, no auto-reject). */
export async function findApplyOptions(db: Queryable, jobId: string): Promise<ApplyOptionsRow | undefined> {
  const [row] = await db.query<ApplyOptionsRow>(
    'SELECT method, external_url, forward_email, auto_reject, clicks FROM job_apply_options WHERE job_id = $1',
    [jobId],
  );
  return row;
}

export async function upsertApplyOptions(
  db: Queryable,
  jobId: string,
  options: { method: ApplyMethod; url: string | null; email: string | null; autoReject: boolean },
): Promise<void> {
  await db.query(
    `INSERT INTO job_apply_options (job_id, method, external_url, forward_email, auto_reject)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (job_id) DO UPDATE SET method = EXCLUDED.method, external_url = EXCLUDED.external_url,
       forward_email = EXCLUDED.forward_email, auto_reject = EXCLUDED.auto_reject`,
    [jobId, options.method, options.url, options.email, options.autoReject],
  );
}

/** What `userId` may do with the job's options: change them (its managers), read them (its company's viewers). */
export async function accessToJob(db: Queryable, userId: string, jobId: string): Promise<'manage' | 'read' | 'none'> {
  const rows = await db.query<{ manages: boolean }>(
    `SELECT ${MANAGES_JOB} AS manages FROM jobs j WHERE j.id = $2 AND ${SEES_JOB_APPLICATIONS}`,
    [userId, jobId],
  );
  if (!rows[0]) return 'none';
  return rows[0].manages ? 'manage' : 'read';
}

export interface VersionRow {
  id: string;
  version: number;
  questions: StoredQuestion[];
  answered: boolean;
}

/**
 * The job's latest questions version. `lock`: 'update' for an edit, 'share' for an application answering it, so
 * an edit in place never slips between an application's check and its answers (the edit then waits, and sees them).
 */
export async function findLatestVersion(
  db: Queryable,
  jobId: string,
  lock?: 'update' | 'share',
): Promise<VersionRow | undefined> {
  const [row] = await db.query<{ id: string; version: number; questions: StoredQuestion[] | string }>(
    `SELECT id, version, questions FROM job_screening_versions WHERE job_id = $1 ORDER BY version DESC LIMIT 1
     ${lock === 'update' ? 'FOR UPDATE' : lock === 'share' ? 'FOR SHARE' : ''}`,
    [jobId],
  );
  if (!row) return undefined;
  const answered = await db.query('SELECT 1 FROM application_screening WHERE version_id = $1 LIMIT 1', [row.id]);
  const questions = typeof row.questions === 'string' ? (JSON.parse(row.questions) as StoredQuestion[]) : row.questions;
  return { id: row.id, version: Number(row.version), questions, answered: answered.length > 0 };
}

export async function insertVersion(
  db: Queryable,
  jobId: string,
  version: number,
  questions: StoredQuestion[],
): Promise<void> {
  await db.query('INSERT INTO job_screening_versions (job_id, version, questions) VALUES ($1, $2, $3::jsonb)', [
    jobId,
    version,
    JSON.stringify(questions),
  ]);
}

export async function updateVersionQuestions(db: Queryable, id: string, questions: StoredQuestion[]): Promise<void> {
  await db.query('UPDATE job_screening_versions SET questions = $2::jsonb WHERE id = $1', [
    id,
    JSON.stringify(questions),
  ]);
}

/** Counts one seeker sent to the company's site; its URL, or undefined when the job is not an open external one. */
export async function countApplyClick(db: Queryable, jobId: string): Promise<string | undefined> {
  const [row] = await db.query<{ external_url: string }>(
    `UPDATE job_apply_options o SET clicks = o.clicks + 1
       FROM jobs j
      WHERE o.job_id = $1 AND j.id = o.job_id AND o.method = 'external' AND ${OPEN_JOB}
      RETURNING o.external_url`,
    [jobId],
  );
  return row?.external_url;
}

export async function insertScreening(
  db: Queryable,
  applicationId: string,
  versionId: string,
  answers: ScreeningAnswer[],
  knockedOut: boolean,
): Promise<void> {
  await db.query(
    'INSERT INTO application_screening (application_id, version_id, answers, knocked_out) VALUES ($1, $2, $3::jsonb, $4)',
    [applicationId, versionId, JSON.stringify(answers), knockedOut],
  );
}
