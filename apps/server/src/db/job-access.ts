/**
 * The jobs a user manages: the ones they posted, and those of a company they are a member of (decision record 18).
 * `$1` is the user; `j` the job. A condition several modules read (applications, CVs), kept below them all.
 */
export const MANAGES_JOB = `(j.poster_id = $1 OR EXISTS (
    SELECT 1 FROM company_members m WHERE m.company_id = j.company_id AND m.user_id = $1))`;

/** A job that takes applications: not closed, and not past its closing date (whether or not the sweep has run). */
export const OPEN_JOB = `j.status = 'open' AND j.valid_through >= CURRENT_DATE`;
