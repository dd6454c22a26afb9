-- Saved jobs (issue 13, point 5): a signed-in user's bookmarks. A row goes with its user and with its job
-- (ON DELETE CASCADE both ways), so deleting an account or a job leaves nothing behind; a closed or expired job
-- keeps its rows and stays on the list, marked.
CREATE TABLE saved_jobs (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  saved_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, job_id)
);
-- The list, newest saved first, read a page at a time.
CREATE INDEX saved_jobs_user_newest_idx ON saved_jobs (user_id, saved_at DESC, job_id DESC);
-- Deleting a job finds its saved rows by this index, not by reading the whole table.
CREATE INDEX saved_jobs_job_idx ON saved_jobs (job_id);
