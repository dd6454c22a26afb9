import { countryName, EMPLOYMENT_TYPES, type Job } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { companyOrNotFound } from '../companies/companies.service.js';
import { embedHtml } from './embed-html.js';
import { findOpenJobsOfCompany, toJob } from './jobs.repository.js';

const embedQuerySchema = z.strictObject({
  place: z.string().trim().max(100, { error: 'place: at most 100 characters' }).optional(),
  type: z.enum(EMPLOYMENT_TYPES, { error: `type: one of ${EMPLOYMENT_TYPES.join(', ')}` }).optional(),
  theme: z.enum(['light', 'dark', 'auto'], { error: 'theme: light, dark or auto' }).default('auto'),
  accent: z
    .string()
    .regex(/^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i, { error: 'accent: a colour as #rgb or #rrggbb' })
    .default('#0f766e'),
  limit: z.coerce
    .number({ error: 'limit: 1 to 50' })
    .int()
    .min(1, { error: 'limit: 1 to 50' })
    .max(50, { error: 'limit: 1 to 50' })
    .default(20),
});

/** The job's place as words a visitor might type: city, country code and name, the old free text. */
function placeWords(job: Job): string {
  const { city, country } = job.location;
  return [city, country, country ? countryName(country) : '', job.jobLocation].join(' | ').toLowerCase();
}

/** What another site's page may do with this one: frame it, nothing else; the page itself runs no script. */
const EMBED_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors *; base-uri 'none'; form-action 'none'";

/**
 * GET /embed/companies/:slug: a company's open jobs for its own site, in an iframe (`<iframe src=...>`); filtered by
 * place (city or country, as typed) and employment type. Public, cached for five minutes.
 */
export const embedRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config }) => {
  app.get(
    '/embed/companies/:slug',
    {
      schema: {
        tags: ['companies'],
        params: z.object({ slug: z.string().max(100) }),
        querystring: embedQuerySchema,
        response: { 200: z.any().describe('text/html: the open jobs, for an iframe') },
      },
    },
    async (request, reply) => {
      const company = await companyOrNotFound(request.reads, request.params.slug);
      const { place, type, theme, accent, limit } = request.query;
      const wanted = place?.toLowerCase();
      const jobs = (await findOpenJobsOfCompany(request.reads, company.id))
        .map((row) => toJob(row))
        .filter((job) => !type || job.employmentType === type)
        .filter((job) => !wanted || placeWords(job).includes(wanted))
        .slice(0, limit);
      reply.removeHeader('x-frame-options');
      return reply
        .header('content-security-policy', EMBED_POLICY)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=300')
        .type('text/html; charset=utf-8')
        .send(embedHtml(company, jobs, config.siteOrigin, { theme, accent }));
    },
  );
};
