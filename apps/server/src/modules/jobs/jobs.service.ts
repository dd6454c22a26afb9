import {
  MESSAGES,
  parseSalaryThousands,
  SKILL_OPTIONS,
  type Job,
  type JobCreateBody,
  type JobForm,
  type JobUpdateBody,
} from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import {
  deleteJobById,
  findJobById,
  findJobsForPoster,
  insertJob,
  toJob,
  updateJobFields,
  type JobRow,
} from './jobs.repository.js';
import type { SearchCache } from './search.service.js';

/**
 * What the job writes need: the database, and the search cache every change to the set of jobs must
 * invalidate. The invalidation lives here, beside the writes, so a new write path cannot forget it.
 */
export interface JobWriteDeps {
  db: Db;
  searchCounts: SearchCache;
}

async function changingJobs<T>(deps: JobWriteDeps, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    deps.searchCounts.invalidate();
  }
}

/** Labels come from the option list, whatever a client sent, so a tag always reads right. */
function canonicalSkills(skills: JobForm['skills']): JobForm['skills'] {
  const seen = new Set<string>();
  return skills.flatMap((skill) => {
    const option = SKILL_OPTIONS.find((o) => o.value === skill.value);
    if (!option || seen.has(option.value)) return [];
    seen.add(option.value);
    return [{ value: option.value, label: option.label }];
  });
}

/** Picks the job fields out of a body; server-owned fields (_id, postedBy, postingDate...) are dropped. */
function jobFields<T extends Partial<JobForm>>(body: T): Partial<JobForm> {
  const { jobTitle, companyName, companyLogo, jobLocation, employmentType, experienceLevel, salaryType } = body;
  const { minPrice, maxPrice, description, skills } = body;
  const fields: { [K in keyof JobForm]: JobForm[K] | undefined } = {
    jobTitle,
    companyName,
    companyLogo,
    jobLocation,
    employmentType,
    experienceLevel,
    salaryType,
    minPrice,
    maxPrice,
    description,
    skills: skills ? canonicalSkills(skills) : undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<JobForm>;
}

export async function getJob(db: Db, rawId: string): Promise<Job> {
  const row = await findJobById(db, parseId(rawId, MESSAGES.jobNotFound));
  if (!row) throw new AppError('not_found', MESSAGES.jobNotFound);
  return toJob(row);
}

export async function createJob(deps: JobWriteDeps, poster: CurrentUser, body: JobCreateBody): Promise<string> {
  // An unproven address could be anybody's: jobs are posted under verified addresses only.
  if (!poster.email_verified) throw new AppError('forbidden', MESSAGES.verifyEmailToPost);
  const fields = jobFields(body) as JobForm;
  return changingJobs(deps, () =>
    insertJob(deps.db, { ...fields, posterId: poster.id, maxPriceK: parseSalaryThousands(fields.maxPrice) }),
  );
}

async function findOwnJob(db: Db, user: CurrentUser, rawId: string): Promise<JobRow> {
  const job = await findJobById(db, parseId(rawId, MESSAGES.jobNotFound));
  if (!job) throw new AppError('not_found', MESSAGES.jobNotFound);
  if (job.poster_id !== user.id) throw new AppError('forbidden', 'Only the poster of a job can change it');
  return job;
}

export async function updateJob(deps: JobWriteDeps, user: CurrentUser, rawId: string, body: JobUpdateBody): Promise<number> {
  const job = await findOwnJob(deps.db, user, rawId);
  const fields = jobFields(body);
  const maxPriceK = fields.maxPrice === undefined ? undefined : parseSalaryThousands(fields.maxPrice);
  return changingJobs(deps, async () => ((await updateJobFields(deps.db, job.id, fields, maxPriceK)) ? 1 : 0));
}

export async function deleteJob(deps: JobWriteDeps, user: CurrentUser, rawId: string): Promise<number> {
  const job = await findOwnJob(deps.db, user, rawId);
  // Applications to the job go with it (ON DELETE CASCADE), in the same statement.
  return changingJobs(deps, async () => ((await deleteJobById(deps.db, job.id)) ? 1 : 0));
}

export async function listJobsOfPoster(db: Db, user: CurrentUser, posterEmail: string): Promise<Job[]> {
  if (posterEmail.trim().toLowerCase() !== user.email) {
    throw new AppError('forbidden', 'You can only list the jobs you posted');
  }
  return (await findJobsForPoster(db, user.id)).map(toJob);
}
