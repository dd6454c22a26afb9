import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { JOB_MODEL_LIMITS, siteSettingsSchema, type SiteSettingKey, type SiteSettings } from '@jobboard/shared';
import type { Config } from '../../config.js';
import { senderAddressOf, senderNameOf } from '../../config-settings.js';
import type { Db } from '../../db/client.js';
import type { ModerationConfig } from '../posting-policy/posting-policy.js';
import { readSettingsVersion, readStoredSettings } from './settings.repository.js';

/** The defaults: the configuration's values (tests set them there), else the product's. */
export function defaultSettings(config: Config): SiteSettings {
  return {
    siteName: 'Jobboard',
    tagline: '',
    logoUrl: '',
    faviconUrl: '',
    accentColor: '#0f766e',
    footerLinks: [],
    moderation: config.moderation,
    postsPerDay: config.postsPerDay,
    jobDurationDays: JOB_MODEL_LIMITS.validityDefaultDays,
    signInMethods: ['password', 'google'],
    mailSenderName: senderNameOf(config.mailFrom),
  };
}

/**
 * The site settings in effect on this instance (issue 34, item 2): the environment's value if set, else the
 * database's, else the default. Read from memory on every request; kept in step by PostgreSQL's NOTIFY (at once)
 * and by polling one version number (every SETTINGS_POLL_MS), which also covers a lost listening connection.
 */
export class SiteSettingsStore {
  readonly defaults: SiteSettings;
  private effective: SiteSettings;
  private loadedVersion = -1;
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  /** What the posting rules read (modules/posting-policy): getters, so each post reads the values of the moment. */
  readonly posting: ModerationConfig;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.defaults = defaultSettings(config);
    this.effective = { ...this.defaults, ...config.settingsFromEnvironment };
    const live = () => this.effective;
    this.posting = {
      adminEmails: config.adminEmails,
      get moderation() {
        return live().moderation;
      },
      get postsPerDay() {
        return live().postsPerDay;
      },
      get jobDurationDays() {
        return live().jobDurationDays;
      },
    };
  }

  /** Grows with every save read: what a kept rendered page compares (modules/pages). */
  get version(): number {
    return this.loadedVersion;
  }

  current(): SiteSettings {
    return this.effective;
  }

  /** Which settings the environment sets: shown read-only in the console. */
  fromEnvironment(): SiteSettingKey[] {
    return Object.keys(this.config.settingsFromEnvironment) as SiteSettingKey[];
  }

  /** Reads the saved settings again; a stored value that no longer passes the checks counts as unset. */
  async refresh(): Promise<void> {
    const stored = await readStoredSettings(this.db);
    const valid: Partial<Record<SiteSettingKey, unknown>> = {};
    for (const [key, value] of Object.entries(stored.settings)) {
      const field = siteSettingsSchema.shape[key as SiteSettingKey] as z.ZodType | undefined;
      const parsed = field?.safeParse(value);
      if (parsed?.success) valid[key as SiteSettingKey] = parsed.data;
    }
    this.effective = { ...this.defaults, ...valid, ...this.config.settingsFromEnvironment } as SiteSettings;
    this.loadedVersion = stored.version;
  }

  /** Loads the settings, then listens and polls until stop(); a failure is logged and the last values stay. */
  async start(log: FastifyBaseLogger): Promise<void> {
    const refresh = () =>
      this.refresh().catch((error: unknown) => log.warn({ err: error }, 'site settings could not be read'));
    await refresh();
    if (this.db.listen) this.stopListening = await this.db.listen('site_settings_changed', () => void refresh());
    this.timer = setInterval(() => {
      readSettingsVersion(this.db).then(
        (version) => (version !== this.loadedVersion ? refresh() : undefined),
        (error: unknown) => log.warn({ err: error }, 'site settings version could not be read'),
      );
    }, this.config.settingsPollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.stopListening?.();
  }

  /** The From header of every e-mail: the sender name in effect with MAIL_FROM's address. */
  mailFrom(): string {
    // Unchanged from MAIL_FROM's own name: MAIL_FROM exactly as the operator wrote it.
    if (this.effective.mailSenderName === senderNameOf(this.config.mailFrom)) return this.config.mailFrom;
    return `"${this.effective.mailSenderName}" <${senderAddressOf(this.config.mailFrom)}>`;
  }
}
