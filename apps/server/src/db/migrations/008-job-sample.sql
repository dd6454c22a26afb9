-- A fixed 1-in-32 sample of the open jobs, with just what searches filter on (decision record 0014). A search
-- whose matches are too many to count quickly is counted here and scaled up (totalIsEstimate); one with few
-- matches is counted exactly over the jobs. Which jobs are in the sample is decided by a hash of their insertion
-- number, so it is the same on every instance and unrelated to what a job says.
CREATE FUNCTION job_in_sample(seq bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (hashint8(seq) & 31) = 0 $$;

CREATE TABLE job_sample (
  seq bigint PRIMARY KEY,
  status text NOT NULL,
  valid_through date NOT NULL,
  posting_date date NOT NULL,
  job_title text NOT NULL,
  city text NOT NULL,
  country text NOT NULL,
  workplace text NOT NULL,
  remote_countries text[] NOT NULL,
  pay_yearly_usd bigint,
  salary_type text NOT NULL,
  max_price_k numeric,
  experience_level text NOT NULL,
  employment_type text NOT NULL,
  skill_keys text[] NOT NULL,
  search_doc tsvector
);
CREATE INDEX job_sample_doc_idx ON job_sample USING gin (search_doc);

CREATE FUNCTION job_sample_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_sample
  SELECT seq, status, valid_through, posting_date, job_title, city, country, workplace, remote_countries, pay_yearly_usd,
         salary_type, max_price_k, experience_level, employment_type, skill_keys, search_doc
    FROM new_rows WHERE status = 'open' AND job_in_sample(seq);
  RETURN NULL;
END
$$;

CREATE FUNCTION job_sample_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM job_sample s USING old_rows o WHERE s.seq = o.seq AND job_in_sample(o.seq);
  RETURN NULL;
END
$$;

-- An update removes the row's old version and adds its new one (statement triggers of one event run in name order).
CREATE TRIGGER jobs_sample_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_sample_add();
CREATE TRIGGER jobs_sample_update_1_remove AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_sample_remove();
CREATE TRIGGER jobs_sample_update_2_add AFTER UPDATE ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_sample_add();
CREATE TRIGGER jobs_sample_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_sample_remove();

INSERT INTO job_sample
SELECT seq, status, valid_through, posting_date, job_title, city, country, workplace, remote_countries, pay_yearly_usd,
       salary_type, max_price_k, experience_level, employment_type, skill_keys, search_doc
  FROM jobs WHERE status = 'open' AND job_in_sample(seq);
ANALYZE job_sample;
