import { z } from './zod.js';
import { isSafeUrl } from './schemas.js';

/** Site settings and site pages (issue 34, items 2 and 3): edited in the console, applied on every instance. */

export const SIGN_IN_METHODS = ['password', 'google'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export const SITE_PAGE_SLUGS = ['about', 'privacy', 'terms'] as const;
export type SitePageSlug = (typeof SITE_PAGE_SLUGS)[number];

export const SITE_SETTINGS_LIMITS = {
  siteName: 60,
  tagline: 140,
  url: 2048,
  footerLinks: 8,
  footerLabel: 40,
  senderName: 60,
  pageBody: 10_000,
} as const;

const text = (field: string, max: number, min = 0) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .min(min, { error: `${field} is required` })
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((v) => !/[\r\n<>]/.test(v), { error: `${field} must not contain line breaks or < >` });

/** An http(s) address only: a logo or footer link must never be javascript: or data:. */
const httpUrl = (field: string) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(SITE_SETTINGS_LIMITS.url, { error: `${field} must be at most ${SITE_SETTINGS_LIMITS.url} characters` })
    .refine((v) => /^https?:\/\//i.test(v) && isSafeUrl(v), {
      error: `${field} must be an http:// or https:// address`,
    });
const optionalUrl = (field: string) => z.union([z.literal(''), httpUrl(field)]);

export const footerLinkSchema = z.strictObject({
  label: text('footerLinks.label', SITE_SETTINGS_LIMITS.footerLabel, 1),
  url: httpUrl('footerLinks.url'),
});
export type FooterLink = z.infer<typeof footerLinkSchema>;

/** Every setting with its value; what the console edits and the server applies. */
export const siteSettingsSchema = z.strictObject({
  siteName: text('siteName', SITE_SETTINGS_LIMITS.siteName, 1),
  tagline: text('tagline', SITE_SETTINGS_LIMITS.tagline),
  logoUrl: optionalUrl('logoUrl'),
  faviconUrl: optionalUrl('faviconUrl'),
  accentColor: z
    .string({ error: 'accentColor must be text' })
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'accentColor must be a colour as #rrggbb' })
    .transform((v) => v.toLowerCase()),
  footerLinks: z
    .array(footerLinkSchema, { error: 'footerLinks must be a list' })
    .max(SITE_SETTINGS_LIMITS.footerLinks, { error: `footerLinks: at most ${SITE_SETTINGS_LIMITS.footerLinks}` }),
  moderation: z.enum(['post', 'pre'], { error: 'moderation must be post or pre' }),
  postsPerDay: z
    .number({ error: 'postsPerDay must be a whole number' })
    .int({ error: 'postsPerDay must be a whole number' })
    .min(1, { error: 'postsPerDay must be at least 1' })
    .max(1_000_000, { error: 'postsPerDay must be at most 1000000' }),
  jobDurationDays: z
    .number({ error: 'jobDurationDays must be a whole number' })
    .int({ error: 'jobDurationDays must be a whole number' })
    .min(1, { error: 'jobDurationDays must be at least 1' })
    .max(365, { error: 'jobDurationDays must be at most 365' }),
  signInMethods: z
    .array(z.enum(SIGN_IN_METHODS, { error: `signInMethods: each one of ${SIGN_IN_METHODS.join(', ')}` }))
    .min(1, { error: 'signInMethods: at least one' })
    .refine((list) => new Set(list).size === list.length, { error: 'signInMethods: each at most once' }),
  mailSenderName: text('mailSenderName', SITE_SETTINGS_LIMITS.senderName, 1).refine((v) => !/["\\]/.test(v), {
    error: 'mailSenderName must not contain " or \\',
  }),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;
export const SITE_SETTING_KEYS = /* @__PURE__ */ Object.keys(siteSettingsSchema.shape) as SiteSettingKey[];

/** PUT /api/admin/settings: the settings to change; null puts one back to its default. */
export const siteSettingsUpdateSchema = /* @__PURE__ */ z.strictObject(
  /* @__PURE__ */ Object.fromEntries(
    SITE_SETTING_KEYS.map((key) => [key, siteSettingsSchema.shape[key].nullable().optional()]),
  ) as {
    [K in SiteSettingKey]: z.ZodOptional<z.ZodNullable<(typeof siteSettingsSchema.shape)[K]>>;
  },
);
export type SiteSettingsUpdate = z.infer<typeof siteSettingsUpdateSchema>;

/** GET /api/admin/settings: the values in effect, the defaults, and which ones the environment sets (read-only). */
export const adminSiteSettingsSchema = z.object({
  values: siteSettingsSchema,
  defaults: siteSettingsSchema,
  fromEnvironment: z.array(z.enum(SITE_SETTING_KEYS as [SiteSettingKey, ...SiteSettingKey[]])),
  /** Environment variables that set each setting, for the console's "set by the environment" note. */
  environmentNames: z.record(z.string(), z.string()),
});
export type AdminSiteSettings = z.infer<typeof adminSiteSettingsSchema>;

export const sitePageParamsSchema = z.strictObject({
  slug: z.enum(SITE_PAGE_SLUGS, { error: `slug must be one of ${SITE_PAGE_SLUGS.join(', ')}` }),
});
export const sitePageBodySchema = z.strictObject({
  body: z
    .string({ error: 'body must be text' })
    .max(SITE_SETTINGS_LIMITS.pageBody, { error: `body must be at most ${SITE_SETTINGS_LIMITS.pageBody} characters` }),
});
/** GET /api/site/pages/:slug: the page's Markdown, its safe HTML, and whether it is still the default text. */
export const sitePageSchema = z.object({
  slug: z.enum(SITE_PAGE_SLUGS),
  title: z.string(),
  body: z.string().describe('Markdown (the safe subset of job descriptions); empty puts the default back'),
  html: z.string().describe('The body as safe HTML'),
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SitePage = z.infer<typeof sitePageSchema>;

export const SITE_PAGE_TITLES: Record<SitePageSlug, string> = { about: 'About', privacy: 'Privacy', terms: 'Terms' };
