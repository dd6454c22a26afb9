-- The samples' titles, for the counting passes' "title contains" asked as a list of titles (search.repository.ts,
-- TextLists.beyondWords: "tec" is inside 793 titles of architects beyond its words). Without an index of their
-- own, the planner looked each listed title up in the trigram index, three trigrams and a recheck per title: 1.5 s
-- for the fine sample's count. The jobs have jobs_open_title_idx already.
CREATE INDEX job_sample_title_idx ON job_sample (lower(job_title));
CREATE INDEX job_sample_fine_title_idx ON job_sample_fine (lower(job_title));
ANALYZE job_sample;
ANALYZE job_sample_fine;

-- The price cap is never asked for through an index any more (search.repository.ts, KEYED_JOB_GROUP_COLUMNS: every
-- option keeps a quarter of the jobs or more, and ANDing its 440,000 entries cost 78 ms). Its index, from migration
-- 017, went unused through a whole cold mix at a million jobs; it only cost every write.
DROP INDEX jobs_max_price_idx;
