-- The administrators' console (issue 34): closing a job, deleting an account and resending its confirmation link
-- are administrator actions too, so the audit log's list of actions grows by three.
ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (
  'job.approve', 'job.hide', 'job.close', 'user.ban', 'user.unban', 'user.delete', 'user.resend-confirmation',
  'admin.grant', 'admin.revoke'));
