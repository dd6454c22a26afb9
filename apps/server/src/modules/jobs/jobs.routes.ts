import {
  deleteAckSchema,
  insertAckSchema,
  jobCreateBodySchema,
  jobSchema,
  jobUpdateBodySchema,
  updateAckSchema,
  JOB_MESSAGES,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { createJob, deleteJob, getJob, jobViewerOf, listJobsOfPoster, updateJob } from './jobs.service.js';

const idParams = z.object({ id: z.string().max(100) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The optional `Idempotency-Key` header of a job post: a UUID (lower-cased), or a 400 naming the header. */
function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !UUID.test(header.trim())) {
    throw new AppError('bad_request', JOB_MESSAGES.idempotencyKey);
  }
  return header.trim().toLowerCase();
}

export const jobRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, rateLimiter, searchCounts, settings } = deps;
  const limits = rateLimitsOf(config);
  const countEdit = (userId: string, jobId: string) =>
    rateLimiter.consume([
      [{ name: 'job-edits-job', ...limits.jobEditsPerJob }, jobId],
      [{ name: 'job-edits-account', ...limits.jobEditsPerAccount }, userId],
    ]);
  const writes = { db, searchCounts, posting: settings.posting, countEdit };

  app.get(
    '/all-jobs/:id',
    { schema: { tags: ['jobs'], params: idParams, response: { 200: jobSchema } } },
    async (request) =>
      getJob(request.reads, request.params.id, await jobViewerOf(request.reads, request.user, config.adminEmails)),
  );

  app.get(
    '/myJobs/:posterEmail',
    {
      schema: {
        tags: ['jobs'],
        params: z.object({ posterEmail: z.string().max(254) }),
        response: { 200: z.array(jobSchema) },
      },
    },
    async (request) => listJobsOfPoster(request.reads, requireUser(request), request.params.posterEmail),
  );

  app.post(
    '/post-job',
    { schema: { tags: ['jobs'], body: jobCreateBodySchema, response: { 201: insertAckSchema } } },
    async (request, reply) => {
      const poster = requireUser(request);
      const insertedId = await createJob(
        writes,
        poster,
        request.body,
        new Date(),
        idempotencyKeyOf(request.headers['idempotency-key']),
      );
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );

  app.patch(
    '/update-job/:id',
    { schema: { tags: ['jobs'], params: idParams, body: jobUpdateBodySchema, response: { 200: updateAckSchema } } },
    async (request) => ({
      acknowledged: true as const,
      modifiedCount: await updateJob(writes, requireUser(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/delete/:id',
    { schema: { tags: ['jobs'], params: idParams, response: { 200: deleteAckSchema } } },
    async (request) => ({
      acknowledged: true as const,
      deletedCount: await deleteJob(writes, requireUser(request), request.params.id),
    }),
  );
};
