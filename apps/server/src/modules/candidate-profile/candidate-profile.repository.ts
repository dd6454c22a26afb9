import type { CandidateProfile, CandidateProfileBody, StoredCv } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import type { CvRow } from '../cvs/cvs.repository.js';

/** A seeker's headline, location and links (migration 041); no row: none given yet. */
export async function findCandidateProfile(db: Queryable, userId: string): Promise<CandidateProfile> {
  const rows = await db.query<CandidateProfile>(
    'SELECT headline, location, links FROM candidate_profiles WHERE user_id = $1',
    [userId],
  );
  return rows[0] ?? { headline: '', location: '', links: [] };
}

export async function saveCandidateProfile(
  db: Queryable,
  userId: string,
  profile: CandidateProfileBody,
): Promise<CandidateProfile> {
  const [row] = await db.query<CandidateProfile>(
    `INSERT INTO candidate_profiles (user_id, headline, location, links) VALUES ($1, $2, $3, $4::text[])
     ON CONFLICT (user_id) DO UPDATE
       SET headline = EXCLUDED.headline, location = EXCLUDED.location, links = EXCLUDED.links, updated_at = now()
     RETURNING headline, location, links`,
    [userId, profile.headline, profile.location, profile.links],
  );
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row;
}

export interface StoredCvRow extends CvRow {
  label: string | null;
  is_default: boolean;
  on_profile_since: Date | string | null;
}

const STORED_COLUMNS = 'id, owner_id, storage_key, file_name, content_type, size, label, is_default, on_profile_since';

export const toStoredCv = (row: StoredCvRow): StoredCv => ({
  id: row.id,
  fileName: row.file_name,
  size: Number(row.size),
  contentType: row.content_type,
  label: row.label ?? row.file_name,
  isDefault: row.is_default,
  addedAt: new Date(row.on_profile_since ?? 0).toISOString(),
});

/** The CVs on the owner's profile, oldest first. */
export async function findStoredCvs(db: Queryable, ownerId: string): Promise<StoredCvRow[]> {
  return db.query<StoredCvRow>(
    `SELECT ${STORED_COLUMNS} FROM cvs WHERE owner_id = $1 AND on_profile_since IS NOT NULL
      ORDER BY on_profile_since, id`,
    [ownerId],
  );
}

/** The owner's CV (on the profile or not), its row locked for the rest of the transaction. */
export async function lockOwnStoredCv(db: Queryable, id: string, ownerId: string): Promise<StoredCvRow | undefined> {
  const rows = await db.query<StoredCvRow>(
    `SELECT ${STORED_COLUMNS} FROM cvs WHERE id = $1 AND owner_id = $2 FOR UPDATE`,
    [id, ownerId],
  );
  return rows[0];
}

export async function putOnProfile(db: Queryable, id: string, label: string): Promise<void> {
  await db.query('UPDATE cvs SET on_profile_since = now(), label = $2 WHERE id = $1', [id, label]);
}

export async function setLabel(db: Queryable, id: string, label: string): Promise<void> {
  await db.query('UPDATE cvs SET label = $2 WHERE id = $1', [id, label]);
}

/** Makes `id` the owner's only default (the unique partial index allows one; the old one goes first). */
export async function makeDefault(db: Queryable, ownerId: string, id: string): Promise<void> {
  await db.query('UPDATE cvs SET is_default = false WHERE owner_id = $1 AND is_default AND id <> $2', [ownerId, id]);
  await db.query('UPDATE cvs SET is_default = true WHERE id = $1', [id]);
}

/** Off the profile, the row kept: an application carries it. */
export async function takeOffProfile(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE cvs SET on_profile_since = NULL, is_default = false WHERE id = $1', [id]);
}

/** The oldest CV left on the profile becomes the default when the default went (none left: no default). */
export async function ensureDefault(db: Queryable, ownerId: string): Promise<void> {
  await db.query(
    `UPDATE cvs SET is_default = true
      WHERE id = (SELECT id FROM cvs WHERE owner_id = $1 AND on_profile_since IS NOT NULL
                   ORDER BY on_profile_since, id LIMIT 1)
        AND NOT EXISTS (SELECT 1 FROM cvs WHERE owner_id = $1 AND is_default)`,
    [ownerId],
  );
}

export async function findStoredCv(db: Queryable, id: string): Promise<StoredCvRow | undefined> {
  const rows = await db.query<StoredCvRow>(`SELECT ${STORED_COLUMNS} FROM cvs WHERE id = $1`, [id]);
  return rows[0];
}

export async function countStoredCvs(db: Queryable, ownerId: string): Promise<number> {
  const [row] = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM cvs WHERE owner_id = $1 AND on_profile_since IS NOT NULL',
    [ownerId],
  );
  return Number(row?.n ?? 0);
}
