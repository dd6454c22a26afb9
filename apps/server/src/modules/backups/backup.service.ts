import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../config.js';
import { openPglite, type Db } from '../../db/client.js';
import { migrationsDir } from '../../paths.js';
import {
  dumpPostgres,
  pgliteDir,
  pgliteExists,
  refuseIfPgliteInUse,
  replacePostgres,
  restorePostgres,
  schemaVersionOf,
  tablesIn,
  tarPglite,
  untarPglite,
} from './database.js';
import { checkFilesFit, copyFilesIn, copyFilesOut, filesInTarget } from './files.js';
import { BackupError, FILES_DIR, readVerifiedManifest, sha256Of, writeManifest, type Manifest } from './manifest.js';

export { BackupError } from './manifest.js';

const DUMP_FILE = { postgres: 'database.dump', pglite: 'pglite.tar.gz' } as const;

/** The highest migration this code has: a backup of a later schema needs later code to restore it. */
export function knownSchemaVersion(): number {
  const versions = fs
    .readdirSync(migrationsDir)
    .filter((file) => /^\d{3}-[\w-]+\.sql$/.test(file))
    .map((file) => Number(file.slice(0, 3)));
  return Math.max(0, ...versions);
}

/** `out` itself when new or empty, else a new dated folder inside it: a backup never mixes with another. */
function newBackupDir(out: string, now: Date): string {
  const stat = fs.statSync(out, { throwIfNoEntry: false });
  if (stat && !stat.isDirectory()) throw new BackupError(`${out} is a file: give a directory for the backup`);
  const dir =
    stat && fs.readdirSync(out).length > 0
      ? path.join(out, `jobboard-backup-${now.toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')}`)
      : out;
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) throw new BackupError(`${dir} exists already`);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

async function withClient<T>(url: string, fn: (db: Pick<Db, 'query'>) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await fn({ query: async <R>(sql: string) => (await client.query(sql)).rows as R[] });
  } finally {
    await client.end();
  }
}

/**
 * The database into `file`. PGlite: through `running` (the open database of this process, as a test runs it), else
 * by opening DATA_DIR/pglite, refused while a server holds it (decision 39: stop it first).
 */
async function dumpDatabase(config: Config, file: string, running: Db | undefined): Promise<number> {
  if (config.databaseUrl) {
    const url = config.databaseUrl;
    const version = await withClient(url, schemaVersionOf);
    await dumpPostgres(url, file, config.pgBinDir);
    return version;
  }
  if (running?.dumpDataDir) {
    const version = await schemaVersionOf(running);
    fs.writeFileSync(file, Buffer.from(await (await running.dumpDataDir()).arrayBuffer()));
    return version;
  }
  refuseIfPgliteInUse(config.dataDir);
  if (!pgliteExists(config.dataDir)) throw new BackupError(`there is no database in ${pgliteDir(config.dataDir)}`);
  const db = await openPglite(config.dataDir);
  let version: number;
  try {
    version = await schemaVersionOf(db);
  } finally {
    await db.close();
  }
  // Closed again (postmaster.pid gone): the folder is copied as it lies.
  await tarPglite(config.dataDir, file);
  return version;
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
}

/**
 * A backup of the configured install into a new folder under `out`. The database first, then the files: every
 * file a row of the dump names was stored before that row was written, so it is there when the files are copied
 * (files uploaded since are copied too, unnamed; the orphan sweep deletes them after a restore).
 */
export async function createBackup(config: Config, out: string, running?: Db): Promise<BackupResult> {
  const now = new Date();
  const dir = newBackupDir(path.resolve(out), now);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const dumpFile = path.join(dir, DUMP_FILE[kind]);
  const schemaVersion = await dumpDatabase(config, dumpFile, running);
  const entries = await copyFilesOut(config, path.join(dir, FILES_DIR));
  const manifest: Manifest = {
    format: 'jobboard-backup',
    formatVersion: 1,
    createdAt: now.toISOString(),
    schemaVersion,
    database: { kind, path: DUMP_FILE[kind], bytes: fs.statSync(dumpFile).size, sha256: await sha256Of(dumpFile) },
    files: {
      storage: config.s3 ? 's3' : 'disk',
      count: entries.length,
      bytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
      entries,
    },
  };
  await writeManifest(dir, manifest);
  return { dir, manifest };
}

export interface RestoreOptions {
  /** Restore over a database or storage that is not empty (PostgreSQL: what the dump holds is dropped first). */
  force?: boolean;
}

/** Refuses, before anything is written, a backup this install cannot take or a target that is not empty. */
async function checkTarget(config: Config, manifest: Manifest, force: boolean): Promise<void> {
  const known = knownSchemaVersion();
  if (manifest.schemaVersion > known)
    throw new BackupError(
      `the backup's schema is version ${manifest.schemaVersion}, newer than this code's ${known}: restore it with the version of Jobboard that made it (or a later one)`,
    );
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind)
    throw new BackupError(
      manifest.database.kind === 'postgres'
        ? 'this backup is of a PostgreSQL database: set DATABASE_URL to an empty PostgreSQL database to restore it'
        : 'this backup is of the embedded database (PGlite): unset DATABASE_URL to restore it into DATA_DIR/pglite',
    );
  checkFilesFit(config, manifest.files.entries);
  if (config.databaseUrl) {
    const tables = await tablesIn(config.databaseUrl);
    if (tables > 0 && !force)
      throw new BackupError(
        `the database already has ${tables} tables: restore into an empty database (or pass --force to replace what the backup holds)`,
      );
  } else {
    refuseIfPgliteInUse(config.dataDir);
    if (pgliteExists(config.dataDir) && !force)
      throw new BackupError(
        `${pgliteDir(config.dataDir)} already holds a database: restore into an empty DATA_DIR (or pass --force to move it aside)`,
      );
  }
  if ((await filesInTarget(config)) > 0 && !force)
    throw new BackupError(
      `${config.s3 ? `the bucket ${config.s3.bucket} already holds` : 'the upload folders of DATA_DIR already hold'} files: restore into an empty install (or pass --force to add the backup's beside them)`,
    );
}

/** Restores the backup in `from` into the configured, empty install: checksums and target first, then the database, then the files. */
export async function restoreBackup(config: Config, from: string, options: RestoreOptions = {}): Promise<Manifest> {
  const dir = path.resolve(from);
  const manifest = await readVerifiedManifest(dir);
  const force = options.force ?? false;
  await checkTarget(config, manifest, force);
  const dump = path.join(dir, manifest.database.path);
  if (config.databaseUrl) {
    if (force) await replacePostgres(config.databaseUrl, dump, config.pgBinDir);
    else await restorePostgres(config.databaseUrl, dump, config.pgBinDir);
  } else {
    // --force: the database there is kept beside, never deleted.
    if (pgliteExists(config.dataDir))
      fs.renameSync(pgliteDir(config.dataDir), `${pgliteDir(config.dataDir)}.replaced-${Date.now()}`);
    await untarPglite(config.dataDir, dump);
  }
  await copyFilesIn(config, path.join(dir, FILES_DIR), manifest.files.entries, force);
  return manifest;
}
