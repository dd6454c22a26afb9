-- API keys of companies (issue 36, decision record 30): only the SHA-256 of the secret is kept.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- The owner who made it: jobs the key posts are posted as this account.
  created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL CONSTRAINT api_keys_name_length CHECK (char_length(name) BETWEEN 1 AND 100),
  -- The first characters of the secret, shown so an owner can tell keys apart; not enough to guess it.
  prefix text NOT NULL,
  secret_hash bytea NOT NULL CONSTRAINT api_keys_secret_hash_unique UNIQUE,
  scopes text[] NOT NULL CONSTRAINT api_keys_scopes_known CHECK (scopes <@ ARRAY['jobs:read', 'jobs:write', 'applications:read']::text[]),
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_company_idx ON api_keys (company_id);

-- A job's reference in the poster's own system, so a client can create-or-update it idempotently.
ALTER TABLE jobs ADD COLUMN external_id text CONSTRAINT jobs_external_id_length CHECK (char_length(external_id) BETWEEN 1 AND 200);
CREATE UNIQUE INDEX jobs_company_external_id_idx ON jobs (company_id, external_id) WHERE external_id IS NOT NULL;
