import fs from 'node:fs';
import path from 'node:path';
import { migrationsDir } from '../paths.js';
import type { Db } from './client.js';

/** Any fixed number: the advisory lock that keeps two app instances from migrating at once. */
const MIGRATION_LOCK = 727_001;

/**
 * Applies the numbered SQL files not applied yet, in order: all in one transaction, under a lock, so several
 * instances starting together migrate once.
 */
export async function migrate(db: Db, { without = [] as readonly number[] } = {}): Promise<string[]> {
  // `without`: migrations left out (the write benchmark sets up the schema as it would be without a change).
  const files = fs
    .readdirSync(migrationsDir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f) && !without.includes(Number(f.slice(0, 3))))
    .sort();
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    // A migration over a big table (an index, a recount over a million jobs) takes longer than any request may:
    // the pool's statement timeout does not apply to it.
    await tx.query('SET LOCAL statement_timeout = 0');
    await tx.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         version integer PRIMARY KEY,
         name text NOT NULL,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    for (const file of files) {
      const version = Number(file.slice(0, 3));
      if (done.has(version)) continue;
      const sql = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [version, file]);
      applied.push(file);
    }
  });
  return applied;
}
