import { placeQuerySchema, placeSuggestionsSchema, skillSuggestionsSchema, suggestQuerySchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { placeSuggestions } from '../jobs/places.js';
import { suggestSkills } from './completions.repository.js';

/** Typeaheads of the job form and the search box: skills in use, and the world's cities. */
export const suggestionRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, rateLimiter, searchCounts }) => {
  app.get(
    '/skills',
    { schema: { tags: ['jobs'], querystring: suggestQuerySchema, response: { 200: skillSuggestionsSchema } } },
    async (request) => suggestSkills(request.reads, request.query.q, searchCounts.index),
  );

  app.get(
    '/places',
    { schema: { tags: ['jobs'], querystring: placeQuerySchema, response: { 200: placeSuggestionsSchema } } },
    async (request) => {
      // Each lookup is cheap (places.ts), but every keystroke of a typeahead is one: bounded per address all the same.
      await rateLimiter.consume([
        [{ name: 'place-lookups-address', ...rateLimitsOf(config).placeLookupsPerAddress }, request.ip],
      ]);
      return placeSuggestions(request.query.q, { withCountries: request.query.countries === 'first' });
    },
  );
};
