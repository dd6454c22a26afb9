import {
  banAnswerSchema,
  bannedUsersPageSchema,
  hiddenJobsPageSchema,
  jobDecisionSchema,
  moderationParamsSchema,
  moderationReasonBodySchema,
  myReportSchema,
  optionalReasonBodySchema,
  queuePageSchema,
  queueQuerySchema,
  reportAckSchema,
  reportBodySchema,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { requireUser } from '../../http/session.js';
import {
  approveJob,
  banUser,
  hideJob,
  listBannedUsers,
  listHiddenJobs,
  listQueue,
  myReport,
  reportJob,
  requireAdmin,
  unbanUser,
} from './moderation.service.js';

/** Reports of jobs, and the administrators' review queue and decisions (decision record 20). Prefix: /api. */
export const moderationRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, config, rateLimiter, searchCounts, mail },
) => {
  const deps = { db, searchCounts, adminEmails: config.adminEmails, mail, origin: config.siteOrigin };
  const admin = (request: { user: Parameters<typeof requireAdmin>[0] }) =>
    requireAdmin(request.user, config.adminEmails);

  app.post(
    '/job/:id/report',
    {
      schema: {
        tags: ['moderation'],
        params: moderationParamsSchema,
        body: reportBodySchema,
        response: { 201: reportAckSchema },
      },
      // A visitor hears "sign in" before anything about the body.
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      // Reports are cheap to send and cost an administrator's time: 30 an hour per account.
      await rateLimiter.consume([[{ name: 'report-account', ...rateLimitsOf(config).reportsPerAccount }, user.id]]);
      return reply.code(201).send(await reportJob(deps, user, request.params.id, request.body));
    },
  );

  // Whether the caller already reported the job, and what came of it: the job page shows it instead of the button.
  app.get(
    '/job/:id/report',
    {
      schema: { tags: ['moderation'], params: moderationParamsSchema, response: { 200: myReportSchema } },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) => myReport(db, requireUser(request), request.params.id, config.adminEmails),
  );

  adminRoutes(app, deps, admin);
};

type ModerationApp = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];
type AdminCheck = (request: { user: Parameters<typeof requireAdmin>[0] }) => ReturnType<typeof requireAdmin>;

/** The review queue, past decisions and the decisions themselves. */
function adminRoutes(app: ModerationApp, deps: Parameters<typeof approveJob>[0], admin: AdminCheck): void {
  // Everything under /admin is for administrators: a visitor hears 401, anyone else 403, before anything else.
  const preValidation = async (request: { user: Parameters<typeof requireAdmin>[0] }) => {
    admin(request);
  };
  adminListRoutes(app, deps, preValidation);

  app.post(
    '/admin/jobs/:id/approve',
    {
      preValidation,
      schema: {
        tags: ['moderation'],
        params: moderationParamsSchema,
        body: optionalReasonBodySchema,
        response: { 200: jobDecisionSchema },
      },
    },
    async (request) => approveJob(deps, admin(request), request.params.id, request.body?.reason),
  );

  app.post(
    '/admin/jobs/:id/hide',
    {
      preValidation,
      schema: {
        tags: ['moderation'],
        params: moderationParamsSchema,
        body: moderationReasonBodySchema,
        response: { 200: jobDecisionSchema },
      },
    },
    async (request) => hideJob(deps, admin(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/users/:id/ban',
    {
      preValidation,
      schema: {
        tags: ['moderation'],
        params: moderationParamsSchema,
        body: moderationReasonBodySchema,
        response: { 200: banAnswerSchema },
      },
    },
    async (request) => banUser(deps, admin(request), request.params.id, request.body.reason),
  );

  app.post(
    '/admin/users/:id/unban',
    {
      preValidation,
      schema: {
        tags: ['moderation'],
        params: moderationParamsSchema,
        body: optionalReasonBodySchema,
        response: { 200: banAnswerSchema },
      },
    },
    async (request) => unbanUser(deps, admin(request), request.params.id, request.body?.reason),
  );
}

/** What awaits a decision, and the decisions to undo: the queue, hidden jobs, banned accounts. */
function adminListRoutes(
  app: ModerationApp,
  { db, adminEmails }: Parameters<typeof approveJob>[0],
  preValidation: (request: { user: Parameters<typeof requireAdmin>[0] }) => Promise<void>,
): void {
  app.get(
    '/admin/queue',
    {
      preValidation,
      schema: { tags: ['moderation'], querystring: queueQuerySchema, response: { 200: queuePageSchema } },
    },
    async (request) => listQueue(db, adminEmails, request.query.page),
  );

  // The administrators' own decisions, to undo them: hidden jobs (approve unhides one) and banned accounts (unban).
  app.get(
    '/admin/hidden-jobs',
    {
      preValidation,
      schema: { tags: ['moderation'], querystring: queueQuerySchema, response: { 200: hiddenJobsPageSchema } },
    },
    async (request) => listHiddenJobs(db, request.query.page),
  );

  app.get(
    '/admin/banned-users',
    {
      preValidation,
      schema: { tags: ['moderation'], querystring: queueQuerySchema, response: { 200: bannedUsersPageSchema } },
    },
    async (request) => listBannedUsers(db, request.query.page),
  );
}
