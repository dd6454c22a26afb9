import { Readable } from 'node:stream';
import { jobCreateBodySchema, jobUpdateBodySchema, searchQuerySchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import { streamAllJobs, toJob } from './jobs.repository.js';
import { createJob, deleteJob, getJob, listJobsOfPoster, updateJob } from './jobs.service.js';
import { searchJobs } from './search.service.js';

const idParams = z.object({ id: z.string().max(100) });

export const jobRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, searchCounts: counts }) => {

  app.get('/search', { schema: { tags: ['jobs'], querystring: searchQuerySchema } }, async (request) =>
    searchJobs(db, counts, request.query),
  );

  // The spec's "download every job" call, kept for compatibility: streamed, so memory stays flat at any size.
  app.get('/all-jobs', { schema: { tags: ['jobs'] } }, async (_request, reply) => {
    // The first row is read before answering, so a database that is down is a 503 JSON error, not a 200 cut off.
    const rows = streamAllJobs(db);
    const first = await rows.next();
    async function* body() {
      yield '[';
      if (!first.done) {
        yield JSON.stringify(toJob(first.value));
        for await (const row of rows) yield ',' + JSON.stringify(toJob(row));
      }
      yield ']';
    }
    return reply.type('application/json; charset=utf-8').send(Readable.from(body()));
  });

  app.get('/all-jobs/:id', { schema: { tags: ['jobs'], params: idParams } }, async (request) =>
    getJob(db, request.params.id),
  );

  app.get(
    '/myJobs/:posterEmail',
    { schema: { tags: ['jobs'], params: z.object({ posterEmail: z.string().max(254) }) } },
    async (request) => listJobsOfPoster(db, requireUser(request), request.params.posterEmail),
  );

  app.post('/post-job', { schema: { tags: ['jobs'], body: jobCreateBodySchema } }, async (request, reply) => {
    const insertedId = await createJob(db, requireUser(request), request.body);
    counts.invalidate();
    return reply.code(201).send({ acknowledged: true, insertedId });
  });

  app.patch(
    '/update-job/:id',
    { schema: { tags: ['jobs'], params: idParams, body: jobUpdateBodySchema } },
    async (request) => {
      const modifiedCount = await updateJob(db, requireUser(request), request.params.id, request.body);
      counts.invalidate();
      return { acknowledged: true, modifiedCount };
    },
  );

  app.delete('/delete/:id', { schema: { tags: ['jobs'], params: idParams } }, async (request) => {
    const deletedCount = await deleteJob(db, requireUser(request), request.params.id);
    counts.invalidate();
    return { acknowledged: true, deletedCount };
  });
};
