/**
 * Who may do what with a job (decision records 18 and 43). `$1` is the user; `j` the job. Conditions several
 * modules read (applications, CVs, notifications), kept below them all.
 *
 * MANAGES_JOB: may act on the job's applications (move, note, message): a member of its company who is an owner
 * or a recruiter, or its poster unless the poster's role in that company is now viewer.
 */
export const MANAGES_JOB = `(EXISTS (
    SELECT 1 FROM company_members m WHERE m.company_id = j.company_id AND m.user_id = $1 AND m.role <> 'viewer')
  OR (j.poster_id = $1 AND NOT EXISTS (
    SELECT 1 FROM company_members m WHERE m.company_id = j.company_id AND m.user_id = $1 AND m.role = 'viewer')))`;

/** SEES_JOB_APPLICATIONS: may read the job's applications (viewers too): its poster and every member of its company. */
export const SEES_JOB_APPLICATIONS = `(j.poster_id = $1 OR EXISTS (
    SELECT 1 FROM company_members m WHERE m.company_id = j.company_id AND m.user_id = $1))`;

/** A job that takes applications: not closed, and not past its closing date (whether or not the sweep has run). */
export const OPEN_JOB = `j.status = 'open' AND j.valid_through >= CURRENT_DATE`;
