import pg from 'pg';
import type { Db, Queryable } from './client.js';

/** Every connection's settings: no JIT (it compiles a query estimated costly for 10-100 ms, more than a search should take in all). */
export const CONNECTION_OPTIONS = '-c jit=off';
/**
 * A search connection's (decision record 0014, "bitmaps before rows"):
 * - room to hold a bitmap of every job a word or filter matches exactly (a million jobs' bitmap is a few MB). With
 *   the default 4 MB it turns lossy, and every row on a lossy page is read and checked again (20,000 rows for
 *   "cloud" and part-time). At most 8 search connections per pool use it at once.
 * - an index entry costed at a fiftieth of a heap page, not 1/800: measured at a million jobs, a bitmap takes
 *   0.15-0.3 µs per entry and a job's row 4-8 µs to read. At the default, the planner built a typo's bitmap of
 *   600,000 entries (170 ms) to spare reading 2,500 rows (15 ms). Cold-mix p95 110 -> 97 ms.
 */
export const SEARCH_CONNECTION_OPTIONS = `${CONNECTION_OPTIONS} -c work_mem=32MB -c cpu_index_tuple_cost=0.05`;

/** A replica as anonymous readiness tells it: serving, too far behind to serve, or not serving for another reason. */
export type ReplicaState = 'ready' | 'lagging' | 'down';

/** What the logs tell about one replica (its address without credentials); /api/ready tells only its `state`. */
export interface ReplicaStatus {
  url: string;
  state: ReplicaState;
  /** Serving reads: reachable, in recovery, and no further behind the primary than REPLICA_MAX_LAG_MS. */
  healthy: boolean;
  /** How far behind the primary it was at the last check, in ms (0 when it had replayed all the primary had written). */
  lagMs: number | null;
  /** Statements it answered for this process. */
  reads: number;
  /** Why it is not serving, when it is not. */
  reason?: string;
}

/** How often each replica's lag is measured unless ReplicaOptions.checkEveryMs says otherwise. */
export const REPLICA_CHECK_EVERY_MS = 250;

/**
 * How stale a replica's answer can be while it still serves: it passed its last check at most `maxLagMs` behind,
 * and may fall further behind until the next check takes it out of service. What a search learnt this soon after a
 * change may be from before it (SearchCache's settleMs).
 */
export function replicaStalenessMs(maxLagMs: number, checkEveryMs = REPLICA_CHECK_EVERY_MS): number {
  return maxLagMs + checkEveryMs;
}

export interface ReplicaOptions {
  maxLagMs: number;
  /** How often each replica's lag is measured. */
  checkEveryMs?: number;
  poolSize?: number;
  searchPoolSize?: number;
  searchTimeoutMs?: number;
}

interface Replica {
  status: ReplicaStatus;
  pool: pg.Pool;
  searchPool: pg.Pool;
}

/** A WAL position ("16/B374D848") as a number. */
export function parseLsn(text: string): bigint {
  const [high, low] = text.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

/** The address without its password, for the logs. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return parsed.toString();
  } catch {
    return 'replica';
  }
}

/**
 * Errors after which the same statement is asked of the primary instead: the replica is unreachable, shutting
 * down, or cancelled the statement because of replication (a recovery conflict, SQLSTATE 40001 on a standby).
 * Not a statement timeout (57014): that search would only time out on the primary too, at its expense.
 */
export function replicaShouldFallBack(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true; // a socket error: ECONNREFUSED, ECONNRESET, timeouts
  return code.startsWith('08') || code.startsWith('57P') || code === '40001' || code === '53300';
}

/**
 * The read replicas of one primary (DATABASE_READ_URL): each measured every `checkEveryMs`, and handed out round
 * robin among those serving. A replica starts out not serving until its first check passes, stops serving when a
 * check fails or finds it lagging beyond `maxLagMs`, and comes back at the next check that passes. A statement it
 * fails with a connection error is answered by the primary (replicaShouldFallBack) and takes it out of service
 * until the next check.
 *
 * Lag: each check reads the primary's WAL position and keeps it with the time; a replica is as far behind as
 * the oldest kept position it has not replayed yet is old (lagOf). Unlike the age of the last replayed
 * transaction, this does not mistake a quiet primary for a lagging replica, and it needs nothing but the WAL
 * positions both servers report.
 */
export class ReplicaSet {
  private readonly replicas: Replica[];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | undefined;

  constructor(
    private readonly primary: Queryable,
    urls: string[],
    private readonly options: ReplicaOptions,
  ) {
    this.replicas = urls.map((url) => {
      const common = {
        connectionString: url,
        connectionTimeoutMillis: 2000,
        idleTimeoutMillis: 30_000,
        options: CONNECTION_OPTIONS,
      };
      const pool = new pg.Pool({
        ...common,
        max: options.poolSize ?? 20,
        statement_timeout: 15_000,
        query_timeout: 20_000,
      });
      const searchTimeout = options.searchTimeoutMs ?? 3000;
      const searchPool = new pg.Pool({
        ...common,
        options: SEARCH_CONNECTION_OPTIONS,
        max: options.searchPoolSize ?? 8,
        statement_timeout: searchTimeout,
        query_timeout: searchTimeout + 5000,
      });
      // A replica going away must not crash the process; its next check takes it out of service.
      pool.on('error', () => {});
      searchPool.on('error', () => {});
      return {
        pool,
        searchPool,
        status: { url: redact(url), state: 'down', healthy: false, lagMs: null, reads: 0, reason: 'not checked yet' },
      };
    });
  }

  /** Measures now, then every `checkEveryMs` in the background. */
  async start(): Promise<void> {
    await this.check();
    const every = this.options.checkEveryMs ?? REPLICA_CHECK_EVERY_MS;
    this.timer = setInterval(() => void this.check(), every);
    this.timer.unref();
  }

  /** One measurement of every replica (concurrent calls share it). */
  check(): Promise<void> {
    this.checking ??= this.measure().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async measure(): Promise<void> {
    const now = Date.now();
    try {
      const lsn = (await this.primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn'))[0]?.lsn;
      if (lsn) this.remember(now, parseLsn(lsn));
    } catch {
      // Without the primary's position no lag can be told: keep the replicas as they are until it answers.
      return;
    }
    await Promise.all(
      this.replicas.map(async (replica) => {
        try {
          const { rows } = await replica.pool.query<{ recovery: boolean; replayed: string | null }>(
            'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replayed',
          );
          const row = rows[0];
          if (!row?.recovery) return this.setDown(replica, 'not a replica (not in recovery)');
          if (!row.replayed) return this.setDown(replica, 'has replayed nothing yet');
          const lagMs = this.lagOf(parseLsn(row.replayed), Date.now());
          replica.status.lagMs = lagMs;
          if (lagMs > this.options.maxLagMs)
            return this.setDown(replica, `lagging ${lagMs} ms behind the primary`, 'lagging');
          replica.status.healthy = true;
          replica.status.state = 'ready';
          delete replica.status.reason;
        } catch (error) {
          this.setDown(replica, error instanceof Error ? error.message : String(error));
        }
      }),
    );
  }

  /** The primary's WAL positions as measured, oldest first; kept for as long as a lag worth telling. */
  private readonly positions: { at: number; lsn: bigint }[] = [];

  private remember(at: number, lsn: bigint): void {
    this.positions.push({ at, lsn });
    const keepMs = Math.max(10_000, this.options.maxLagMs * 2);
    while (this.positions.length > 1 && (this.positions[0]?.at ?? at) < at - keepMs) this.positions.shift();
  }

  /**
   * How long the primary has had WAL that the replica, having replayed up to `replayed`, still lacks: the time
   * since the first measured primary position beyond `replayed` (0 when none is). A lower bound, short of the
   * truth by at most one check interval; a replica behind every kept position is at least as old as the oldest.
   */
  private lagOf(replayed: bigint, now: number): number {
    const first = this.positions.find((position) => position.lsn > replayed);
    return first ? Math.max(0, now - first.at) : 0;
  }

  private setDown(replica: Replica, reason: string, state: Exclude<ReplicaState, 'ready'> = 'down'): void {
    replica.status.healthy = false;
    replica.status.state = state;
    replica.status.reason = reason;
  }

  /** A read view of the primary `db` on the next serving replica, round robin; undefined when none is serving. */
  view(db: Db): Db | undefined {
    for (let tried = 0; tried < this.replicas.length; tried += 1) {
      const replica = this.replicas[this.next % this.replicas.length];
      this.next = (this.next + 1) % this.replicas.length;
      if (replica?.status.healthy) return this.readView(db, replica);
    }
    return undefined;
  }

  /**
   * `db` with its plain queries and searches answered by `replica`; transactions, exec and run (how the app
   * writes) stay on the primary, and `primary` names it for code that writes with a plain query.
   */
  private readView(db: Db, replica: Replica): Db {
    const through = (pool: pg.Pool, fallback: Queryable): Queryable => ({
      query: async <T>(sql: string, params: unknown[] = []) => {
        try {
          const rows = (await pool.query(sql, params)).rows as T[];
          replica.status.reads += 1;
          return rows;
        } catch (error) {
          if (!replicaShouldFallBack(error)) throw error;
          this.setDown(replica, error instanceof Error ? error.message : String(error));
          return fallback.query<T>(sql, params);
        }
      },
    });
    const plain = through(replica.pool, db);
    return {
      ...db,
      query: plain.query,
      searches: through(replica.searchPool, db.searches ?? db),
      primary: db,
      reader: undefined,
    };
  }

  status(): ReplicaStatus[] {
    return this.replicas.map((replica) => ({ ...replica.status }));
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.checking?.catch(() => {});
    await Promise.all(this.replicas.flatMap((replica) => [replica.pool.end(), replica.searchPool.end()]));
  }
}
