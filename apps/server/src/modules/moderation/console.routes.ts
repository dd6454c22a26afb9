import {
  adminActionAnswerSchema,
  adminCompaniesPageSchema,
  adminCompaniesQuerySchema,
  adminMergeBodySchema,
  adminFeatureBodySchema,
  adminJobsPageSchema,
  adminJobsQuerySchema,
  adminReportsPageSchema,
  adminReportsQuerySchema,
  adminUserDetailSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  moderationParamsSchema,
  moderationReasonBodySchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import type { CurrentUser } from '../../http/session.js';
import { removeImageIfUnused } from '../uploads/avatar.service.js';
import {
  closeJob,
  mergeCompany,
  deleteUserAsAdmin,
  featureJob,
  listCompanies,
  listJobs,
  listReports,
  listUsers,
  userDetail,
} from './console.service.js';
import { requireAdmin } from './moderation.service.js';

const tags = ['admin console'];

/**
 * The administrators' console (issue 34): users, jobs of every status, reports, and the actions the review queue
 * does not have (close, delete; resending the confirmation and the role are in modules/accounts). Ban, unban, hide and approve
 * (unhide) are the moderation routes. Prefix: /api.
 */
export const consoleRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, searchCounts, mail, cvStorage, storage } = deps;
  const moderation = { db, searchCounts, adminEmails: config.adminEmails, mail, origin: config.siteOrigin };
  const admin = (request: { user: CurrentUser | null }) => requireAdmin(request.user, config.adminEmails);
  // A visitor hears 401, anyone else 403, before anything about the query or the body.
  const preValidation = async (request: { user: CurrentUser | null }) => {
    admin(request);
  };
  const byId = { preValidation, schema: { tags, params: moderationParamsSchema } };
  const reasoned = { ...byId.schema, body: moderationReasonBodySchema, response: { 200: adminActionAnswerSchema } };

  app.get(
    '/admin/users',
    { preValidation, schema: { tags, querystring: adminUsersQuerySchema, response: { 200: adminUsersPageSchema } } },
    async (request) => listUsers(db, config.adminEmails, request.query.q, request.query.page),
  );
  app.get(
    '/admin/users/:id',
    { ...byId, schema: { ...byId.schema, response: { 200: adminUserDetailSchema } } },
    async (request) => userDetail(db, config.adminEmails, request.params.id),
  );
  app.delete('/admin/users/:id', { ...byId, schema: reasoned }, async (request) => {
    const { avatar, cvFilesLeft, ...answer } = await deleteUserAsAdmin(
      { ...moderation, cvStorage },
      admin(request),
      request.params.id,
      request.body.reason,
    );
    // The account is gone either way; a file left behind is the orphan sweep's (housekeeping.ts).
    if (cvFilesLeft.length > 0) request.log.warn({ keys: cvFilesLeft }, 'CV files of a deleted account were left');
    await removeImageIfUnused(db, storage, avatar).catch((error: unknown) =>
      request.log.warn({ err: error }, "a deleted account's avatar could not be deleted"),
    );
    return answer;
  });

  app.get(
    '/admin/jobs',
    { preValidation, schema: { tags, querystring: adminJobsQuerySchema, response: { 200: adminJobsPageSchema } } },
    async (request) => listJobs(db, request.query, request.query.page),
  );
  app.post('/admin/jobs/:id/close', { ...byId, schema: reasoned }, async (request) =>
    closeJob(moderation, admin(request), request.params.id, request.body.reason),
  );
  app.put(
    '/admin/jobs/:id/featured',
    { ...byId, schema: { ...reasoned, body: adminFeatureBodySchema } },
    async (request) => featureJob(moderation, admin(request), request.params.id, request.body),
  );
  app.delete('/admin/jobs/:id/featured', { ...byId, schema: reasoned }, async (request) =>
    featureJob(moderation, admin(request), request.params.id, { until: null, reason: request.body.reason }),
  );

  app.get(
    '/admin/companies',
    {
      preValidation,
      schema: { tags, querystring: adminCompaniesQuerySchema, response: { 200: adminCompaniesPageSchema } },
    },
    async (request) => listCompanies(db, request.query.q, request.query.page),
  );
  app.post(
    '/admin/companies/:id/merge',
    { ...byId, schema: { ...reasoned, body: adminMergeBodySchema } },
    async (request) => mergeCompany(moderation, admin(request), request.params.id, request.body),
  );

  app.get(
    '/admin/reports',
    {
      preValidation,
      schema: { tags, querystring: adminReportsQuerySchema, response: { 200: adminReportsPageSchema } },
    },
    async (request) => listReports(db, request.query.state, request.query.page),
  );
};
