import {
  customStageBodySchema,
  customStageParamsSchema,
  customStageSchema,
  customStagesSchema,
  stageTemplateBodySchema,
  stageTemplateParamsSchema,
  stageTemplateSchema,
  stageTemplatesSchema,
} from '@jobboard/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import {
  addCustomStage,
  listCustomStages,
  listTemplates,
  removeCustomStage,
  resetTemplate,
  saveTemplate,
} from './stage-settings.service.js';

type App = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];
const slugParams = z.object({ slug: z.string().max(100) });

/** A company's stage e-mail templates and custom stages, under /api/companies/:slug (issue 33, item 7). */
export function stageSettingsRoutes(app: App & FastifyInstance, db: AppDeps['db']): void {
  const tags = ['companies'];
  app.get(
    '/:slug/stage-templates',
    { schema: { tags, params: slugParams, response: { 200: stageTemplatesSchema } } },
    async (request) => listTemplates(db, requireUser(request), request.params.slug),
  );

  app.put(
    '/:slug/stage-templates/:stage',
    {
      schema: {
        tags,
        params: stageTemplateParamsSchema,
        body: stageTemplateBodySchema,
        response: { 200: stageTemplateSchema },
      },
    },
    async (request) =>
      saveTemplate(db, requireUser(request), request.params.slug, request.params.stage, request.body.message),
  );

  // Back to the built-in text.
  app.delete(
    '/:slug/stage-templates/:stage',
    { schema: { tags, params: stageTemplateParamsSchema, response: { 200: stageTemplateSchema } } },
    async (request) => resetTemplate(db, requireUser(request), request.params.slug, request.params.stage),
  );

  app.get(
    '/:slug/stages',
    { schema: { tags, params: slugParams, response: { 200: customStagesSchema } } },
    async (request) => listCustomStages(db, requireUser(request), request.params.slug),
  );

  app.post(
    '/:slug/stages',
    { schema: { tags, params: slugParams, body: customStageBodySchema, response: { 201: customStageSchema } } },
    async (request, reply) =>
      reply.code(201).send(await addCustomStage(db, requireUser(request), request.params.slug, request.body)),
  );

  app.delete(
    '/:slug/stages/:id',
    { schema: { tags, params: customStageParamsSchema, response: { 200: customStagesSchema } } },
    async (request) => removeCustomStage(db, requireUser(request), request.params.slug, request.params.id),
  );
}
