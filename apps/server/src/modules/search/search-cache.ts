import type { Facets, TopFacets } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { EXACT_COUNT_LIMIT, type SearchIndex } from './search-index.js';
import type { PageBoundary } from './search.repository.js';
import { findTextPrefixes, type TextLists } from './text-prefixes.js';
import { Vocabulary } from './spelling.js';

export interface Counts {
  total: number;
  facets: Facets;
  topFacets: TopFacets;
  totalIsEstimate: boolean;
  facetsAreEstimates: boolean;
  /** Whether the counts came from one pass over every match of the search (few matches, counted exactly). */
  everyMatchRead?: boolean;
}

export interface Entry {
  at: number;
  /** How long it may be reused: shorter when made just after a change (see SearchCache's settleMs). */
  ttlMs: number;
  counts?: Counts;
  /** Page number -> the sort key of that page's last row, learnt as pages are read. */
  boundaries: Map<number, PageBoundary>;
  /** A search with few matches: their seqs in the page's order from the first, all of them when `complete`. */
  ordered?: { seqs: string[]; complete: boolean };
}

/**
 * What a search learns that stays true until the jobs change: the total and facet counts (a pass over every
 * matching row, the expensive part, the same for every page) and where each page read so far ends (so the next
 * page is a keyset scan, not a growing OFFSET). Entries are per (day, criteria), dropped on every job write in
 * this process, and kept at most `ttlMs`, which bounds staleness when several instances share a database.
 */
export class SearchCache {
  private readonly entries = new Map<string, Entry>();
  /** Each text's words as stemmed (findTextPrefixes): they depend on the text alone, so they are kept across changes. */
  private readonly prefixes = new Map<string, TextLists>();
  /** This instance's search index (decision record 36): searches use it once it is loaded. */
  index: SearchIndex | undefined;
  /**
   * Count every match, never a sample: the index then gives exactly the reference's answers (the tests comparing
   * the two). Off in the product: past EXACT_COUNT_LIMIT matches a sample's estimate is as good and far cheaper.
   */
  exact = false;
  /** The words misspelt search words are corrected to. */
  readonly vocabulary: Vocabulary;
  /** When the jobs last changed, as this process heard (ms since the epoch). */
  private changedAt = Number.NEGATIVE_INFINITY;
  /**
   * How many job changes this process was told of (invalidate): what else is made from jobs (rendered pages)
   * compares it. Not counted again when the search index applies the same changes.
   */
  changes = 0;
  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
    private readonly maxBoundariesPerEntry = 2_000,
    /**
     * With read replicas, how far behind one may be (REPLICA_MAX_LAG_MS): an entry made this soon after a change
     * may hold a replica's view from before it, so it lives only this long. 0 without replicas.
     */
    readonly settleMs = 0,
    /**
     * A search with at most this many matches (an exact total) has its pages gathered from its matches rather
     * than walked for (pageAndCounts). 0 always walks, keyset pages and all (tests of the walk).
     */
    readonly fewMatches = EXACT_COUNT_LIMIT,
  ) {
    this.vocabulary = new Vocabulary(settleMs, () => this.index);
  }

  entry(key: string, now: number): Entry {
    const existing = this.entries.get(key);
    if (existing && now - existing.at < existing.ttlMs) return existing;
    if (existing) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const settling = now - this.changedAt < this.settleMs;
    const created: Entry = {
      at: now,
      ttlMs: settling ? Math.min(this.settleMs, this.ttlMs) : this.ttlMs,
      boundaries: new Map(),
    };
    this.entries.set(key, created);
    return created;
  }

  /** The nearest known boundary before `page`, and how many pages lie between it and `page`. */
  static position(entry: Entry, page: number): { after?: PageBoundary; skipPages: number } {
    for (let known = page - 1; known >= 1; known -= 1) {
      const after = entry.boundaries.get(known);
      if (after) return { after, skipPages: page - 1 - known };
    }
    return { skipPages: page - 1 };
  }

  remember(entry: Entry, page: number, boundary: PageBoundary): void {
    if (entry.boundaries.size < this.maxBoundariesPerEntry) entry.boundaries.set(page, boundary);
  }

  /** The words of each text as stemmed in each job language, for the search index. */
  async prefixesOf(reader: Queryable, texts: (string | undefined)[]): Promise<Map<string, TextLists>> {
    const wanted = [...new Set(texts.filter((t): t is string => Boolean(t)))];
    const missing = wanted.filter((text) => !this.prefixes.has(text));
    if (missing.length) {
      const read = await findTextPrefixes(reader, missing);
      if (this.prefixes.size + missing.length > this.maxEntries) this.prefixes.clear();
      for (const text of missing) this.prefixes.set(text, read.get(text) ?? {});
    }
    return new Map(wanted.map((text) => [text, this.prefixes.get(text) ?? {}]));
  }

  /** Called on every job create, update and delete, and on account deletion. */
  invalidate(now = Date.now()): void {
    // The search index needs no telling: it reads the changes before every search.
    this.changes += 1;
    this.forgetAnswers(now);
  }

  /**
   * Drops what was learnt from the jobs as they were: also called by the search index whenever it applied changes
   * from job_changes, announced or not (a lost LISTEN connection, a write on another instance).
   */
  forgetAnswers(now = Date.now()): void {
    this.changedAt = now;
    this.vocabulary.changed(now);
    this.entries.clear();
  }
}
