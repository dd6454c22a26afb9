-- Verified e-mail, password reset and re-authentication (decision record 11).

-- When the address was proven by a link (or by the identity provider); NULL: not yet. Accounts created before
-- this migration start unverified: they are asked to verify before posting, like new ones.
ALTER TABLE users ADD COLUMN email_verified_at timestamptz;
-- An address the user asked to change to, waiting for its link to be followed.
ALTER TABLE users ADD COLUMN pending_email text;

-- Single-use links mailed to a user: only a hash of the token is kept.
CREATE TABLE account_tokens (
  token_hash bytea PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  -- The address the link was sent to: for 'verify-email', the address it proves.
  email text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX account_tokens_user_idx ON account_tokens (user_id, purpose);
CREATE INDEX account_tokens_expires_at_idx ON account_tokens (expires_at);

-- How a session was started: changing credentials without a password needs a fresh provider sign-in.
ALTER TABLE sessions ADD COLUMN auth_method text NOT NULL DEFAULT 'password' CHECK (auth_method IN ('password', 'google', 'reset'));
