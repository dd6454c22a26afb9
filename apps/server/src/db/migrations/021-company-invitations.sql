-- Company membership by invitation (security review round 2, finding 4): a company's creator invites an
-- e-mail address; the owner of that address, signed in with it, accepts or declines. Only an accepted
-- invitation makes a member, so nobody is put into a company (and its default place in their Post a Job form)
-- without consenting.
CREATE TABLE company_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- Lower-case, as users.email: the invitee is whoever holds this address when accepting.
  email text NOT NULL CONSTRAINT company_invitations_email_length CHECK (char_length(email) <= 254),
  -- SHA-256 of the link's 256-bit random token; the token itself is only in the e-mail.
  token_hash bytea NOT NULL UNIQUE,
  invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
-- One live invitation per company and address: inviting again replaces its link.
CREATE UNIQUE INDEX company_invitations_once ON company_invitations (company_id, email);
CREATE INDEX company_invitations_email_idx ON company_invitations (email);

-- Stage e-mails are limited per mover (finding "stage e-mails"): their recent moves are counted by this index.
CREATE INDEX application_stage_changes_mover_idx ON application_stage_changes (changed_by, changed_at);
