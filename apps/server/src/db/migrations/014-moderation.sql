-- Moderation (issue 14, point 4; decision record 20): reports, a review queue, hidden and pending jobs, bans,
-- and a per-account posting limit.

-- Two more states a job can be in. Every read of open jobs (search, facets and counts, sitemaps, feeds, alerts,
-- companies) selects status = 'open' through partial indexes and statement triggers, so a hidden or pending job
-- leaves them all without a new predicate on the hot queries.
--   hidden:  taken down by an administrator, with a reason its poster sees;
--   pending: posted under MODERATION=pre by an account younger than 7 days, waiting for an administrator.
ALTER TABLE jobs DROP CONSTRAINT jobs_status_check;
ALTER TABLE jobs ADD CONSTRAINT jobs_status_check CHECK (status IN ('open', 'closed', 'expired', 'hidden', 'pending'));

ALTER TABLE jobs
  -- While hidden or pending: the status the job would have otherwise (open, closed or expired), which approval
  -- restores (an open one whose closing date has passed meanwhile comes back expired). NULL otherwise.
  ADD COLUMN status_before_moderation text
    CONSTRAINT jobs_status_before_moderation_check CHECK (status_before_moderation IN ('open', 'closed', 'expired')),
  -- The reason a hidden job's poster is shown.
  ADD COLUMN moderation_reason text CONSTRAINT jobs_moderation_reason_length CHECK (char_length(moderation_reason) <= 1000),
  ADD COLUMN moderated_at timestamptz,
  -- The administrator who last decided (NULL once that account is deleted).
  ADD COLUMN moderated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD CONSTRAINT jobs_moderation_state CHECK ((status IN ('hidden', 'pending')) = (status_before_moderation IS NOT NULL));

-- The review queue's pending part, oldest first.
CREATE INDEX jobs_pending_idx ON jobs (created_at, seq) WHERE status = 'pending';

-- A banned account cannot sign in; its sessions are deleted when it is banned, its open jobs hidden.
ALTER TABLE users
  ADD COLUMN banned_at timestamptz,
  ADD COLUMN ban_reason text CONSTRAINT users_ban_reason_length CHECK (char_length(ban_reason) <= 1000);

-- A signed-in user's report of a job. One open report per (job, reporter); once an administrator decides
-- (approve or hide), the job's open reports are resolved and the same person may report it again later.
CREATE TABLE job_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  reporter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  reason text NOT NULL CONSTRAINT job_reports_reason_check CHECK (reason IN ('spam', 'scam', 'offensive', 'misleading', 'other')),
  details text NOT NULL DEFAULT '' CONSTRAINT job_reports_details_length CHECK (char_length(details) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  -- approved, hidden or banned: what the administrator did about the job.
  resolution text CONSTRAINT job_reports_resolution_check CHECK (resolution IN ('approved', 'hidden', 'banned')),
  CONSTRAINT job_reports_resolved CHECK ((resolved_at IS NULL) = (resolution IS NULL))
);
CREATE UNIQUE INDEX job_reports_open_once ON job_reports (job_id, reporter_id) WHERE resolved_at IS NULL;
-- The queue's reported part: jobs with open reports.
CREATE INDEX job_reports_open_idx ON job_reports (job_id, created_at) WHERE resolved_at IS NULL;
CREATE INDEX job_reports_reporter_idx ON job_reports (reporter_id);

-- Posting limit (POSTS_PER_DAY): one row per job posted through the API, kept for a day. A log rather than a
-- count of the jobs table: deleting a job does not give its post back, and bulk-loaded or seeded jobs do not count.
CREATE TABLE job_posting_log (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  posted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_posting_log_user_idx ON job_posting_log (user_id, posted_at);
