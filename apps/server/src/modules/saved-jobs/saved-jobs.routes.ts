import {
  savedJobIdsSchema,
  savedJobParamsSchema,
  savedJobsPageSchema,
  savedJobsQuerySchema,
  savedJobStateSchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import { listSavedJobIds, listSavedJobs, saveJob, unsaveJob } from './saved-jobs.service.js';

/** Saved jobs (issue 13, point 5): every call is the signed-in user's own list; nobody else's can be named. */
export const savedJobRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['saved-jobs'];
  // A visitor hears 'sign in' before anything about the id or the page number.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  // '' rather than '/': the list is /api/saved-jobs, one route (a '/' route would add /api/saved-jobs/ too).
  app.get(
    '',
    { schema: { tags, querystring: savedJobsQuerySchema, response: { 200: savedJobsPageSchema } } },
    async (request) => listSavedJobs(db, requireUser(request), request.query.page),
  );

  app.get('/ids', { schema: { tags, response: { 200: savedJobIdsSchema } } }, async (request) =>
    listSavedJobIds(db, requireUser(request)),
  );

  app.put(
    '/:jobId',
    { schema: { tags, params: savedJobParamsSchema, response: { 200: savedJobStateSchema } } },
    async (request) => saveJob(db, requireUser(request), request.params.jobId),
  );

  app.delete(
    '/:jobId',
    { schema: { tags, params: savedJobParamsSchema, response: { 200: savedJobStateSchema } } },
    async (request) => unsaveJob(db, requireUser(request), request.params.jobId),
  );
};
