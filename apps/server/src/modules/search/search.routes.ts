import { searchQuerySchema, searchResultSchema, searchSuggestionsSchema, suggestQuerySchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { jobViewerOf } from '../jobs/jobs.service.js';
import { suggestCompletions } from './completions.repository.js';
import { searchJobs } from './search.service.js';

/** The search page's call and the search box's completions, under /api/job beside the job routes (the spec's paths). */
export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, searchCounts, metrics }) => {
  app.get(
    '/search',
    { schema: { tags: ['jobs'], querystring: searchQuerySchema, response: { 200: searchResultSchema } } },
    async (request) => {
      const viewer = await jobViewerOf(request.reads, request.user, config.adminEmails);
      const searched = metrics.searchTimer(searchCounts.index?.ready ? 'index' : 'database');
      try {
        return await searchJobs(request.reads, searchCounts, request.query, new Date(), viewer);
      } finally {
        searched();
      }
    },
  );

  // A request per keystroke (debounced by the browser): read from the index's counts.
  app.get(
    '/suggest',
    { schema: { tags: ['jobs'], querystring: suggestQuerySchema, response: { 200: searchSuggestionsSchema } } },
    async (request) => suggestCompletions(request.reads.searches ?? request.reads, request.query.q, searchCounts.index),
  );
};
