-- The administrators' audit log (issue 34): every moderation decision and role change, who, what, when and why.
-- Append-only: a trigger refuses updates and deletes, so nobody can rewrite what an administrator did. The admin's
-- id has no foreign key (a deleted account would otherwise null it, which is an update); the e-mail keeps who it was.
CREATE TABLE admin_actions (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  admin_id uuid,
  admin_email text NOT NULL,
  action text NOT NULL CONSTRAINT admin_actions_action_check CHECK (action IN (
    'job.approve', 'job.hide', 'user.ban', 'user.unban', 'admin.grant', 'admin.revoke')),
  target_id uuid,
  -- The job's title or the account's e-mail when it happened.
  target_label text NOT NULL,
  reason text NOT NULL DEFAULT ''
);
CREATE INDEX admin_actions_at_idx ON admin_actions (at DESC, id DESC);

CREATE FUNCTION admin_actions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_actions is append-only';
END $$;
CREATE TRIGGER admin_actions_append_only BEFORE UPDATE OR DELETE ON admin_actions
  FOR EACH ROW EXECUTE FUNCTION admin_actions_append_only();
