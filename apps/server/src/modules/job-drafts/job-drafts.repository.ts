import type { JobDraftPayload } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';

export interface JobDraftRow {
  id: string;
  owner_id: string;
  payload: JobDraftPayload;
  created_at: Date | string;
  updated_at: Date | string;
}

const COLUMNS = 'id, owner_id, payload, created_at, updated_at';

/** The owner's drafts, last changed first. */
export async function findDraftsOf(db: Queryable, ownerId: string): Promise<JobDraftRow[]> {
  return db.query<JobDraftRow>(
    `SELECT ${COLUMNS} FROM job_drafts WHERE owner_id = $1 ORDER BY updated_at DESC, id DESC`,
    [ownerId],
  );
}

export async function findDraft(db: Queryable, id: string): Promise<JobDraftRow | undefined> {
  return (await db.query<JobDraftRow>(`SELECT ${COLUMNS} FROM job_drafts WHERE id = $1`, [id]))[0];
}

/** Locks the owner's row, so two saves at once cannot both pass the cap. */
export async function lockDraftsOf(db: Queryable, ownerId: string): Promise<void> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [ownerId]);
}

export async function countDrafts(db: Queryable, ownerId: string): Promise<number> {
  const rows = await db.query<{ n: number | string }>('SELECT count(*) AS n FROM job_drafts WHERE owner_id = $1', [
    ownerId,
  ]);
  return Number(rows[0]?.n ?? 0);
}

export async function insertDraft(db: Queryable, ownerId: string, payload: JobDraftPayload): Promise<JobDraftRow> {
  const rows = await db.query<JobDraftRow>(
    `INSERT INTO job_drafts (owner_id, payload) VALUES ($1, $2::jsonb) RETURNING ${COLUMNS}`,
    [ownerId, JSON.stringify(payload)],
  );
  const row = rows[0];
  if (!row) throw new Error('insert into job_drafts returned no row');
  return row;
}

export async function updateDraft(
  db: Queryable,
  id: string,
  payload: JobDraftPayload,
): Promise<JobDraftRow | undefined> {
  const rows = await db.query<JobDraftRow>(
    `UPDATE job_drafts SET payload = $2::jsonb, updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
    [id, JSON.stringify(payload)],
  );
  return rows[0];
}

/** Deletes the draft if it is the owner's; answers whether one was deleted. */
export async function deleteDraftOf(db: Queryable, ownerId: string, id: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>('DELETE FROM job_drafts WHERE id = $1 AND owner_id = $2 RETURNING id', [
    id,
    ownerId,
  ]);
  return rows.length > 0;
}
