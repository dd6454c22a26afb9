-- Site settings and site pages (issue 34, items 2 and 3), edited in the administrators' console.
-- One row of settings: only the values an administrator set (a missing key means the default); version grows with
-- every save, so an instance that missed the notice sees the change at its next poll of one small row.
CREATE TABLE site_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  settings jsonb NOT NULL DEFAULT '{}',
  version bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO site_settings DEFAULT VALUES;

-- About, Privacy and Terms in the description's safe Markdown subset; a page without a row shows its default text.
CREATE TABLE site_pages (
  slug text PRIMARY KEY CHECK (slug IN ('about', 'privacy', 'terms')),
  body text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Every instance listening hears a save at once (NOTIFY is sent on commit).
CREATE FUNCTION site_settings_changed_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('site_settings_changed', '');
  RETURN NULL;
END
$$;
CREATE TRIGGER site_settings_changed_notice AFTER UPDATE ON site_settings
  FOR EACH STATEMENT EXECUTE FUNCTION site_settings_changed_notice();

-- Saving settings and editing a page are administrator actions: the audit log's list grows by two.
ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_action_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_action_check CHECK (action IN (
  'job.approve', 'job.hide', 'job.close', 'user.ban', 'user.unban', 'user.delete', 'user.resend-confirmation',
  'admin.grant', 'admin.revoke', 'settings.update', 'page.update'));
