import {
  MESSAGES,
  isJobLanguage,
  toIsoDate,
  JOB_MESSAGES,
  type Job,
  type JobCreateBody,
  type JobUpdateBody,
} from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { createCompany } from '../companies/companies.service.js';
import { findCompanyById, findMemberCompanyByName, memberRole } from '../companies/companies.repository.js';
import {
  deleteJobById,
  findJobById,
  findJobIdByExternalId,
  findJobOfPostKey,
  findJobRecord,
  findJobsForPoster,
  insertJob,
  insertPostKey,
  PUBLIC_VIEWER,
  setExternalId,
  toJob,
  updateJobRecord,
  type JobRecord,
  type JobViewer,
} from './jobs.repository.js';
import {
  admitPost,
  holdForReview,
  isAdmin,
  reviewsEdits,
  type ModerationConfig,
} from '../posting-policy/posting-policy.js';
import { renderDescription } from './description-html.js';
import { toRecord } from './job-record.js';
import { deleteDraftOf } from '../job-drafts/job-drafts.repository.js';

/**
 * What the job writes need: the database, and what every change to the set of jobs must tell (the search module's
 * answer cache). The telling lives here, beside the writes, so a new write path cannot forget it.
 */
export interface JobWriteDeps {
  db: Db;
  searchCounts: { invalidate(): void };
  /** The posting limit and pre-moderation (decision record 20); the API always passes it. */
  posting?: ModerationConfig;
  /**
   * Counts one edit of the job by the account, throwing 429 past the limits (every edit empties the search
   * caches of every instance). Called once the caller is known to be allowed to edit, so nobody else can spend
   * a job's allowance. The API always passes it.
   */
  countEdit?: (userId: string, jobId: string) => Promise<void>;
}

async function changingJobs<T>(deps: JobWriteDeps, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    deps.searchCounts.invalidate();
  }
}

/**
 * A job by id. A hidden or pending one (moderation, decision record 20) exists only for its poster and the
 * administrators: to anyone else it is "Job not found", never a 410 that would tell it was there.
 */
export async function getJob(db: Db, rawId: string, viewer: JobViewer = PUBLIC_VIEWER): Promise<Job> {
  const row = await findJobById(db, parseId(rawId, MESSAGES.jobNotFound));
  if (!row) throw new AppError('not_found', MESSAGES.jobNotFound);
  if (row.moderation_state && !(viewer.admin || viewer.id === row.poster_id)) {
    throw new AppError('not_found', MESSAGES.jobNotFound);
  }
  // The job page offers its poster and company Edit and View applicants instead of Apply Now.
  const yourRole =
    viewer.id === row.poster_id ? 'poster' : viewer.companyIds.has(row.company_id) ? 'member' : undefined;
  return {
    ...toJob(row, viewer),
    descriptionHtml: renderDescription(row.description),
    ...(yourRole ? { yourRole } : {}),
  };
}

/** The reader of a job answer (JobViewer): a visitor is the public; a signed-in user with their companies. */
export async function jobViewerOf(
  db: Queryable,
  user: CurrentUser | null | undefined,
  adminEmails: readonly string[],
): Promise<JobViewer> {
  if (!user) return PUBLIC_VIEWER;
  const rows = await db.query<{ company_id: string }>('SELECT company_id FROM company_members WHERE user_id = $1', [
    user.id,
  ]);
  return { id: user.id, companyIds: new Set(rows.map((r) => r.company_id)), admin: isAdmin(adminEmails, user) };
}

/**
 * The company a job goes under: one of the poster's (companyId: only its members may post under it), or for an
 * old client, the poster's company of that name, created on first use.
 */
async function companyForJob(
  db: Queryable,
  poster: CurrentUser,
  input: { companyId?: string | undefined; companyName?: string | undefined; companyLogo?: string | undefined },
  current: string | undefined,
): Promise<{ id: string; name: string; logo: string }> {
  if (input.companyId) {
    const company = await findCompanyById(db, input.companyId);
    if (!company) throw new AppError('not_found', `companyId: ${MESSAGES.companyNotFound}`);
    const role = await memberRole(db, company.id, poster.id);
    if (!role) throw new AppError('forbidden', JOB_MESSAGES.notAMember);
    if (role === 'viewer') throw new AppError('forbidden', JOB_MESSAGES.viewerCannotPost);
    return company;
  }
  if (input.companyName !== undefined) {
    const named = await findMemberCompanyByName(db, poster.id, input.companyName);
    if (named) return named;
    return createCompany(db, poster, {
      name: input.companyName,
      logo: input.companyLogo ?? '',
      website: '',
      description: '',
    });
  }
  const company = current ? await findCompanyById(db, current) : undefined;
  if (!company) throw new AppError('bad_request', JOB_MESSAGES.companyNameRequired);
  return company;
}

/** A job with this external reference exists in the company already (an API client's create raced its upsert). */
export class ExternalIdTaken extends AppError {
  constructor(readonly jobId: string) {
    super('conflict', 'externalId: a job of this company already has this external reference');
  }
}

/**
 * Posts a job. With an idempotency key (the Post a Job form's, one per form), a repeat of the same poster's key
 * answers the job the first request created: a double click or a retried request cannot publish it twice. With an
 * external reference (the jobs API), the job carries it; one the company's jobs already have is ExternalIdTaken.
 */
export async function createJob(
  deps: JobWriteDeps,
  poster: CurrentUser,
  body: JobCreateBody,
  now = new Date(),
  idempotencyKey?: string,
  externalId?: string,
): Promise<string> {
  // An unproven address could be anybody's: jobs are posted under verified addresses only.
  if (!poster.email_verified) throw new AppError('forbidden', MESSAGES.verifyEmailToPost);
  return changingJobs(deps, () =>
    deps.db.transaction(async (tx) => {
      if (idempotencyKey !== undefined || externalId !== undefined) {
        // The poster's row lock makes a concurrent repeat wait here until the first has committed its key.
        await tx.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [poster.id]);
      }
      if (idempotencyKey !== undefined) {
        const earlier = await findJobOfPostKey(tx, poster.id, idempotencyKey);
        if (earlier) return earlier;
      }
      if (externalId !== undefined && body.companyId) {
        const taken = await findJobIdByExternalId(tx, body.companyId, externalId);
        if (taken) throw new ExternalIdTaken(taken);
      }
      // First, so the poster's row is locked before anything else takes a lock on it (a new company's member row).
      const admitted = deps.posting ? await admitPost(tx, poster, deps.posting) : 'open';
      const company = await companyForJob(tx, poster, body, undefined);
      // Written in the poster's language unless they say otherwise.
      const language = body.language ?? (isJobLanguage(poster.locale) ? poster.locale : undefined);
      const record = toRecord(
        { ...body, language, status: undefined },
        undefined,
        company,
        toIsoDate(now),
        deps.posting?.jobDurationDays,
      );
      const id = await insertJob(tx, { ...record, posterId: poster.id });
      if (admitted === 'pending') await holdForReview(tx, id);
      if (idempotencyKey !== undefined) await insertPostKey(tx, poster.id, idempotencyKey, id);
      // Published from a draft: the draft goes with the job's creation, or stays if the job is not made.
      if (body.draftId) await deleteDraftOf(tx, poster.id, body.draftId);
      if (externalId !== undefined) await setExternalId(tx, id, externalId);
      return id;
    }),
  );
}

type StoredJob = JobRecord & { id: string; poster_id: string };

async function findOwnJob(db: Queryable, user: CurrentUser, rawId: string): Promise<StoredJob> {
  const job = await findJobRecord(db, parseId(rawId, MESSAGES.jobNotFound));
  if (!job) throw new AppError('not_found', MESSAGES.jobNotFound);
  if (job.poster_id !== user.id) throw new AppError('forbidden', JOB_MESSAGES.posterOnly);
  return job;
}

/** Keys of a job update that change the job (the server-owned ones a client may echo back do not). */
const changedKeys = (body: JobUpdateBody) =>
  Object.keys(body).filter(
    (key) =>
      !['_id', 'postedBy', 'postingDate', 'createdAt', 'updatedAt', '__v', 'company'].includes(key) &&
      body[key as keyof JobUpdateBody] !== undefined,
  );

/**
 * The job an update may change: its poster's, or (to close it, nothing else) any job of a company the caller
 * created: a company's creator can always take a job off its name (security review round 2, finding 12).
 */
async function findEditableJob(
  db: Queryable,
  user: CurrentUser,
  rawId: string,
  body: JobUpdateBody,
  companyId?: string,
): Promise<StoredJob> {
  const job = await findJobRecord(db, parseId(rawId, MESSAGES.jobNotFound));
  if (!job) throw new AppError('not_found', MESSAGES.jobNotFound);
  // An API key edits its company's jobs, whoever posted them; any other job does not exist for it.
  if (companyId !== undefined) {
    if (job.company_id === companyId) return job;
    throw new AppError('not_found', MESSAGES.jobNotFound);
  }
  if (job.poster_id === user.id) return job;
  const keys = changedKeys(body);
  // Its company's owners can always take a job off the company's name (issue 33: owners, no longer the creator alone).
  if (keys.length === 1 && body.status === 'closed' && (await memberRole(db, job.company_id, user.id)) === 'owner') {
    return job;
  }
  throw new AppError('forbidden', JOB_MESSAGES.posterOnly);
}

const words = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean),
  );

/**
 * A change that makes it another job: a new title or company, or a description of which more than a fifth of
 * the words (counted both ways) are new or gone. Pay, place, dates, skills and small corrections are not.
 */
export function isSubstantiveEdit(before: JobRecord, after: JobRecord): boolean {
  const plain = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  if (plain(before.job_title) !== plain(after.job_title) || before.company_id !== after.company_id) return true;
  const [old, now] = [words(before.description), words(after.description)];
  const changed = [...now].filter((w) => !old.has(w)).length + [...old].filter((w) => !now.has(w)).length;
  return changed > 0.2 * Math.max(1, old.size + now.size);
}

/**
 * Edits a job as `user`: its poster, or (with `companyId`, the jobs API) the owner a company's key acts for, who
 * may edit any job of that company and never move one out of it.
 */
export async function updateJob(
  deps: JobWriteDeps,
  user: CurrentUser,
  rawId: string,
  body: JobUpdateBody,
  now = new Date(),
  companyId?: string,
): Promise<number> {
  if (companyId !== undefined && body.companyId !== undefined && body.companyId !== companyId) {
    throw new AppError('forbidden', JOB_MESSAGES.apiKeyChangesOwnCompany);
  }
  return changingJobs(deps, () =>
    deps.db.transaction(async (tx) => {
      const job = await findEditableJob(tx, user, rawId, body, companyId);
      await deps.countEdit?.(user.id, job.id);
      const changesCompany =
        companyId === undefined &&
        (body.companyId !== undefined ||
          (body.companyName !== undefined && body.companyName.toLowerCase() !== job.company_name.toLowerCase()));
      // A poster no longer a member of the job's company (removed, or left) cannot edit or reopen it under that
      // company; they may still move it to a company of their own.
      const role = await memberRole(tx, job.company_id, user.id);
      if (job.poster_id === user.id && !changesCompany && !role) {
        throw new AppError('forbidden', JOB_MESSAGES.noLongerMember);
      }
      // A poster made a viewer reads their jobs but no longer changes them (closing one stays theirs to do).
      if (
        job.poster_id === user.id &&
        role === 'viewer' &&
        !(changedKeys(body).length === 1 && body.status === 'closed')
      ) {
        throw new AppError('forbidden', JOB_MESSAGES.viewerCannotChange);
      }
      const company = changesCompany
        ? await companyForJob(tx, user, body, job.company_id)
        : { id: job.company_id, name: job.company_name, logo: job.company_logo };
      const record = toRecord(body, job, company, toIsoDate(now));
      const updated = await updateJobRecord(tx, job.id, record);
      if (updated && deps.posting && isSubstantiveEdit(job, record) && (await reviewsEdits(tx, user, deps.posting))) {
        await holdForReview(tx, job.id);
      }
      return updated ? 1 : 0;
    }),
  );
}

export async function deleteJob(deps: JobWriteDeps, user: CurrentUser, rawId: string): Promise<number> {
  const job = await findOwnJob(deps.db, user, rawId);
  // Applications to the job go with it (ON DELETE CASCADE), in the same statement.
  return changingJobs(deps, async () => ((await deleteJobById(deps.db, job.id)) ? 1 : 0));
}

export async function listJobsOfPoster(db: Db, user: CurrentUser, posterEmail: string): Promise<Job[]> {
  if (posterEmail.trim().toLowerCase() !== user.email) {
    throw new AppError('forbidden', JOB_MESSAGES.ownJobsOnly);
  }
  const viewer: JobViewer = { id: user.id, companyIds: new Set(), admin: false };
  return (await findJobsForPoster(db, user.id)).map((row) => toJob(row, viewer));
}
