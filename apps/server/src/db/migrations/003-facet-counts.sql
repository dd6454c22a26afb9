-- Precomputed search counts (decision record 0004). One row per combination of the values the home page
-- filters on, with how many jobs have it. Statement-level triggers keep it exact on every insert, update and
-- delete (cascades included), so the home page's counts cost a scan of this small table, not of every job.

CREATE FUNCTION job_location_key(location text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lower(location) IN ('london', 'seattle', 'madrid', 'boston') THEN lower(location) ELSE '' END
$$;

-- The sidebar's "maximum price" options are 30, 50, 80 and 100 (thousands): a job in bucket b matches
-- "at or below v" exactly when b <= v. 999 stands for "above 100 or not a number".
CREATE FUNCTION job_price_bucket(max_price_k numeric) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE
    WHEN max_price_k IS NULL THEN 999
    WHEN max_price_k <= 30 THEN 30
    WHEN max_price_k <= 50 THEN 50
    WHEN max_price_k <= 80 THEN 80
    WHEN max_price_k <= 100 THEN 100
    ELSE 999 END)::smallint
$$;

CREATE TABLE job_facet_counts (
  location_key text NOT NULL,
  salary_key text NOT NULL,
  price_bucket smallint NOT NULL,
  experience_key text NOT NULL,
  employment_key text NOT NULL,
  posting_date date NOT NULL,
  n integer NOT NULL,
  PRIMARY KEY (location_key, salary_key, price_bucket, experience_key, employment_key, posting_date)
);

CREATE FUNCTION job_facet_counts_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_facet_counts AS c (location_key, salary_key, price_bucket, experience_key, employment_key, posting_date, n)
  SELECT job_location_key(job_location), lower(salary_type), job_price_bucket(max_price_k), lower(experience_level),
         lower(employment_type), posting_date, count(*)
    FROM new_rows GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (location_key, salary_key, price_bucket, experience_key, employment_key, posting_date)
  DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE FUNCTION job_facet_counts_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_facet_counts AS c (location_key, salary_key, price_bucket, experience_key, employment_key, posting_date, n)
  SELECT job_location_key(job_location), lower(salary_type), job_price_bucket(max_price_k), lower(experience_level),
         lower(employment_type), posting_date, -count(*)
    FROM old_rows GROUP BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (location_key, salary_key, price_bucket, experience_key, employment_key, posting_date)
  DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_facet_counts_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_facet_counts_add();
CREATE TRIGGER jobs_facet_counts_update_remove AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_facet_counts_remove();
CREATE TRIGGER jobs_facet_counts_update_add AFTER UPDATE ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_facet_counts_add();
CREATE TRIGGER jobs_facet_counts_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_facet_counts_remove();

-- Jobs that existed before this migration.
INSERT INTO job_facet_counts (location_key, salary_key, price_bucket, experience_key, employment_key, posting_date, n)
SELECT job_location_key(job_location), lower(salary_type), job_price_bucket(max_price_k), lower(experience_level),
       lower(employment_type), posting_date, count(*)
  FROM jobs GROUP BY 1, 2, 3, 4, 5, 6;
