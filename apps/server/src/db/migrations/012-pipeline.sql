-- The employer's hiring pipeline and job statistics (issue 14, points 2 and 3; decision record 18).

-- Every application has a stage; rows from before this migration start where a new application starts.
ALTER TABLE applications
  ADD COLUMN stage text NOT NULL DEFAULT 'applied'
    CONSTRAINT applications_stage_check CHECK (stage IN ('applied', 'reviewing', 'interview', 'offer', 'hired', 'rejected')),
  -- When the stage last changed (NULL: never moved since it was made).
  ADD COLUMN stage_changed_at timestamptz,
  -- Set once, by the applicant: a withdrawn application keeps its stage and can no longer be moved.
  ADD COLUMN withdrawn_at timestamptz;

-- The Responses page: one job's applications by stage, newest first.
CREATE INDEX applications_job_stage_idx ON applications (job_id, stage, applied_at DESC);

-- Every move, in order: who moved it (NULL once that account is deleted), from and to which stage, when.
CREATE TABLE application_stage_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  from_stage text NOT NULL,
  to_stage text NOT NULL,
  changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_stage_changes_application_idx ON application_stage_changes (application_id, id);

-- The poster's and company members' private notes on an application; never shown to the applicant.
CREATE TABLE application_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  -- NULL once the author's account is deleted: the note stays with the application.
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  body text NOT NULL CONSTRAINT application_notes_body_length CHECK (char_length(body) BETWEEN 1 AND 5000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_notes_application_idx ON application_notes (application_id, created_at, id);

-- Job views, counted once per visitor per UTC day without cookies and without storing addresses.
-- A random key per day; a visitor is HMAC-SHA-256(that key, address, user agent, job), cut to 128 bits.
-- Past days' keys and visitor rows are deleted (job-stats.repository.ts), so a past day's visitor hashes can no
-- longer be recomputed from guessed addresses; only the per-day counts stay.
CREATE TABLE job_view_keys (
  day date PRIMARY KEY,
  secret bytea NOT NULL
);

CREATE TABLE job_view_visitors (
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  day date NOT NULL,
  visitor bytea NOT NULL,
  PRIMARY KEY (job_id, day, visitor)
);
CREATE INDEX job_view_visitors_day_idx ON job_view_visitors (day);

CREATE TABLE job_view_counts (
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  day date NOT NULL,
  views integer NOT NULL CHECK (views >= 0),
  PRIMARY KEY (job_id, day)
);
