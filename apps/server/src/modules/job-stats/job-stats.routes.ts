import { jobStatsSchema, jobViewSchema, myJobStatsSchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { rateLimitsOf } from '../../config.js';
import { requireUser } from '../../http/session.js';
import { getJobStats, listMyJobStats, ViewCounter } from './job-stats.service.js';

/** Job statistics for posters, and the view counter the job page calls (decision record 18); under /api/job. */
export const jobStatsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, rateLimiter }) => {
  const views = new ViewCounter(db);
  const limits = rateLimitsOf(config);
  const counted = { name: 'job-view-counted', ...limits.countedViewsPerAddressAndJob };
  const idParams = z.object({ id: z.string().max(100) });
  const tags = ['jobs'];

  app.post(
    '/:id/view',
    {
      schema: {
        tags,
        description:
          'Counts a view of the job page, once per visitor per UTC day; sets no cookie and stores no address',
        params: idParams,
        response: { 200: jobViewSchema },
      },
    },
    async (request) => {
      // A flood from one address is refused; views of one job past the cap from one address are not counted
      // (each user agent is a visitor of its own, so a script could otherwise add views at will). The cap's counter
      // is taken (an atomic increment) inside the transaction of a first view, which it rolls back past the cap:
      // parallel views cannot all read the count below it.
      await rateLimiter.consume([[{ name: 'job-view-address', ...limits.jobViewsPerAddress }, request.ip]]);
      const pair = `${request.ip}\n${request.params.id}`;
      const seen = await rateLimiter.peek(counted.name, pair);
      if (seen && seen.count >= counted.limit) return { counted: false };
      const admit = async () => {
        const outcome = await rateLimiter.hit(counted.name, pair, counted.windowMs);
        return !outcome || outcome.count <= counted.limit;
      };
      const visitor = { address: request.ip, userAgent: request.headers['user-agent'] ?? '', userId: request.user?.id };
      return { counted: await views.count(request.params.id, visitor, new Date(), admit) };
    },
  );

  app.get('/:id/stats', { schema: { tags, params: idParams, response: { 200: jobStatsSchema } } }, async (request) =>
    getJobStats(db, requireUser(request), request.params.id),
  );

  app.get('/my-stats', { schema: { tags, response: { 200: myJobStatsSchema } } }, async (request) => ({
    items: await listMyJobStats(db, requireUser(request)),
  }));
};
