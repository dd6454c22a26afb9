-- A bulk load of generated data (npm run seed) remembers how far it got, so running it again resumes there. Its
-- users, companies and the count of jobs written commit together, batch by batch.
CREATE TABLE bulk_loads (
  stamp text PRIMARY KEY,
  seed integer NOT NULL,
  jobs integer NOT NULL,
  users integer NOT NULL,
  jobs_done integer NOT NULL DEFAULT 0,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
