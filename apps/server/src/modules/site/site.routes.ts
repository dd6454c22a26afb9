import { SOCIAL_NETWORKS, siteInfoSchema, type SiteInfo } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { accentCss } from './appearance.js';

const accentQuery = z.object({
  color: z.string().regex(/^[0-9a-fA-F]{6}$/, 'color: six hexadecimal digits, as in 0f766e'),
});

/**
 * What every page shows: the footer's social links (SOCIAL_*_URL) and Contact (CONTACT_EMAIL) from the
 * configuration, and the site settings in effect (name, tagline, logo, favicon, accent, footer links, sign-in methods).
 */
export const siteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, settings }) => {
  const fixed: SiteInfo = {
    social: SOCIAL_NETWORKS.flatMap((network) => {
      const url = config.social[network];
      return url ? [{ network, url }] : [];
    }),
    ...(config.contactEmail ? { contactEmail: config.contactEmail } : {}),
  };
  app.get('/site', { schema: { tags: ['site'], response: { 200: siteInfoSchema } } }, async (_request, reply) => {
    // Settings change while the app runs and must show within a second: revalidated, never cached for minutes.
    void reply.header('cache-control', 'no-cache');
    const { siteName, tagline, logoUrl, faviconUrl, accentColor, footerLinks, signInMethods } = settings.current();
    // The built-in accent is left out: the app then loads nothing to draw it (apps/web RootLayout).
    const accent = accentColor === settings.defaults.accentColor ? {} : { accentColor };
    return { ...fixed, siteName, tagline, logoUrl, faviconUrl, ...accent, footerLinks, signInMethods };
  });
  // The body follows from the address alone, so a browser keeps it for good; a new accent is a new address.
  app.get(
    '/site/accent.css',
    {
      schema: {
        tags: ['site'],
        querystring: accentQuery,
        response: { 200: z.string().describe('text/css: the accent as the two teal variables the app draws with') },
      },
    },
    async (request, reply) => {
      // The query's schema admits only colours, so there is always a stylesheet to send.
      const css = accentCss(request.query.color) ?? '';
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('text/css; charset=utf-8')
        .send(css);
    },
  );
};
