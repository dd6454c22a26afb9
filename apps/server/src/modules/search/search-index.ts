/* eslint-disable @typescript-eslint/no-non-null-assertion -- rows and typed arrays indexed within their length */
import { toIsoDate } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import type { MatchCounts, PageBoundary, PageOfMatches, PagePosition, SearchCriteria } from './search.repository.js';
import { countMembers } from './search-index-bits.js';
import { dayOf, INDEX_COLUMNS, RECENT_MOST, type IndexRow } from './search-index-row.js';
import { Store } from './search-index-store.js';
import { completionsIn, skillsIn, vocabularyIn, type CompletionLists } from './search-index-completions.js';
import { compile, featuredOnly, type Compiled } from './search-index-compile.js';
import {
  countMatches,
  countSampleMatches,
  maskOf,
  type CountSource,
  type KeptMask,
  type SampleSource,
} from './search-index-count.js';
import { GATHER_MOST, pageOf, pageOfFewMatches } from './search-index-pages.js';

export {
  EXACT_COUNT_LIMIT,
  SAMPLE_HITS_FOR_ESTIMATE,
  SAMPLE_LEVELS,
  SAMPLE_RATES,
  type CountSource,
  type SampleSource,
} from './search-index-count.js';
export { NotIndexable } from './search-index-text.js';

/**
 * The search engine of one app instance (decision record 36): the open jobs' search fields in memory, column by
 * column, with a posting list per word, title, skill, city and country and a set per filter option. A search's
 * counts and page are worked out here in nanoseconds per match; the database is asked for the text's words as
 * stemmed, the cards of the page and the skills' labels (and, by search.service.ts, for the precomputed counts of
 * searches without text or job-model filters).
 *
 * Counting is exact up to EXACT_COUNT_LIMIT matches and estimated from a sample past it. The plain SQL condition of
 * search.repository.ts is the reference: test/search-index.test.ts compares the two, and it answers the searches
 * that arrive before the index is loaded.
 *
 * Jobs are only ever appended: a changed job is a new document and its old one is marked dead, so posting lists
 * stay sorted and are never rewritten. Changes come from job_changes (migration 020): before every search, the
 * changes past the last one applied are read (one index lookup, usually empty), so a search sees every write
 * committed before it began, from this instance or any other. When dead documents are a quarter of all, the index
 * is loaded anew in the background and swapped in.
 */

/** How many jobs one statement of the initial load reads (SearchIndex's `loadChunk`). */
const LOAD_CHUNK = 20_000;
/** On PGlite, which runs in the server's thread: a statement of 5,000 jobs holds requests a quarter as long as one of 20,000. */
export const PGLITE_LOAD_CHUNK = 5_000;
/** How many changes one catch-up statement reads. */
const CHANGES_CHUNK = 5_000;
/** A change number skipped by a transaction not yet committed is looked for again this long, then given up. */
const HOLE_WAIT_MS = 60_000;
/** An index not caught up for this long is loaded anew: job_changes keeps a day (housekeeping.ts). */
const STALE_RELOAD_MS = 6 * 3_600_000;
/** The index is loaded anew when this share of its documents are dead (old versions of changed jobs). */
const DEAD_SHARE_TO_RELOAD = 0.25;
/** ... and at least this many: on a small board a few dead documents cost nothing worth a load. */
const DEAD_FEWEST_TO_RELOAD = 10_000;
/**
 * The jobs are loaded the coarse sample first (one in 32), then the rest of the fine sample (one in 4; it holds the
 * coarse one), then the others, so each sample's documents are numbered together: a sample's pass reads its jobs'
 * columns as one dense stretch of each array, not one cache line per job (at a million jobs, 5 times as fast).
 */
const LOAD_ORDER = [
  'job_in_sample(j.seq)',
  'job_in_fine_sample(j.seq) AND NOT job_in_sample(j.seq)',
  'NOT job_in_fine_sample(j.seq)',
];
/** How long the featured jobs read are used before they are read again (a featured job's last day passes). */
const FEATURED_REREAD_MS = 60_000;
/** A change this many numbers before the last one when loading began is read again: transactions then still open. */
const LOAD_CHANGE_MARGIN = 1_000;

/** What a load starts from besides the jobs (search-index-snapshot.ts): a store and the changes applied to it. */
export interface IndexState {
  store: Store;
  lastChange: number;
  /** Change numbers skipped below lastChange, and since when (ms): looked for again, then given up. */
  holes: ReadonlyMap<number, number>;
}

/** A copy of the index kept on disk: read on the first load; told of every load so it can be written. */
export interface IndexSnapshot {
  /** The state written earlier, when job_changes can bring it up to date, else why not (then every job is read). */
  read(): Promise<IndexState | { reason: string }>;
  loaded(index: SearchIndex, from: 'jobs' | 'snapshot'): void;
}

export class SearchIndex {
  private store: Store | undefined;
  private loading: Promise<void> | undefined;
  private lastChange = 0;
  private holes = new Map<number, number>();
  private caughtUpAt = Number.NEGATIVE_INFINITY;
  private catchingUp: Promise<void> | undefined;
  /** The catch-up the searches that arrived during `catchingUp` wait for (that one may have begun before their writes). */
  private nextCatchUp: Promise<void> | undefined;
  /** Counts the loads swapped in: a catch-up begun on an older store stops. */
  private generation = 0;
  /** Each sample's alive documents (maskOf), as of a store's version. */
  private readonly masks = new Map<CountSource, KeptMask>();
  private lastCompiled: { criteria: SearchCriteria; now: number; store: Store; compiled: Compiled } | undefined;
  /** The featured jobs: seq -> last featured day (days since the epoch), read by refreshFeatured. */
  private featuredDays = new Map<number, number>();
  private featuredReadAt = Number.NEGATIVE_INFINITY;
  /** Why the last load failed, if it did. */
  lastError: unknown;
  /** Set when the app closes: a load under way stops at its next chunk. */
  closed = false;

  private readonly gatherMost: number;
  private readonly loadChunk: number;

  private readonly snapshot: IndexSnapshot | undefined;
  private readonly onChange: () => void;
  private readonly onCatchUpError: (error: unknown) => void;
  /** The last catch-up failed (its error was reported; the next failure is not, until one succeeds). */
  private failing = false;

  /**
   * `gatherMost`: tests set 0 to walk every page for in its order, or a large number to gather and order every one;
   * by default (GATHER_MOST) the cost of each decides (`gathers`). `loadChunk`: jobs per statement while
   * loading (smaller on PGlite, whose statements hold the event loop). `onChange`: called when changes were applied
   * (the answers cached from before them are stale, though no notice may have said so). `onCatchUpError`: the
   * changes could not be read, so searches read the database until they can (called once per run of failures).
   */
  constructor(
    private readonly db: Queryable,
    {
      gatherMost = GATHER_MOST,
      loadChunk = LOAD_CHUNK,
      onChange = () => {},
      onCatchUpError = () => {},
      snapshot,
    }: {
      gatherMost?: number;
      loadChunk?: number;
      onChange?: () => void;
      onCatchUpError?: (error: unknown) => void;
      snapshot?: IndexSnapshot | undefined;
    } = {},
  ) {
    this.snapshot = snapshot;
    this.gatherMost = gatherMost;
    this.loadChunk = loadChunk;
    this.onChange = onChange;
    this.onCatchUpError = onCatchUpError;
  }

  /** When the index last caught up with job_changes (ms since the epoch; -Infinity before its first load). */
  get lastCaughtUp(): number {
    return this.caughtUpAt;
  }

  get ready(): boolean {
    return this.store !== undefined;
  }

  /** For /api/ready: loading (the database answers searches meanwhile), ready, or failed to load. */
  get state(): 'loading' | 'ready' | 'failed' {
    if (this.store) return 'ready';
    return this.loading || this.lastError === undefined ? 'loading' : 'failed';
  }

  /** Stops loading and answering (the database is about to close). */
  async close(): Promise<void> {
    this.closed = true;
    await this.loading?.catch(() => undefined);
    this.store = undefined;
  }

  /** Loads every open job (in the background: searches use the SQL passes until it is done). */
  load(): Promise<void> {
    this.loading ??= this.loadAnew().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** The store and the changes applied to it, as of now (for the snapshot); undefined before the first load. */
  snapshotState(): IndexState | undefined {
    return this.store && { store: this.store, lastChange: this.lastChange, holes: this.holes };
  }

  private async loadAnew(): Promise<void> {
    this.lastError = undefined;
    const loadStarted = Date.now();
    try {
      if (!this.store && this.snapshot && (await this.loadSnapshot(this.snapshot))) return;
      const [mark] = await this.db.query<{ n: string | number | null }>('SELECT max(change_no) AS n FROM job_changes');
      const from = Math.max(0, Number(mark?.n ?? 0) - LOAD_CHANGE_MARGIN);
      const store = new Store();
      for (const part of LOAD_ORDER) {
        let after = 0;
        for (;;) {
          if (this.closed) throw new Error('the app closed while the search index loaded');
          const rows = await this.db.query<IndexRow>(
            `SELECT ${INDEX_COLUMNS} FROM jobs j WHERE j.status = 'open' AND ${part} AND j.seq > $1 ORDER BY j.seq LIMIT ${this.loadChunk}`,
            [after],
          );
          const words = await this.titleWords(store.titlesWithoutWords(rows.map((row) => row.title_key)));
          const companies = await this.companiesOf(rows);
          for (const row of rows) store.add(row);
          store.learnTitleWords(words);
          store.learnCompanies(companies);
          if (rows.length < this.loadChunk) break;
          after = Number(rows.at(-1)!.seq);
          // A turn for the event loop between chunks: requests go on being answered while the index loads.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      store.trim();
      store.buildOrders();
      const previous = this.store;
      // A catch-up under way applies to the store it began with: it stops at its next step (`generation`).
      const pending = this.catchingUp;
      this.generation += 1;
      this.store = store;
      if (!previous) {
        this.lastChange = from;
        this.holes.clear();
        // The jobs as read from here on: not "away for hours", though the changes since are yet to be read (a search
        // arriving now waits for them in current(); taking the store for stale dropped it for good).
        this.caughtUpAt = loadStarted;
      } else {
        // Loaded anew while serving: every change since `from` is applied again to the new store.
        this.lastChange = Math.min(this.lastChange, from);
      }
      await pending?.catch(() => undefined);
      await this.catchUp();
      this.snapshot?.loaded(this, 'jobs');
    } catch (error) {
      this.lastError = error;
      throw error;
    }
  }

  /** The first load from the snapshot, when it can be brought up to date: then the changes since are read. */
  private async loadSnapshot(snapshot: IndexSnapshot): Promise<boolean> {
    const saved = await snapshot.read();
    if (!('store' in saved) || this.closed) return false;
    this.generation += 1;
    this.store = saved.store;
    this.lastChange = saved.lastChange;
    this.holes = new Map(saved.holes);
    this.caughtUpAt = Date.now();
    await this.catchUp();
    snapshot.loaded(this, 'snapshot');
    return true;
  }

  /** The words of each title, as to_tsvector gives them (the weight A of search_doc). */
  private async titleWords(titles: readonly string[]): Promise<Map<string, string[]>> {
    const words = new Map<string, string[]>();
    for (let i = 0; i < titles.length; i += 5_000) {
      const part = titles.slice(i, i + 5_000);
      const rows = await this.db.query<{ i: number; words: string | null }>(
        `SELECT t.i, array_to_string(tsvector_to_array(to_tsvector('english', fold_accents(t.title))), ' ') AS words
           FROM unnest($1::text[]) WITH ORDINALITY AS t(title, i)`,
        [part],
      );
      for (const row of rows) words.set(part[Number(row.i) - 1]!, row.words ? row.words.split(' ') : []);
    }
    return words;
  }

  /**
   * The name and slug of the companies of `rows`, read with them: a company's new name reaches its jobs (a job
   * change each), so the catch-up that reads those jobs reads the name too.
   */
  private async companiesOf(rows: readonly IndexRow[]): Promise<{ id: string; name: string; slug: string }[]> {
    const ids = [...new Set(rows.map((row) => row.company_id))];
    if (!ids.length) return [];
    return this.db.query<{ id: string; name: string; slug: string }>(
      'SELECT id, name, slug FROM companies WHERE id = ANY($1::uuid[])',
      [ids],
    );
  }

  /**
   * Applies the changes committed since the last ones applied (every search asks first): false when the database
   * must answer instead (not loaded, closed, or the changes could not be read).
   */
  async current(now = Date.now()): Promise<boolean> {
    if (!this.store || this.closed) return false;
    if (now - this.caughtUpAt > STALE_RELOAD_MS && !this.loading) {
      // Away long enough for housekeeping to have swept changes not yet read: loaded anew, the database answering meanwhile.
      this.store = undefined;
      this.load().catch(() => undefined);
      return false;
    }
    try {
      await this.catchUp();
      this.failing = false;
    } catch (error) {
      // The changes could not be read (the database is away): this search reads the database, and the next one
      // tries again.
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- closed while the changes were read
      if (!this.failing && !this.closed) this.onCatchUpError(error);
      this.failing = true;
      return false;
    }
    // Closed or dropped meanwhile: the database answers.
    return this.ready;
  }

  /**
   * Reads the changes, once for all the searches waiting: a search arriving while a read is under way waits for the
   * next one (shared by every search arriving meanwhile), since the one under way may have begun before its writes.
   */
  private catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.nextCatchUp ??= this.catchingUp
        .catch(() => undefined)
        .then(() => {
          this.nextCatchUp = undefined;
          return this.catchUp();
        });
      return this.nextCatchUp;
    }
    this.catchingUp = this.readChanges().finally(() => {
      this.catchingUp = undefined;
    });
    return this.catchingUp;
  }

  private async readChanges(): Promise<void> {
    const store = this.store;
    if (!store) return;
    const generation = this.generation;
    const started = Date.now();
    for (;;) {
      const holes = [...this.holes.keys()];
      const after = this.lastChange;
      // Two index lookups: as one OR, PostgreSQL read the whole log (a million rows after a bulk load: 60 ms a second).
      const changes = await this.db.query<{ change_no: string | number; seq: string | number }>(
        `(SELECT change_no, seq FROM job_changes WHERE change_no > $1 ORDER BY change_no LIMIT ${CHANGES_CHUNK})
         UNION ALL (SELECT change_no, seq FROM job_changes WHERE change_no = ANY($2::bigint[]) AND change_no <= $1)`,
        [after, holes],
      );
      const seqs = [...new Set(changes.map((change) => Number(change.seq)))];
      const rows = seqs.length
        ? await this.db.query<IndexRow>(
            `SELECT ${INDEX_COLUMNS} FROM jobs j WHERE j.seq = ANY($1::bigint[]) AND j.status = 'open'`,
            [seqs],
          )
        : [];
      const words = await this.titleWords(store.titlesWithoutWords(rows.map((row) => row.title_key)));
      const companies = await this.companiesOf(rows);
      // Loaded anew meanwhile: the new store reads these changes itself.
      if (generation !== this.generation) return;
      // From here to the next statement nothing waits: no search sees a change half applied.
      const open = new Set(rows.map((row) => Number(row.seq)));
      for (const seq of seqs) {
        const doc = store.docOf.get(seq);
        if (doc !== undefined && !open.has(seq)) store.kill(doc);
      }
      for (const row of rows) store.add(row);
      store.learnTitleWords(words);
      store.learnCompanies(companies);
      if (seqs.length) {
        this.featuredReadAt = Number.NEGATIVE_INFINITY;
        this.onChange();
      }
      let highest = this.lastChange;
      for (const change of changes) {
        const number = Number(change.change_no);
        this.holes.delete(number);
        highest = Math.max(highest, number);
      }
      // Numbers skipped below the highest read belong to transactions not yet committed (or rolled back).
      const seen = new Set(changes.map((c) => Number(c.change_no)));
      for (let n = this.lastChange + 1; n < highest && this.holes.size < 10_000; n += 1)
        if (!seen.has(n)) this.holes.set(n, started);
      for (const [n, since] of this.holes) if (started - since > HOLE_WAIT_MS) this.holes.delete(n);
      this.lastChange = highest;
      if (changes.filter((change) => Number(change.change_no) > after).length < CHANGES_CHUNK) break;
    }
    this.caughtUpAt = started;
    if (store.recent.length > RECENT_MOST) store.buildOrders();
    if (store.dead > Math.max(DEAD_FEWEST_TO_RELOAD, store.count * DEAD_SHARE_TO_RELOAD) && !this.loading) {
      this.load().catch(() => {
        // The old store keeps serving; the next change tries again.
      });
    }
  }

  /**
   * Reads the featured jobs again when changes were applied since, or FEATURED_REREAD_MS went by (their last days
   * pass): a handful of rows through their partial index, for the searches asking for featured matches.
   */
  async refreshFeatured(now = Date.now()): Promise<void> {
    if (now - this.featuredReadAt < FEATURED_REREAD_MS) return;
    const rows = await this.db.query<{ seq: string | number; day: number }>(
      `SELECT seq, (featured_until - DATE '1970-01-01') AS day FROM jobs WHERE featured_until IS NOT NULL AND status = 'open'`,
    );
    this.featuredDays = new Map(rows.map((row) => [Number(row.seq), Number(row.day)]));
    this.featuredReadAt = now;
  }

  /** How many open jobs each sample holds (sampleCanEstimate). */
  sampleSize(source: SampleSource): number {
    const mask = maskOf(this.need(), source, this.masks);
    // The mask holds only alive documents: counted against itself.
    return countMembers(mask, mask);
  }

  /** The search box's completions from the open jobs' counts (call current() first). */
  completions(text: string, skill: string, most: number): CompletionLists {
    return completionsIn(this.need(), text, skill, most);
  }

  /** Skills of open jobs starting with `prefix`, most used first (call current() first). */
  skills(prefix: string, most: number): { label: string; n: number }[] {
    return skillsIn(this.need(), prefix, most);
  }

  /** The titles and skills of open jobs with their counts: the spelling's vocabulary (call current() first). */
  vocabulary(): { text: string; n: number }[] {
    return vocabularyIn(this.need());
  }

  private need(): Store {
    if (!this.store) throw new Error('the search index is not loaded');
    return this.store;
  }

  /** The compiled conditions of the search being answered (its passes come one after another, same criteria). */
  private compiledFor(criteria: SearchCriteria, now: Date): Compiled {
    const store = this.need();
    const last = this.lastCompiled;
    if (last && last.criteria === criteria && last.now === now.getTime() && last.store === store) return last.compiled;
    const compiled = compile(store, criteria, now, this.featuredDays);
    this.lastCompiled = { criteria, now: now.getTime(), store, compiled };
    return compiled;
  }

  /** The counts of a search (search-index-count.ts countMatches), over every match or a sample. */
  async countMatchesAndFacets(
    criteria: SearchCriteria,
    now: Date,
    source: CountSource = 'jobs',
    limit = Number.POSITIVE_INFINITY,
    options: { groupsInBase?: boolean; page?: PageOfMatches | undefined } = {},
  ): Promise<MatchCounts> {
    const store = this.need();
    const compiled = this.compiledFor(criteria, now);
    return countMatches(store, compiled, maskOf(store, source, this.masks), source, limit, options);
  }

  /** How many of a sample's documents match every filter (countSampleMatches). */
  countSampleMatches(criteria: SearchCriteria, now: Date, source: SampleSource): number {
    const store = this.need();
    return countSampleMatches(store, this.compiledFor(criteria, now), maskOf(store, source, this.masks));
  }

  /** The search's page of matches in its order, as findJobPage gives it (search-index-pages.ts pageOf). */
  pageOf(criteria: SearchCriteria, position: PagePosition, now: Date): { seqs: string[]; previous?: PageBoundary } {
    const store = this.need();
    return pageOf(store, this.compiledFor(criteria, now), this.gatherMost, criteria, position);
  }

  /**
   * The page of a search's featured matches, newest first (call refreshFeatured() first): its conditions as compiled
   * for its page and counts, narrowed to the featured jobs, since matching its text again is most of a search's work.
   */
  featuredPageOf(criteria: SearchCriteria, position: PagePosition, now: Date): { seqs: string[] } {
    const store = this.need();
    // Most boards feature few jobs or none: with none featured today there is no set to build and no order to walk.
    const today = dayOf(toIsoDate(now));
    if (![...this.featuredDays.values()].some((day) => day >= today)) return { seqs: [] };
    const compiled = featuredOnly(store, this.compiledFor(criteria, now), now, this.featuredDays);
    const only: SearchCriteria = { ...criteria, featured: true, sort: 'newest' };
    return pageOf(store, compiled, this.gatherMost, only, position);
  }

  /** The page of matches `page` asks for, when there are fewer than `limit` of them (findPageOfFewMatches). */
  pageOfFewMatches(criteria: SearchCriteria, now: Date, page: PageOfMatches, limit: number): string[] | undefined {
    const store = this.need();
    return pageOfFewMatches(store, this.compiledFor(criteria, now), page, limit);
  }
}

/** Deletes the changes older than `before` (housekeeping): the number deleted. */
export async function deleteJobChangesBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM job_changes WHERE changed_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [before.toISOString()],
  );
  return Number(rows[0]?.n ?? 0);
}
