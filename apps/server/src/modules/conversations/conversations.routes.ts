import {
  candidateSchema,
  interviewParamsSchema,
  interviewPickSchema,
  interviewProposalSchema,
  interviewSchema,
  threadMessageBodySchema,
  threadMessageSchema,
  threadParamsSchema,
  threadSchema,
  unreadThreadsSchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { requireUser } from '../../http/session.js';
import { cancelInterview, pickSlot, proposeInterview, reproposeInterview } from './interviews.service.js';
import { getCandidate, getThread, markRead, postMessage, unreadThreads, type TalkDeps } from './threads.service.js';

/** The address part of MAIL_FROM ("Jobboard <no-reply@jobboard.local>" -> no-reply@jobboard.local). */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export function talkDepsOf({ db, mail, config }: Pick<AppDeps, 'db' | 'mail' | 'config'>): TalkDeps {
  return {
    db,
    mail,
    origin: config.siteOrigin,
    siteAddress: addressOf(config.mailFrom),
    messagesPerSender: rateLimitsOf(config).messagesPerSender,
    replyDomain: config.inboundMail?.domain,
  };
}

/** Messages and interviews of an application, under /api/applications (decision record 42). */
export const conversationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const tags = ['conversations'];
  const talk = talkDepsOf(deps);
  app.addHook('preValidation', async (request) => {
    requireUser(request);
  });

  app.get('/threads/unread', { schema: { tags, response: { 200: unreadThreadsSchema } } }, async (request) =>
    unreadThreads(talk, requireUser(request).id),
  );

  app.get(
    '/:id/candidate',
    { schema: { tags, params: threadParamsSchema, response: { 200: candidateSchema } } },
    async (request) => getCandidate(talk, requireUser(request).id, request.params.id),
  );

  app.get(
    '/:id/thread',
    { schema: { tags, params: threadParamsSchema, response: { 200: threadSchema } } },
    async (request) => getThread(talk, requireUser(request).id, request.params.id),
  );

  app.post(
    '/:id/read',
    { schema: { tags, params: threadParamsSchema, response: { 200: unreadThreadsSchema } } },
    async (request) => markRead(talk, requireUser(request).id, request.params.id),
  );

  app.post(
    '/:id/messages',
    {
      schema: {
        tags,
        params: threadParamsSchema,
        body: threadMessageBodySchema,
        response: { 201: threadMessageSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await postMessage(talk, requireUser(request).id, request.params.id, request.body.body)),
  );

  app.post(
    '/:id/interviews',
    {
      schema: { tags, params: threadParamsSchema, body: interviewProposalSchema, response: { 201: interviewSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await proposeInterview(talk, requireUser(request).id, request.params.id, request.body)),
  );

  app.put(
    '/:id/interviews/:interviewId',
    {
      schema: {
        tags,
        params: interviewParamsSchema,
        body: interviewProposalSchema,
        response: { 200: interviewSchema },
      },
    },
    async (request) =>
      reproposeInterview(talk, requireUser(request).id, request.params.id, request.params.interviewId, request.body),
  );

  app.post(
    '/:id/interviews/:interviewId/pick',
    {
      schema: { tags, params: interviewParamsSchema, body: interviewPickSchema, response: { 200: interviewSchema } },
    },
    async (request) =>
      pickSlot(talk, requireUser(request).id, request.params.id, request.params.interviewId, request.body.slotId),
  );

  app.post(
    '/:id/interviews/:interviewId/cancel',
    { schema: { tags, params: interviewParamsSchema, response: { 200: interviewSchema } } },
    async (request) => cancelInterview(talk, requireUser(request).id, request.params.id, request.params.interviewId),
  );
};
