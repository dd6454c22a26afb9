import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import type { Db } from '../../db/client.js';
import { BackupError } from './manifest.js';

/** The highest migration applied to `db` (0: none): what a backup records and a restore compares. */
export async function schemaVersionOf(db: Pick<Db, 'query'>): Promise<number> {
  const [row] = await db.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  return Number(row?.version ?? 0);
}

/**
 * `pg_dump`, `pg_restore` or `psql`: in PG_BIN_DIR when set; else the first on PATH; else the newest of Debian's
 * /usr/lib/postgresql/<major>/bin (where the server package puts them, off PATH).
 */
export function pgTool(name: 'pg_dump' | 'pg_restore' | 'psql', binDir: string | undefined): string {
  const candidates = binDir
    ? [path.join(binDir, name)]
    : [...(process.env.PATH ?? '').split(path.delimiter).filter(Boolean), ...debianBinDirs()].map((dir) =>
        path.join(dir, name),
      );
  const found = candidates.find((file) => fs.existsSync(file));
  if (found) return found;
  throw new BackupError(
    binDir
      ? `${name} is not in PG_BIN_DIR (${binDir})`
      : `${name} was not found on PATH nor in /usr/lib/postgresql/*/bin: install the PostgreSQL client (apt-get install postgresql-client) or set PG_BIN_DIR`,
  );
}

function debianBinDirs(): string[] {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root)
    .filter((major) => /^\d+$/.test(major))
    .sort((a, b) => Number(b) - Number(a))
    .map((major) => path.join(root, major, 'bin'));
}

/**
 * libpq arguments for a connection string, the password apart: it goes to the child's PGPASSWORD, not its
 * command line, which any user of the machine may read in the process list.
 */
function connectionOf(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

interface Streams {
  /** Fed to the command's standard input. */
  stdin?: Readable;
  /** Reads the command's standard output (else it is dropped). */
  stdout?: (out: Readable) => Promise<void>;
}

/** Runs a command to its end; its error output (the last 4 KB) is the message when it fails. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, { stdin, stdout }: Streams = {}) {
  const child = spawn(command, args, { env, stdio: [stdin ? 'pipe' : 'ignore', stdout ? 'pipe' : 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  // A command that stops reading (it failed) breaks the pipe: its exit status tells why, not the pipe's error.
  if (stdin && child.stdin) pipeline(stdin, child.stdin).catch(() => {});
  const ended = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${path.basename(command)} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
  return Promise.all([ended, stdout && child.stdout ? stdout(child.stdout) : undefined]).then(() => undefined);
}

/** pg_dump's custom format: one consistent snapshot (a repeatable-read transaction), compressed, for pg_restore. */
export async function dumpPostgres(url: string, file: string, binDir: string | undefined): Promise<void> {
  const { dbname, env } = connectionOf(url);
  await run(
    pgTool('pg_dump', binDir),
    ['--format=custom', '--no-password', `--file=${file}`, `--dbname=${dbname}`],
    env,
  );
}

/** Tables in the database's own schemas (not the system's): zero means an empty database to restore into. */
export async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) AS count FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema')
          AND n.nspname NOT LIKE 'pg_toast%'`,
    );
    return Number(rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * pg_restore in one transaction (all or nothing), stopping at the first error. Objects are owned by the restoring
 * user (--no-owner): the roles of the backed-up server need not exist here.
 */
export async function restorePostgres(url: string, file: string, binDir: string | undefined): Promise<void> {
  const { dbname, env } = connectionOf(url);
  const args = ['--no-owner', '--no-password', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`];
  await run(pgTool('pg_restore', binDir), [...args, file], env);
}

/**
 * --force: every schema of the database dropped, then the dump restored, in one psql transaction, so a failure
 * leaves the database as it was. (pg_restore --clean cannot drop pg-boss's partitioned tables' inherited keys.)
 */
export async function replacePostgres(url: string, file: string, binDir: string | undefined): Promise<void> {
  const { dbname, env } = connectionOf(url);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  const { rows } = await client
    .query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname <> 'information_schema' AND nspname NOT LIKE 'pg\\_%'`,
    )
    .finally(() => client.end());
  const drop = `${rows.map(({ name }) => `DROP SCHEMA "${name.replace(/"/g, '""')}" CASCADE;`).join('\n')}\nCREATE SCHEMA public;\n`;
  const psqlArgs = ['--no-psqlrc', '--quiet', '--single-transaction', '--set=ON_ERROR_STOP=1', '--no-password'];
  await run(pgTool('pg_restore', binDir), ['--no-owner', '--file=-', file], env, {
    stdout: (script) =>
      run(pgTool('psql', binDir), [...psqlArgs, `--dbname=${dbname}`], env, {
        stdin: Readable.from(
          (async function* () {
            yield Buffer.from(drop);
            yield* script;
          })(),
        ),
      }),
  });
}

/** PGlite's folder under DATA_DIR. */
export const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/**
 * PGlite writes postmaster.pid while a process has the folder open and removes it on a clean close. Another process
 * opening it meanwhile would write over the server's pages, so backup and restore refuse then.
 */
export function refuseIfPgliteInUse(dataDir: string): void {
  if (fs.existsSync(path.join(pgliteDir(dataDir), 'postmaster.pid')))
    throw new BackupError(
      `${pgliteDir(dataDir)} is in use (postmaster.pid is there): stop the server first. If no server runs, it stopped ` +
        'without closing the database: start it once and stop it (Ctrl+C), then try again.',
    );
}

/** Whether PGlite's folder holds a database (a cluster has PG_VERSION). */
export function pgliteExists(dataDir: string): boolean {
  return fs.existsSync(path.join(pgliteDir(dataDir), 'PG_VERSION'));
}

/**
 * A stopped PGlite's folder as a gzipped tar, by the system's `tar`: a folder closed cleanly is consistent as it lies,
 * and tar streams it (PGlite's own dumpDataDir holds all of it in memory: 1.4 GB for a 334 MB folder). Gzip at level
 * 1: 7 s instead of 31 s for that folder, for a file 14% larger.
 */
export async function tarPglite(dataDir: string, file: string): Promise<void> {
  await run('tar', ['-cf', '-', '-C', pgliteDir(dataDir), '.'], process.env, {
    stdout: (out) => pipeline(out, createGzip({ level: 1 }), fs.createWriteStream(file)),
  });
}

/** Unpacks a backup's tar (made by tarPglite or Db.dumpDataDir) into PGlite's empty folder. */
export async function untarPglite(dataDir: string, file: string): Promise<void> {
  fs.mkdirSync(pgliteDir(dataDir), { recursive: true });
  await run('tar', ['-xzf', file, '-C', pgliteDir(dataDir)], process.env);
}
