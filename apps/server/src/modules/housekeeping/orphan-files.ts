import type { Queryable } from '../../db/client.js';
import type { PrivateStorage } from '../cvs/cv-storage.js';
import { findKnownCvKeys } from '../cvs/cvs.repository.js';
import { findImageUrlsInUse } from '../uploads/avatars.repository.js';
import type { FileStorage } from '../uploads/storage.js';

/**
 * How old a stored file must be before the sweep may take it for an orphan: an avatar is uploaded a moment before
 * the profile names it, and a CV's row is written a moment after its file.
 */
export const ORPHAN_GRACE_MS = 60 * 60_000;

export interface OrphanSweep {
  avatars: number;
  cvs: number;
}

/**
 * Deletes stored files no row points at, older than ORPHAN_GRACE_MS: avatars uploaded and never used or left
 * behind, CV files whose row is gone or was never written (a refused upload, a crash, a failed delete). Runs
 * without a lock: two instances sweeping at once delete the same files, which is harmless.
 */
export async function sweepOrphanFiles(
  db: Queryable,
  files: { storage: FileStorage; cvStorage: PrivateStorage },
  now = new Date(),
): Promise<OrphanSweep> {
  const before = new Date(now.getTime() - ORPHAN_GRACE_MS);
  const swept: OrphanSweep = { avatars: 0, cvs: 0 };
  for await (const names of files.storage.listBefore(before)) {
    const urls = names.map((name) => files.storage.urlOf(name));
    const used = await findImageUrlsInUse(db, urls);
    const orphans = names.filter((_, i) => !used.has(urls[i] ?? ''));
    await Promise.all(orphans.map((name) => files.storage.remove(name)));
    swept.avatars += orphans.length;
  }
  for await (const keys of files.cvStorage.listBefore(before)) {
    const known = await findKnownCvKeys(db, keys);
    const orphans = keys.filter((key) => !known.has(key));
    await Promise.all(orphans.map((key) => files.cvStorage.remove(key)));
    swept.cvs += orphans.length;
  }
  return swept;
}
