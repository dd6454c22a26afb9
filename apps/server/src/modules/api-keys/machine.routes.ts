import {
  jobCreateBodySchema,
  jobUpdateBodySchema,
  JOB_MESSAGES,
  MESSAGES,
  type JobCreateBody,
  type JobUpdateBody,
} from '@jobboard/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { sessionCookieName } from '../../http/session.js';
import { signCvLink } from '../cvs/cvs.service.js';
import { findJobById, findJobIdByExternalId, findJobsOfCompany, toJob, type JobRow } from '../jobs/jobs.repository.js';
import { createJob, ExternalIdTaken, updateJob, type JobWriteDeps } from '../jobs/jobs.service.js';
import {
  findApplicationsOfCompany,
  touchApiKey,
  type CompanyApplicationRow,
  type KeyHolder,
} from './api-keys.repository.js';
import { API_KEY_MESSAGES, authenticateKey } from './api-keys.service.js';
import { apiApplicationSchema, apiJobSchema, externalIdSchema, pageQuerySchema } from './api-keys.schemas.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a /api/v1 call was authorised by (never set elsewhere). */
    apiKey: KeyHolder | null;
  }
}

/** Every route here names the bearer scheme of the OpenAPI document (app.ts). */
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

const security = { security: [{ apiKey: [] as string[] }] };
const idParams = z.object({ id: z.string().max(100) });

const keyOf = (request: FastifyRequest): KeyHolder => {
  if (!request.apiKey) throw new AppError('unauthenticated', API_KEY_MESSAGES.missing);
  return request.apiKey;
};
const viewerOf = (key: KeyHolder) => ({ id: key.user.id, companyIds: new Set([key.company_id]), admin: false });
const apiJob = (row: JobRow, key: KeyHolder, externalId: string | null) => ({
  ...toJob(row, viewerOf(key)),
  externalId,
});

/** A job's company is the key's: filled in when left out, refused when it names another (before validation). */
async function ownCompany(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
  const fields = body as Record<string, unknown>;
  const companyId = keyOf(request).company_id;
  if (fields.companyId === undefined) fields.companyId = companyId;
  else if (fields.companyId !== companyId) throw new AppError('forbidden', JOB_MESSAGES.apiKeyPostsOwnCompany);
}

/** The jobs API for machines (/api/v1): a company's key, never a cookie; scopes per route (`apiKeyScope`). */
export const machineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db, config, rateLimiter } = deps;
  const limits = rateLimitsOf(config);
  const cookieName = sessionCookieName(config);
  app.decorateRequest('apiKey', null);

  // Before the body is read: who calls, what the key may do, and how often.
  app.addHook('onRequest', async (request, reply) => {
    const scope = request.routeOptions.config.apiKeyScope;
    if (scope === undefined) return;
    // A company's jobs and applications: no cache may keep them (there is no session for registerNoStore to see).
    reply.header('Cache-Control', 'no-store');
    if (request.cookies[cookieName] !== undefined) throw new AppError('unauthenticated', API_KEY_MESSAGES.cookie);
    const key = await authenticateKey(db, request.headers.authorization);
    await rateLimiter.consume([[{ name: 'api-key', ...limits.apiKeyRequests }, key.id]]);
    if (!key.scopes.includes(scope)) throw new AppError('forbidden', API_KEY_MESSAGES.scope(scope));
    await touchApiKey(db, key.id);
    request.apiKey = key;
  });

  // Plain functions, not plugins: they share this plugin's hook and prefix.
  jobApiRoutes(app, deps);
  upsertRoute(app, deps);
  applicationApiRoutes(app, deps);
};

/** How the jobs API writes (through the jobs service, as the key's owner, for its company) and answers a job. */
function jobWriter({ db, config, rateLimiter, searchCounts, settings }: AppDeps) {
  const limits = rateLimitsOf(config);
  const writes: JobWriteDeps = {
    db,
    searchCounts,
    posting: settings.posting,
    countEdit: (userId, jobId) =>
      rateLimiter.consume([
        [{ name: 'job-edits-job', ...limits.jobEditsPerJob }, jobId],
        [{ name: 'job-edits-account', ...limits.jobEditsPerAccount }, userId],
      ]),
  };
  const answer = async (key: KeyHolder, id: string) => {
    const row = await findJobById(db, id);
    if (!row) throw new AppError('not_found', MESSAGES.jobNotFound);
    const [ref] = await db.query<{ external_id: string | null }>('SELECT external_id FROM jobs WHERE id = $1', [id]);
    return apiJob(row, key, ref?.external_id ?? null);
  };
  const update = async (key: KeyHolder, id: string, body: JobUpdateBody) => {
    await updateJob(writes, key.user, id, body, new Date(), key.company_id);
    return answer(key, id);
  };
  return { writes, answer, update };
}

/** A whole job sent for an upsert, as an update (status is the close and reopen calls' business). */
const asUpdate = ({ status: _status, ...rest }: JobCreateBody): JobUpdateBody => rest;

/** The company's jobs: list, create, edit, close, reopen. */
function jobApiRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const { writes, answer, update } = jobWriter(deps);

  app.get(
    '/jobs',
    {
      config: { apiKeyScope: 'jobs:read' },
      schema: {
        tags: ['jobs API'],
        ...security,
        querystring: pageQuerySchema,
        response: { 200: z.object({ jobs: z.array(apiJobSchema) }) },
      },
    },
    async (request) => {
      const key = keyOf(request);
      const rows = await findJobsOfCompany(db, key.company_id, request.query.limit, request.query.offset);
      return { jobs: rows.map((row) => apiJob(row, key, row.external_id)) };
    },
  );

  app.post(
    '/jobs',
    {
      config: { apiKeyScope: 'jobs:write' },
      preValidation: ownCompany,
      schema: { tags: ['jobs API'], ...security, body: jobCreateBodySchema, response: { 201: apiJobSchema } },
    },
    async (request, reply) => {
      const key = keyOf(request);
      return reply.code(201).send(await answer(key, await createJob(writes, key.user, request.body)));
    },
  );

  app.patch(
    '/jobs/:id',
    {
      config: { apiKeyScope: 'jobs:write' },
      schema: {
        tags: ['jobs API'],
        ...security,
        params: idParams,
        body: jobUpdateBodySchema,
        response: { 200: apiJobSchema },
      },
    },
    async (request) => update(keyOf(request), request.params.id, request.body),
  );

  for (const [action, status] of [
    ['close', 'closed'],
    ['reopen', 'open'],
  ] as const) {
    app.post(
      `/jobs/:id/${action}`,
      {
        config: { apiKeyScope: 'jobs:write' },
        schema: { tags: ['jobs API'], ...security, params: idParams, response: { 200: apiJobSchema } },
      },
      async (request) => update(keyOf(request), request.params.id, { status }),
    );
  }
}

/** PUT /jobs/by-external-id/:externalId: creates the job with that reference, or updates the one that has it. */
function upsertRoute(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const { writes, answer, update } = jobWriter(deps);

  app.put(
    '/jobs/by-external-id/:externalId',
    {
      config: { apiKeyScope: 'jobs:write' },
      preValidation: ownCompany,
      schema: {
        tags: ['jobs API'],
        ...security,
        params: z.object({ externalId: externalIdSchema }),
        body: jobCreateBodySchema,
        response: { 200: apiJobSchema, 201: apiJobSchema },
      },
    },
    async (request, reply) => {
      const key = keyOf(request);
      const existing = await findJobIdByExternalId(db, key.company_id, request.params.externalId);
      if (existing) return reply.code(200).send(await update(key, existing, asUpdate(request.body)));
      try {
        const id = await createJob(writes, key.user, request.body, new Date(), undefined, request.params.externalId);
        return reply.code(201).send(await answer(key, id));
      } catch (error) {
        // Another call created it meanwhile: this one updates it.
        if (error instanceof ExternalIdTaken)
          return reply.code(200).send(await update(key, error.jobId, asUpdate(request.body)));
        throw error;
      }
    },
  );
}

/** Applications to the company's jobs, with the applicant's note and a fresh signed link to the CV. */
function applicationApiRoutes(app: ZodApp, { db, config }: AppDeps): void {
  const toApiApplication = async (row: CompanyApplicationRow): Promise<z.infer<typeof apiApplicationSchema>> => {
    const link = row.cv_id ? await signCvLink(db, row.cv_id) : null;
    return {
      id: row.id,
      jobId: row.job_id,
      jobTitle: row.job_title,
      externalId: row.external_id,
      applicant: { name: row.applicant_name, email: row.applicant_email },
      appliedAt: new Date(row.applied_at).toISOString(),
      stage: row.stage,
      withdrawnAt: row.withdrawn_at === null ? null : new Date(row.withdrawn_at).toISOString(),
      coverNote: row.cover_note,
      cv: link ? { url: new URL(link.url, config.siteOrigin).toString(), expiresAt: link.expiresAt } : null,
    };
  };

  app.get(
    '/applications',
    {
      config: { apiKeyScope: 'applications:read' },
      schema: {
        tags: ['jobs API'],
        ...security,
        querystring: pageQuerySchema,
        response: { 200: z.object({ applications: z.array(apiApplicationSchema) }) },
      },
    },
    async (request) => {
      const key = keyOf(request);
      const rows = await findApplicationsOfCompany(db, key.company_id, request.query.limit, request.query.offset);
      const applications = [];
      for (const row of rows) applications.push(await toApiApplication(row));
      return { applications };
    },
  );
}
