-- Featured jobs (issue 36), and merging duplicate companies from the console (issue 34): the audit log's actions grow.
-- Featured jobs: an administrator marks a job featured until a date; its searches show it first (at most
-- two per page) and the featured feed lists it. The few featured jobs are read by this partial index.
ALTER TABLE jobs ADD COLUMN featured_until date;
CREATE INDEX jobs_featured_idx ON jobs (featured_until) WHERE featured_until IS NOT NULL;

ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (
  'job.approve', 'job.hide', 'job.close', 'job.feature', 'job.unfeature', 'user.ban', 'user.unban', 'user.delete',
  'user.resend-confirmation', 'admin.grant', 'admin.revoke', 'settings.update', 'page.update', 'company.merge'));
