import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import {
  deliveryParams,
  deliverySchema,
  endpointParams,
  webhookCreateBodySchema,
  webhookSchema,
} from './webhooks.schemas.js';
import { createWebhook, listDeliveries, listWebhooks, removeWebhook, resendDelivery } from './webhooks.service.js';

const slugParams = z.object({ slug: z.string().max(100) });
const tags = ['webhooks'];

/** A company owner's webhooks, with the cookie session: /api/companies/:slug/webhooks (decision record 34). */
export const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  app.get(
    '/:slug/webhooks',
    { schema: { tags, params: slugParams, response: { 200: z.array(webhookSchema) } } },
    async (request) => listWebhooks(db, requireUser(request), request.params.slug),
  );

  app.post(
    '/:slug/webhooks',
    { schema: { tags, params: slugParams, body: webhookCreateBodySchema, response: { 201: webhookSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      const created = await createWebhook(db, user, request.params.slug, request.body, config.webhookAllowedHosts);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/:slug/webhooks/:endpointId',
    { schema: { tags, params: endpointParams, response: { 200: webhookSchema } } },
    async (request) => removeWebhook(db, requireUser(request), request.params.slug, request.params.endpointId),
  );

  app.get(
    '/:slug/webhooks/:endpointId/deliveries',
    { schema: { tags, params: endpointParams, response: { 200: z.array(deliverySchema) } } },
    async (request) => listDeliveries(db, requireUser(request), request.params.slug, request.params.endpointId),
  );

  app.post(
    '/:slug/webhooks/:endpointId/deliveries/:deliveryId/resend',
    { schema: { tags, params: deliveryParams, response: { 200: deliverySchema } } },
    async (request) => {
      const { slug, endpointId, deliveryId } = request.params;
      return resendDelivery(db, requireUser(request), slug, endpointId, deliveryId);
    },
  );
};
