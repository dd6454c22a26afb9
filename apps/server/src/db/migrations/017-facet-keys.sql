-- The filters a search's matches are gathered by, as one indexed array per job (decision record 0014, "facet
-- keys"). A broad word with a filter that leaves few of its jobs ("cloud" and part-time: 3,016 of 40,000 at a
-- million jobs) was counted by reading every job holding the word and dropping those the filter did not keep:
-- 41,000 heap rows, 170-450 ms. With the filters in a GIN index of their own, the word's bitmap and the filters'
-- are ANDed before any row is read, and only the jobs that match are read (3,000 rows, 4-5x faster).
--
-- One key per filter the counting passes gather by, each prefixed by its group, every one an equality on a column
-- (search.repository.ts, `groupKey` and `matchConditions` with `keyed`): 'city:<lower city>', 'country:<code>', 'salary:<lower salary type>',
-- 'workplace:<workplace>', and 'ee:<lower experience level>' and 'ee:<lower employment type>' together, since a
-- value of either group matches a job whose experience level or employment type equals it ("Work remotely").
-- Every column is NOT NULL, so the keys hold exactly when the plain conditions do.
CREATE FUNCTION job_facet_keys(city text, country text, salary_type text, experience_level text, employment_type text, workplace text)
RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY['city:' || lower(city), 'country:' || country, 'salary:' || lower(salary_type),
               'ee:' || lower(experience_level), 'ee:' || lower(employment_type), 'workplace:' || workplace]
$$;

-- Not partial, unlike the other search indexes: the planner reads an expression index's statistics (how many jobs
-- hold each key) only when the index covers the whole table, and without them it took part-time for one job in 300
-- and read the filter's 105,000 jobs instead of ANDing. Closed jobs are a small share and are dropped by the
-- search's own "open" condition.
CREATE INDEX jobs_facet_keys_idx ON jobs USING gin (job_facet_keys(city, country, salary_type, experience_level, employment_type, workplace));
CREATE INDEX job_sample_facet_keys_idx ON job_sample USING gin (job_facet_keys(city, country, salary_type, experience_level, employment_type, workplace));
CREATE INDEX job_sample_fine_facet_keys_idx ON job_sample_fine USING gin (job_facet_keys(city, country, salary_type, experience_level, employment_type, workplace));

-- The planner ANDs two indexes' bitmaps only when they are not both partial on the same condition: it takes the
-- second's `status = 'open'` for a condition already applied, and skips it. Every search index was partial on it,
-- so a word (its index partial) was never ANDed with a pay floor, a posting window, a price cap or a skill (theirs
-- partial too): "research" with pay of at least 100,000 read the 43,000 jobs paying that much, one heap row each
-- (245 ms), instead of the 3,800 that also hold the word (46 ms). The ranges get whole-table indexes for bitmaps
-- (the ordered walks keep the partial ones), and the skills index becomes whole-table in place of its partial one.
CREATE INDEX jobs_pay_idx ON jobs (pay_yearly_usd);
CREATE INDEX jobs_posting_date_idx ON jobs (posting_date);
CREATE INDEX jobs_max_price_idx ON jobs (max_price_k);
DROP INDEX jobs_open_skills_idx;
CREATE INDEX jobs_skills_idx ON jobs USING gin (skill_keys);

ANALYZE jobs;
ANALYZE job_sample;
ANALYZE job_sample_fine;

-- A GIN index takes new entries into a pending list first (fastupdate), merged into the index only when the list
-- passes gin_pending_list_limit (4 MB) or at VACUUM, and every search through the index reads the whole list: after
-- a day of posting at a million jobs the skills index's list was 304 pages, and looking up a skill no job has took
-- 2-5 ms instead of 0.01 ms, in every statement of every search. Kept to 64 kB (the least allowed), posting a job
-- merges a short list now and then, and a search reads at most eight pages of it. Every GIN index here is one a
-- search reads; the lists they hold now are merged once.
DO $$
DECLARE
  gin_index regclass;
BEGIN
  FOR gin_index IN
    SELECT c.oid::regclass FROM pg_class c JOIN pg_am a ON a.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE a.amname = 'gin' AND c.relkind = 'i' AND n.nspname = current_schema()
  LOOP
    EXECUTE format('ALTER INDEX %s SET (gin_pending_list_limit = 64)', gin_index);
    PERFORM gin_clean_pending_list(gin_index);
  END LOOP;
END
$$;
