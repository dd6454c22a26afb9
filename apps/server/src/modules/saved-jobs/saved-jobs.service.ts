import {
  MESSAGES,
  SAVED_JOBS_LIMITS,
  type SavedJobIds,
  type SavedJobsPage,
  type SavedJobState,
} from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { jobViewerOf } from '../jobs/jobs.service.js';
import {
  countSavedJobs,
  deleteSavedJob,
  findSavedAt,
  findSavedJobIds,
  findSavedJobsPage,
  insertSavedJob,
  lockSavedJobsOf,
} from './saved-jobs.repository.js';

/** A job deleted between the look-up and the insert: the foreign key refuses the row. */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/**
 * Saves a job for the signed-in user. Idempotent: saving a saved job answers as the first save did (its time
 * kept, its place on the list too). Any job that exists may be saved, open or not; a user keeps at most
 * SAVED_JOBS_LIMITS.perUser, checked under a lock on the user's list so parallel saves cannot pass it together.
 */
export async function saveJob(db: Db, user: CurrentUser, rawJobId: string): Promise<SavedJobState> {
  const jobId = parseId(rawJobId, MESSAGES.jobNotFound);
  try {
    const savedAt = await db.transaction(async (tx) => {
      await lockSavedJobsOf(tx, user.id);
      const already = await findSavedAt(tx, user.id, jobId);
      if (already) return already;
      if ((await countSavedJobs(tx, user.id)) >= SAVED_JOBS_LIMITS.perUser)
        throw new AppError('conflict', MESSAGES.savedJobsFull);
      const saved = await insertSavedJob(tx, user.id, jobId);
      if (!saved) throw new AppError('not_found', MESSAGES.jobNotFound);
      return saved;
    });
    return { jobId, saved: true, savedAt };
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('not_found', MESSAGES.jobNotFound);
    throw error;
  }
}

/** Removes a job from the user's saved list. Idempotent: a job that is not saved (or no longer exists) is simply not saved. */
export async function unsaveJob(db: Db, user: CurrentUser, rawJobId: string): Promise<SavedJobState> {
  const jobId = parseId(rawJobId, MESSAGES.jobNotFound);
  await deleteSavedJob(db, user.id, jobId);
  return { jobId, saved: false, savedAt: null };
}

/** One page of the user's saved jobs, newest saved first; a page past the end is empty (with the total). */
export async function listSavedJobs(db: Db, user: CurrentUser, page: number): Promise<SavedJobsPage> {
  const pageSize = SAVED_JOBS_LIMITS.pageSize;
  const total = await countSavedJobs(db, user.id);
  const offset = (page - 1) * pageSize;
  // The reader is the owner of the list: postedBy as they may see it (JobViewer).
  const viewer = await jobViewerOf(db, user, []);
  const items = offset < total ? await findSavedJobsPage(db, user.id, pageSize, offset, viewer) : [];
  return { items, total, page, pageSize };
}

export async function listSavedJobIds(db: Db, user: CurrentUser): Promise<SavedJobIds> {
  return { ids: await findSavedJobIds(db, user.id, SAVED_JOBS_LIMITS.perUser) };
}
