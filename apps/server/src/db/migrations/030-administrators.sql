-- Administrators granted in the database (`npm run admin`), beside ADMIN_EMAILS: a fresh install gets its first
-- administrator without a restart, and the role can be revoked without one.
ALTER TABLE users ADD COLUMN admin_since timestamptz;
