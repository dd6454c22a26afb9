-- Sitemaps (decision record 0016): the open jobs are listed in files of at most 50,000 URLs, file n holding the
-- jobs whose insertion number (seq) falls in block n - 1 of 50,000. The sitemap index gives each file the time its
-- newest change was made; this index answers that per block with one probe at the top of the block's entries,
-- so the index costs about one probe per 50,000 jobs instead of a pass over every open job.
-- The expression must stay written as modules/feeds/sitemaps.repository.ts writes it (SITEMAP_BLOCK_SQL).
CREATE INDEX jobs_open_sitemap_block_idx ON jobs (((seq - 1) / 50000), updated_at) WHERE status = 'open';
