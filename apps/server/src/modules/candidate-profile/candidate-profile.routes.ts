import {
  candidateProfileBodySchema,
  candidateProfileSchema,
  cvParamsSchema,
  deleteAckSchema,
  storedCvCreateBodySchema,
  storedCvListSchema,
  storedCvSchema,
  storedCvUpdateBodySchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import { findCandidateProfile, saveCandidateProfile } from './candidate-profile.repository.js';
import { addStoredCv, listStoredCvs, removeStoredCv, updateStoredCv } from './candidate-profile.service.js';

/**
 * The signed-in seeker's profile as an applicant (decision record 44), under /api/profile: headline, location and
 * links, and the CVs kept to apply with. The account comes from the session, never from the request.
 */
export const candidateProfileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, cvStorage }) => {
  const tags = ['users'];

  app.get('/candidate', { schema: { tags, response: { 200: candidateProfileSchema } } }, async (request) =>
    findCandidateProfile(db, requireUser(request).id),
  );

  app.put(
    '/candidate',
    { schema: { tags, body: candidateProfileBodySchema, response: { 200: candidateProfileSchema } } },
    async (request) => saveCandidateProfile(db, requireUser(request).id, request.body),
  );

  app.get('/cvs', { schema: { tags, response: { 200: storedCvListSchema } } }, async (request) =>
    listStoredCvs(db, requireUser(request)),
  );

  // The file is uploaded first (POST /api/upload/cv, its checks and limits), then kept here by its id.
  app.post(
    '/cvs',
    { schema: { tags, body: storedCvCreateBodySchema, response: { 201: storedCvSchema } } },
    async (request, reply) => reply.code(201).send(await addStoredCv(db, requireUser(request), request.body)),
  );

  app.patch(
    '/cvs/:cvId',
    { schema: { tags, params: cvParamsSchema, body: storedCvUpdateBodySchema, response: { 200: storedCvSchema } } },
    async (request) => updateStoredCv(db, requireUser(request), request.params.cvId, request.body),
  );

  app.delete(
    '/cvs/:cvId',
    { schema: { tags, params: cvParamsSchema, response: { 200: deleteAckSchema } } },
    async (request) => {
      await removeStoredCv(db, cvStorage, requireUser(request), request.params.cvId);
      return { acknowledged: true as const, deletedCount: 1 };
    },
  );
};
