import { siteSettingsSchema, type SiteSettingKey, type SiteSettings } from '@jobboard/shared';

/**
 * The environment variables that set a site setting (issue 34, item 2): one given here overrides the console's
 * value and shows there as set by the environment. MAIL_FROM sets the sender's name (its display name).
 */
export const SETTING_VARIABLES = {
  siteName: 'SITE_NAME',
  tagline: 'SITE_TAGLINE',
  logoUrl: 'SITE_LOGO_URL',
  faviconUrl: 'SITE_FAVICON_URL',
  accentColor: 'SITE_ACCENT_COLOR',
  moderation: 'MODERATION',
  postsPerDay: 'POSTS_PER_DAY',
  jobDurationDays: 'JOB_DURATION_DAYS',
  signInMethods: 'SIGN_IN_METHODS',
  mailSenderName: 'MAIL_FROM',
} as const satisfies Partial<Record<SiteSettingKey, string>>;

/** The settings the environment sets, each checked as the console checks it (a bad value stops the start). */
export function settingsFromEnvironment(env: NodeJS.ProcessEnv): Partial<SiteSettings> {
  const values: Record<string, unknown> = {};
  for (const [key, name] of Object.entries(SETTING_VARIABLES) as [SiteSettingKey, string][]) {
    const raw = env[name]?.trim();
    if (!raw) continue;
    const value =
      key === 'postsPerDay' || key === 'jobDurationDays'
        ? Number(raw)
        : key === 'signInMethods'
          ? raw.split(',').map((s) => s.trim())
          : key === 'mailSenderName'
            ? senderNameOf(raw)
            : raw;
    const parsed = siteSettingsSchema.shape[key].safeParse(value);
    if (!parsed.success) throw new Error(`Invalid configuration: ${name}: ${parsed.error.issues[0]?.message}`);
    values[key] = parsed.data;
  }
  return values as Partial<SiteSettings>;
}

/** 'Jobboard <no-reply@x>' -> 'Jobboard'; a bare address has no name (the default's is used). */
export function senderNameOf(mailFrom: string): string {
  const match = /^\s*"?([^"<]*?)"?\s*<[^>]+>\s*$/.exec(mailFrom);
  return match?.[1]?.trim() || 'Jobboard';
}

/** 'Jobboard <no-reply@x>' -> 'no-reply@x'. */
export function senderAddressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();
}
