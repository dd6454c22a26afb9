import type { Application, ApplicationStage, AppliedJobStatus, SalaryPeriod } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { OPEN_JOB } from '../../db/job-access.js';

export interface ApplicationRow {
  id: string;
  user_id: string;
  job_id: string;
  applied_at: Date | string;
  job_title: string;
  company_name: string;
  min_price: string;
  max_price: string;
  salary_min: string | number | null;
  salary_max: string | number | null;
  salary_currency: string | null;
  salary_period: SalaryPeriod | null;
  posted_by: string;
  applicant_name: string;
  applicant_email: string;
  applicant_resume: string;
  stage: ApplicationStage;
  withdrawn_at: Date | string | null;
  cover_note: string | null;
  cv_file_name: string | null;
  cv_size: number | string | null;
  candidate_headline: string | null;
  candidate_location: string | null;
  candidate_links: string[] | null;
  job_status: AppliedJobStatus;
}

/**
 * The applications' select; $1 is always the reader. posted_by is the poster's e-mail for the poster and their
 * company's members, else the poster's public name (as for jobs: JobViewer in jobs.repository.ts).
 */
export const APPLICATION_SELECT = `
  SELECT a.id, a.user_id, a.job_id, a.applied_at,
         j.job_title, j.company_name, j.min_price, j.max_price,
         j.salary_min, j.salary_max, j.salary_currency, j.salary_period,
         CASE WHEN j.poster_id = $1::uuid
                OR EXISTS (SELECT 1 FROM company_members m WHERE m.company_id = j.company_id AND m.user_id = $1::uuid)
              THEN p.email ELSE p.name END AS posted_by,
         u.name AS applicant_name, u.email AS applicant_email, u.resume AS applicant_resume,
         a.stage, a.withdrawn_at,
         a.cover_note, cv.file_name AS cv_file_name, cv.size AS cv_size,
         cp.headline AS candidate_headline, cp.location AS candidate_location, cp.links AS candidate_links,
         CASE WHEN j.status IN ('hidden', 'pending') THEN 'removed'
              WHEN ${OPEN_JOB} THEN 'open'
              -- Open, but past its closing date before the expiry sweep has marked it.
              WHEN j.status = 'open' THEN 'expired'
              ELSE j.status END AS job_status
    FROM applications a
    JOIN jobs j ON j.id = a.job_id
    JOIN users p ON p.id = j.poster_id
    JOIN users u ON u.id = a.user_id
    LEFT JOIN cvs cv ON cv.id = a.cv_id
    LEFT JOIN candidate_profiles cp ON cp.user_id = a.user_id`;

export function toApplication(row: ApplicationRow): Application {
  return {
    _id: row.id,
    user: row.user_id,
    job: row.job_id,
    appliedDate: new Date(row.applied_at).toISOString(),
    jobTitle: row.job_title,
    companyName: row.company_name,
    minPrice: row.min_price,
    maxPrice: row.max_price,
    salary:
      row.salary_min !== null && row.salary_max !== null && row.salary_currency && row.salary_period
        ? {
            min: Number(row.salary_min),
            max: Number(row.salary_max),
            currency: row.salary_currency,
            period: row.salary_period,
          }
        : null,
    postedBy: row.posted_by,
    applicantName: row.applicant_name,
    applicantEmail: row.applicant_email,
    applicantResume: row.applicant_resume,
    stage: row.stage,
    withdrawnAt: row.withdrawn_at === null ? null : new Date(row.withdrawn_at).toISOString(),
    coverNote: row.cover_note,
    cv: row.cv_file_name === null ? null : { fileName: row.cv_file_name, size: Number(row.cv_size) },
    candidate:
      row.candidate_headline === null
        ? null
        : {
            headline: row.candidate_headline,
            location: row.candidate_location ?? '',
            links: row.candidate_links ?? [],
          },
    jobStatus: row.job_status,
  };
}

/** Applications the user made, newest first. */
export async function findApplicationsByUser(db: Queryable, userId: string): Promise<Application[]> {
  const rows = await db.query<ApplicationRow>(
    `${APPLICATION_SELECT} WHERE a.user_id = $1 ORDER BY a.applied_at DESC, a.id`,
    [userId],
  );
  return rows.map(toApplication);
}

/** Applications the user made or received on their jobs (docs/principles.md, "API rules"), newest first. */
export async function findApplicationsVisibleTo(db: Queryable, userId: string): Promise<Application[]> {
  const rows = await db.query<ApplicationRow>(
    `${APPLICATION_SELECT} WHERE a.user_id = $1 OR j.poster_id = $1 ORDER BY a.applied_at DESC, a.id`,
    [userId],
  );
  return rows.map(toApplication);
}

/** What the applicant sent with the application (decision record 23); null: none. */
export interface ApplicationMaterials {
  coverNote: string | null;
  cvId: string | null;
}

export async function insertApplication(
  db: Queryable,
  userId: string,
  jobId: string,
  materials: ApplicationMaterials = { coverNote: null, cvId: null },
): Promise<string> {
  const rows = await db.query<{ id: string }>(
    'INSERT INTO applications (user_id, job_id, cover_note, cv_id) VALUES ($1, $2, $3, $4) RETURNING id',
    [userId, jobId, materials.coverNote, materials.cvId],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row.id;
}
