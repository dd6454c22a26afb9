-- The words of every distinct open title, for the relevance order's first tier (decision record 0013, item 3).
-- "Title matches 'zendesk'" was `search_doc @@ 'zendesk:*A'`: the planner cannot tell how many of the jobs holding
-- a word hold it in their title (17,000 hold "zendesk", none in the title), so it walked every open job newest
-- first looking for one (1.1 s at a million jobs). The titles that match are found here instead, among some
-- 24,000 distinct titles, and the jobs are then read by title (jobs_open_title_idx), as for "c++" already.
-- to_tsvector of the lower-cased title gives the same words as the title's part (weight A) of search_doc.
ALTER TABLE job_title_counts ADD COLUMN title_doc tsvector GENERATED ALWAYS AS (to_tsvector('english', title_key)) STORED;
CREATE INDEX job_title_counts_doc_idx ON job_title_counts USING gin (title_doc);
ANALYZE job_title_counts;
