/**
 * A PostgreSQL 15 primary and its streaming replica on free loopback ports, in a temporary directory: initdb,
 * then pg_basebackup -R. The server binaries run as the `postgres` OS user (we run as root; PostgreSQL refuses
 * root). Used by the replica tests and the cluster harness (test/cluster/cluster.ts). Every wait is bounded.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export const PG_BIN = '/usr/lib/postgresql/15/bin';

export interface PostgresPair {
  dir: string;
  primaryPort: number;
  replicaPort: number;
  /** Connection strings for `database` (default postgres). */
  primaryUrl(database?: string): string;
  replicaUrl(database?: string): string;
  /** Creates a database on the primary and waits until the replica has it. */
  createDatabase(name: string): Promise<void>;
  /** Stops the replica (fast shutdown), as a failure would. */
  stopReplica(): Promise<void>;
  /** Stops both and deletes the directory. */
  stop(): Promise<void>;
}

/** Why the pair cannot start here, or undefined when it can. */
export function postgresPairSkipReason(): string | undefined {
  if (process.getuid?.() !== 0) return 'skipped: needs root, to run PostgreSQL as the postgres OS user';
  if (!fs.existsSync(path.join(PG_BIN, 'initdb'))) return `skipped: no PostgreSQL 15 server binaries in ${PG_BIN}`;
  return undefined;
}

/** A loopback port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs a server binary as the postgres OS user, bounded in time; throws with its output on failure. */
export function asPostgres(binary: string, args: string[], timeoutMs = 60_000): string {
  const result = spawnSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, binary), ...args], {
    encoding: 'utf8',
    timeout: timeoutMs,
    cwd: '/tmp',
  });
  if (result.status !== 0) {
    throw new Error(
      `${binary} ${args.join(' ')} failed (${result.status ?? result.signal ?? result.error?.message}): ${result.stderr || result.stdout}`,
    );
  }
  return result.stdout;
}

/** One query on a connection of its own. */
export async function queryOnce<T = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000, query_timeout: 10_000 });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end().catch(() => {});
  }
}

async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      if (await probe()) return;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startPostgresPair(options: { extraConfig?: string[] } = {}): Promise<PostgresPair> {
  const reason = postgresPairSkipReason();
  if (reason) throw new Error(reason);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-pg-pair-'));
  fs.chmodSync(dir, 0o755);
  const pgUser = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
  const pgGroup = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
  fs.chownSync(dir, Number(pgUser), Number(pgGroup));
  const primaryData = path.join(dir, 'primary');
  const replicaData = path.join(dir, 'replica');
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const url = (port: number, database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const started: string[] = [];
  const pgCtlStop = (data: string) => {
    try {
      asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '30', 'stop'], 40_000);
    } catch {
      // already stopped
    }
  };
  const stopAll = async () => {
    for (const data of started.reverse()) pgCtlStop(data);
    started.length = 0;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    asPostgres('initdb', [
      '-D',
      primaryData,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C.UTF-8',
    ]);
    const common = [
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 10',
      'hot_standby = on',
      'fsync = off',
      'synchronous_commit = off',
      'full_page_writes = off',
      'max_connections = 200',
      ...(options.extraConfig ?? []),
    ];
    fs.appendFileSync(
      path.join(primaryData, 'postgresql.conf'),
      `\n${[...common, `port = ${primaryPort}`].join('\n')}\n`,
    );
    fs.appendFileSync(path.join(primaryData, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
    asPostgres('pg_ctl', ['-D', primaryData, '-l', path.join(dir, 'primary.log'), '-w', '-t', '60', 'start'], 70_000);
    started.push(primaryData);
    asPostgres('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaData,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
      '--no-sync',
    ]);
    fs.appendFileSync(path.join(replicaData, 'postgresql.conf'), `\nport = ${replicaPort}\n`);
    asPostgres('pg_ctl', ['-D', replicaData, '-l', path.join(dir, 'replica.log'), '-w', '-t', '60', 'start'], 70_000);
    started.push(replicaData);
    await waitUntil(
      'the replica to stream from the primary',
      async () =>
        (
          await queryOnce<{ n: number }>(
            url(primaryPort),
            "SELECT count(*)::int AS n FROM pg_stat_replication WHERE state = 'streaming'",
          )
        )[0]?.n === 1,
      30_000,
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    dir,
    primaryPort,
    replicaPort,
    primaryUrl: (database) => url(primaryPort, database),
    replicaUrl: (database) => url(replicaPort, database),
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: ${name}`);
      await queryOnce(url(primaryPort), `CREATE DATABASE ${name}`);
      await waitUntil(
        `database ${name} on the replica`,
        async () => (await queryOnce(url(replicaPort, name), 'SELECT 1')).length === 1,
        30_000,
      );
    },
    async stopReplica() {
      pgCtlStop(replicaData);
      const at = started.indexOf(replicaData);
      if (at >= 0) started.splice(at, 1);
    },
    stop: stopAll,
  };
}
