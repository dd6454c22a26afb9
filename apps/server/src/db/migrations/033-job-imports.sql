-- Job imports (issue 36 item 4): a company's sources (an ATS board or a feed), the jobs each brought in by the
-- source's own id, and a report per run. Jobs themselves are written by the jobs service like any other job.
CREATE TABLE job_import_sources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT job_import_sources_kind CHECK (kind IN ('greenhouse', 'lever', 'ashby', 'indeed-xml', 'json-ld')),
  -- The board token, site or board name of an ATS; the address of a feed or careers page.
  target text NOT NULL CONSTRAINT job_import_sources_target_length CHECK (char_length(target) <= 2000),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the last run started: the poller takes a source again an hour later.
  last_run_at timestamptz,
  -- An instance running the source holds it until then; one that died lets it fall due again.
  claimed_until timestamptz,
  UNIQUE (company_id, kind, target)
);
CREATE INDEX job_import_sources_due_idx ON job_import_sources (last_run_at NULLS FIRST);

-- Which job each entry of a source became, and what it looked like when last written (to tell an update).
CREATE TABLE job_import_items (
  source_id uuid NOT NULL REFERENCES job_import_sources (id) ON DELETE CASCADE,
  source_job_id text NOT NULL,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  PRIMARY KEY (source_id, source_job_id)
);
CREATE INDEX job_import_items_job_idx ON job_import_items (job_id);

CREATE TABLE job_import_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_id uuid NOT NULL REFERENCES job_import_sources (id) ON DELETE CASCADE,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  added integer NOT NULL DEFAULT 0,
  updated integer NOT NULL DEFAULT 0,
  closed integer NOT NULL DEFAULT 0,
  -- [{ "sourceId": "...", "reason": "..." }]: entries that were not imported, and why.
  refused jsonb NOT NULL DEFAULT '[]',
  -- Why the whole run failed (the source could not be fetched or read); nothing was closed then.
  error text
);
CREATE INDEX job_import_runs_source_idx ON job_import_runs (source_id, started_at DESC);
