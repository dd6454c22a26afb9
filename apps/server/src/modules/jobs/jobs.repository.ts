import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { Job, JobStatus, SalaryPeriod, Skill, Workplace } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { OPEN_JOB } from '../../db/job-access.js';

export interface JobRow {
  id: string;
  seq: string | number;
  poster_id: string;
  posted_by: string;
  poster_name: string;
  job_title: string;
  company_id: string;
  company_slug: string;
  company_name: string;
  company_logo: string;
  company_ref_name: string;
  company_ref_logo: string;
  job_location: string;
  city: string;
  country: string;
  /** 'IL' (migration 025), or '' when the poster named no region. */
  region: string;
  workplace: Workplace;
  remote_countries: string[];
  /** The language the job is written in (JOB_LANGUAGES). */
  language: string;
  employment_type: string;
  experience_level: string;
  salary_type: string;
  min_price: string;
  max_price: string;
  salary_min: string | number | null;
  salary_max: string | number | null;
  salary_currency: string | null;
  salary_period: SalaryPeriod | null;
  posting_date: string;
  valid_through: string;
  status: JobStatus;
  description: string;
  skills: Skill[];
  /** Only where MODERATION_COLUMNS are selected: hidden or pending (else null), and the hiding's reason and time. */
  moderation_state?: 'hidden' | 'pending' | null;
  moderation_reason?: string | null;
  moderated_at?: Date | string | null;
}

/**
 * posted_by is the poster's current e-mail, joined in, so it follows an e-mail change; only a verified address is
 * ever used (a job from before verification existed has '' until its poster confirms). The status counts the
 * closing date itself, so a job is expired from its last day on, whether or not the sweep has run.
 */
export const JOB_COLUMNS = `j.id, j.seq, j.poster_id, CASE WHEN u.email_verified_at IS NOT NULL THEN u.email ELSE '' END AS posted_by,
  u.name AS poster_name, j.job_title,
  j.company_id, co.slug AS company_slug, j.company_name, j.company_logo, co.name AS company_ref_name, co.logo AS company_ref_logo,
  j.job_location, j.city, j.country, j.region, j.workplace, j.remote_countries, j.language, j.employment_type, j.experience_level,
  j.salary_type, j.min_price, j.max_price, j.salary_min, j.salary_max, j.salary_currency, j.salary_period,
  j.posting_date::text AS posting_date, j.valid_through::text AS valid_through,
  CASE WHEN coalesce(j.status_before_moderation, j.status) = 'closed' THEN 'closed'
       WHEN coalesce(j.status_before_moderation, j.status) = 'expired' OR j.valid_through < CURRENT_DATE THEN 'expired' ELSE 'open' END AS status,
  j.skills`;
/**
 * A hidden or pending job (moderation, decision record 20) answers the status it would have otherwise (a hidden
 * open job is 'open' underneath) plus these, for the answers its poster and administrators read.
 */
export const MODERATION_COLUMNS = `CASE WHEN j.status IN ('hidden', 'pending') THEN j.status END AS moderation_state, j.moderation_reason, j.moderated_at`;
/** Jobs everybody may see: not hidden, not awaiting review. */
export const NOT_MODERATED = `j.status NOT IN ('hidden', 'pending')`;
export const JOB_FROM = 'jobs j JOIN users u ON u.id = j.poster_id JOIN companies co ON co.id = j.company_id';

/** Cards show the first 100 characters; a little more travels so a page of cards stays under 10 KB. */
export const CARD_DESCRIPTION_CHARS = 110;
/** A job as a card shows it: every column, the description cut. */
export const CARD_COLUMNS = `${JOB_COLUMNS}, left(j.description, ${CARD_DESCRIPTION_CHARS}) AS description`;
export { OPEN_JOB };

/**
 * Who reads a job: the poster's e-mail (postedBy) is theirs, their company's members' and the administrators';
 * everyone else reads the poster's public name there (docs/product.md, "Differences from the spec").
 */
export interface JobViewer {
  id: string;
  /** The companies the reader is a member of. */
  companyIds: ReadonlySet<string>;
  admin: boolean;
}

/** A reader who is nobody in particular: a visitor, a feed, an alert e-mail. */
export const PUBLIC_VIEWER: JobViewer = { id: '', companyIds: new Set(), admin: false };

export function seesPosterEmail(viewer: JobViewer, job: { poster_id: string; company_id: string }): boolean {
  return viewer.admin || (viewer.id !== '' && viewer.id === job.poster_id) || viewer.companyIds.has(job.company_id);
}

export function toJob(row: JobRow, viewer: JobViewer = PUBLIC_VIEWER): Job {
  const salary =
    row.salary_min !== null && row.salary_max !== null && row.salary_currency && row.salary_period
      ? {
          min: Number(row.salary_min),
          max: Number(row.salary_max),
          currency: row.salary_currency,
          period: row.salary_period,
        }
      : null;
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
    postedBy: seesPosterEmail(viewer, row) ? row.posted_by : row.poster_name,
    posterName: row.poster_name,
    skills: row.skills,
    company: {
      id: row.company_id,
      slug: row.company_slug,
      name: row.company_ref_name,
      logo: row.company_ref_logo || row.company_logo,
    },
    location: { city: row.city, country: row.country },
    workplace: row.workplace,
    remoteCountries: row.remote_countries,
    language: row.language,
    salary,
    validThrough: row.valid_through,
    status: row.status,
    ...(row.moderation_state
      ? {
          moderation: {
            state: row.moderation_state,
            reason: row.moderation_state === 'hidden' ? (row.moderation_reason ?? null) : null,
            at: row.moderated_at ? new Date(row.moderated_at).toISOString() : null,
          },
        }
      : {}),
  };
}

export async function findJobById(db: Queryable, id: string): Promise<JobRow | undefined> {
  const rows = await db.query<JobRow>(
    `SELECT ${JOB_COLUMNS}, ${MODERATION_COLUMNS}, j.description FROM ${JOB_FROM} WHERE j.id = $1`,
    [id],
  );
  return rows[0];
}

export async function findJobsForPoster(db: Queryable, posterId: string): Promise<JobRow[]> {
  return db.query<JobRow>(
    `SELECT ${JOB_COLUMNS}, ${MODERATION_COLUMNS}, j.description FROM ${JOB_FROM} WHERE j.poster_id = $1 ORDER BY j.seq DESC`,
    [posterId],
  );
}

/** A company's open jobs, newest first (its page shows at most `limit`). */
export async function findOpenJobsOfCompany(db: Queryable, companyId: string, limit = 100): Promise<JobRow[]> {
  return db.query<JobRow>(
    `SELECT ${CARD_COLUMNS} FROM ${JOB_FROM}
      WHERE j.company_id = $1 AND ${OPEN_JOB}
      ORDER BY j.posting_date DESC, j.seq DESC LIMIT $2`,
    [companyId, limit],
  );
}

/** Every job of a company (any status, moderated ones included), newest first, with its external reference. */
export async function findJobsOfCompany(
  db: Queryable,
  companyId: string,
  limit: number,
  offset: number,
): Promise<(JobRow & { external_id: string | null })[]> {
  return db.query<JobRow & { external_id: string | null }>(
    `SELECT ${JOB_COLUMNS}, ${MODERATION_COLUMNS}, j.description, j.external_id FROM ${JOB_FROM}
      WHERE j.company_id = $1 ORDER BY j.seq DESC LIMIT $2 OFFSET $3`,
    [companyId, limit, offset],
  );
}

/** The job of a company with this external reference (API clients' upsert key), if any. */
export async function findJobIdByExternalId(
  db: Queryable,
  companyId: string,
  externalId: string,
): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>('SELECT id FROM jobs WHERE company_id = $1 AND external_id = $2', [
    companyId,
    externalId,
  ]);
  return rows[0]?.id;
}

export async function setExternalId(db: Queryable, jobId: string, externalId: string): Promise<void> {
  await db.query('UPDATE jobs SET external_id = $2 WHERE id = $1', [jobId, externalId]);
}

/** A job's stored columns, as the service computes them (every derived field included). */
export interface JobRecord {
  job_title: string;
  company_id: string;
  company_name: string;
  company_logo: string;
  job_location: string;
  city: string;
  country: string;
  region: string;
  workplace: Workplace;
  remote_countries: string[];
  language: string;
  employment_type: string;
  experience_level: string;
  salary_type: string;
  min_price: string;
  max_price: string;
  max_price_k: number | null;
  salary_min: number | null;
  salary_max: number | null;
  salary_currency: string | null;
  salary_period: SalaryPeriod | null;
  pay_yearly_usd: number | null;
  valid_through: string;
  status: 'open' | 'closed' | 'expired';
  description: string;
  skills: Skill[];
  skill_keys: string[];
}

const RECORD_COLUMNS: (keyof JobRecord)[] = [
  'job_title',
  'company_id',
  'company_name',
  'company_logo',
  'job_location',
  'city',
  'country',
  'region',
  'workplace',
  'remote_countries',
  'language',
  'employment_type',
  'experience_level',
  'salary_type',
  'min_price',
  'max_price',
  'max_price_k',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'pay_yearly_usd',
  'valid_through',
  'status',
  'description',
  'skills',
  'skill_keys',
];

const CASTS: Partial<Record<keyof JobRecord, string>> = {
  skills: '::jsonb',
  remote_countries: '::text[]',
  skill_keys: '::text[]',
  valid_through: '::date',
  company_id: '::uuid',
};

const columnValue = (record: JobRecord, column: keyof JobRecord) =>
  column === 'skills' ? JSON.stringify(record.skills) : record[column];

export async function insertJob(db: Queryable, record: JobRecord & { posterId: string }): Promise<string> {
  const values = RECORD_COLUMNS.map((column) => columnValue(record, column));
  const placeholders = RECORD_COLUMNS.map((column, i) => `$${i + 1}${CASTS[column] ?? ''}`);
  const rows = await db.query<{ id: string }>(
    `INSERT INTO jobs (${RECORD_COLUMNS.join(', ')}, poster_id)
     VALUES (${placeholders.join(', ')}, $${values.length + 1}) RETURNING id`,
    [...values, record.posterId],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row.id;
}

/** The job a poster's earlier POST with this idempotency key created, if it still exists. */
export async function findJobOfPostKey(db: Queryable, posterId: string, key: string): Promise<string | undefined> {
  const rows = await db.query<{ job_id: string }>(
    'SELECT job_id FROM job_post_keys WHERE poster_id = $1 AND key = $2',
    [posterId, key],
  );
  return rows[0]?.job_id;
}

export async function insertPostKey(db: Queryable, posterId: string, key: string, jobId: string): Promise<void> {
  await db.query('INSERT INTO job_post_keys (poster_id, key, job_id) VALUES ($1, $2, $3)', [posterId, key, jobId]);
}

/** Writes every column of a job (the service merged the change into the whole record); answers whether it existed. */
export async function updateJobRecord(db: Queryable, id: string, record: JobRecord): Promise<boolean> {
  const params: unknown[] = [id];
  const assignments = RECORD_COLUMNS.map((column) => {
    params.push(columnValue(record, column));
    // A hidden or pending job stays so whatever its poster edits (closing or reopening included): the status it
    // would have is kept beside it for approval to restore (moderation, decision record 20).
    if (column === 'status') {
      return `status = CASE WHEN status IN ('hidden', 'pending') THEN status ELSE $${params.length} END,
        status_before_moderation = CASE WHEN status IN ('hidden', 'pending') THEN $${params.length} END`;
    }
    return `${column} = $${params.length}${CASTS[column] ?? ''}`;
  });
  const rows = await db.query(
    `UPDATE jobs SET ${[...assignments, "closed_at = CASE WHEN status = 'closed' THEN coalesce(closed_at, now()) END", 'updated_at = now()'].join(', ')}
      WHERE id = $1 RETURNING id`,
    params,
  );
  return rows.length > 0;
}

/** The stored columns of a job, for a change to merge into (a hidden or pending job's status: the one it would have). */
export async function findJobRecord(
  db: Queryable,
  id: string,
): Promise<(JobRecord & { poster_id: string; id: string }) | undefined> {
  const rows = await db.query<JobRecord & { poster_id: string; id: string }>(
    `SELECT id, poster_id, ${RECORD_COLUMNS.map((c) => (c === 'valid_through' ? 'valid_through::text AS valid_through' : c === 'status' ? 'coalesce(status_before_moderation, status) AS status' : c)).join(', ')}
       FROM jobs WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  if (!row) return undefined;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return {
    ...row,
    max_price_k: num(row.max_price_k),
    salary_min: num(row.salary_min),
    salary_max: num(row.salary_max),
    pay_yearly_usd: num(row.pay_yearly_usd),
  };
}

/** Marks open jobs whose closing date has passed as expired; answers how many. */
export async function expireJobs(db: Queryable): Promise<number> {
  const rows = await db.query<{ n: number }>(
    `WITH expired AS (UPDATE jobs SET status = 'expired' WHERE status = 'open' AND valid_through < CURRENT_DATE RETURNING 1)
     SELECT count(*)::int AS n FROM expired`,
  );
  return Number(rows[0]?.n ?? 0);
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
      `SELECT ${JOB_COLUMNS}, j.description FROM ${JOB_FROM} WHERE j.seq > $1 AND ${NOT_MODERATED} ORDER BY j.seq LIMIT $2`,
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
