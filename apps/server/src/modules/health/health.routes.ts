import { healthBodySchema as healthSchema, readinessBodySchema } from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps.js';
import type { ReplicaStatus } from '../../db/replicas.js';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, searchCounts }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_r, reply) => {
      const ok = await db.ping();
      return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: db.kind });
    },
  );

  // For a load balancer (docs/deploy.md): 503 once the instance starts shutting down, so it is taken out of
  // rotation while it finishes the requests it has; and while its primary database does not answer. A replica
  // down is not a reason: reads then go to the primary.
  // Anyone may ask: the answer says each replica's state only. Addresses, lags and driver errors are for operators,
  // logged once each time a replica's state changes rather than at every probe.
  let loggedStates = '';
  const publicReplicas = (log: FastifyBaseLogger) => {
    const statuses: ReplicaStatus[] = db.replicaStatus?.() ?? [];
    const states = statuses.map((status) => status.state).join(',');
    if (states !== loggedStates) {
      loggedStates = states;
      log.info({ replicas: statuses }, 'read replicas changed state');
    }
    return statuses.map((status, index) => ({ index, state: status.state, healthy: status.healthy }));
  };
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.get(
    '/ready',
    { schema: { tags: ['health'], response: { 200: readinessBodySchema, 503: readinessBodySchema } } },
    async (request, reply) => {
      const replicas = publicReplicas(request.log);
      const searchIndex = searchCounts.index?.state ?? 'off';
      if (stopping) return reply.code(503).send({ status: 'stopping', database: db.kind, replicas, searchIndex });
      // Searches before the index is loaded would all fall on the database: a load balancer sends them elsewhere
      // during a rolling restart.
      if (searchIndex === 'loading') {
        return reply
          .code(503)
          .send({ status: 'loading', reason: 'the search index is loading', database: db.kind, replicas, searchIndex });
      }
      if (searchIndex === 'failed') {
        return reply.code(503).send({
          status: 'unavailable',
          reason: 'the search index failed to load',
          database: db.kind,
          replicas,
          searchIndex,
        });
      }
      const ok = await db.ping();
      return reply
        .code(ok ? 200 : 503)
        .send({ status: ok ? 'ready' : 'unavailable', database: db.kind, replicas, searchIndex });
    },
  );
};
