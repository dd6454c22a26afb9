import {
  companyCreateBodySchema,
  companyMemberBodySchema,
  companyMembersSchema,
  companyPageSchema,
  companySchema,
  companyUpdateBodySchema,
  MESSAGES,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../http/errors.js';
import { requireUser } from '../../http/session.js';
import { findOpenJobsOfCompany, toJob } from '../jobs/jobs.repository.js';
import { jobViewerOf } from '../jobs/jobs.service.js';
import {
  addMemberByEmail,
  createCompanyFor,
  getCompanyPage,
  listMembers,
  listMyCompanies,
  removeMemberByEmail,
  updateCompanyFor,
} from './companies.service.js';

const slugParams = z.object({ slug: z.string().max(100) });

/** Companies (issue 11): public pages, edits by members only, members managed by the creator. */
export const companyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, searchCounts }) => {
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

  app.get('/:slug', { schema: { tags: ['companies'], params: slugParams, response: { 200: companyPageSchema } } }, async (request) => {
    const viewer = await jobViewerOf(request.reads, request.user, config.adminEmails);
    return getCompanyPage(request.reads, request.user, request.params.slug, async (companyId) =>
      (await findOpenJobsOfCompany(request.reads, companyId)).map((row) => toJob(row, viewer)),
    );
  });

  app.patch(
    '/:slug',
    { schema: { tags: ['companies'], params: slugParams, body: companyUpdateBodySchema, response: { 200: companySchema } } },
    async (request) =>
      // A rename reaches the jobs' searchable company name: cached searches are dropped.
      updateCompanyFor(db, requireUser(request), request.params.slug, request.body, () => searchCounts.invalidate()),
  );

  app.get(
    '/:slug/members',
    { schema: { tags: ['companies'], params: slugParams, response: { 200: companyMembersSchema } } },
    async (request) => listMembers(db, requireUser(request), request.params.slug),
  );

  app.post(
    '/:slug/members',
    { schema: { tags: ['companies'], params: slugParams, body: companyMemberBodySchema, response: { 200: companyMembersSchema } } },
    async (request) => addMemberByEmail(db, requireUser(request), request.params.slug, request.body.email),
  );

  app.delete(
    '/:slug/members/:email',
    {
      schema: {
        tags: ['companies'],
        params: z.object({ slug: z.string().max(100), email: z.string().max(254) }),
        response: { 200: companyMembersSchema },
      },
    },
    async (request) => removeMemberByEmail(db, requireUser(request), request.params.slug, request.params.email),
  );
};
