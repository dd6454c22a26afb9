import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { CONNECTION_OPTIONS, ReplicaSet, SEARCH_CONNECTION_OPTIONS, type ReplicaStatus } from './replicas.js';

/** What the repositories need from a database: the same SQL runs on PGlite and on PostgreSQL. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/** A transaction's handle: queries, and several statements at once (migrations, with function bodies). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
  /** For libraries that speak SQL themselves (the job queue): several statements when there are no parameters; the last statement's rows. */
  run(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface PoolStats {
  pool: 'requests' | 'searches';
  total: number;
  idle: number;
  /** Requests waiting for a connection: above zero, the pool is too small for the load. */
  waiting: number;
}

function poolStatsOf(pool: pg.Pool, name: PoolStats['pool']): PoolStats {
  return { pool: name, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Where searches run. On PostgreSQL a pool of their own (SEARCH_POOL_SIZE connections) whose statements stop
   * after SEARCH_TIMEOUT_MS: however many searches arrive, writes and /api/health keep their connections, and no
   * search outlasts the timeout. Absent (PGlite): the database itself.
   */
  readonly searches?: Queryable;
  /**
   * A read view of this database on a serving read replica (DATABASE_READ_URL, db/replicas.ts): its `query` and
   * `searches` read there, the rest stays here. Undefined when there are no replicas or none is serving now.
   */
  reader?(): Db | undefined;
  /** Set on a read view: the primary, for code that writes with a plain query (housekeeping a search triggers). */
  readonly primary?: Db;
  /** The replicas' state, for /api/ready. */
  replicaStatus?(): ReplicaStatus[];
  /**
   * PGlite only: its data directory as a gzipped tar (a backup, modules/backups), taken between transactions.
   */
  dumpDataDir?(): Promise<Blob>;
  /** Each connection pool's connections (PostgreSQL; PGlite has none), for /metrics. */
  poolStats?(): PoolStats[];
  /** See Transaction.run. */
  run(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Runs `fn` in one transaction: all of it commits, or none of it. */
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>;
  /** Several statements at once. */
  exec(sql: string): Promise<void>;
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<boolean>;
  /**
   * Calls `onNotice` for each NOTIFY on `channel` from any connection to this database (another app instance's
   * writes included), and once after a lost listening connection is back (notices may have been missed
   * meanwhile). Resolves to the function that stops listening. PostgreSQL only: an embedded PGlite database has
   * one process, so there is no other instance to hear from.
   */
  listen?(channel: string, onNotice: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** `loadDataDir`: start from a dump (`PGlite.dumpDataDir`) instead of an empty cluster (tests clone a migrated one). */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob | File } = {}): Promise<Db> {
  let location: string | undefined;
  if (dataDir) {
    location = path.join(dataDir, 'pglite');
    fs.mkdirSync(location, { recursive: true });
  }
  // Loaded here, not at the top: a server on PostgreSQL never reads PGlite's WebAssembly build (decision record 26).
  const [{ PGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('@electric-sql/pglite/contrib/pg_trgm'),
  ]);
  const client = await PGlite.create(location ?? 'memory://', {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
  });
  // Its one connection serves searches too: their settings, as SEARCH_CONNECTION_OPTIONS gives PostgreSQL's.
  await client.exec(`SET work_mem = '32MB'; SET cpu_index_tuple_cost = 0.05`);
  // PGlite runs one statement at a time, in this thread, and its queue hands over in microtasks: requests that
  // arrived meanwhile (a health probe) were read only once every queued statement had run, 2.9 s behind six busy
  // searches. Statements outside transactions run one per turn of the event loop, so I/O is read between any two
  // (issue 12: health under the worst searches; test/search-timeout.api.test.ts).
  let turn: Promise<unknown> = Promise.resolve();
  const nextTurn = <T>(run: () => Promise<T>): Promise<T> => {
    const result = turn.then(() => new Promise((resolve) => setImmediate(resolve))).then(run);
    turn = result.catch(() => {});
    return result;
  };
  const db: Db = {
    kind: 'pglite',
    async query<T>(sql: string, params: unknown[] = []) {
      const result = await nextTurn(() => client.query<T>(sql, params));
      return result.rows;
    },
    transaction(fn) {
      return client.transaction((tx) =>
        fn({
          async query<T>(sql: string, params: unknown[] = []) {
            return (await tx.query<T>(sql, params)).rows;
          },
          async exec(sql: string) {
            await tx.exec(sql);
          },
          async run(sql: string, params?: unknown[]) {
            if (params?.length) return tx.query(sql, params);
            return lastResult(await tx.exec(sql));
          },
        }),
      );
    },
    async exec(sql) {
      await client.exec(sql);
    },
    async run(sql, params) {
      if (params?.length) return client.query(sql, params);
      return lastResult(await client.exec(sql));
    },
    async ping() {
      try {
        await client.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async dumpDataDir() {
      // The checkpoint writes the committed pages out (less log to replay on restore); then, holding the mutex every
      // query and transaction takes, the copy sees no statement or transaction half done.
      await client.exec('CHECKPOINT');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
    async close() {
      await client.close();
    },
  };
  return db;
}

/** How long a transaction's multi-statement exec (a migration) may take before the client gives up on it. */
const MIGRATION_READ_TIMEOUT_MS = 3_600_000;

export interface PostgresOptions {
  max?: number;
  /** The search pool (Db.searches): its statement timeout and size. */
  searchTimeoutMs?: number;
  searchPoolSize?: number;
  /** Read replicas (DATABASE_READ_URL) and how far behind one may be and still serve reads. */
  readUrls?: string[];
  replicaMaxLagMs?: number;
  /** Where LISTEN connects (DATABASE_LISTEN_URL): a direct address when `connectionString` is a transaction pooler. */
  listenUrl?: string;
  /** A bulk load's connection (npm run seed): no statement or read timeout, which are for a request's queries. */
  bulk?: boolean;
}

/** The request pool (reads and writes) and the search pool, with its own statement timeout and size. */
function openPools(connectionString: string, options: PostgresOptions): { pool: pg.Pool; searchPool: pg.Pool } {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 20,
    // Fail fast when the server is unreachable instead of queueing requests forever.
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    ...(options.bulk
      ? {}
      : {
          statement_timeout: 15_000,
          // A connection that goes silent (network partition) fails the query instead of hanging the request.
          query_timeout: 20_000,
        }),
    options: CONNECTION_OPTIONS,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const searchPool = new pg.Pool({
    connectionString,
    max: options.searchPoolSize ?? 8,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: options.searchTimeoutMs ?? 3000,
    options: SEARCH_CONNECTION_OPTIONS,
    query_timeout: (options.searchTimeoutMs ?? 3000) + 5000,
  });
  searchPool.on('error', () => {});
  return { pool, searchPool };
}

/** Runs `fn` in a transaction on one of the pool's connections: committed if it returns, rolled back if it throws. */
async function transactionOn<T>(pool: pg.Pool, fn: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const value = await fn({
      async query<R>(sql: string, params: unknown[] = []) {
        return (await client.query(sql, params)).rows as R[];
      },
      async exec(sql: string) {
        // Without parameters, pg uses the simple protocol, which runs several statements. Migrations run here,
        // and one over a million jobs outlasts the pool's read timeout (meant for a request's query): an hour.
        // (query_timeout per query is read by pg's Client.query but missing from its QueryConfig type.)
        await client.query({ text: sql, query_timeout: MIGRATION_READ_TIMEOUT_MS } as pg.QueryConfig);
      },
      async run(sql: string, params?: unknown[]) {
        return lastResult(await client.query(sql, params));
      },
    });
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): Db {
  const { pool, searchPool } = openPools(connectionString, options);
  // Listening connections end with the database too, whoever closes first.
  const listeners = new Set<() => Promise<void>>();
  const replicas = options.readUrls?.length
    ? new ReplicaSet(
        { query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[] },
        options.readUrls,
        {
          maxLagMs: options.replicaMaxLagMs ?? 1000,
          searchPoolSize: options.searchPoolSize,
          searchTimeoutMs: options.searchTimeoutMs,
        },
      )
    : undefined;
  // Reads go to the primary until a replica's first check passes (a moment after start).
  void replicas?.start();
  const db: Db = {
    kind: 'postgres',
    ...(replicas ? { reader: () => replicas.view(db), replicaStatus: () => replicas.status() } : {}),
    poolStats: () => [poolStatsOf(pool, 'requests'), poolStatsOf(searchPool, 'searches')],
    async listen(channel, onNotice) {
      const stopListening = await listenOnPostgres(options.listenUrl ?? connectionString, channel, onNotice);
      const stop = async () => {
        listeners.delete(stop);
        await stopListening();
      };
      listeners.add(stop);
      return stop;
    },
    searches: {
      async query<T>(sql: string, params: unknown[] = []) {
        return (await searchPool.query(sql, params)).rows as T[];
      },
    },
    async query<T>(sql: string, params: unknown[] = []) {
      return (await pool.query(sql, params)).rows as T[];
    },
    transaction: (fn) => transactionOn(pool, fn),
    async exec(sql) {
      await pool.query(sql);
    },
    async run(sql, params) {
      return lastResult(await pool.query(sql, params));
    },
    async ping() {
      try {
        await pool.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.all([...listeners].map((stop) => stop()));
      await replicas?.close();
      await Promise.all([pool.end(), searchPool.end()]);
    },
  };
  return db;
}

/** How long a lost listening connection waits before connecting again. */
const LISTEN_RETRY_MS = 1000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). A connection that fails or is lost
 * is made again a second later, in the background (the app starts even when it cannot listen yet), and
 * `onNotice` is called once it is back, since notices sent meanwhile are lost.
 */
async function listenOnPostgres(
  connectionString: string,
  channel: string,
  onNotice: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const start = (again: boolean): void => {
    const next = new pg.Client({ connectionString, connectionTimeoutMillis: 3000 });
    client = next;
    const lost = () => {
      if (stopped || client !== next) return;
      client = undefined;
      void next.end().catch(() => {});
      retry = setTimeout(() => start(true), LISTEN_RETRY_MS);
    };
    next.on('notification', (message) => {
      if (message.channel === channel) onNotice();
    });
    next.on('error', lost);
    next.on('end', lost);
    next
      .connect()
      .then(() => next.query(`LISTEN ${channel}`))
      .then(() => {
        if (again && client === next) onNotice();
      })
      .catch(lost);
  };
  start(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

export async function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
  searchTimeoutMs?: number;
  searchPoolSize?: number;
  databaseReadUrls?: string[];
  databaseListenUrl?: string;
  replicaMaxLagMs?: number;
  /** PostgresOptions.bulk. */
  bulk?: boolean;
}): Promise<Db> {
  const { searchTimeoutMs, searchPoolSize } = config;
  if (!config.databaseUrl) {
    if (config.databaseReadUrls?.length)
      throw new Error(
        'DATABASE_READ_URL needs DATABASE_URL: replicas are of a PostgreSQL server, not of the embedded database',
      );
    return openPglite(config.dataDir);
  }
  return openPostgres(config.databaseUrl, {
    searchTimeoutMs,
    searchPoolSize,
    readUrls: config.databaseReadUrls,
    replicaMaxLagMs: config.replicaMaxLagMs,
    listenUrl: config.databaseListenUrl,
    bulk: config.bulk,
  });
}

/** Several statements answer several results (pg: an array; PGlite's exec: always an array): the last one counts. */
function lastResult(result: { rows: unknown[] } | { rows: unknown[] }[]): { rows: unknown[] } {
  if (!Array.isArray(result)) return result;
  return result.at(-1) ?? { rows: [] };
}
