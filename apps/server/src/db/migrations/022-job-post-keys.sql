-- Idempotent job creation: the Post a Job form sends an Idempotency-Key (a UUID generated once per form); a POST
-- repeated with the same key by the same poster (a double click, a retry after a lost answer) answers the job the
-- first one created instead of creating another. The key goes with its job or its poster.
CREATE TABLE job_post_keys (
  poster_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key uuid NOT NULL,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (poster_id, key)
);
CREATE INDEX job_post_keys_job_idx ON job_post_keys (job_id);
