import { MESSAGES, applicationSchema, applyBodySchema, insertAckSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import { applyToJob, listApplicationsOfUser, listApplicationsVisibleTo } from './applications.service.js';

export const applicationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, mail, config }) => {
  const notify = { mail, siteOrigin: config.siteOrigin, stageMailDelaySeconds: config.stageMailDelaySeconds };
  const applications = { 200: z.array(applicationSchema) };

  app.get('/appliedJobs', { schema: { tags: ['applications'], response: applications } }, async (request) =>
    listApplicationsVisibleTo(db, requireUser(request)),
  );

  app.get(
    '/appliedJobs/:userId',
    { schema: { tags: ['applications'], params: z.object({ userId: z.string().max(100) }), response: applications } },
    async (request) => listApplicationsOfUser(db, requireUser(request), request.params.userId),
  );

  app.post(
    '/apply-job',
    {
      // A visitor hears the spec's message before anything about the body.
      preValidation: async (request) => {
        requireUser(request, MESSAGES.signInToApply);
      },
      schema: { tags: ['applications'], body: applyBodySchema, response: { 201: insertAckSchema } },
    },
    async (request, reply) => {
      const { job, coverNote, cvId, answers, screeningVersion } = request.body;
      const insertedId = await applyToJob(
        db,
        requireUser(request, MESSAGES.signInToApply),
        job,
        { coverNote, cvId, answers, screeningVersion },
        notify,
      );
      return reply.code(201).send({ acknowledged: true, insertedId });
    },
  );
};
