import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../http/errors.js';
import { isApiRoute, requireUser } from '../../http/session.js';
import { API_KEY_MESSAGES, createApiKey, listApiKeys, revokeKey } from './api-keys.service.js';
import { apiKeyCreateBodySchema, apiKeySchema, newApiKeySchema } from './api-keys.schemas.js';

const slugParams = z.object({ slug: z.string().max(100) });

/** The owner's management of a company's keys, with the cookie session: /api/companies/:slug/api-keys. */
export const apiKeyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/:slug/api-keys',
    { schema: { tags: ['api-keys'], params: slugParams, response: { 200: z.array(apiKeySchema) } } },
    async (request) => listApiKeys(db, requireUser(request), request.params.slug),
  );

  app.post(
    '/:slug/api-keys',
    {
      schema: {
        tags: ['api-keys'],
        params: slugParams,
        body: apiKeyCreateBodySchema,
        response: { 201: newApiKeySchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createApiKey(db, requireUser(request), request.params.slug, request.body)),
  );

  app.delete(
    '/:slug/api-keys/:keyId',
    {
      schema: {
        tags: ['api-keys'],
        params: z.object({ slug: z.string().max(100), keyId: z.string().max(100) }),
        response: { 200: apiKeySchema },
      },
    },
    async (request) => revokeKey(db, requireUser(request), request.params.slug, request.params.keyId),
  );
};

/**
 * A Bearer key sent to any API route but the jobs API is refused, never ignored: account, auth and admin calls
 * take the session cookie only, and a client should hear at once that its key does not work there.
 */
export function registerApiKeyBoundary(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request) || request.routeOptions.config.apiKeyScope !== undefined) return;
    if (/^bearer\s/i.test(request.headers.authorization ?? ''))
      throw new AppError('unauthenticated', API_KEY_MESSAGES.elsewhere);
  });
}
