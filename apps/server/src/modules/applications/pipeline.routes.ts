import {
  applicationParamsSchema,
  bulkStageBodySchema,
  bulkStageResultSchema,
  stageOptionsSchema,
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
  MESSAGES,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { parseId } from '../../http/ids.js';
import { requireUser } from '../../http/session.js';
import {
  APPLICATION_MAIL_MODES,
  getApplicationMailMode,
  markApplicationsSeen,
  setApplicationMailMode,
  unseenApplications,
} from './notifications.js';
import { addNote, editNote, listNotes, listResponses, removeNote, withdraw } from './pipeline.service.js';
import { bulkChangeStage, changeStage, stageOptions, undoStage } from './stage-moves.service.js';

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
    async (request) => changeStage(stageDeps, requireUser(request), request.params.id, request.body, config.siteOrigin),
  );

  // Several applications to one stage (issue 33): each moves, fails and is undone on its own.
  app.post(
    '/bulk-stage',
    { schema: { tags, body: bulkStageBodySchema, response: { 200: bulkStageResultSchema } } },
    async (request) => bulkChangeStage(stageDeps, requireUser(request), request.body, config.siteOrigin),
  );

  // The company's own stages and each mailed stage's default message, for the move dialog.
  app.get(
    '/:id/stage-options',
    { schema: { tags, params: applicationParamsSchema, response: { 200: stageOptionsSchema } } },
    async (request) => stageOptions(db, requireUser(request), request.params.id),
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
    async (request, reply) =>
      reply.code(201).send(await addNote(db, requireUser(request), request.params.id, request.body.body)),
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

  notificationRoutes(app, db);
};

const jobParams = z.object({ jobId: z.string().max(100) });
const modeBody = z.strictObject({
  mode: z.enum(APPLICATION_MAIL_MODES, { error: 'mode must be each, daily or off' }),
});
const seenBody = z.strictObject({ jobId: z.string().max(100, 'jobId is too long').optional() }).optional();
const unseenSchema = z.object({
  total: z.number().int().describe('Applications to the jobs you manage that arrived after you last looked'),
  jobs: z.record(z.string(), z.number().int()).describe('The same, per job id (jobs with none are left out)'),
});

/** How a job's team hears of applications, and which ones they have not seen yet (issue 33). */
function notificationRoutes(app: Parameters<FastifyPluginAsyncZod<AppDeps>>[0], db: AppDeps['db']) {
  const tags = ['applications'];
  app.get('/unseen', { schema: { tags, response: { 200: unseenSchema } } }, async (request) =>
    unseenApplications(db, requireUser(request).id),
  );

  app.post('/seen', { schema: { tags, body: seenBody, response: { 200: unseenSchema } } }, async (request) => {
    const user = requireUser(request);
    const jobId = request.body?.jobId === undefined ? undefined : parseId(request.body.jobId, MESSAGES.jobNotFound);
    await markApplicationsSeen(db, user.id, jobId);
    return unseenApplications(db, user.id);
  });

  app.get(
    '/jobs/:jobId/notifications',
    { schema: { tags, params: jobParams, response: { 200: modeBody } } },
    async (request) => ({
      mode: await getApplicationMailMode(
        db,
        requireUser(request).id,
        parseId(request.params.jobId, MESSAGES.jobNotFound),
      ),
    }),
  );

  app.put(
    '/jobs/:jobId/notifications',
    { schema: { tags, params: jobParams, body: modeBody, response: { 200: modeBody } } },
    async (request) => {
      await setApplicationMailMode(
        db,
        requireUser(request).id,
        parseId(request.params.jobId, MESSAGES.jobNotFound),
        request.body.mode,
      );
      return { mode: request.body.mode };
    },
  );
}
