-- A second, finer sample of the open jobs: one in 4 (decision record 0014, "two sample levels"). The 1-in-32
-- sample of migration 008 can only estimate a figure it matches 1,000 times, about 32,000 jobs, so every search
-- under that was counted exactly over the jobs: up to 48,000 wide rows, 0.3-1.5 s at a million jobs. This one
-- estimates from about 4,000 matches up; below that an exact count reads a few thousand rows.
-- Membership is a hash of the insertion number, like the coarse sample's, and nested in it: a job in the 1-in-32
-- sample (hash & 31 = 0) is in this one too (hash & 3 = 0).
CREATE FUNCTION job_in_fine_sample(seq bigint) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT (hashint8(seq) & 3) = 0 $$;

CREATE TABLE job_sample_fine (LIKE job_sample INCLUDING ALL);
-- "What" is the words, the title as text or a skill (an OR): without an index for each part, the planner can only
-- read a whole sample to find a word's matches (160,000 rows here at a million jobs). The title's trigrams and the
-- skills get theirs, in both samples. And what a search without text filters on, so a rare place or skill is found
-- without reading the whole sample.
CREATE INDEX job_sample_title_trgm_idx ON job_sample USING gin (lower(job_title) gin_trgm_ops);
CREATE INDEX job_sample_skills_idx ON job_sample USING gin (skill_keys);
CREATE INDEX job_sample_fine_title_trgm_idx ON job_sample_fine USING gin (lower(job_title) gin_trgm_ops);
CREATE INDEX job_sample_fine_city_idx ON job_sample_fine (lower(city));
CREATE INDEX job_sample_fine_country_idx ON job_sample_fine (country);
CREATE INDEX job_sample_fine_skills_idx ON job_sample_fine USING gin (skill_keys);

CREATE FUNCTION job_sample_fine_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO job_sample_fine
  SELECT seq, status, valid_through, posting_date, job_title, city, country, workplace, remote_countries, pay_yearly_usd,
         salary_type, max_price_k, experience_level, employment_type, skill_keys, search_doc
    FROM new_rows WHERE status = 'open' AND job_in_fine_sample(seq);
  RETURN NULL;
END
$$;

CREATE FUNCTION job_sample_fine_remove() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM job_sample_fine s USING old_rows o WHERE s.seq = o.seq AND job_in_fine_sample(o.seq);
  RETURN NULL;
END
$$;

-- As for job_sample: an update removes the row's old version and adds its new one (name order).
CREATE TRIGGER jobs_sample_fine_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_sample_fine_add();
CREATE TRIGGER jobs_sample_fine_update_1_remove AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_sample_fine_remove();
CREATE TRIGGER jobs_sample_fine_update_2_add AFTER UPDATE ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_sample_fine_add();
CREATE TRIGGER jobs_sample_fine_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_sample_fine_remove();

INSERT INTO job_sample_fine
SELECT seq, status, valid_through, posting_date, job_title, city, country, workplace, remote_countries, pay_yearly_usd,
       salary_type, max_price_k, experience_level, employment_type, skill_keys, search_doc
  FROM jobs WHERE status = 'open' AND job_in_fine_sample(seq);
ALTER TABLE job_sample_fine ALTER COLUMN search_doc SET STATISTICS 400;
ANALYZE job_sample_fine;
