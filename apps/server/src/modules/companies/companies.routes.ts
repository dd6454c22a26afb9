import {
  companyCreateBodySchema,
  companyInvitationsSchema,
  invitationAnswerBodySchema,
  memberRemovalQuerySchema,
  membershipAnswerSchema,
  myInvitationsSchema,
  companyMemberBodySchema,
  companyMembersSchema,
  companySchema,
  companyUpdateBodySchema,
  MESSAGES,
  memberRoleBodySchema,
  customStageBodySchema,
  customStageParamsSchema,
  customStageSchema,
  customStagesSchema,
  stageTemplateBodySchema,
  stageTemplateParamsSchema,
  stageTemplateSchema,
  stageTemplatesSchema,
} from '@jobboard/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import {
  changeMemberRole,
  createCompanyFor,
  listMembers,
  listMyCompanies,
  removeMemberByEmail,
  updateCompanyFor,
} from './companies.service.js';
import {
  addCustomStage,
  listCustomStages,
  listTemplates,
  removeCustomStage,
  resetTemplate,
  saveTemplate,
} from './stage-settings.service.js';
import { answerInvitation, inviteMember, listCompanyInvitations, listMyInvitations } from './invitations.service.js';

const slugParams = z.object({ slug: z.string().max(100) });

/** Companies (issue 11): public pages; edits, members and stage settings by owners (issue 33). */
export const companyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, searchCounts, settings }) => {
  app.get('/mine', { schema: { tags: ['companies'], response: { 200: z.array(companySchema) } } }, async (request) =>
    listMyCompanies(db, requireUser(request)),
  );

  app.post(
    '/',
    { schema: { tags: ['companies'], body: companyCreateBodySchema, response: { 201: companySchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      if (!user.email_verified) throw new AppError('forbidden', MESSAGES.verifyEmailToPost);
      return reply.code(201).send(await createCompanyFor(db, user, request.body));
    },
  );

  // GET /:slug, the company's page with its open jobs, is in modules/jobs (company-page.routes.ts).

  app.patch(
    '/:slug',
    {
      schema: {
        tags: ['companies'],
        params: slugParams,
        body: companyUpdateBodySchema,
        response: { 200: companySchema },
      },
    },
    async (request) =>
      // A rename reaches the jobs' searchable company name: cached searches are dropped.
      updateCompanyFor(
        db,
        requireUser(request),
        request.params.slug,
        request.body,
        () => searchCounts.invalidate(),
        settings.posting,
      ),
  );

  stageSettingsRoutes(app, db);
};

/** A company's members and invitations, under /api/companies/:slug (issue 33, item 8): owners manage them. */
export const companyMemberRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, searchCounts, mail, rateLimiter, config },
) => {
  app.get(
    '/:slug/members',
    { schema: { tags: ['companies'], params: slugParams, response: { 200: companyMembersSchema } } },
    async (request) => listMembers(db, requireUser(request), request.params.slug),
  );

  // The spec-era "add member" call: it now invites (202, the members as they are), whether or not an account
  // uses the address; the invitee becomes a member by accepting (/api/invitations).
  app.post(
    '/:slug/members',
    {
      schema: {
        tags: ['companies'],
        params: slugParams,
        body: companyMemberBodySchema,
        response: { 202: companyMembersSchema },
      },
    },
    async (request, reply) => {
      const client = { ip: request.ip, origin: config.siteOrigin };
      const members = await inviteMember(
        { db, mail, rateLimiter, config },
        requireUser(request),
        request.params.slug,
        request.body.email,
        client,
        request.body.role,
      );
      return reply.code(202).send(members);
    },
  );

  app.get(
    '/:slug/invitations',
    { schema: { tags: ['companies'], params: slugParams, response: { 200: companyInvitationsSchema } } },
    async (request) => listCompanyInvitations(db, requireUser(request), request.params.slug),
  );

  app.delete(
    '/:slug/members/:email',
    {
      schema: {
        tags: ['companies'],
        params: z.object({ slug: z.string().max(100), email: z.string().max(254) }),
        querystring: memberRemovalQuerySchema,
        response: { 200: companyMembersSchema },
      },
    },
    async (request) =>
      // The creator removes a member, or a member leaves; their jobs under the company are closed or moved.
      removeMemberByEmail(db, requireUser(request), request.params.slug, request.params.email, request.query.jobs, () =>
        searchCounts.invalidate(),
      ),
  );

  // An owner changes a member's role (issue 33); the last owner stays an owner.
  app.patch(
    '/:slug/members/:email',
    {
      schema: {
        tags: ['companies'],
        params: z.object({ slug: z.string().max(100), email: z.string().max(254) }),
        body: memberRoleBodySchema,
        response: { 200: companyMembersSchema },
      },
    },
    async (request) =>
      changeMemberRole(db, requireUser(request), request.params.slug, request.params.email, request.body.role),
  );
};

/** The signed-in user's invitations to companies (/api/invitations): list, accept, decline. */
export const invitationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get('', { schema: { tags: ['companies'], response: { 200: myInvitationsSchema } } }, async (request) =>
    listMyInvitations(db, requireUser(request)),
  );

  app.post(
    '/accept',
    { schema: { tags: ['companies'], body: invitationAnswerBodySchema, response: { 200: membershipAnswerSchema } } },
    async (request) => answerInvitation(db, requireUser(request), request.body, true),
  );

  app.post(
    '/decline',
    { schema: { tags: ['companies'], body: invitationAnswerBodySchema, response: { 200: membershipAnswerSchema } } },
    async (request) => answerInvitation(db, requireUser(request), request.body, false),
  );
};

type App = Parameters<FastifyPluginAsyncZod<AppDeps>>[0];

/** A company's stage e-mail templates and custom stages, under /api/companies/:slug (issue 33, item 7). */
export function stageSettingsRoutes(app: App & FastifyInstance, db: AppDeps['db']): void {
  const tags = ['companies'];
  app.get(
    '/:slug/stage-templates',
    { schema: { tags, params: slugParams, response: { 200: stageTemplatesSchema } } },
    async (request) => listTemplates(db, requireUser(request), request.params.slug),
  );

  app.put(
    '/:slug/stage-templates/:stage',
    {
      schema: {
        tags,
        params: stageTemplateParamsSchema,
        body: stageTemplateBodySchema,
        response: { 200: stageTemplateSchema },
      },
    },
    async (request) =>
      saveTemplate(db, requireUser(request), request.params.slug, request.params.stage, request.body.message),
  );

  // Back to the built-in text.
  app.delete(
    '/:slug/stage-templates/:stage',
    { schema: { tags, params: stageTemplateParamsSchema, response: { 200: stageTemplateSchema } } },
    async (request) => resetTemplate(db, requireUser(request), request.params.slug, request.params.stage),
  );

  app.get(
    '/:slug/stages',
    { schema: { tags, params: slugParams, response: { 200: customStagesSchema } } },
    async (request) => listCustomStages(db, requireUser(request), request.params.slug),
  );

  app.post(
    '/:slug/stages',
    { schema: { tags, params: slugParams, body: customStageBodySchema, response: { 201: customStageSchema } } },
    async (request, reply) =>
      reply.code(201).send(await addCustomStage(db, requireUser(request), request.params.slug, request.body)),
  );

  app.delete(
    '/:slug/stages/:id',
    { schema: { tags, params: customStageParamsSchema, response: { 200: customStagesSchema } } },
    async (request) => removeCustomStage(db, requireUser(request), request.params.slug, request.params.id),
  );
}
