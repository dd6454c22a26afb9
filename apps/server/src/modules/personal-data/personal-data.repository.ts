import type { Db } from '../../db/client.js';

/**
 * Everything the board keeps about one account, read table by table as JSON rows. Left out on purpose: password
 * and token hashes, the search index's derived columns, and private notes employers wrote about the account's
 * applications (notes are the hiring team's own, decision record 18; the export's README says so).
 */
const SECTIONS = {
  account: `SELECT id, name, username, email, avatar, resume, created_at AS "createdAt", updated_at AS "updatedAt",
                   email_verified_at AS "emailVerifiedAt", pending_email AS "pendingEmail", banned_at AS "bannedAt",
                   ban_reason AS "banReason", admin_since AS "administratorSince", locale
              FROM users WHERE id = $1`,
  signIns: `SELECT created_at AS "startedAt", last_seen_at AS "lastSeenAt", expires_at AS "expiresAt",
                   auth_method AS "method"
              FROM sessions WHERE user_id = $1 ORDER BY created_at`,
  jobsPosted: `SELECT j.id, j.job_title AS "title", j.company_name AS "company", j.status, j.posting_date AS "postingDate",
                      j.valid_through AS "validThrough", j.city, j.region, j.country, j.job_location AS "location",
                      j.workplace, j.remote_countries AS "remoteCountries", j.employment_type AS "employmentType",
                      j.experience_level AS "experienceLevel", j.salary_type AS "salaryType", j.min_price AS "minPrice",
                      j.max_price AS "maxPrice", j.salary_min AS "salaryMin", j.salary_max AS "salaryMax",
                      j.salary_currency AS "salaryCurrency", j.salary_period AS "salaryPeriod", j.description,
                      j.skills, j.external_id AS "externalId", j.moderation_reason AS "moderationReason",
                      j.created_at AS "createdAt", j.updated_at AS "updatedAt", j.closed_at AS "closedAt",
                      (SELECT count(*)::int FROM applications a WHERE a.job_id = j.id) AS "applications"
                 FROM jobs j WHERE j.poster_id = $1 ORDER BY j.created_at`,
  jobDrafts: `SELECT id, payload AS "form", created_at AS "createdAt", updated_at AS "updatedAt"
                FROM job_drafts WHERE owner_id = $1 ORDER BY created_at`,
  applications: `SELECT a.id, a.job_id AS "jobId", j.job_title AS "jobTitle", j.company_name AS "company",
                        a.applied_at AS "appliedAt", a.stage, a.stage_changed_at AS "stageChangedAt",
                        a.withdrawn_at AS "withdrawnAt", a.cover_note AS "coverNote", a.cv_id AS "cvId"
                   FROM applications a JOIN jobs j ON j.id = a.job_id WHERE a.user_id = $1 ORDER BY a.applied_at`,
  screeningAnswers: `SELECT s.application_id AS "applicationId", s.answers
                       FROM application_screening s JOIN applications a ON a.id = s.application_id
                      WHERE a.user_id = $1 ORDER BY a.applied_at`,
  // The threads of the account's own applications, and what it wrote in others' as a member of a hiring team.
  messages: `SELECT m.application_id AS "applicationId", m.body, m.by_email AS "byEmail", m.created_at AS "sentAt",
                    CASE WHEN m.sender_id = $1 THEN 'you' WHEN m.from_team THEN 'hiring team' ELSE 'candidate' END AS "from"
               FROM application_messages m JOIN applications a ON a.id = m.application_id
              WHERE a.user_id = $1 OR m.sender_id = $1 ORDER BY m.created_at`,
  interviews: `SELECT i.application_id AS "applicationId", i.status, i.length_minutes AS "lengthMinutes", i.location,
                      (SELECT json_agg(json_build_object('startsAt', s.starts_at, 'timeZone', s.time_zone,
                                                         'chosen', s.id = i.chosen_slot_id) ORDER BY s.starts_at)
                         FROM interview_slots s WHERE s.interview_id = i.id) AS "slots",
                      i.created_at AS "proposedAt", i.updated_at AS "updatedAt"
                 FROM interviews i JOIN applications a ON a.id = i.application_id
                WHERE a.user_id = $1 OR i.created_by = $1 ORDER BY i.created_at`,
  candidateProfile: `SELECT headline, location, links, updated_at AS "updatedAt"
                       FROM candidate_profiles WHERE user_id = $1`,
  cvs: `SELECT id, file_name AS "fileName", content_type AS "contentType", size, created_at AS "uploadedAt",
               label, on_profile_since AS "onProfileSince", is_default AS "isDefault", storage_key AS "storageKey"
          FROM cvs WHERE owner_id = $1 ORDER BY created_at`,
  savedJobs: `SELECT s.job_id AS "jobId", j.job_title AS "jobTitle", s.saved_at AS "savedAt"
                FROM saved_jobs s JOIN jobs j ON j.id = s.job_id WHERE s.user_id = $1 ORDER BY s.saved_at`,
  alerts: `SELECT id, query, frequency, created_at AS "createdAt", last_sent_at AS "lastSentAt"
             FROM job_alerts WHERE user_id = $1 ORDER BY created_at`,
  companies: `SELECT c.slug, c.name, c.created_by = $1 AS "created", m.added_at AS "memberSince"
                FROM company_members m JOIN companies c ON c.id = m.company_id WHERE m.user_id = $1 ORDER BY m.added_at`,
  reports: `SELECT r.job_id AS "jobId", j.job_title AS "jobTitle", r.reason, r.details, r.created_at AS "createdAt",
                   r.resolution, r.resolved_at AS "resolvedAt"
              FROM job_reports r JOIN jobs j ON j.id = r.job_id WHERE r.reporter_id = $1 ORDER BY r.created_at`,
  notesWritten: `SELECT application_id AS "applicationId", body, created_at AS "createdAt"
                   FROM application_notes WHERE author_id = $1 ORDER BY created_at`,
  apiKeysMade: `SELECT k.name, k.prefix, k.scopes, c.slug AS "company", k.created_at AS "createdAt",
                       k.last_used_at AS "lastUsedAt", k.revoked_at AS "revokedAt"
                  FROM api_keys k JOIN companies c ON c.id = k.company_id WHERE k.created_by = $1 ORDER BY k.created_at`,
} as const;

export type PersonalData = { -readonly [K in keyof typeof SECTIONS]: Record<string, unknown>[] };

/** One consistent reading: every section in one transaction, one statement after another. */
export async function readPersonalData(db: Db, userId: string): Promise<PersonalData> {
  return db.transaction(async (tx) => {
    // One snapshot for every section (READ COMMITTED would give each statement its own).
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const data: Partial<PersonalData> = {};
    for (const [name, sql] of Object.entries(SECTIONS)) {
      data[name as keyof PersonalData] = await tx.query<Record<string, unknown>>(sql, [userId]);
    }
    return data as PersonalData;
  });
}
