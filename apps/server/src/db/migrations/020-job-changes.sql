-- Which jobs changed, in order: an app instance's in-memory search index (modules/jobs/search-index.ts, decision
-- record 24) reads the changes past the last it applied and reads those jobs again. The notice of migration 007 only
-- says that something changed; this says what. One row per job written, by statement triggers, whichever instance or
-- statement wrote it (a moderation, the expiry sweep, a company's new name). Rows older than a day are swept
-- (housekeeping.ts): an instance that was away longer loads its index anew.
CREATE TABLE job_changes (
  change_no bigserial PRIMARY KEY,
  seq bigint NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_changes_changed_at_idx ON job_changes (changed_at);

CREATE FUNCTION job_changes_new() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_changes (seq) SELECT seq FROM new_rows ORDER BY seq;
  RETURN NULL;
END
$$;

CREATE FUNCTION job_changes_old() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_changes (seq) SELECT seq FROM old_rows ORDER BY seq;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_changes_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_changes_new();
CREATE TRIGGER jobs_changes_update AFTER UPDATE ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_changes_new();
CREATE TRIGGER jobs_changes_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_changes_old();
