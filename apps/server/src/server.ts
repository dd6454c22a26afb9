import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedDemoDataIfEmpty } from './demo/seed.js';

/** Process entry: config, database, migrations, demo data, listen, graceful shutdown. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  await migrate(db);
  if (config.demoData) await seedDemoDataIfEmpty(db);
  const app = await buildApp({ db, config });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests, then closing the database');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
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
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
