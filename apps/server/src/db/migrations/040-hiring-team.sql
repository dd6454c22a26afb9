-- Issue 33, items 7 and 8 (decision record 43): team roles, per-company stage e-mail templates and custom stages.

-- A member is an owner (manages members, edits the company, closes any of its jobs), a recruiter (posts jobs,
-- manages applications) or a viewer (reads jobs and applications). Every membership from before this migration
-- becomes an owner, so nobody loses a right they had; new rows default to the least a member did before: recruiter.
ALTER TABLE company_members
  ADD COLUMN role text NOT NULL DEFAULT 'owner'
    CONSTRAINT company_members_role_check CHECK (role IN ('owner', 'recruiter', 'viewer'));
ALTER TABLE company_members ALTER COLUMN role SET DEFAULT 'recruiter';
-- A company's creator was its only manager before roles: they stay an owner whatever the default says.
UPDATE company_members m SET role = 'owner' FROM companies c WHERE c.id = m.company_id AND c.created_by = m.user_id;

-- The role an invitation gives once accepted (an old client's invitation: recruiter).
ALTER TABLE company_invitations
  ADD COLUMN role text NOT NULL DEFAULT 'recruiter'
    CONSTRAINT company_invitations_role_check CHECK (role IN ('owner', 'recruiter', 'viewer'));

-- A company's own default message for a stage e-mail; no row: the built-in text (STAGE_MAIL_DEFAULT_MESSAGE).
CREATE TABLE company_stage_templates (
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  stage text NOT NULL CONSTRAINT company_stage_templates_stage_check CHECK (stage IN ('interview', 'offer', 'hired', 'rejected')),
  message text NOT NULL CONSTRAINT company_stage_templates_message_length CHECK (char_length(message) BETWEEN 1 AND 2000),
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, stage)
);

-- A company's own stages between the six fixed ones: each sits after a fixed stage (`after_stage`), ordered among
-- the others there by `position`. An application in one keeps `stage` = the fixed stage it follows (what old
-- clients read), with `custom_stage_id` naming the custom one. They send no e-mail.
CREATE TABLE company_stages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name text NOT NULL CONSTRAINT company_stages_name_length CHECK (char_length(name) BETWEEN 1 AND 40),
  after_stage text NOT NULL
    CONSTRAINT company_stages_after_check CHECK (after_stage IN ('applied', 'reviewing', 'interview', 'offer', 'hired', 'rejected')),
  position integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX company_stages_name_once ON company_stages (company_id, lower(name));
CREATE INDEX company_stages_company_idx ON company_stages (company_id, after_stage, position);

-- Deleting a custom stage puts its applications back in the fixed stage it followed.
ALTER TABLE applications ADD COLUMN custom_stage_id uuid REFERENCES company_stages (id) ON DELETE SET NULL;
-- A move records the custom stages it left and reached, so an undo restores both.
ALTER TABLE application_stage_changes
  ADD COLUMN from_custom_stage_id uuid,
  ADD COLUMN to_custom_stage_id uuid;
