import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from '../../db/client.js';
import type { CheckResult } from '../alerts/alert-checker.js';
import type { SearchCache } from '../search/search.service.js';
import type { MailQueue } from '../mail/mail.queue.js';

const INDEX_STATES = ['off', 'loading', 'ready', 'failed'] as const;

/** What the gauges read when Prometheus scrapes: nothing is sampled between scrapes. */
export interface MetricsSources {
  db: Db;
  searchCounts: SearchCache;
  mail: MailQueue;
}

/**
 * The instance's metrics in the Prometheus text format (prom-client, decision record 33). Counters and histograms
 * are updated where things happen (requests, searches, alert rounds, mail attempts); gauges are read at scrape time.
 * One registry per app, so tests that build several apps in one process keep their figures apart.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Answered requests by method, route template and status (its _count is the request count)',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly searches = new Histogram({
    name: 'jobboard_search_duration_seconds',
    help: 'Searches of /api/job/search by what answered them: the in-memory index, or the database before it loaded',
    labelNames: ['engine'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 3],
    registers: [this.registry],
  });
  private readonly alertChecks = new Counter({
    name: 'jobboard_alert_checks_total',
    help: 'Job alerts checked, by outcome (mailed, nothing new, failed)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly alertRounds = new Counter({
    name: 'jobboard_alert_rounds_total',
    help: 'Rounds of the alert checker, by result (a failed round could not read the database)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });
  private readonly mailAttempts = new Counter({
    name: 'jobboard_mail_attempts_total',
    help: 'Attempts to hand a message to the SMTP server or outbox, by outcome (a failure is retried)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  /** Starts the gauges and Node's own metrics (event-loop delay, heap, CPU); until then only counters count. */
  watch({ db, searchCounts, mail }: MetricsSources): void {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'jobboard_search_index_state',
      help: 'The search index state: 1 for the current one of off, loading, ready and failed',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const current = searchCounts.index?.state ?? 'off';
        for (const state of INDEX_STATES) this.set({ state }, state === current ? 1 : 0);
      },
    });
    new Gauge({
      name: 'jobboard_search_index_catch_up_age_seconds',
      help: 'Seconds since the index last caught up with job changes (it does so on every search and write notice)',
      registers: [this.registry],
      collect() {
        const at = searchCounts.index?.lastCaughtUp ?? Number.NEGATIVE_INFINITY;
        if (Number.isFinite(at)) this.set((Date.now() - at) / 1000);
      },
    });
    new Gauge({
      name: 'jobboard_mail_queue_messages',
      help: 'Messages in the mail queue by state (created and retry wait to be sent; failed gave up)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [state, count] of Object.entries(await mail.countByState())) this.set({ state }, count);
      },
    });
    new Gauge({
      name: 'jobboard_db_pool_connections',
      help: 'PostgreSQL connections per pool: total, idle, and requests waiting for one',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        for (const stats of db.poolStats?.() ?? []) {
          this.set({ pool: stats.pool, state: 'total' }, stats.total);
          this.set({ pool: stats.pool, state: 'idle' }, stats.idle);
          this.set({ pool: stats.pool, state: 'waiting' }, stats.waiting);
        }
      },
    });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: String(status) }, seconds);
  }

  /** Call when a search starts; call what it returns when it ends. */
  searchTimer(engine: 'index' | 'database'): () => void {
    const end = this.searches.startTimer({ engine });
    return () => void end();
  }

  alertRound(result: CheckResult | 'error'): void {
    if (result === 'error') return void this.alertRounds.inc({ result: 'error' });
    this.alertRounds.inc({ result: 'ok' });
    this.alertChecks.inc({ outcome: 'mailed' }, result.mailed);
    this.alertChecks.inc({ outcome: 'failed' }, result.failed);
    this.alertChecks.inc({ outcome: 'nothing-new' }, result.checked - result.mailed - result.failed);
  }

  mailAttempt(outcome: 'sent' | 'failed'): void {
    this.mailAttempts.inc({ outcome });
  }
}
