import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { requireUser } from '../../http/session.js';
import { personalDataArchive } from './personal-data.service.js';

export const personalDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, cvStorage, rateLimiter } = deps;
  // The signed-in account's own data only: the id comes from the session, never from the request.
  app.get(
    '/export',
    {
      schema: {
        tags: ['users'],
        description: 'A ZIP of everything the board keeps about the signed-in account',
        response: { 200: z.any().describe('application/zip: README.txt, jobboard-data.json, files/cvs/...') },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimiter.consume([[{ name: 'data-exports', ...rateLimitsOf(config).dataExportsPerAccount }, user.id]]);
      const archive = await personalDataArchive(db, cvStorage, user.id, config.siteOrigin);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="jobboard-data-${user.username}-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
  );
};
