import { companyPageSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { getCompanyPage } from '../companies/companies.service.js';
import { renderDescription } from './description-html.js';
import { findOpenJobsOfCompany, toJob } from './jobs.repository.js';
import { jobViewerOf } from './jobs.service.js';

const slugParams = z.object({ slug: z.string().max(100) });

/**
 * GET /api/companies/:slug: a company's page and its open jobs. Here rather than in modules/companies because it
 * reads both, and jobs already depend on companies (a posted job names its company).
 */
export const companyPageRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config }) => {
  app.get(
    '/:slug',
    { schema: { tags: ['companies'], params: slugParams, response: { 200: companyPageSchema } } },
    async (request) => {
      const viewer = await jobViewerOf(request.reads, request.user, config.adminEmails);
      const page = await getCompanyPage(request.reads, request.user, request.params.slug, async (companyId) =>
        (await findOpenJobsOfCompany(request.reads, companyId)).map((row) => toJob(row, viewer)),
      );
      // The about text in the job descriptions' safe Markdown subset, rendered the same way (decision 27).
      return { ...page, descriptionHtml: renderDescription(page.description) };
    },
  );
};
