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
import type { UserRow } from '../users/users.repository.js';
import {
  deleteJobById,
  findJobById,
  findJobsForPoster,
  insertJob,
  toJob,
  updateJobFields,
  type JobRow,
} from './jobs.repository.js';

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
  const fields: Partial<JobForm> = {
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

export async function createJob(db: Db, poster: UserRow, body: JobCreateBody): Promise<string> {
  const fields = jobFields(body) as JobForm;
  return insertJob(db, { ...fields, posterId: poster.id, maxPriceK: parseSalaryThousands(fields.maxPrice) });
}

async function findOwnJob(db: Db, user: UserRow, rawId: string): Promise<JobRow> {
  const job = await findJobById(db, parseId(rawId, MESSAGES.jobNotFound));
  if (!job) throw new AppError('not_found', MESSAGES.jobNotFound);
  if (job.poster_id !== user.id) throw new AppError('forbidden', 'Only the poster of a job can change it');
  return job;
}

export async function updateJob(db: Db, user: UserRow, rawId: string, body: JobUpdateBody): Promise<number> {
  const job = await findOwnJob(db, user, rawId);
  const fields = jobFields(body);
  const maxPriceK = fields.maxPrice === undefined ? undefined : parseSalaryThousands(fields.maxPrice);
  return (await updateJobFields(db, job.id, fields, maxPriceK)) ? 1 : 0;
}

export async function deleteJob(db: Db, user: UserRow, rawId: string): Promise<number> {
  const job = await findOwnJob(db, user, rawId);
  // Applications to the job go with it (ON DELETE CASCADE), in the same statement.
  return (await deleteJobById(db, job.id)) ? 1 : 0;
}

export async function listJobsOfPoster(db: Db, user: UserRow, posterEmail: string): Promise<Job[]> {
  if (posterEmail.trim().toLowerCase() !== user.email) {
    throw new AppError('forbidden', 'You can only list the jobs you posted');
  }
  return (await findJobsForPoster(db, user.id)).map(toJob);
}
