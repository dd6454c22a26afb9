import {
  applicationParamsSchema,
  noteBodySchema,
  noteDeletionSchema,
  noteParamsSchema,
  noteSchema,
  notesSchema,
  responsesPageSchema,
  responsesQuerySchema,
  stageBodySchema,
  stageChangeSchema,
  withdrawalSchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { requireUser } from '../../http/session.js';
import { addNote, changeStage, editNote, listNotes, listResponses, removeNote, undoStage, withdraw } from './pipeline.service.js';

/** The hiring pipeline, under /api/applications (decision record 18); the spec's calls stay under /api/apply. */
export const pipelineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, mail, config }) => {
  const tags = ['applications'];
  const limits = rateLimitsOf(config);
  const mailLimits = { perApplication: limits.stageMailsPerApplication, perPoster: limits.stageMailsPerPoster };
  const stageDeps = { db, mail, mailLimits, mailDelaySeconds: config.stageMailDelaySeconds };
  // Every call here is for someone signed in: a visitor hears that before anything about the request.
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get(
    '/responses',
    { schema: { tags, querystring: responsesQuerySchema, response: { 200: responsesPageSchema } } },
    async (request) => listResponses(db, requireUser(request), request.query),
  );

  app.patch(
    '/:id/stage',
    { schema: { tags, params: applicationParamsSchema, body: stageBodySchema, response: { 200: stageChangeSchema } } },
    async (request) =>
      changeStage(stageDeps, requireUser(request), request.params.id, request.body.stage, config.siteOrigin, request.body.message),
  );

  // Takes back the latest move while its e-mail still waits in the queue (STAGE_MAIL_DELAY_SECONDS).
  app.post(
    '/:id/stage/undo',
    { schema: { tags, params: applicationParamsSchema, response: { 200: stageChangeSchema } } },
    async (request) => undoStage(stageDeps, requireUser(request), request.params.id),
  );

  app.get(
    '/:id/notes',
    { schema: { tags, params: applicationParamsSchema, response: { 200: notesSchema } } },
    async (request) => ({ items: await listNotes(db, requireUser(request), request.params.id) }),
  );

  app.post(
    '/:id/notes',
    { schema: { tags, params: applicationParamsSchema, body: noteBodySchema, response: { 201: noteSchema } } },
    async (request, reply) => reply.code(201).send(await addNote(db, requireUser(request), request.params.id, request.body.body)),
  );

  app.patch(
    '/:id/notes/:noteId',
    { schema: { tags, params: noteParamsSchema, body: noteBodySchema, response: { 200: noteSchema } } },
    async (request) => editNote(db, requireUser(request), request.params.id, request.params.noteId, request.body.body),
  );

  app.delete(
    '/:id/notes/:noteId',
    { schema: { tags, params: noteParamsSchema, response: { 200: noteDeletionSchema } } },
    async (request) => removeNote(db, requireUser(request), request.params.id, request.params.noteId),
  );

  app.post(
    '/:id/withdraw',
    { schema: { tags, params: applicationParamsSchema, response: { 200: withdrawalSchema } } },
    async (request) => withdraw(db, requireUser(request), request.params.id),
  );
};
