import {
  adminActionAnswerSchema,
  moderationParamsSchema,
  moderationReasonBodySchema,
  optionalReasonBodySchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CurrentUser } from '../../http/session.js';
import { requireAdmin } from '../moderation/moderation.service.js';
import { changeAdministrator, resendConfirmation } from './admin-accounts.service.js';

const tags = ['admin console'];

/** The console's account actions (issue 34): resend the confirmation link, grant and revoke the role. Prefix: /api. */
export const adminAccountRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, searchCounts, mail }) => {
  const moderation = { db, searchCounts, adminEmails: config.adminEmails, mail, origin: config.siteOrigin };
  const admin = (request: { user: CurrentUser | null }) => requireAdmin(request.user, config.adminEmails);
  // A visitor hears 401, anyone else 403, before anything about the body.
  const preValidation = async (request: { user: CurrentUser | null }) => {
    admin(request);
  };
  const byId = { preValidation, schema: { tags, params: moderationParamsSchema } };
  const reasoned = { ...byId.schema, body: moderationReasonBodySchema, response: { 200: adminActionAnswerSchema } };

  app.post(
    '/admin/users/:id/resend-confirmation',
    {
      ...byId,
      schema: { ...byId.schema, body: optionalReasonBodySchema, response: { 200: adminActionAnswerSchema } },
    },
    async (request) => resendConfirmation(moderation, admin(request), request.params.id, request.body?.reason),
  );
  app.post('/admin/users/:id/grant-admin', { ...byId, schema: reasoned }, async (request) =>
    changeAdministrator(moderation, admin(request), request.params.id, true, request.body.reason),
  );
  app.post('/admin/users/:id/revoke-admin', { ...byId, schema: reasoned }, async (request) =>
    changeAdministrator(moderation, admin(request), request.params.id, false, request.body.reason),
  );
};
