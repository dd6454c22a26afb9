import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Db } from '../../src/db/client.js';

/**
 * A throwaway database for tests, the benchmark and the load test: a PGlite (in memory, or on disk in a temp
 * folder) or a fresh database on the PostgreSQL server at `adminUrl`. `drop` closes and deletes it.
 */
export interface ScratchDatabase {
  db: Db;
  drop: () => Promise<void>;
  /** Where another process finds it: PostgreSQL's connection string, or PGlite's folder on disk. */
  url?: string;
  dir?: string;
}

export async function createScratchPglite(options: { onDisk?: boolean } = {}): Promise<ScratchDatabase> {
  if (!options.onDisk) {
    const db = await openPglite();
    return { db, drop: () => db.close() };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-scratch-'));
  const db = await openPglite(dir);
  return {
    db,
    dir,
    drop: async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createScratchPostgres(adminUrl: string, prefix: string, poolSize = 10): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = openPostgres(url.toString(), { max: poolSize });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.close();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
