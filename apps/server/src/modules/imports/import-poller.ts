import { claimDueSource } from './imports.repository.js';
import { runSource, type ImportDeps } from './import-runner.js';

/** Sources one round runs at most; the next round takes the rest. */
const PER_ROUND = 5;

/**
 * Runs the import sources that are due (each at most hourly) on every instance: a source is claimed with SKIP
 * LOCKED and a claim time, so across the cluster one instance at a time runs it.
 */
export class ImportPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    private readonly deps: ImportDeps,
    private readonly pollMs: number,
  ) {}

  start(): void {
    this.schedule();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.round()
        .then(() => undefined)
        .catch((error: unknown) => this.deps.log.warn({ err: error }, 'import round failed; trying again'))
        .finally(() => this.schedule());
    }, this.pollMs);
    this.timer.unref();
  }

  /** One round: due sources claimed and run one after the other; answers how many ran. */
  async round(): Promise<number> {
    let ran = 0;
    while (ran < PER_ROUND && !this.stopped) {
      const source = await claimDueSource(this.deps.db);
      if (!source) break;
      await runSource(this.deps, source);
      ran += 1;
    }
    return ran;
  }
}
