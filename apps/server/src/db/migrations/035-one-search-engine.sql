-- One search engine (decision record 0036): the in-memory index of each instance answers searches; SQL keeps one
-- plain condition (search.repository.ts, the reference) for searches before the index is loaded. What only the
-- database's own search passes read goes, so that no job write pays for it: the two samples (one in 32, one in 4)
-- with their eight triggers, the lexicon of every search word with its two triggers, the titles' words, the facet
-- keys, and the whole-table and per-filter ordered indexes those passes walked or ANDed.
-- The index keeps the sample functions (job_in_sample, job_in_fine_sample): it loads the sampled jobs first.

DROP TRIGGER jobs_sample_insert ON jobs;
DROP TRIGGER jobs_sample_update_1_remove ON jobs;
DROP TRIGGER jobs_sample_update_2_add ON jobs;
DROP TRIGGER jobs_sample_delete ON jobs;
DROP TRIGGER jobs_sample_fine_insert ON jobs;
DROP TRIGGER jobs_sample_fine_update_1_remove ON jobs;
DROP TRIGGER jobs_sample_fine_update_2_add ON jobs;
DROP TRIGGER jobs_sample_fine_delete ON jobs;
DROP FUNCTION job_sample_add();
DROP FUNCTION job_sample_remove();
DROP FUNCTION job_sample_fine_add();
DROP FUNCTION job_sample_fine_remove();
DROP TABLE job_sample_fine;
DROP TABLE job_sample;

DROP TRIGGER jobs_search_lexemes_insert ON jobs;
DROP TRIGGER jobs_search_lexemes_update ON jobs;
DROP FUNCTION search_lexemes_add();
DROP FUNCTION search_lexemes_change();
DROP TABLE search_lexemes;

ALTER TABLE job_title_counts DROP COLUMN title_doc;

DROP INDEX jobs_facet_keys_idx;
DROP FUNCTION job_facet_keys(text, text, text, text, text, text);
DROP INDEX jobs_pay_idx;
DROP INDEX jobs_posting_date_idx;
DROP INDEX jobs_open_title_idx;
DROP INDEX jobs_open_city_idx;
DROP INDEX jobs_open_country_idx;
DROP INDEX jobs_open_workplace_idx;
DROP INDEX jobs_open_employment_idx;
DROP INDEX jobs_open_experience_idx;
DROP INDEX jobs_open_salary_type_idx;

-- The precomputed counts of searches without text (migrations 003 and 005): the index counts those too, from the
-- same samples as any search, so their four triggers no longer run on every write. The filter taxonomy's two
-- functions existed only to key them.
DROP TRIGGER jobs_facet_counts_insert ON jobs;
DROP TRIGGER jobs_facet_counts_update_remove ON jobs;
DROP TRIGGER jobs_facet_counts_update_add ON jobs;
DROP TRIGGER jobs_facet_counts_delete ON jobs;
DROP FUNCTION job_facet_counts_add();
DROP FUNCTION job_facet_counts_remove();
DROP TABLE job_facet_counts;
DROP FUNCTION job_location_key(text);
DROP FUNCTION job_price_bucket(numeric);
-- schema_state stays (it was made by the taxonomy's code, now gone): the search index keeps the database's identity
-- there for its snapshot (decision 37).
CREATE TABLE IF NOT EXISTS schema_state (key text PRIMARY KEY, value text NOT NULL);

-- Pay order was walked down this index by the database's passes; the index orders by pay in memory.
DROP INDEX jobs_open_pay_idx;

-- The three GIN indexes over the words, the skills and the title's trigrams served the database's passes. What reads
-- those columns now reads few rows: the reference answers only before the index is loaded (bounded by the statement
-- timeout), and alert matching first narrows by creation time (jobs_created_at_idx). A GIN entry per word of a
-- description was the largest part of every job write.
DROP INDEX jobs_open_search_idx;
DROP INDEX jobs_title_trgm_idx;
DROP INDEX jobs_skills_idx;
