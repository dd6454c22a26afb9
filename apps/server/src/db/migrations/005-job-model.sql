-- The job model of a real board (issue 11, decision record 0012): companies, open skills, a place with a
-- country, where the work happens, pay with a currency and period, and jobs that close. The spec's flat columns
-- stay, kept in step by the service, so old clients read and write them unchanged.

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  slug text NOT NULL,
  name text NOT NULL,
  logo text NOT NULL DEFAULT '',
  website text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  -- Who created it: only they add and remove members. NULL once their account is deleted.
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX companies_slug_key ON companies (slug);

-- Who may edit a company and post under it: its creator and the accounts they add by e-mail.
CREATE TABLE company_members (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, user_id)
);
CREATE INDEX company_members_user_idx ON company_members (user_id);

ALTER TABLE jobs
  ADD COLUMN company_id uuid REFERENCES companies (id),
  ADD COLUMN city text NOT NULL DEFAULT '',
  -- ISO 3166 alpha-2, or '' when unknown.
  ADD COLUMN country text NOT NULL DEFAULT '',
  ADD COLUMN workplace text NOT NULL DEFAULT 'on-site' CHECK (workplace IN ('on-site', 'hybrid', 'remote')),
  -- Where a remote job can hire; empty: anywhere.
  ADD COLUMN remote_countries text[] NOT NULL DEFAULT '{}',
  ADD COLUMN salary_min numeric,
  ADD COLUMN salary_max numeric,
  ADD COLUMN salary_currency text,
  ADD COLUMN salary_period text CHECK (salary_period IN ('hour', 'day', 'week', 'month', 'year')),
  -- The top of the range in US dollars a year (shared toYearlyUsd): the "pay at least" filter and "highest pay".
  ADD COLUMN pay_yearly_usd bigint,
  ADD COLUMN valid_through date NOT NULL DEFAULT (CURRENT_DATE + 30),
  -- 'expired' is set by the expiry sweep once valid_through has passed; searches also check the date itself.
  ADD COLUMN status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'expired')),
  ADD COLUMN closed_at timestamptz,
  -- Lower-case skill values: the skill filter and the skill counts.
  ADD COLUMN skill_keys text[] NOT NULL DEFAULT '{}',
  ADD COLUMN search_doc tsvector;

-- Existing jobs: the spec's four cities get their country; "Work remotely" jobs are remote.
UPDATE jobs SET
  city = job_location,
  country = CASE lower(job_location) WHEN 'london' THEN 'GB' WHEN 'madrid' THEN 'ES' WHEN 'seattle' THEN 'US' WHEN 'boston' THEN 'US' ELSE '' END,
  workplace = CASE WHEN employment_type = 'Work remotely' OR experience_level = 'Work remotely' THEN 'remote' ELSE 'on-site' END,
  skill_keys = ARRAY(SELECT lower(s ->> 'value') FROM jsonb_array_elements(skills) s),
  valid_through = posting_date + 30,
  status = CASE WHEN posting_date + 30 < CURRENT_DATE THEN 'expired' ELSE 'open' END;

-- One company per poster and company name, its creator the poster.
INSERT INTO companies (slug, name, logo, created_by)
SELECT DISTINCT ON (poster_id, lower(company_name))
       coalesce(nullif(trim(BOTH '-' FROM regexp_replace(lower(company_name), '[^a-z0-9]+', '-', 'g')), ''), 'company')
         || '-' || left(md5(poster_id::text || lower(company_name)), 6),
       company_name, company_logo, poster_id
  FROM jobs
 ORDER BY poster_id, lower(company_name), seq DESC;
INSERT INTO company_members (company_id, user_id) SELECT id, created_by FROM companies;
UPDATE jobs j SET company_id = c.id FROM companies c WHERE c.created_by = j.poster_id AND lower(c.name) = lower(j.company_name);
ALTER TABLE jobs ALTER COLUMN company_id SET NOT NULL;
CREATE INDEX jobs_company_idx ON jobs (company_id, posting_date DESC, seq DESC);

-- What "what" searches: the title counts most (A), then company and skills (B), then the description (D).
CREATE FUNCTION jobs_search_doc() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_doc :=
    setweight(to_tsvector('english', NEW.job_title), 'A') ||
    setweight(to_tsvector('english', NEW.company_name || ' ' || array_to_string(NEW.skill_keys, ' ')), 'B') ||
    setweight(to_tsvector('english', left(NEW.description, 2000)), 'D');
  RETURN NEW;
END
$$;
CREATE TRIGGER jobs_search_doc BEFORE INSERT OR UPDATE OF job_title, company_name, skill_keys, description ON jobs
  FOR EACH ROW EXECUTE FUNCTION jobs_search_doc();
UPDATE jobs SET job_title = job_title;

-- Searches read open jobs only: the indexes they use hold only those.
DROP INDEX jobs_newest_idx;
DROP INDEX jobs_location_idx;
DROP INDEX jobs_employment_idx;
DROP INDEX jobs_experience_idx;
DROP INDEX jobs_salary_type_idx;
DROP INDEX jobs_max_price_idx;
CREATE INDEX jobs_open_newest_idx ON jobs (posting_date DESC, seq DESC) WHERE status = 'open';
CREATE INDEX jobs_open_city_idx ON jobs (lower(city), posting_date DESC, seq DESC) WHERE status = 'open';
CREATE INDEX jobs_open_country_idx ON jobs (country, posting_date DESC, seq DESC) WHERE status = 'open';
CREATE INDEX jobs_open_workplace_idx ON jobs (workplace, posting_date DESC, seq DESC) WHERE status = 'open';
CREATE INDEX jobs_open_employment_idx ON jobs (lower(employment_type), posting_date DESC, seq DESC) WHERE status = 'open';
CREATE INDEX jobs_open_experience_idx ON jobs (lower(experience_level), posting_date DESC, seq DESC) WHERE status = 'open';
CREATE INDEX jobs_open_salary_type_idx ON jobs (lower(salary_type), posting_date DESC, seq DESC) WHERE status = 'open';
CREATE INDEX jobs_open_pay_idx ON jobs (pay_yearly_usd DESC NULLS LAST, seq DESC) WHERE status = 'open';
CREATE INDEX jobs_open_search_idx ON jobs USING gin (search_doc) WHERE status = 'open';
CREATE INDEX jobs_open_skills_idx ON jobs USING gin (skill_keys) WHERE status = 'open';
-- The expiry sweep.
CREATE INDEX jobs_open_valid_through_idx ON jobs (valid_through) WHERE status = 'open';

-- The precomputed counts (migration 003) gain the workplace and count open jobs only.
ALTER TABLE job_facet_counts ADD COLUMN workplace_key text NOT NULL DEFAULT 'on-site';
ALTER TABLE job_facet_counts DROP CONSTRAINT job_facet_counts_pkey;
ALTER TABLE job_facet_counts ADD PRIMARY KEY (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date);

CREATE OR REPLACE FUNCTION job_facet_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_facet_counts AS c (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date, n)
  SELECT job_location_key(city), lower(salary_type), job_price_bucket(max_price_k), lower(experience_level),
         lower(employment_type), workplace, posting_date, count(*)
    FROM new_rows WHERE status = 'open' GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date)
  DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION job_facet_counts_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_facet_counts AS c (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date, n)
  SELECT job_location_key(city), lower(salary_type), job_price_bucket(max_price_k), lower(experience_level),
         lower(employment_type), workplace, posting_date, -count(*)
    FROM old_rows WHERE status = 'open' GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date)
  DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

-- The most common places and skills of all open jobs: the facets of an unfiltered search and the skill typeahead.
CREATE TABLE job_place_counts (
  city_key text NOT NULL,
  country text NOT NULL,
  city text NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (city_key, country)
);
CREATE INDEX job_place_counts_n_idx ON job_place_counts (n DESC);

CREATE TABLE job_skill_counts (
  skill_key text PRIMARY KEY,
  label text NOT NULL,
  n integer NOT NULL
);
CREATE INDEX job_skill_counts_prefix_idx ON job_skill_counts (skill_key text_pattern_ops, n DESC);
CREATE INDEX job_skill_counts_n_idx ON job_skill_counts (n DESC);

CREATE FUNCTION job_top_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_place_counts AS c (city_key, country, city, n)
  SELECT lower(city), country, min(city), count(*) FROM new_rows WHERE status = 'open' GROUP BY 1, 2
  ON CONFLICT (city_key, country) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO job_skill_counts AS c (skill_key, label, n)
  SELECT lower(s ->> 'value'), min(s ->> 'label'), count(*)
    FROM new_rows, jsonb_array_elements(skills) s WHERE status = 'open' GROUP BY 1
  ON CONFLICT (skill_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE FUNCTION job_top_counts_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_place_counts AS c (city_key, country, city, n)
  SELECT lower(city), country, min(city), -count(*) FROM old_rows WHERE status = 'open' GROUP BY 1, 2
  ON CONFLICT (city_key, country) DO UPDATE SET n = c.n + EXCLUDED.n;
  INSERT INTO job_skill_counts AS c (skill_key, label, n)
  SELECT lower(s ->> 'value'), min(s ->> 'label'), -count(*)
    FROM old_rows, jsonb_array_elements(skills) s WHERE status = 'open' GROUP BY 1
  ON CONFLICT (skill_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_top_counts_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_top_counts_add();
CREATE TRIGGER jobs_top_counts_update_remove AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_top_counts_remove();
CREATE TRIGGER jobs_top_counts_update_add AFTER UPDATE ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_top_counts_add();
CREATE TRIGGER jobs_top_counts_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_top_counts_remove();

-- Recount both from the jobs as they are now.
DELETE FROM job_facet_counts;
INSERT INTO job_facet_counts (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date, n)
SELECT job_location_key(city), lower(salary_type), job_price_bucket(max_price_k), lower(experience_level),
       lower(employment_type), workplace, posting_date, count(*)
  FROM jobs WHERE status = 'open' GROUP BY 1, 2, 3, 4, 5, 6, 7;
INSERT INTO job_place_counts (city_key, country, city, n)
SELECT lower(city), country, min(city), count(*) FROM jobs WHERE status = 'open' GROUP BY 1, 2;
INSERT INTO job_skill_counts (skill_key, label, n)
SELECT lower(s ->> 'value'), min(s ->> 'label'), count(*) FROM jobs, jsonb_array_elements(skills) s WHERE status = 'open' GROUP BY 1;
