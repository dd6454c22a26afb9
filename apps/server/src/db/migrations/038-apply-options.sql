-- How to apply, per job, and screening questions (issue 33, items 2 and 3; decision record 41).
-- Kept beside jobs, not in it, so the choice, its click counter and the questions never touch the searched rows.
-- A job without a row here takes applications on the board, as every job did before.
CREATE TABLE job_apply_options (
  job_id uuid PRIMARY KEY REFERENCES jobs (id) ON DELETE CASCADE,
  method text NOT NULL DEFAULT 'board' CONSTRAINT job_apply_options_method_check CHECK (method IN ('board', 'external', 'email')),
  -- The company's own page (method external) and the address applications are forwarded to (method email).
  external_url text CONSTRAINT job_apply_options_url_check CHECK (method <> 'external' OR external_url LIKE 'https://%'),
  forward_email text CONSTRAINT job_apply_options_email_check CHECK (method <> 'email' OR forward_email IS NOT NULL),
  -- A knocked-out application moves to Rejected by itself (its e-mail waits the stage undo window).
  auto_reject boolean NOT NULL DEFAULT false,
  -- Seekers sent to the company's site through GET /api/job/:id/apply-link.
  clicks integer NOT NULL DEFAULT 0
);

-- The screening questions of a job, in versions: a version answered by an application never changes; editing the
-- questions then makes the next version, which new applications answer.
CREATE TABLE job_screening_versions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  version integer NOT NULL,
  questions jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT job_screening_versions_one_per_number UNIQUE (job_id, version)
);

-- An application's answers with the questions' text as they were asked, and whether one answer knocked it out.
CREATE TABLE application_screening (
  application_id uuid PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
  version_id uuid NOT NULL REFERENCES job_screening_versions (id) ON DELETE CASCADE,
  answers jsonb NOT NULL,
  knocked_out boolean NOT NULL
);
CREATE INDEX application_screening_version_idx ON application_screening (version_id);
