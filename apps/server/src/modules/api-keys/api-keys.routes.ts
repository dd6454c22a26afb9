import { jobCreateBodySchema, jobUpdateBodySchema, type JobCreateBody, type JobUpdateBody } from '@jobboard/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { isApiRoute, requireUser, sessionCookieName } from '../../http/session.js';
import { signCvLink } from '../cvs/cvs.service.js';
import { findJobById, findJobIdByExternalId, findJobsOfCompany, toJob } from '../jobs/jobs.repository.js';
import { createJob, ExternalIdTaken, updateJob } from '../jobs/jobs.service.js';
import { findApplicationsOfCompany, touchApiKey, type KeyHolder } from './api-keys.repository.js';
import { API_KEY_MESSAGES, authenticateKey, createApiKey, listApiKeys, revokeKey } from './api-keys.service.js';
import {
  apiApplicationSchema,
  apiJobSchema,
  apiKeyCreateBodySchema,
  apiKeySchema,
  externalIdSchema,
  newApiKeySchema,
  pageQuerySchema,
} from './api-keys.schemas.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a /api/v1 call was authorised by (never set elsewhere). */
    apiKey: KeyHolder | null;
  }
}

const slugParams = z.object({ slug: z.string().max(100) });

/** The owner's management of a company's keys, with the cookie session: /api/companies/:slug/api-keys. */
export const apiKeyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get('/:slug/api-keys', { schema: { tags: ['api-keys'], params: slugParams, response: { 200: z.array(apiKeySchema) } } }, async (request) =>
    listApiKeys(db, requireUser(request), request.params.slug),
  );

  app.post(
    '/:slug/api-keys',
    { schema: { tags: ['api-keys'], params: slugParams, body: apiKeyCreateBodySchema, response: { 201: newApiKeySchema } } },
    async (request, reply) => reply.code(201).send(await createApiKey(db, requireUser(request), request.params.slug, request.body)),
  );

  app.delete(
    '/:slug/api-keys/:keyId',
    { schema: { tags: ['api-keys'], params: z.object({ slug: z.string().max(100), keyId: z.string().max(100) }), response: { 200: apiKeySchema } } },
    async (request) => revokeKey(db, requireUser(request), request.params.slug, request.params.keyId),
  );
};

/**
 * A Bearer key sent to any API route but the jobs API is refused, never ignored: account, auth and admin calls
 * take the session cookie only, and a client should hear at once that its key does not work there.
 */
export function registerApiKeyBoundary(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!isApiRoute(request) || request.routeOptions.config.apiKeyScope !== undefined) return;
    if (/^bearer\s/i.test(request.headers.authorization ?? '')) throw new AppError('unauthenticated', API_KEY_MESSAGES.elsewhere);
  });
}

const BEARER = [{ apiKey: [] as string[] }];
const keyOf = (request: FastifyRequest): KeyHolder => {
  if (!request.apiKey) throw new AppError('unauthenticated', API_KEY_MESSAGES.missing);
  return request.apiKey;
};

/** The jobs API for machines (/api/v1): a company's key, never a cookie. */
export const machineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, rateLimiter, searchCounts }) => {
  const limits = rateLimitsOf(config);
  const cookieName = sessionCookieName(config);
  app.decorateRequest('apiKey', null);

  // Before the body is read: who calls, what the key may do, and how often.
  app.addHook('onRequest', async (request) => {
    const scope = request.routeOptions.config.apiKeyScope;
    if (scope === undefined) return;
    if (request.cookies[cookieName] !== undefined) throw new AppError('unauthenticated', API_KEY_MESSAGES.cookie);
    const key = await authenticateKey(db, request.headers.authorization);
    await rateLimiter.consume([[{ name: 'api-key', ...limits.apiKeyRequests }, key.id]]);
    if (!key.scopes.includes(scope)) throw new AppError('forbidden', API_KEY_MESSAGES.scope(scope));
    await touchApiKey(db, key.id);
    request.apiKey = key;
  });

  // A job's company is the key's: filled in when left out, refused when it names another.
  const ownCompany = async (request: FastifyRequest) => {
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const fields = body as Record<string, unknown>;
    const companyId = keyOf(request).company_id;
    if (fields.companyId === undefined) fields.companyId = companyId;
    else if (fields.companyId !== companyId) throw new AppError('forbidden', 'companyId: an API key posts for its own company only');
  };

  const writes = () => ({
    db,
    searchCounts,
    posting: config,
    countEdit: (userId: string, jobId: string) =>
      rateLimiter.consume([
        [{ name: 'job-edits-job', ...limits.jobEditsPerJob }, jobId],
        [{ name: 'job-edits-account', ...limits.jobEditsPerAccount }, userId],
      ]),
  });
  const answer = async (key: KeyHolder, id: string) => {
    const row = await findJobById(db, id);
    if (!row) throw new AppError('not_found', 'Job not found');
    const externalId = (await db.query<{ external_id: string | null }>('SELECT external_id FROM jobs WHERE id = $1', [id]))[0]?.external_id ?? null;
    return { ...toJob(row, { id: key.user.id, companyIds: new Set([key.company_id]), admin: false }), externalId };
  };
  const update = async (key: KeyHolder, id: string, body: JobUpdateBody) => {
    await updateJob(writes(), key.user, id, body, new Date(), key.company_id);
    return answer(key, id);
  };
  const idParams = z.object({ id: z.string().max(100) });
  const security = { security: BEARER };

  app.get(
    '/jobs',
    { config: { apiKeyScope: 'jobs:read' }, schema: { tags: ['jobs API'], ...security, querystring: pageQuerySchema, response: { 200: z.object({ jobs: z.array(apiJobSchema) }) } } },
    async (request) => {
      const key = keyOf(request);
      const viewer = { id: key.user.id, companyIds: new Set([key.company_id]), admin: false };
      const rows = await findJobsOfCompany(db, key.company_id, request.query.limit, request.query.offset);
      return { jobs: rows.map((row) => ({ ...toJob(row, viewer), externalId: row.external_id })) };
    },
  );

  app.post(
    '/jobs',
    { config: { apiKeyScope: 'jobs:write' }, preValidation: ownCompany, schema: { tags: ['jobs API'], ...security, body: jobCreateBodySchema, response: { 201: apiJobSchema } } },
    async (request, reply) => {
      const key = keyOf(request);
      const id = await createJob(writes(), key.user, request.body);
      return reply.code(201).send(await answer(key, id));
    },
  );

  app.put(
    '/jobs/by-external-id/:externalId',
    {
      config: { apiKeyScope: 'jobs:write' },
      preValidation: ownCompany,
      schema: { tags: ['jobs API'], ...security, params: z.object({ externalId: externalIdSchema }), body: jobCreateBodySchema, response: { 200: apiJobSchema, 201: apiJobSchema } },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const externalId = request.params.externalId;
      const asUpdate = (body: JobCreateBody): JobUpdateBody => {
        const { status: _status, ...rest } = body;
        return rest;
      };
      const existing = await findJobIdByExternalId(db, key.company_id, externalId);
      if (existing) return reply.code(200).send(await update(key, existing, asUpdate(request.body)));
      try {
        const id = await createJob(writes(), key.user, request.body, new Date(), undefined, externalId);
        return reply.code(201).send(await answer(key, id));
      } catch (error) {
        // Another call created it meanwhile: this one updates it.
        if (error instanceof ExternalIdTaken) return reply.code(200).send(await update(key, error.jobId, asUpdate(request.body)));
        throw error;
      }
    },
  );

  app.patch(
    '/jobs/:id',
    { config: { apiKeyScope: 'jobs:write' }, schema: { tags: ['jobs API'], ...security, params: idParams, body: jobUpdateBodySchema, response: { 200: apiJobSchema } } },
    async (request) => update(keyOf(request), request.params.id, request.body),
  );

  for (const [action, status] of [['close', 'closed'], ['reopen', 'open']] as const) {
    app.post(
      `/jobs/:id/${action}`,
      { config: { apiKeyScope: 'jobs:write' }, schema: { tags: ['jobs API'], ...security, params: idParams, response: { 200: apiJobSchema } } },
      async (request) => update(keyOf(request), request.params.id, { status }),
    );
  }

  app.get(
    '/applications',
    {
      config: { apiKeyScope: 'applications:read' },
      schema: { tags: ['jobs API'], ...security, querystring: pageQuerySchema, response: { 200: z.object({ applications: z.array(apiApplicationSchema) }) } },
    },
    async (request) => {
      const key = keyOf(request);
      const rows = await findApplicationsOfCompany(db, key.company_id, request.query.limit, request.query.offset);
      const applications = [];
      for (const row of rows) {
        const link = row.cv_id ? await signCvLink(db, row.cv_id) : null;
        applications.push({
          id: row.id,
          jobId: row.job_id,
          jobTitle: row.job_title,
          externalId: row.external_id,
          applicant: { name: row.applicant_name, email: row.applicant_email },
          appliedAt: new Date(row.applied_at).toISOString(),
          stage: row.stage as (typeof apiApplicationSchema.shape.stage.options)[number],
          withdrawnAt: row.withdrawn_at === null ? null : new Date(row.withdrawn_at).toISOString(),
          coverNote: row.cover_note,
          cv: link ? { url: new URL(link.url, config.siteOrigin).toString(), expiresAt: link.expiresAt } : null,
        });
      }
      return { applications };
    },
  );
};
