/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length in the hot
   loops below: `!` costs nothing, where `?? 0` on every read would hide a wrong index instead of failing a test. */
import {
  FILTER_GROUP_NAMES,
  HOME_PAGE_SIZE,
  JOB_MODEL_LIMITS,
  postedWindowStart,
  toIsoDate,
  type Facets,
  type FilterGroup,
  type JobSort,
  type TopFacets,
} from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import {
  parseText,
  type MatchCounts,
  type PageBoundary,
  type PageOfMatches,
  type PagePosition,
  type Near,
  type SearchCriteria,
  type TextQuery,
} from './search.repository.js';
import { regionsMatched } from '../jobs/places.js';
import { TIER, titleHolds } from './relevance.js';
import { alternativesOf } from './synonyms.js';
import { completionsIn, skillsIn, vocabularyIn, type CompletionLists } from './search-index-completions.js';
import {
  cityRegionKey,
  countMembers,
  dayOf,
  eachMember,
  firstInOrder,
  firstNewest,
  GROUP_BITS,
  hasBit,
  INDEX_COLUMNS,
  isoOf,
  lowerBound,
  OPTION_KEYS,
  paidMoreThan,
  POSTED_SLOTS,
  PREFIX_SETS_MOST,
  RECENT_MOST,
  slotOf,
  Store,
  TITLE_MATCHES_MOST,
  TITLE_SEPARATOR,
  upperBound,
  type Bits,
  type IndexRow,
  type U32List,
} from './search-index-store.js';

/**
 * Where a search's counts come from: `jobs`, exactly, over at most EXACT_COUNT_LIMIT matches; or a sample of the
 * open jobs, its counts to be scaled up by SAMPLE_RATES: `sample` (one job in 32) or `fine` (one in 4), chosen by a
 * hash of the job's insertion number (job_in_sample, job_in_fine_sample), so the same on every instance.
 */
export type CountSource = 'jobs' | 'sample' | 'fine';
export type SampleSource = Exclude<CountSource, 'jobs'>;

/** One job in this many is in each sample. */
export const SAMPLE_RATES: Record<SampleSource, number> = { sample: 32, fine: 4 };
/** The samples, coarsest first: a search is counted over the first that matches it often enough. */
export const SAMPLE_LEVELS: readonly SampleSource[] = ['sample', 'fine'];
/**
 * A count is estimated from a sample only when this many sampled jobs match: its relative standard error is
 * then at most 1/sqrt(1,000), 3.2%, so an estimate is within 10% of the exact figure (3 standard errors).
 */
export const SAMPLE_HITS_FOR_ESTIMATE = 1_000;
/**
 * The most matches an exact count reads. Below SAMPLE_HITS_FOR_ESTIMATE matches in the fine sample there are
 * about 4,000 matches; 6,000 leaves room for the sample's chance, and past it the sample's figure is used after all.
 */
export const EXACT_COUNT_LIMIT = 6_000;

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

/** Why the index cannot answer a search, so the SQL passes do: the text's words were not parsed as plain prefixes. */
export class NotIndexable extends Error {}

/** A text of "what" as the search index matched it. */
interface CompiledText {
  q: string;
  prefixes: readonly string[] | undefined;
  /** The titles containing the text. */
  containing: number[];
  /** The documents with every word anywhere and every symbol as a skill or in the title, or the text as a skill. */
  other: Bits;
}

/** The conditions of a search, worked out once for every document the passes look at. */
interface Compiled {
  /** The documents matching the text (and a skill filter), before the other filters; undefined: every document. */
  candidates: Bits | undefined;
  /** The text as typed and its alternatives (synonyms.ts): each one's matches, for the relevance tiers. */
  texts: CompiledText[];
  /** The documents of each relevance tier but the last (relevance.ts TIER), worked out when a relevance page is ordered. */
  tiers?: Bits[] | undefined;
  today: number;
  /** The job model's filters not already met by every candidate: the pay floor (where, skill and countries narrow the candidates). */
  model: (doc: number) => boolean;
  /** How many tests `model` makes (0: every document passes). */
  modelTests: number;
  /**
   * "Date of posting": each option's first day and bit. A document's option bits are its kept ones (Store.optionBits)
   * with these: worked out inline by the count pass, the one place that needs them.
   */
  posted: readonly [number, number, number, number, number, number];
  /** Open on the day, the model's filters and every chosen group: a match. */
  matches: (doc: number) => boolean;
  /**
   * The candidates that also meet every chosen filter option kept as a set (all but "date of posting"): for the
   * passes that read only the matches. Undefined when no such option is chosen (then the candidates).
   */
  narrowed?: Bits | undefined;
  /** The chosen filter groups: each one's test, its option bits, and the bit of its chosen option (0: not an option). */
  chosen: { group: FilterGroup; test: (doc: number) => boolean; bits: number; chosenBit: number }[];
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
  private readonly masks = new Map<CountSource, { store: Store; version: number; mask: Bits }>();
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

  /** The words of each title, as to_tsvector gives them (title_doc of job_title_counts, the weight A of search_doc). */
  private async titleWords(titles: readonly string[]): Promise<Map<string, string[]>> {
    const words = new Map<string, string[]>();
    for (let i = 0; i < titles.length; i += 5_000) {
      const part = titles.slice(i, i + 5_000);
      const rows = await this.db.query<{ i: number; words: string | null }>(
        `SELECT t.i, array_to_string(tsvector_to_array(to_tsvector('english', t.title)), ' ') AS words
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

  /** The documents featured on `today` (refreshFeatured), as a set. */
  private featuredBits(store: Store, today: number): Bits {
    const bits = new Uint32Array(store.alive.length);
    for (const [seq, day] of this.featuredDays) {
      const doc = store.docOf.get(seq);
      if (doc !== undefined && day >= today) bits[doc >>> 5]! |= 1 << (doc & 31);
    }
    return bits;
  }

  /** How many open jobs each sample holds (sampleCanEstimate). */
  sampleSize(source: Exclude<CountSource, 'jobs'>): number {
    const mask = this.maskOf(this.need(), source);
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

  // ---- The text -------------------------------------------------------------------------------------------------

  /** The documents whose words begin with every prefix (search_doc @@ 'a':* & 'b':*). */
  private wordBits(store: Store, prefixes: readonly string[]): Bits {
    const words = store.alive.length;
    let result: Bits | undefined;
    for (const prefix of prefixes) {
      const bits = this.prefixBits(store, prefix);
      if (!result) result = bits;
      else for (let w = 0; w < words; w += 1) result[w]! &= bits[w]!;
    }
    return result ?? new Uint32Array(words);
  }

  /** The documents with a word beginning `prefix`, as a set of their own (the caller may change it). */
  private prefixBits(store: Store, prefix: string): Bits {
    const kept = store.prefixSets.get(prefix);
    if (kept) return kept.slice();
    const bits = new Uint32Array(store.alive.length);
    const sorted = store.lexemesInOrder();
    let postings = 0;
    for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i += 1) {
      const list = store.lexemes.get(sorted[i]!);
      postings += list?.length ?? 0;
      const dense = store.denseLexemes.get(sorted[i]!);
      if (dense) for (let w = 0; w < bits.length; w += 1) bits[w]! |= dense[w]!;
      else store.bitsOf(list, bits);
    }
    // Broad: as many entries as there are documents. Kept, so the next search for it ORs nothing.
    if (postings >= store.count && store.prefixSets.size < PREFIX_SETS_MOST) store.prefixSets.set(prefix, bits.slice());
    return bits;
  }

  /** The titles containing `text` (lower(job_title) LIKE '%text%'): kept per text, and looked for in the titles added since. */
  private titlesContaining(store: Store, text: string): number[] {
    const lower = text.toLowerCase();
    const values = store.titles.values;
    const kept = store.titleMatches.get(lower) ?? { titles: [], upTo: 0 };
    if (kept.upTo < values.length) {
      if (kept.upTo > 0 || lower.includes(TITLE_SEPARATOR)) {
        for (let t = kept.upTo; t < values.length; t += 1) if (values[t]!.includes(lower)) kept.titles.push(t);
      } else {
        // One native search through every title at once, each hit placed in its title by the titles' starts.
        const { joined, starts } = store.joinedTitles();
        for (let at = joined.indexOf(lower); at >= 0;) {
          const title = upperBound(starts, at) - 1;
          kept.titles.push(title);
          const next = title + 1 < starts.length ? starts[title + 1]! : joined.length;
          at = joined.indexOf(lower, next);
        }
      }
      kept.upTo = values.length;
    }
    store.titleMatches.delete(lower);
    store.titleMatches.set(lower, kept);
    if (store.titleMatches.size > TITLE_MATCHES_MOST)
      store.titleMatches.delete(store.titleMatches.keys().next().value!);
    return kept.titles;
  }

  private titleBits(store: Store, titles: readonly number[], into: Bits): Bits {
    for (const title of titles) store.bitsOf(store.byTitle[title], into);
    return into;
  }

  private skillBits(store: Store, key: string, into: Bits): Bits {
    const id = store.skillKeys.find(key);
    if (id !== undefined) store.bitsOf(store.bySkill[id], into);
    return into;
  }

  /**
   * The matches of a text of "what" as typed (exactTextCondition): the title contains it, or every word anywhere
   * and every symbol as a skill or in the title, or the whole text as a skill.
   */
  private textMatches(store: Store, q: string, prefixes: readonly string[] | undefined): CompiledText {
    const words = store.alive.length;
    const text = parseText(q);
    const parts: Bits[] = [];
    if (text.words) {
      if (!prefixes) throw new NotIndexable('the text was not parsed as plain prefixes');
      parts.push(prefixes.length ? this.wordBits(store, prefixes) : new Uint32Array(words));
    }
    for (const symbol of text.symbols) {
      const bits = this.skillBits(store, symbol, new Uint32Array(words));
      parts.push(this.titleBits(store, this.titlesContaining(store, symbol), bits));
    }
    const other = parts[0] ?? new Uint32Array(words);
    for (const part of parts.slice(1)) for (let w = 0; w < words; w += 1) other[w]! &= part[w]!;
    this.skillBits(store, text.skill, other);
    return { q, prefixes, containing: this.titlesContaining(store, q), other };
  }

  /** Adds a text's matches to `into`. */
  private addMatches(store: Store, text: CompiledText, into: Bits): void {
    for (let w = 0; w < into.length; w += 1) into[w]! |= text.other[w]!;
    this.titleBits(store, text.containing, into);
  }

  /** The titles with every word of the text beginning one of their words and every symbol inside (titleStems). */
  private titlesWithWords(store: Store, text: TextQuery, prefixes: readonly string[] | undefined): number[] {
    let worded: number[] | undefined;
    if (text.words) {
      for (const prefix of prefixes ?? []) {
        const having = store.titlesWithWordsBeginning(prefix);
        worded = worded ? worded.filter((t) => having.has(t)) : [...having];
      }
      worded ??= [];
    } else if (text.symbols.length) {
      worded = this.titlesContaining(store, text.symbols[0]!);
    }
    const values = store.titles.values;
    return (worded ?? []).filter((t) => text.symbols.every((symbol) => values[t]!.includes(symbol)));
  }

  /** The documents of each relevance tier (relevance.ts), but the corrected matches: the rest of the candidates. */
  private relevanceTiers(store: Store, compiled: Compiled): Bits[] {
    const words = store.alive.length;
    const tiers = Array.from({ length: TIER.corrected }, () => new Uint32Array(words));
    const titles: number[][] = tiers.map(() => []);
    for (const { q, prefixes, containing, other } of compiled.texts) {
      const text = parseText(q);
      const worded = this.titlesWithWords(store, text, prefixes);
      const stems = new Set(worded);
      for (const title of new Set([...worded, ...containing])) {
        const held = titleHolds(store.titleKeys(title), text.keys);
        titles[held ?? (stems.has(title) ? TIER.titleStems : TIER.titleText)]!.push(title);
      }
      this.skillBits(store, text.skill, tiers[TIER.skill]!);
      const rest = tiers[TIER.words]!;
      for (let w = 0; w < words; w += 1) rest[w]! |= other[w]!;
    }
    titles.forEach((list, tier) => this.titleBits(store, list, tiers[tier]!));
    return tiers;
  }

  // ---- The filters ----------------------------------------------------------------------------------------------

  private compile(criteria: SearchCriteria, now: Date): Compiled {
    const store = this.need();
    const s = store.strings;
    const words = store.alive.length;
    const prefixesOf = (text: string) => criteria.textLists?.get(text)?.prefixes;
    let candidates: Bits | undefined;
    let texts: CompiledText[] = [];
    if (criteria.q) {
      texts = [criteria.q, ...alternativesOf(criteria.q)].map((q) => this.textMatches(store, q, prefixesOf(q)));
      const matches = new Uint32Array(words);
      for (const text of texts) this.addMatches(store, text, matches);
      if (criteria.correctedQ) {
        this.addMatches(store, this.textMatches(store, criteria.correctedQ, prefixesOf(criteria.correctedQ)), matches);
      }
      candidates = matches;
    }
    if (criteria.skill) {
      const skill = this.skillBits(store, criteria.skill, new Uint32Array(words));
      if (candidates) for (let w = 0; w < words; w += 1) candidates[w]! &= skill[w]!;
      else candidates = skill;
    }
    if (criteria.featured) {
      const featured = this.featuredBits(store, dayOf(toIsoDate(now)));
      if (candidates) for (let w = 0; w < words; w += 1) candidates[w]! &= featured[w]!;
      else candidates = featured;
    }

    const id = (value: string) => s.find(value) ?? -1;
    // The job model's equalities hold for every pass: their jobs' sets narrow the candidates at once.
    const within = (...lists: (U32List | undefined)[]) => {
      const set = new Uint32Array(words);
      for (const list of lists) store.bitsOf(list, set);
      if (candidates) for (let w = 0; w < words; w += 1) candidates[w]! &= set[w]!;
      else candidates = set;
    };
    const remoteSet = () => {
      const slot = slotOf('workplace', 'remote');
      const set = store.optionSets[slot]!;
      candidates = candidates ? candidates.map((word, w) => word & set[w]!) : set.slice();
    };
    const where = criteria.where;
    if (where && 'remote' in where) remoteSet();
    else if (where && 'city' in where) {
      const city = s.find(where.city.toLowerCase());
      within(city === undefined ? undefined : store.byCityKey[city]);
      const country = where.country === undefined ? undefined : s.find(where.country);
      if (where.country !== undefined) within(country === undefined ? undefined : store.byCountry[country]);
      // "Springfield, IL": the city's jobs in that region only (and those naming none, where that is its default).
      const regions = regionsMatched(where);
      if (regions)
        within(
          ...(city === undefined || country === undefined
            ? []
            : regions.map((r) => store.byCityRegion.get(cityRegionKey(city, country, r)))),
        );
    } else if (where) {
      const country = s.find(where.country);
      within(country === undefined ? undefined : store.byCountry[country]);
    }
    if (criteria.near) {
      const near = this.nearBits(store, criteria.near);
      candidates = candidates ? candidates.map((word, w) => word & near[w]!) : near;
    }
    if (criteria.country) {
      const country = s.find(criteria.country);
      within(country === undefined ? undefined : store.byCountry[country]);
    }
    if (criteria.remoteCountry) {
      // Remote, and open to the country asked for or to every country (none listed).
      remoteSet();
      const open = new Uint32Array(words);
      store.bitsOf(store.byRemoteCountry.get(criteria.remoteCountry), open);
      store.bitsOf(store.noRemoteCountries, open);
      for (let w = 0; w < words; w += 1) candidates![w]! &= open[w]!;
    }
    // Every equality above narrowed the candidates, which every pass reads: the pay floor is the one test left.
    const tests: ((doc: number) => boolean)[] = [];
    if (criteria.payMin !== undefined) {
      const least = criteria.payMin;
      tests.push((doc) => store.pay[doc]! >= least);
    }
    const model = (doc: number) => {
      for (const test of tests) if (!test(doc)) return false;
      return true;
    };

    const groupTest = (group: FilterGroup, value: string): ((doc: number) => boolean) => {
      switch (group) {
        case 'location': {
          const key = id(value);
          return (doc) => store.cityKey[doc] === key;
        }
        case 'salaryType': {
          const key = id(value);
          return (doc) => store.salary[doc] === key;
        }
        case 'workplace': {
          const key = id(value);
          return (doc) => store.workplace[doc] === key;
        }
        case 'maxPrice': {
          const most = Number(value);
          return (doc) => store.maxPrice[doc]! <= most;
        }
        case 'posted': {
          const from = dayOf(postedWindowStart(value as '24h' | '7d' | '30d', now));
          return (doc) => store.postingDay[doc]! >= from;
        }
        case 'experience':
        case 'employment': {
          const key = id(value);
          return (doc) => store.experience[doc] === key || store.employment[doc] === key;
        }
      }
    };
    const [p0, p1, p2] = POSTED_SLOTS.map(({ slot, window }) => ({
      bit: 1 << slot,
      from: dayOf(postedWindowStart(window as '24h' | '7d' | '30d', now)),
    }));
    if (!p0 || !p1 || !p2 || POSTED_SLOTS.length !== 3) throw new Error('"date of posting" has three options');
    const posted = [p0.from, p0.bit, p1.from, p1.bit, p2.from, p2.bit] as const;
    const chosen = FILTER_GROUP_NAMES.filter((group) => criteria[group]).map((group) => {
      const slot = slotOf(group, criteria[group]!);
      return {
        group,
        test: groupTest(group, criteria[group]!),
        bits: GROUP_BITS[group],
        chosenBit: slot >= 0 ? 1 << slot : 0,
      };
    });
    let narrowed: Bits | undefined;
    for (const { group, chosenBit } of chosen) {
      if (!chosenBit || group === 'posted') continue;
      const set = store.optionSets[31 - Math.clz32(chosenBit)]!;
      const from = narrowed ?? candidates ?? store.alive;
      const next = new Uint32Array(words);
      for (let w = 0; w < words; w += 1) next[w] = from[w]! & set[w]!;
      narrowed = next;
    }
    const today = dayOf(toIsoDate(now));
    const matches = (doc: number) => {
      if (store.validDay[doc]! < today || !model(doc)) return false;
      for (const { test } of chosen) if (!test(doc)) return false;
      return true;
    };
    return {
      candidates,
      narrowed,
      texts,
      today,
      model,
      modelTests: tests.length,
      matches,
      posted,
      chosen,
    };
  }

  /** The jobs in a set of places (and the remote jobs open to `remoteOpenTo`), as a set. */
  private nearBits(store: Store, near: Near): Bits {
    const s = store.strings;
    const bits = new Uint32Array(store.alive.length);
    for (const place of near.places) {
      const city = s.find(place.city);
      const country = s.find(place.country);
      if (city === undefined || country === undefined) continue;
      if (place.regions) {
        for (const region of place.regions)
          store.bitsOf(store.byCityRegion.get(cityRegionKey(city, country, region)), bits);
        continue;
      }
      // Every region: the city's jobs in this country, of all the places with its name.
      const id = store.places.find(`${city} ${country}`);
      const list = store.byCityKey[city];
      if (id === undefined || !list) continue;
      for (let i = 0; i < list.length; i += 1) {
        const doc = list.data[i]!;
        if (store.place[doc] === id) bits[doc >>> 5]! |= 1 << (doc & 31);
      }
    }
    if (near.remoteOpenTo) {
      const remote = store.optionSets[slotOf('workplace', 'remote')]!;
      const open = new Uint32Array(bits.length);
      store.bitsOf(store.byRemoteCountry.get(near.remoteOpenTo), open);
      store.bitsOf(store.noRemoteCountries, open);
      for (let w = 0; w < bits.length; w += 1) bits[w]! |= remote[w]! & open[w]!;
    }
    return bits;
  }

  // ---- The passes -----------------------------------------------------------------------------------------------

  /** The compiled conditions of the search being answered (its passes come one after another, same criteria). */
  private compiledFor(criteria: SearchCriteria, now: Date): Compiled {
    const store = this.need();
    const last = this.lastCompiled;
    if (last && last.criteria === criteria && last.now === now.getTime() && last.store === store) return last.compiled;
    const compiled = this.compile(criteria, now);
    this.lastCompiled = { criteria, now: now.getTime(), store, compiled };
    return compiled;
  }

  /** The sample a pass reads (its documents alive), or every alive document: kept until a document is added or killed. */
  private maskOf(store: Store, source: CountSource): Bits {
    const sample = source === 'sample' ? store.coarse : source === 'fine' ? store.fine : undefined;
    if (!sample) return store.alive;
    const kept = this.masks.get(source);
    if (kept?.store === store && kept.version === store.version) return kept.mask;
    const mask = new Uint32Array(store.alive.length);
    for (let w = 0; w < mask.length; w += 1) mask[w] = sample[w]! & store.alive[w]!;
    this.masks.set(source, { store, version: store.version, mask });
    return mask;
  }

  /**
   * What countMatchesAndFacets's pass finds (search.repository.ts), from memory: the total, every option's count,
   * `base` (the matches before the filter groups, at most `limit` of the jobs' read), the top places and skills, and
   * the page asked for. With `groupsInBase`, the groups are part of what is read, as there.
   */
  async countMatchesAndFacets(
    criteria: SearchCriteria,
    now: Date,
    source: CountSource = 'jobs',
    limit = Number.POSITIVE_INFINITY,
    { groupsInBase = false, page }: { groupsInBase?: boolean; page?: PageOfMatches | undefined } = {},
  ): Promise<MatchCounts> {
    const store = this.need();
    const compiled = this.compiledFor(criteria, now);
    // Reading only the matches (the groups part of what is read), the chosen options' sets narrow it at once.
    const bits = (groupsInBase ? compiled.narrowed : undefined) ?? compiled.candidates ?? store.alive;
    const mask = this.maskOf(store, source);
    const facetCounts = new Int32Array(OPTION_KEYS.length);
    const placeCounts = new Int32Array(store.places.values.length);
    // The first spelling of a place's city in code point order among the matches (min(city)), for places spelt several ways.
    const spelling = new Map<number, number>();
    const skillCounts = new Int32Array(store.skillKeys.values.length);
    const chosenDocs: number[] = [];
    const chosen = compiled.chosen;
    let base = 0;
    let total = 0;
    const cap = source === 'jobs' ? limit : Number.POSITIVE_INFINITY;
    const noCity = store.strings.find('');
    const { today, model, modelTests, posted } = compiled;
    const { validDay, city, place, skillStart, placeCities, optionBits, postingDay } = store;
    const skills = store.skills.data;
    const strings = store.strings.values;
    const [from0, bit0, from1, bit1, from2, bit2] = posted;
    // Each option's count kept bit-sliced: plane k holds bit k of every option's count, so adding a document's
    // options is a binary addition of one word (about two steps) rather than a step per option it meets.
    const planes = new Int32Array(32);
    const count = (options: number) => {
      for (let k = 0; options !== 0; k += 1) {
        const carry = planes[k]! & options;
        planes[k]! ^= options;
        options = carry;
      }
    };
    scan: for (let w = 0; w < bits.length; w += 1) {
      let word = bits[w]! & mask[w]!;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        const doc = (w << 5) | (31 - Math.clz32(low));
        if (validDay[doc]! < today || (modelTests && !model(doc))) continue;
        const day = postingDay[doc]!;
        const options =
          optionBits[doc]! | (day >= from0 ? bit0 : 0) | (day >= from1 ? bit1 : 0) | (day >= from2 ? bit2 : 0);
        // The chosen groups this document fails (an option's bit, or a value outside the options tested).
        let failedBits = 0;
        let failures = 0;
        for (let g = 0; g < chosen.length; g += 1) {
          const group = chosen[g]!;
          if (group.chosenBit ? (options & group.chosenBit) === 0 : !group.test(doc)) {
            failures += 1;
            failedBits = group.bits;
          }
        }
        if (groupsInBase && failures > 0) continue;
        if (base >= cap) break scan;
        base += 1;
        if (failures > 1) continue;
        // An option counts the documents meeting every chosen group but its own.
        if (failures === 1) {
          count(options & failedBits);
          continue;
        }
        count(options);
        total += 1;
        if (page) chosenDocs.push(doc);
        if (city[doc] !== noCity) {
          const p = place[doc]!;
          placeCounts[p]! += 1;
          if (placeCities[p]!.length > 1) {
            const first = spelling.get(p);
            if (first === undefined || strings[city[doc]!]! < strings[first]!) spelling.set(p, city[doc]!);
          }
        }
        for (let k = skillStart[doc]!; k < skillStart[doc + 1]!; k += 1) skillCounts[skills[k]!]! += 1;
      }
    }
    for (let k = 0; k < planes.length; k += 1) {
      for (let plane = planes[k]!; plane !== 0;) {
        const low = plane & -plane;
        plane ^= low;
        facetCounts[31 - Math.clz32(low)]! += 2 ** k;
      }
    }
    const facets = Object.fromEntries(FILTER_GROUP_NAMES.map((g) => [g, {}])) as Facets;
    OPTION_KEYS.forEach(([group, value], o) => {
      facets[group][value] = facetCounts[o]!;
    });
    // With the groups read, `total` is what was read (the facets mean nothing then, as in the SQL pass).
    const top = this.topLists(store, placeCounts, spelling, skillCounts);
    const counts: MatchCounts = { total: groupsInBase ? base : total, facets, base, top };
    if (page) {
      counts.pageSeqs = this.ordered(store, compiled, chosenDocs, page.sort, page.offset, page.size).map((doc) =>
        String(store.seq[doc]),
      );
    }
    return counts;
  }

  private topLists(
    store: Store,
    placeCounts: Int32Array,
    spelling: Map<number, number>,
    skillCounts: Int32Array,
  ): TopFacets {
    const top = JOB_MODEL_LIMITS.topFacetValues;
    const name = (id: number) => store.strings.values[id]!;
    // The `top` most counted, ties by name: a kept list of `top`, each counted id compared with its last.
    const mostCounted = (counts: Int32Array, nameOf: (id: number) => string) => {
      const kept: { id: number; count: number; name: string }[] = [];
      const before = (a: { count: number; name: string }, b: { count: number; name: string }) =>
        a.count > b.count || (a.count === b.count && a.name < b.name);
      for (let id = 0; id < counts.length; id += 1) {
        const count = counts[id]!;
        if (count === 0) continue;
        const last = kept[kept.length - 1];
        if (kept.length === top && last && count < last.count) continue;
        const entry = { id, count, name: nameOf(id) };
        if (kept.length === top && last && !before(entry, last)) continue;
        let at = kept.length;
        while (at > 0 && before(entry, kept[at - 1]!)) at -= 1;
        kept.splice(at, 0, entry);
        if (kept.length > top) kept.pop();
      }
      return kept;
    };
    const topPlaces = mostCounted(placeCounts, (p) => name(spelling.get(p) ?? store.placeCities[p]![0]!)).map(
      ({ id, count, name: city }) => ({
        city,
        country: name(Number(store.places.values[id]!.split(' ')[1])),
        count,
      }),
    );
    const topSkills = mostCounted(skillCounts, (id) => store.skillKeys.values[id]!);
    return {
      places: topPlaces,
      skills: topSkills.map((s) => {
        const label = store.skillLabels[s.id] ?? s.name;
        return { value: label, label, count: s.count };
      }),
    };
  }

  /** How many of a sample's documents match every filter (countSampleMatches). */
  countSampleMatches(criteria: SearchCriteria, now: Date, source: Exclude<CountSource, 'jobs'>): number {
    const store = this.need();
    const compiled = this.compiledFor(criteria, now);
    let n = 0;
    eachMember(compiled.narrowed ?? compiled.candidates ?? store.alive, this.maskOf(store, source), (doc) => {
      if (compiled.matches(doc)) n += 1;
    });
    return n;
  }

  /**
   * The search's page of matches (any number of them) in its order, as findJobPage gives it, with the row before
   * it in newest order when pages are skipped. Few candidates are gathered and ordered; many are walked for in the
   * page's order (Store.walk), which meets the page's matches after about (jobs x page end / matches) documents.
   */
  pageOf(criteria: SearchCriteria, position: PagePosition, now: Date): { seqs: string[]; previous?: PageBoundary } {
    const store = this.need();
    const compiled = this.compiledFor(criteria, now);
    const size = position.size ?? HOME_PAGE_SIZE;
    const sort = criteria.sort ?? 'newest';
    const after = sort !== 'pay' ? position.after : undefined;
    const afterDay = after ? dayOf(after.postingDate) : 0;
    const afterSeq = after ? Number(after.seq) : 0;
    const withPrevious = sort === 'newest' && position.skipPages > 0;
    const offset = position.skipPages * size - (withPrevious ? 1 : 0);
    const wanted = size + (withPrevious ? 1 : 0);
    const candidates = compiled.narrowed ?? compiled.candidates ?? store.alive;
    const beyond = (doc: number) =>
      after !== undefined &&
      (store.postingDay[doc]! > afterDay || (store.postingDay[doc] === afterDay && store.seq[doc]! >= afterSeq));
    let page: number[];
    if (this.gathers(countMembers(candidates, store.alive), offset + wanted, store.count - store.dead)) {
      const docs: number[] = [];
      eachMember(candidates, store.alive, (doc) => {
        if (compiled.matches(doc) && !beyond(doc)) docs.push(doc);
      });
      page = this.ordered(store, compiled, docs, sort, offset, wanted);
    } else {
      page = this.walked(
        store,
        compiled,
        sort,
        offset,
        wanted,
        candidates,
        (doc) => compiled.matches(doc) && !beyond(doc),
      );
    }
    if (!withPrevious) return { seqs: page.map((doc) => String(store.seq[doc])) };
    const [before, ...rest] = page;
    return {
      seqs: rest.map((doc) => String(store.seq[doc])),
      ...(before !== undefined
        ? { previous: { postingDate: isoOf(store.postingDay[before]!), seq: String(store.seq[before]) } }
        : {}),
    };
  }

  /** The page of matches `page` asks for, when there are fewer than `limit` of them (findPageOfFewMatches). */
  pageOfFewMatches(criteria: SearchCriteria, now: Date, page: PageOfMatches, limit: number): string[] | undefined {
    const store = this.need();
    const compiled = this.compiledFor(criteria, now);
    const docs: number[] = [];
    eachMember(compiled.narrowed ?? compiled.candidates ?? store.alive, store.alive, (doc) => {
      if (compiled.matches(doc)) docs.push(doc);
      return docs.length < limit;
    });
    if (docs.length >= limit) return undefined;
    return this.ordered(store, compiled, docs, page.sort, page.offset, page.size).map((doc) => String(store.seq[doc]));
  }

  /** The relevance tier of a candidate (relevance.ts TIER): the first tier holding it, else a corrected match. */
  private tierOf(store: Store, compiled: Compiled): (doc: number) => number {
    if (!compiled.texts.length) return () => 0;
    const tiers = (compiled.tiers ??= this.relevanceTiers(store, compiled));
    return (doc) => {
      for (let tier = 0; tier < tiers.length; tier += 1) if (hasBit(tiers[tier]!, doc)) return tier;
      return TIER.corrected;
    };
  }

  /**
   * `count` of `docs` from `offset` in the page's order: newest (posting date, then seq, descending), pay (highest
   * yearly pay first, unknown last, then seq), or relevance (the tiers, each newest first). A bounded heap keeps the
   * best offset + count while the documents go by.
   */
  private ordered(
    store: Store,
    compiled: Compiled,
    docs: number[],
    sort: JobSort,
    offset: number,
    count: number,
  ): number[] {
    if (sort === 'pay') return firstInOrder(docs, paidMoreThan(store), offset, count);
    return firstNewest(store, docs, sort === 'relevance' ? this.tierOf(store, compiled) : undefined, offset, count);
  }

  /**
   * `count` matches from `offset` in the page's order, walked for along the kept orders (Store.walk). A relevance
   * tier with few candidates is gathered and ordered instead: a walk for the title matches of a typo, which has
   * none, would go through every job.
   */
  private walked(
    store: Store,
    compiled: Compiled,
    sort: JobSort,
    offset: number,
    count: number,
    pool: Bits,
    match: (doc: number) => boolean,
  ): number[] {
    const tiers = sort === 'relevance' ? this.tierSets(store, compiled, pool) : [pool];
    const alive = store.count - store.dead;
    const page: number[] = [];
    // Each tier in the page's order: how many matches the tiers already passed hold decides where the page starts in the next.
    let before = 0;
    for (const tier of tiers) {
      if (page.length >= count) break;
      const from = Math.max(0, offset - before);
      const wanted = count - page.length;
      const candidates = countMembers(tier, store.alive);
      const gather = () => {
        const docs: number[] = [];
        eachMember(tier, store.alive, (doc) => {
          if (match(doc)) docs.push(doc);
        });
        page.push(...this.ordered(store, compiled, docs, sort === 'pay' ? 'pay' : 'newest', from, wanted));
        before += docs.length;
      };
      if (this.gathers(candidates, from + wanted, alive)) {
        gather();
        continue;
      }
      // The walk passes about (open jobs x page end / candidates) jobs; past a few times that (the matches bunched at
      // the far end of the order, or a keyset page's matches newer than its boundary), a tier of few enough
      // candidates is gathered after all. A larger one is walked to the end: gathering it would cost more.
      const budget =
        this.gatherMost === GATHER_MOST && candidates <= GATHER_MOST
          ? 4 * Math.ceil((alive * (from + wanted)) / Math.max(1, candidates)) + 1_000
          : Number.POSITIVE_INFINITY;
      const found: number[] = [];
      let seen = 0;
      let steps = 0;
      store.walk(sort === 'pay' ? 'pay' : 'newest', (doc) => {
        steps += 1;
        if (!hasBit(tier, doc) || !match(doc)) return steps < budget;
        if (seen++ >= from) found.push(doc);
        return found.length < wanted && steps < budget;
      });
      if (found.length < wanted && steps >= budget) {
        gather();
        continue;
      }
      page.push(...found);
      before += seen;
    }
    return page;
  }

  /**
   * Whether a page of `candidates` ending at `end` is gathered (every match read and ordered) rather than walked for
   * along its order, which passes about (open jobs x end / candidates) jobs: gathering costs about three times as much
   * per match as the walk per job it passes, so few candidates, or a deep page, are gathered. `gatherMost` set by a
   * test decides alone.
   */
  private gathers(candidates: number, end: number, alive: number): boolean {
    if (this.gatherMost !== GATHER_MOST) return candidates <= this.gatherMost;
    return candidates <= GATHER_MOST && 3 * candidates * candidates <= end * alive;
  }

  /** The candidates of each relevance tier (tierOf), as sets: each one's candidates not in a tier before it. */
  private tierSets(store: Store, compiled: Compiled, pool: Bits): Bits[] {
    if (!compiled.texts.length) return [pool];
    const tiers = (compiled.tiers ??= this.relevanceTiers(store, compiled));
    const placed = new Uint32Array(pool.length);
    const sets: Bits[] = [];
    for (const tier of [...tiers, undefined]) {
      const set = new Uint32Array(pool.length);
      for (let w = 0; w < pool.length; w += 1) {
        set[w] = pool[w]! & (tier ? tier[w]! : ~0) & ~placed[w]!;
        if (tier) placed[w]! |= tier[w]!;
      }
      sets.push(set);
    }
    return sets;
  }
}

/** Above this many candidates a page is always walked for in its order rather than gathered and ordered (`gathers`). */
const GATHER_MOST = 20_000;

/** Deletes the changes older than `before` (housekeeping): the number deleted. */
export async function deleteJobChangesBefore(db: Queryable, before: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'WITH gone AS (DELETE FROM job_changes WHERE changed_at < $1 RETURNING 1) SELECT count(*)::int AS n FROM gone',
    [before.toISOString()],
  );
  return Number(rows[0]?.n ?? 0);
}
