import {
  CANDIDATE_LIMITS,
  CANDIDATE_MESSAGES,
  MESSAGES,
  type StoredCv,
  type StoredCvCreateBody,
  type StoredCvList,
  type StoredCvUpdateBody,
} from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import type { PrivateStorage } from '../cvs/cv-storage.js';
import { deleteCvRow, isCvSent, lockOwner } from '../cvs/cvs.repository.js';
import {
  countStoredCvs,
  ensureDefault,
  findStoredCv,
  findStoredCvs,
  lockOwnStoredCv,
  makeDefault,
  putOnProfile,
  setLabel,
  takeOffProfile,
  toStoredCv,
} from './candidate-profile.repository.js';

/** The profile's CVs (decision record 44): cvs rows marked on the profile, at most CANDIDATE_LIMITS.storedCvs. */

export async function listStoredCvs(db: Db, user: CurrentUser): Promise<StoredCvList> {
  const rows = await findStoredCvs(db, user.id);
  return { cvs: rows.map(toStoredCv), max: CANDIDATE_LIMITS.storedCvs };
}

async function readBack(db: Queryable, id: string): Promise<StoredCv> {
  const row = await findStoredCv(db, id);
  if (!row) throw new Error(`CV ${id} vanished inside its transaction`);
  return toStoredCv(row);
}

/**
 * Keeps a CV the caller uploaded on their profile. Counted under the owner's row lock, so parallel calls cannot
 * pass the limit together; the first CV kept becomes the default.
 */
export async function addStoredCv(db: Db, user: CurrentUser, body: StoredCvCreateBody): Promise<StoredCv> {
  const id = body.cvId.toLowerCase();
  return db.transaction(async (tx) => {
    if (!(await lockOwner(tx, user.id))) throw new AppError('not_found', MESSAGES.userNotFound);
    // Someone else's CV is as unknown as a made-up id.
    const cv = await lockOwnStoredCv(tx, id, user.id);
    if (!cv) throw new AppError('not_found', CANDIDATE_MESSAGES.cvIdNotYours);
    if (cv.on_profile_since !== null) throw new AppError('conflict', CANDIDATE_MESSAGES.alreadyStored);
    if ((await countStoredCvs(tx, user.id)) >= CANDIDATE_LIMITS.storedCvs) {
      throw new AppError('conflict', CANDIDATE_MESSAGES.tooManyCvs);
    }
    await putOnProfile(tx, id, body.label ?? cv.file_name.slice(0, CANDIDATE_LIMITS.labelMaxLength));
    if (body.isDefault) await makeDefault(tx, user.id, id);
    await ensureDefault(tx, user.id);
    return readBack(tx, id);
  });
}

/** Renames a CV of the caller's profile or makes it the default; anybody else's is 404. */
export async function updateStoredCv(
  db: Db,
  user: CurrentUser,
  rawId: string,
  body: StoredCvUpdateBody,
): Promise<StoredCv> {
  const id = parseId(rawId, CANDIDATE_MESSAGES.cvNotFound);
  return db.transaction(async (tx) => {
    const cv = await lockOwnStoredCv(tx, id, user.id);
    if (!cv || cv.on_profile_since === null) throw new AppError('not_found', CANDIDATE_MESSAGES.cvNotFound);
    if (body.label !== undefined) await setLabel(tx, id, body.label);
    if (body.isDefault) await makeDefault(tx, user.id, id);
    return readBack(tx, id);
  });
}

/**
 * Takes a CV off the caller's profile. Never sent: its row and file are deleted. Sent with an application: the
 * row and file stay for the employer (the application points at them) and only leave the profile.
 */
export async function removeStoredCv(db: Db, storage: PrivateStorage, user: CurrentUser, rawId: string): Promise<void> {
  const id = parseId(rawId, CANDIDATE_MESSAGES.cvNotFound);
  const key = await db.transaction(async (tx) => {
    // The row's lock: an application sent with this CV meanwhile is committed before isCvSent reads.
    const cv = await lockOwnStoredCv(tx, id, user.id);
    if (!cv || cv.on_profile_since === null) throw new AppError('not_found', CANDIDATE_MESSAGES.cvNotFound);
    let removed: string | null = null;
    if (await isCvSent(tx, id)) await takeOffProfile(tx, id);
    else {
      await deleteCvRow(tx, id);
      removed = cv.storage_key;
    }
    await ensureDefault(tx, user.id);
    return removed;
  });
  // A file that cannot be deleted now has no row any more: the orphan sweep deletes it later.
  if (key) await storage.remove(key).catch(() => {});
}
