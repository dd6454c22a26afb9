-- The administrators' lists of their own decisions (issue 29): hidden jobs, newest decision first, and banned
-- accounts, newest ban first. Both are small parts of big tables, so each has a partial index of its own.
CREATE INDEX jobs_hidden_idx ON jobs (moderated_at DESC, id) WHERE status = 'hidden';
CREATE INDEX users_banned_idx ON users (banned_at DESC, id) WHERE banned_at IS NOT NULL;

-- A stage move's e-mail waits an undo window in the queue (issue 29, STAGE_MAIL_DELAY_SECONDS): the move records
-- which queued message is its e-mail, so an undo can cancel it; the move an undo makes records the move it undid.
ALTER TABLE application_stage_changes
  ADD COLUMN mail_id uuid,
  ADD COLUMN undo_of bigint REFERENCES application_stage_changes (id) ON DELETE CASCADE;
