import { MESSAGES } from '@jobboard/shared';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../http/errors.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The bearer token compared in constant time (both sides hashed first, so their lengths match). */
function holdsToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1] ?? ''), digest(token));
}

/**
 * `GET /metrics` for Prometheus, only when METRICS_TOKEN is set (else the route does not exist and nothing is
 * counted); the scraper sends `Authorization: Bearer <token>`. Every answered request is timed by route template,
 * never by its URL, so ids in paths cannot grow the number of series. Registered on the root instance, so its
 * hook sees every route (a hook inside a plugin would see only that plugin's).
 */
export function registerMetrics(app: FastifyInstance, { config, metrics, db, searchCounts, mail }: AppDeps): void {
  const token = config.metricsToken;
  if (!token) return;
  metrics.watch({ db, searchCounts, mail });
  app.addHook('onResponse', async (request, reply) => {
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!holdsToken(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', MESSAGES.metricsTokenRequired);
    }
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
