import { MESSAGES } from '@jobboard/shared';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedDemoDataIfEmpty } from './demo/seed.js';
import { errorBody } from './http/errors.js';
import { loadPlaces } from './modules/jobs/nearby.js';

/** Process entry: config, database, migrations, demo data, listen, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  await migrate(db);
  if (config.demoData) await seedDemoDataIfEmpty(db);
  const app = await buildApp({ db, config });

  let closing = false;
  // While draining, a new request is refused before it starts: a balancer that retries 503 elsewhere (nginx's
  // proxy_next_upstream http_503) takes the instance out of rotation, so by the time the listener closes no
  // connection waits in its queue; closing would reset those, and a POST already sent would come back a 502.
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close').header('retry-after', '1').type('application/json; charset=utf-8');
    // A string, so no route's response schema (the health checks' own) is asked to serialise an error.
    return reply.code(503).send(JSON.stringify(errorBody(503, MESSAGES.databaseUnavailable)));
  });
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests, then closing the database');
    const timer = setTimeout(() => process.exit(1), 10_000 + config.shutdownDrainMs);
    timer.unref();
    try {
      if (signal === 'SIGTERM') await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  app.log.info(`Jobboard on ${address} (database: ${db.kind})`);
  // While the search index loads and before the instance says it is ready, not on a visitor's first search.
  setImmediate(loadPlaces);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
