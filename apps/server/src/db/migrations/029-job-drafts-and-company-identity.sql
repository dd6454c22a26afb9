-- Drafts of Post a Job (issue 33 item 10): the form as its poster left it. Kept apart from jobs so that search,
-- feeds, the sitemap and alerts never see one; a draft goes with its account. The payload is the form's fields,
-- checked for type and length only (packages/shared job-drafts.ts): the job's rules apply when it is published.
CREATE TABLE job_drafts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- The owner's list, last changed first (and the count against the cap).
CREATE INDEX job_drafts_owner_idx ON job_drafts (owner_id, updated_at DESC);

-- A company's identity beyond its logo (issue 33 item 9): a cover image (an uploaded or linked URL, '' for none)
-- and up to five links of its own (its careers page, LinkedIn...: http(s) URLs, checked by the API).
ALTER TABLE companies ADD COLUMN cover text NOT NULL DEFAULT '';
ALTER TABLE companies ADD COLUMN links jsonb NOT NULL DEFAULT '[]'::jsonb;
