import {
  JOB_DRAFT_MESSAGES,
  jobDraftBodySchema,
  jobDraftListSchema,
  jobDraftSchema,
  messageBodySchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import { createDraft, getDraft, listDrafts, removeDraft, saveDraft } from './job-drafts.service.js';

const idParams = z.object({ id: z.string().max(100) });

/**
 * The signed-in poster's drafts of Post a Job, under /api/job-drafts. Publishing one is the normal
 * POST /api/job/post-job with its `draftId`: the job is created (alerts and all) and the draft deleted together.
 */
export const jobDraftRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get('', { schema: { tags: ['job-drafts'], response: { 200: jobDraftListSchema } } }, async (request) =>
    listDrafts(db, requireUser(request)),
  );

  app.post(
    '',
    { schema: { tags: ['job-drafts'], body: jobDraftBodySchema, response: { 201: jobDraftSchema } } },
    async (request, reply) => reply.code(201).send(await createDraft(db, requireUser(request), request.body.payload)),
  );

  app.get(
    '/:id',
    { schema: { tags: ['job-drafts'], params: idParams, response: { 200: jobDraftSchema } } },
    async (request) => getDraft(db, requireUser(request), request.params.id),
  );

  app.put(
    '/:id',
    { schema: { tags: ['job-drafts'], params: idParams, body: jobDraftBodySchema, response: { 200: jobDraftSchema } } },
    async (request) => saveDraft(db, requireUser(request), request.params.id, request.body.payload),
  );

  app.delete(
    '/:id',
    { schema: { tags: ['job-drafts'], params: idParams, response: { 200: messageBodySchema } } },
    async (request) => {
      await removeDraft(db, requireUser(request), request.params.id);
      return { success: true, message: JOB_DRAFT_MESSAGES.deleted };
    },
  );
};
