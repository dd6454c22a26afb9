-- Searches that stay bounded at a million jobs (docs/performance.md, decision record 0013).

-- Finer statistics for the text and the skills: with the default target a rare or misspelt word ('zzzz',
-- 'devloper') was estimated at a thousand matches, so the planner walked every open job newest first waiting for
-- them instead of asking the GIN index.
ALTER TABLE jobs ALTER COLUMN search_doc SET STATISTICS 400;
ALTER TABLE jobs ALTER COLUMN skill_keys SET STATISTICS 400;

-- Statistics of the lower-cased columns the filters compare. The partial indexes over them (WHERE status = 'open')
-- have statistics the planner does not use, so every such filter was guessed at 0.5% of the jobs: "yearly" (43%)
-- and "London" (0.2%) looked alike, and a search for both walked the salary-type index through 225,000 rows
-- instead of London's 1,500.
CREATE STATISTICS jobs_city_stats ON (lower(city)) FROM jobs;
CREATE STATISTICS jobs_salary_type_stats ON (lower(salary_type)) FROM jobs;
CREATE STATISTICS jobs_employment_stats ON (lower(employment_type)) FROM jobs;
CREATE STATISTICS jobs_experience_stats ON (lower(experience_level)) FROM jobs;
CREATE STATISTICS jobs_title_stats ON (lower(job_title)) FROM jobs;

-- The distinct titles of open jobs. "Title contains" text with no three letters or digits in a row ('c++', 'c#',
-- 'x') gives the trigram index nothing to look up; it is matched against these few thousand titles instead, and
-- the jobs are then found by title.
CREATE TABLE job_title_counts (
  title_key text PRIMARY KEY,
  -- The title as first written, for the search box's completions.
  label text NOT NULL,
  n integer NOT NULL
);
CREATE INDEX jobs_open_title_idx ON jobs (lower(job_title), posting_date DESC, seq DESC) WHERE status = 'open';

-- The search box's completions (GET /api/job/suggest): titles and companies by any word's prefix, most open jobs first.
CREATE INDEX job_title_counts_trgm_idx ON job_title_counts USING gin (title_key gin_trgm_ops);
CREATE TABLE job_company_counts (
  company_id uuid PRIMARY KEY,
  n integer NOT NULL
);
CREATE INDEX companies_name_trgm_idx ON companies USING gin (lower(name) gin_trgm_ops);

CREATE OR REPLACE FUNCTION job_top_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_place_counts AS c (city_key, country, city, n)
  SELECT lower(city), country, min(city), count(*) FROM new_rows WHERE status = 'open' GROUP BY 1, 2
  ON CONFLICT (city_key, country) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO job_skill_counts AS c (skill_key, label, n)
  SELECT lower(s ->> 'value'), min(s ->> 'label'), count(*)
    FROM new_rows, jsonb_array_elements(skills) s WHERE status = 'open' GROUP BY 1
  ON CONFLICT (skill_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO job_title_counts AS c (title_key, label, n)
  SELECT lower(job_title), min(job_title), count(*) FROM new_rows WHERE status = 'open' GROUP BY 1
  ON CONFLICT (title_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO job_company_counts AS c (company_id, n)
  SELECT company_id, count(*) FROM new_rows WHERE status = 'open' GROUP BY 1
  ON CONFLICT (company_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION job_top_counts_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_place_counts AS c (city_key, country, city, n)
  SELECT lower(city), country, min(city), -count(*) FROM old_rows WHERE status = 'open' GROUP BY 1, 2
  ON CONFLICT (city_key, country) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO job_skill_counts AS c (skill_key, label, n)
  SELECT lower(s ->> 'value'), min(s ->> 'label'), -count(*)
    FROM old_rows, jsonb_array_elements(skills) s WHERE status = 'open' GROUP BY 1
  ON CONFLICT (skill_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO job_title_counts AS c (title_key, label, n)
  SELECT lower(job_title), min(job_title), -count(*) FROM old_rows WHERE status = 'open' GROUP BY 1
  ON CONFLICT (title_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO job_company_counts AS c (company_id, n)
  SELECT company_id, -count(*) FROM old_rows WHERE status = 'open' GROUP BY 1
  ON CONFLICT (company_id) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

INSERT INTO job_title_counts (title_key, label, n)
SELECT lower(job_title), min(job_title), count(*) FROM jobs WHERE status = 'open' GROUP BY 1;
INSERT INTO job_company_counts (company_id, n)
SELECT company_id, count(*) FROM jobs WHERE status = 'open' GROUP BY 1;

ANALYZE jobs;
