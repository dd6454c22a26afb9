-- Jobboard schema. Append-only: change it with a new numbered file, never by editing this one.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  username text NOT NULL,
  email text NOT NULL,
  -- NULL for accounts created through an identity provider only.
  password_hash text,
  avatar text NOT NULL DEFAULT '',
  resume text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT users_email_lower CHECK (email = lower(email))
);
CREATE UNIQUE INDEX users_email_key ON users (email);
CREATE UNIQUE INDEX users_username_key ON users (lower(username));

CREATE TABLE sessions (
  -- SHA-256 of the cookie's token: a leaked table cannot be replayed as cookies.
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order: the tie-breaker of "newest first" and the keyset for streaming.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  poster_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_title text NOT NULL,
  company_name text NOT NULL,
  company_logo text NOT NULL,
  job_location text NOT NULL,
  employment_type text NOT NULL,
  experience_level text NOT NULL,
  salary_type text NOT NULL,
  min_price text NOT NULL,
  max_price text NOT NULL,
  -- maxPrice in thousands, parsed once at write time by the shared parser ('$120k' -> 120).
  max_price_k numeric,
  posting_date date NOT NULL DEFAULT CURRENT_DATE,
  description text NOT NULL,
  skills jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX jobs_seq_key ON jobs (seq);
CREATE INDEX jobs_newest_idx ON jobs (posting_date DESC, seq DESC);
CREATE INDEX jobs_poster_idx ON jobs (poster_id, seq DESC);
CREATE INDEX jobs_title_trgm_idx ON jobs USING gin (lower(job_title) gin_trgm_ops);
CREATE INDEX jobs_location_idx ON jobs (lower(job_location), posting_date DESC, seq DESC);
CREATE INDEX jobs_employment_idx ON jobs (lower(employment_type), posting_date DESC, seq DESC);
CREATE INDEX jobs_experience_idx ON jobs (lower(experience_level), posting_date DESC, seq DESC);
CREATE INDEX jobs_salary_type_idx ON jobs (lower(salary_type), posting_date DESC, seq DESC);
CREATE INDEX jobs_max_price_idx ON jobs (max_price_k);

CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  applied_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT applications_one_per_user_job UNIQUE (user_id, job_id)
);
CREATE INDEX applications_job_id_idx ON applications (job_id);
