-- Pending "Continue with Google" sign-ins: PKCE verifier and nonce kept server-side, keyed by the state's hash,
-- so any app instance can finish a flow another one started.
CREATE TABLE oidc_flows (
  state_hash bytea PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oidc_flows_created_at_idx ON oidc_flows (created_at);
