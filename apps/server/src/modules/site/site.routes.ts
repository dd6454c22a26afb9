import { SOCIAL_NETWORKS, siteInfoSchema, type SiteInfo } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';

/** What every page shows from the configuration: the footer's social links (SOCIAL_*_URL) and Contact (CONTACT_EMAIL). */
export const siteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config }) => {
  const info: SiteInfo = {
    social: SOCIAL_NETWORKS.flatMap((network) => {
      const url = config.social[network];
      return url ? [{ network, url }] : [];
    }),
    ...(config.contactEmail ? { contactEmail: config.contactEmail } : {}),
  };
  app.get('/site', { schema: { tags: ['site'], response: { 200: siteInfoSchema } } }, async (_request, reply) => {
    // The same for everyone until the server restarts with another configuration.
    void reply.header('cache-control', 'public, max-age=300');
    return info;
  });
};
