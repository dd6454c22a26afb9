import { applyFormSchema, applyOptionsBodySchema, applyOptionsSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { requireUser } from '../../http/session.js';
import { followApplyLink, getApplyForm, getApplyOptions, saveApplyOptions } from './apply-options.service.js';

const jobParams = z.object({ jobId: z.string().max(100) });
const idParams = z.object({ id: z.string().max(100) });

/** How each job takes applications and its screening questions (issue 33, items 2 and 3; decision record 41). */
export const applyOptionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['applications'];

  app.get(
    '/applications/jobs/:jobId/apply-options',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: { tags, params: jobParams, response: { 200: applyOptionsSchema } },
    },
    async (request) => getApplyOptions(db, requireUser(request), request.params.jobId),
  );

  app.put(
    '/applications/jobs/:jobId/apply-options',
    {
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: { tags, params: jobParams, body: applyOptionsBodySchema, response: { 200: applyOptionsSchema } },
    },
    async (request) => saveApplyOptions(db, requireUser(request), request.params.jobId, request.body),
  );

  // Public: the job page asks how to apply, and the questions, before it opens the apply dialog.
  app.get(
    '/job/:id/apply-form',
    { schema: { tags, params: idParams, response: { 200: applyFormSchema } } },
    async (request) => getApplyForm(request.reads, request.params.id),
  );

  // The job page's Apply link of a job that takes applications on its company's site: counted, then sent there
  // (a script that asks for JSON gets the address instead of the redirect).
  app.get(
    '/job/:id/apply-link',
    {
      schema: {
        tags,
        params: idParams,
        response: {
          200: z.object({ url: z.string() }).describe('With Accept: application/json'),
          302: z.null().describe("Location: the company's application page"),
        },
      },
    },
    async (request, reply) => {
      const url = await followApplyLink(db, request.params.id);
      const accept = request.headers.accept ?? '';
      if (accept.includes('application/json') && !accept.includes('text/html')) return { url };
      return reply.redirect(url, 302);
    },
  );
};
