-- Every change to the jobs (or to a company, whose name and logo the cards show) tells every app instance
-- listening, whichever instance or statement made it: their search caches forget what the change made stale
-- (decision record 0004). NOTIFY is sent on commit, once per transaction and channel.
CREATE FUNCTION jobs_changed_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs_changed', '');
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_changed_notice AFTER INSERT OR UPDATE OR DELETE ON jobs
  FOR EACH STATEMENT EXECUTE FUNCTION jobs_changed_notice();
CREATE TRIGGER companies_changed_notice AFTER UPDATE OR DELETE ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION jobs_changed_notice();
