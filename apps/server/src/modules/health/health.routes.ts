import { healthBodySchema as healthSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get('/health', { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } }, async (_r, reply) => {
    const ok = await db.ping();
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: db.kind });
  });
};
