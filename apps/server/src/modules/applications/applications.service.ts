import { CV_MESSAGES, MESSAGES, type Application, type ScreeningAnswers } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError, isUniqueViolation } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import { findOwnCv } from '../cvs/cvs.repository.js';
import { findJobById } from '../jobs/jobs.repository.js';
import type { CurrentUser } from '../../http/session.js';
import { findApplicationsByUser, findApplicationsVisibleTo, insertApplication } from './applications.repository.js';
import { screenApplication } from '../apply-options/apply-options.service.js';
import { afterApplication, type ApplyExtrasDeps } from './apply-extras.js';
import { notifyTeamOfApplication } from './notifications.js';

/** What an apply body may carry beside the spec's `job` (decision record 23). */
export interface ApplyMaterials {
  coverNote?: string | undefined;
  cvId?: string | undefined;
  /** The job's screening questions answered (issue 33), and the questions version they answer. */
  answers?: ScreeningAnswers | undefined;
  screeningVersion?: number | undefined;
}

/**
 * Applies `user` to the job. With `notify`, the job's team hears of it (notifications.ts), in the application's
 * own transaction, and the job's apply options take their part (apply-extras.ts): answers checked and stored,
 * the application forwarded or rejected. A job that takes applications on its company's site: 409.
 */
export async function applyToJob(
  db: Db,
  user: CurrentUser,
  jobId: string,
  materials: ApplyMaterials = {},
  notify?: ApplyExtrasDeps,
): Promise<string> {
  const job = await findJobById(db, parseId(jobId, MESSAGES.jobNotFound));
  // A hidden or pending job (moderation) does not exist for anyone but its poster, who cannot apply to it anyway.
  if (!job || job.moderation_state) throw new AppError('not_found', MESSAGES.jobNotFound);
  if (job.poster_id === user.id) throw new AppError('forbidden', MESSAGES.cannotApplyOwnJob);
  // Closed and expired jobs keep their page but take no applications (the date itself counts, not only the sweep).
  if (job.status !== 'open') throw new AppError('conflict', MESSAGES.jobNotAccepting);
  // Only the caller's own CV: someone else's id is as unknown as a made-up one.
  const cvId = materials.cvId?.toLowerCase() ?? null;
  const cv = cvId === null ? undefined : await findOwnCv(db, cvId, user.id);
  if (cvId !== null && !cv) throw new AppError('not_found', CV_MESSAGES.cvIdNotYours);
  const coverNote = materials.coverNote ? materials.coverNote : null;
  try {
    return await db.transaction(async (tx) => {
      const screened = await screenApplication(tx, job.id, materials.answers, materials.screeningVersion);
      const id = await insertApplication(tx, user.id, job.id, { coverNote, cvId });
      if (notify) await notifyTeamOfApplication(tx, notify, job, user);
      const recorded = { id, job, applicant: user, coverNote, cvFileName: cv?.file_name ?? null };
      await afterApplication(tx, notify, recorded, screened);
      return id;
    });
  } catch (error) {
    // The unique (user, job) constraint is the judge, so parallel applies make exactly one application.
    if (isUniqueViolation(error, 'applications_one_per_user_job')) {
      throw new AppError('conflict', MESSAGES.alreadyAppliedError);
    }
    throw error;
  }
}

export async function listApplicationsOfUser(db: Db, caller: CurrentUser, rawUserId: string): Promise<Application[]> {
  const userId = parseId(rawUserId, MESSAGES.userNotFound);
  if (userId !== caller.id) throw new AppError('forbidden', MESSAGES.ownApplicationsOnly);
  return findApplicationsByUser(db, userId);
}

export function listApplicationsVisibleTo(db: Db, caller: CurrentUser): Promise<Application[]> {
  return findApplicationsVisibleTo(db, caller.id);
}
