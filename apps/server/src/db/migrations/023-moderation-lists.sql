-- The administrators' lists of their own decisions (issue 29): hidden jobs, newest decision first, and banned
-- accounts, newest ban first. Both are small parts of big tables, so each has a partial index of its own.
CREATE INDEX jobs_hidden_idx ON jobs (moderated_at DESC, id) WHERE status = 'hidden';
CREATE INDEX users_banned_idx ON users (banned_at DESC, id) WHERE banned_at IS NOT NULL;
