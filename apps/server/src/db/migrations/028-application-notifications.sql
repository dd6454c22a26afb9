-- The team of a job hears of new applications (issue 33): by an e-mail each, a daily digest, or not at all, chosen
-- per job. Kept beside jobs, not in it, so the choice and the digest's timer never touch the searched rows.
CREATE TABLE job_application_mail (
  job_id uuid PRIMARY KEY REFERENCES jobs(id) ON DELETE CASCADE,
  mode text NOT NULL CONSTRAINT job_application_mail_mode_check CHECK (mode IN ('each', 'daily', 'off')),
  -- A digest is on its way until then; the first application after it starts the next.
  digest_due timestamptz
);

-- When a member of the team last looked at a job's applications: the ones after it are unseen.
CREATE TABLE application_seen (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  job_id uuid NOT NULL REFERENCES jobs(id) ON DELETE CASCADE,
  seen_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, job_id)
);
