import { z } from './zod.js';

/** The networks the footer can link to, in its order. */
export const SOCIAL_NETWORKS = ['github', 'linkedin', 'x'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** GET /api/site: what the operator configured for every page (SOCIAL_*_URL); a network left unset is not listed. */
export const siteInfoSchema = z.object({
  social: z.array(z.object({ network: z.enum(SOCIAL_NETWORKS), url: z.string().describe('An https:// address') })),
  contactEmail: z
    .string()
    .optional()
    .describe("The operator's address for questions (CONTACT_EMAIL); absent when unset"),
  // The site settings every page shows (issue 34, item 2); absent from a server older than them.
  siteName: z.string().optional(),
  tagline: z.string().optional(),
  logoUrl: z.string().optional().describe('An http(s) address; empty: the built-in mark'),
  faviconUrl: z.string().optional().describe('An http(s) address; empty: the built-in icon'),
  accentColor: z.string().optional().describe('#rrggbb; absent: the built-in accent'),
  footerLinks: z.array(z.object({ label: z.string(), url: z.string() })).optional(),
  signInMethods: z.array(z.enum(['password', 'google'])).optional(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
