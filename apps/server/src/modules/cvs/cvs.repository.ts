import type { CvUpload } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { SEES_JOB_APPLICATIONS } from '../../db/job-access.js';

export interface CvRow {
  id: string;
  owner_id: string;
  storage_key: string;
  file_name: string;
  content_type: CvUpload['contentType'];
  size: number;
}

const CV_COLUMNS = 'id, owner_id, storage_key, file_name, content_type, size';

export const toCvUpload = (row: CvRow): CvUpload => ({
  id: row.id,
  fileName: row.file_name,
  size: Number(row.size),
  contentType: row.content_type,
});

export async function insertCv(db: Queryable, cv: Omit<CvRow, 'id'>): Promise<CvRow> {
  const [row] = await db.query<CvRow>(
    `INSERT INTO cvs (owner_id, storage_key, file_name, content_type, size) VALUES ($1, $2, $3, $4, $5) RETURNING ${CV_COLUMNS}`,
    [cv.owner_id, cv.storage_key, cv.file_name, cv.content_type, cv.size],
  );
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row;
}

/** Where the owner's CVs are stored: read before the account goes (the rows go with it, the files do not). */
export async function findCvKeysOfOwner(db: Queryable, ownerId: string): Promise<string[]> {
  const rows = await db.query<{ storage_key: string }>('SELECT storage_key FROM cvs WHERE owner_id = $1', [ownerId]);
  return rows.map((row) => row.storage_key);
}

/** Locks the owner's row for the rest of the transaction: uploads of one account are counted one at a time. */
export async function lockOwner(db: Queryable, ownerId: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [ownerId])).length > 0;
}

/**
 * The owner's CV, its row locked: an application being sent with it (its foreign key holds a share lock on the row)
 * commits before this answers, so a check after it sees that application.
 */
export async function lockOwnCv(db: Queryable, id: string, ownerId: string): Promise<CvRow | undefined> {
  const rows = await db.query<CvRow>(`SELECT ${CV_COLUMNS} FROM cvs WHERE id = $1 AND owner_id = $2 FOR UPDATE`, [
    id,
    ownerId,
  ]);
  return rows[0];
}

/** Whether an application carries the CV (it is then kept for the employer). */
export async function isCvSent(db: Queryable, id: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM applications WHERE cv_id = $1 LIMIT 1', [id])).length > 0;
}

export async function deleteCvRow(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM cvs WHERE id = $1', [id]);
}

/** Every stored CV key that a row points at, of the keys given: what the orphan sweep must keep. */
export async function findKnownCvKeys(db: Queryable, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.query<{ storage_key: string }>(
    'SELECT storage_key FROM cvs WHERE storage_key = ANY($1::text[])',
    [keys],
  );
  return new Set(rows.map((row) => row.storage_key));
}

export async function countCvsOfOwner(db: Queryable, ownerId: string): Promise<number> {
  const [row] = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM cvs WHERE owner_id = $1', [ownerId]);
  return Number(row?.n ?? 0);
}

export async function findCv(db: Queryable, id: string): Promise<CvRow | undefined> {
  const rows = await db.query<CvRow>(`SELECT ${CV_COLUMNS} FROM cvs WHERE id = $1`, [id]);
  return rows[0];
}

export async function findOwnCv(db: Queryable, id: string, ownerId: string): Promise<CvRow | undefined> {
  const rows = await db.query<CvRow>(`SELECT ${CV_COLUMNS} FROM cvs WHERE id = $1 AND owner_id = $2`, [id, ownerId]);
  return rows[0];
}

/**
 * The application's CV id when `userId` may read it: the applicant, or someone who manages the job (its poster or
 * a member of its company, viewers too: SEES_JOB_APPLICATIONS). undefined when the application is not theirs to see; `cvId` null when it
 * carries no CV.
 */
export async function findApplicationCvFor(
  db: Queryable,
  userId: string,
  applicationId: string,
): Promise<{ cvId: string | null } | undefined> {
  const rows = await db.query<{ cv_id: string | null }>(
    `SELECT a.cv_id FROM applications a JOIN jobs j ON j.id = a.job_id
      WHERE a.id = $2 AND (a.user_id = $1 OR ${SEES_JOB_APPLICATIONS})`,
    [userId, applicationId],
  );
  const row = rows[0];
  return row ? { cvId: row.cv_id } : undefined;
}

/** A key of app_secrets (migration 013 makes 'cv-links'). */
export async function findSecret(db: Queryable, name: string): Promise<Buffer | undefined> {
  const rows = await db.query<{ secret: Uint8Array }>('SELECT secret FROM app_secrets WHERE name = $1', [name]);
  const secret = rows[0]?.secret;
  return secret ? Buffer.from(secret) : undefined;
}
