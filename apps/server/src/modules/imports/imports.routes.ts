import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import type { ImportDeps } from './import-runner.js';
import { importRunSchema, importSourceCreateBodySchema, importSourceSchema, sourceParams } from './imports.schemas.js';
import { createSource, listRuns, listSources, removeSource, runNow } from './imports.service.js';

const slugParams = z.object({ slug: z.string().max(100) });
const tags = ['job imports'];

/** A company's job imports, with the cookie session: /api/companies/:slug/imports (decision record 35). */
export const importRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, searchCounts, settings }) => {
  const deps: ImportDeps = { db, config, searchCounts, log: app.log, posting: settings.posting };

  app.get(
    '/:slug/imports',
    { schema: { tags, params: slugParams, response: { 200: z.array(importSourceSchema) } } },
    async (request) => listSources(deps, requireUser(request), request.params.slug),
  );

  app.post(
    '/:slug/imports',
    {
      schema: { tags, params: slugParams, body: importSourceCreateBodySchema, response: { 201: importSourceSchema } },
    },
    async (request, reply) => {
      const created = await createSource(deps, requireUser(request), request.params.slug, request.body);
      return reply.code(201).send(created);
    },
  );

  app.delete(
    '/:slug/imports/:sourceId',
    { schema: { tags, params: sourceParams, response: { 200: importSourceSchema } } },
    async (request) => removeSource(deps, requireUser(request), request.params.slug, request.params.sourceId),
  );

  app.post(
    '/:slug/imports/:sourceId/run',
    { schema: { tags, params: sourceParams, response: { 200: importRunSchema } } },
    async (request) => runNow(deps, requireUser(request), request.params.slug, request.params.sourceId),
  );

  app.get(
    '/:slug/imports/:sourceId/runs',
    { schema: { tags, params: sourceParams, response: { 200: z.array(importRunSchema) } } },
    async (request) => listRuns(deps, requireUser(request), request.params.slug, request.params.sourceId),
  );
};
