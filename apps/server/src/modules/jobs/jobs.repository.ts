import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Job, JobForm, Skill } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';

export interface JobRow {
  id: string;
  seq: string | number;
  poster_id: string;
  posted_by: string;
  job_title: string;
  company_name: string;
  company_logo: string;
  job_location: string;
  employment_type: string;
  experience_level: string;
  salary_type: string;
  min_price: string;
  max_price: string;
  posting_date: string;
  description: string;
  skills: Skill[];
}

/**
 * postedBy is the poster's current e-mail, joined in, so it follows an e-mail change; only a verified address is
 * ever shown (a job from before verification existed shows '' until its poster confirms).
 */
export const JOB_COLUMNS = `j.id, j.seq, j.poster_id, CASE WHEN u.email_verified_at IS NOT NULL THEN u.email ELSE '' END AS posted_by, j.job_title, j.company_name, j.company_logo,
  j.job_location, j.employment_type, j.experience_level, j.salary_type, j.min_price, j.max_price,
  j.posting_date::text AS posting_date, j.skills`;
export const JOB_FROM = 'jobs j JOIN users u ON u.id = j.poster_id';

export function toJob(row: JobRow): Job {
  return {
    _id: row.id,
    jobTitle: row.job_title,
    companyName: row.company_name,
    companyLogo: row.company_logo,
    jobLocation: row.job_location,
    employmentType: row.employment_type,
    experienceLevel: row.experience_level,
    salaryType: row.salary_type,
    minPrice: row.min_price,
    maxPrice: row.max_price,
    postingDate: row.posting_date,
    description: row.description,
    postedBy: row.posted_by,
    skills: row.skills,
  };
}

export async function findJobById(db: Queryable, id: string): Promise<JobRow | undefined> {
  const rows = await db.query<JobRow>(`SELECT ${JOB_COLUMNS}, j.description FROM ${JOB_FROM} WHERE j.id = $1`, [id]);
  return rows[0];
}

export async function findJobsForPoster(db: Queryable, posterId: string): Promise<JobRow[]> {
  return db.query<JobRow>(
    `SELECT ${JOB_COLUMNS}, j.description FROM ${JOB_FROM} WHERE j.poster_id = $1 ORDER BY j.seq DESC`,
    [posterId],
  );
}

/** Job fields in the order of the columns they are stored in. */
const FIELD_COLUMNS: [keyof JobForm, string][] = [
  ['jobTitle', 'job_title'],
  ['companyName', 'company_name'],
  ['companyLogo', 'company_logo'],
  ['jobLocation', 'job_location'],
  ['employmentType', 'employment_type'],
  ['experienceLevel', 'experience_level'],
  ['salaryType', 'salary_type'],
  ['minPrice', 'min_price'],
  ['maxPrice', 'max_price'],
  ['description', 'description'],
  ['skills', 'skills'],
];

function columnValue(key: keyof JobForm, value: JobForm[keyof JobForm]): unknown {
  return key === 'skills' ? JSON.stringify(value) : value;
}

export async function insertJob(
  db: Queryable,
  job: JobForm & { posterId: string; maxPriceK: number | null },
): Promise<string> {
  const columns = FIELD_COLUMNS.map(([, column]) => column);
  const values = FIELD_COLUMNS.map(([key]) => columnValue(key, job[key]));
  const placeholders = values.map((_, i) => (columns[i] === 'skills' ? `$${i + 1}::jsonb` : `$${i + 1}`));
  const rows = await db.query<{ id: string }>(
    `INSERT INTO jobs (${columns.join(', ')}, poster_id, max_price_k)
     VALUES (${placeholders.join(', ')}, $${values.length + 1}, $${values.length + 2}) RETURNING id`,
    [...values, job.posterId, job.maxPriceK],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row.id;
}

/** Updates the given fields of a job; answers whether a row changed. */
export async function updateJobFields(
  db: Queryable,
  id: string,
  changes: Partial<JobForm>,
  maxPriceK: number | null | undefined,
): Promise<boolean> {
  const present = FIELD_COLUMNS.filter(([key]) => changes[key] !== undefined);
  const params: unknown[] = [id];
  const assignments = present.map(([key, column]) => {
    params.push(columnValue(key, changes[key] as JobForm[keyof JobForm]));
    return `${column} = $${params.length}${column === 'skills' ? '::jsonb' : ''}`;
  });
  if (maxPriceK !== undefined) {
    params.push(maxPriceK);
    assignments.push(`max_price_k = $${params.length}`);
  }
  const rows = await db.query(
    `UPDATE jobs SET ${[...assignments, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING id`,
    params,
  );
  return rows.length > 0;
}

export async function deleteJobById(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM jobs WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/**
 * Every job in insertion order, in keyset chunks (`seq > last` on its unique index: each chunk costs the same at
 * any depth). Between chunks it gives the event loop a turn, so on PGlite, which runs one query at a time and
 * runs it on this very thread, other requests' queries go in between: no one waits for more than one chunk.
 * 50 rows: a chunk takes a few ms to read and serialise on PGlite; with 500, /api/health waited 400-540 ms
 * behind a 30,000-job download (p95 22-37 ms with 50; apps/server/test/all-jobs-load.test.ts).
 */
export async function* streamAllJobs(db: Queryable, batchSize = ALL_JOBS_CHUNK): AsyncGenerator<JobRow[]> {
  let after: string | number = 0;
  for (;;) {
    const rows: JobRow[] = await db.query<JobRow>(
      `SELECT ${JOB_COLUMNS}, j.description FROM ${JOB_FROM} WHERE j.seq > $1 ORDER BY j.seq LIMIT $2`,
      [after, batchSize],
    );
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = last.seq;
    await yieldToEventLoop();
  }
}

export const ALL_JOBS_CHUNK = 50;
