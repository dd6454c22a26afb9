-- Saved searches and e-mail job alerts (decision record 17).

-- A saved search of a user's, mailed daily or as soon as it has new jobs ("instant", checked every
-- ALERTS_INTERVAL_MS). `query` is the search as the search page's URL holds it, normalised (shared
-- normaliseAlertQuery), so an alert means exactly what GET /api/job/search means for it.
CREATE TABLE job_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  query text NOT NULL,
  frequency text NOT NULL CHECK (frequency IN ('daily', 'instant')),
  -- The site's origin for the links in its e-mails when PUBLIC_URL is not set: the one it was created on.
  origin text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the checker last looked (the database's clock): what makes an alert due again.
  last_checked_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz,
  -- Jobs created before this are never mailed: the backlog at creation, and what a capped e-mail left out.
  not_before timestamptz NOT NULL DEFAULT now(),
  -- The start of the last check's transaction: the next check reads jobs created since a little before it
  -- (a job whose transaction began before the check but committed after it is not missed).
  checked_through timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, query)
);
CREATE INDEX job_alerts_due_idx ON job_alerts (frequency, last_checked_at);

-- Every job an alert has mailed: the same job is never mailed twice by one alert.
CREATE TABLE job_alert_sent (
  alert_id uuid NOT NULL REFERENCES job_alerts (id) ON DELETE CASCADE,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  sent_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (alert_id, job_id)
);
CREATE INDEX job_alert_sent_job_idx ON job_alert_sent (job_id);

-- The checker reads only the jobs created since its last look.
CREATE INDEX jobs_created_at_idx ON jobs (created_at);

-- Keys the app generates once and every instance shares, with no configuration (the unsubscribe links' HMAC).
CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- 256 bits from two version-4 UUIDs (gen_random_uuid draws on the server's strong random source: 244 random bits).
INSERT INTO app_secrets (name, secret)
VALUES ('alert-unsubscribe', decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'));
