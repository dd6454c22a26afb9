import {
  FILTER_GROUP_NAMES,
  MESSAGES,
  HOME_PAGE_SIZE,
  toIsoDate,
  type Facets,
  type Job,
  type SearchQuery,
  type SearchResult,
  type TopFacets,
} from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { LOCKS, unlessRunningElsewhere } from '../../db/exclusive.js';
import { AppError } from '../../http/errors.js';
import { expireJobs, toJob } from './jobs.repository.js';
import { parseWhere } from './places.js';
import { Vocabulary } from './spelling.js';
import {
  compactFacetCounts,
  countMatches,
  countMatchesAndFacets,
  countsArePrecomputed,
  EXACT_COUNT_LIMIT,
  findJobPage,
  findTitleKeys,
  findTopFacets,
  SAMPLE_HITS_FOR_ESTIMATE,
  SAMPLE_RATE,
  type MatchCounts,
  type PageBoundary,
  type SearchCriteria,
} from './search.repository.js';

interface Counts {
  total: number;
  facets: Facets;
  topFacets: TopFacets;
  totalIsEstimate: boolean;
  facetsAreEstimates: boolean;
}

interface Entry {
  at: number;
  /** How long it may be reused: shorter when made just after a change (see SearchCache's settleMs). */
  ttlMs: number;
  counts?: Counts;
  /** Page number -> the sort key of that page's last row, learnt as pages are read. */
  boundaries: Map<number, PageBoundary>;
}

/**
 * What a search learns that stays true until the jobs change: the total and facet counts (a pass over every
 * matching row, the expensive part, the same for every page) and where each page read so far ends (so the next
 * page is a keyset scan, not a growing OFFSET). Entries are per (day, criteria), dropped on every job write in
 * this process, and kept at most `ttlMs`, which bounds staleness when several instances share a database.
 */
export class SearchCache {
  private readonly entries = new Map<string, Entry>();
  /** The day the precomputed counts were last compacted by this process. */
  compactedOn = '';
  /** When this process last marked jobs past their closing date as expired (ms since the epoch). */
  expiredAt = 0;
  /** The words misspelt search words are corrected to. */
  readonly vocabulary: Vocabulary;
  /** When the jobs last changed, as this process heard (ms since the epoch). */
  private changedAt = Number.NEGATIVE_INFINITY;
  /** Whether job_sample has enough rows to give an estimate, and when that was last read (ms since the epoch). */
  private sampleLargeEnough = false;
  private sampleCheckedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
    private readonly maxBoundariesPerEntry = 2_000,
    /**
     * With read replicas, how far behind one may be (REPLICA_MAX_LAG_MS): an entry made this soon after a change
     * may hold a replica's view from before it, so it lives only this long. 0 without replicas.
     */
    private readonly settleMs = 0,
  ) {
    this.vocabulary = new Vocabulary(settleMs);
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
    const created: Entry = { at: now, ttlMs: settling ? Math.min(this.settleMs, this.ttlMs) : this.ttlMs, boundaries: new Map() };
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

  /** Whether the sample can reach SAMPLE_HITS_FOR_ESTIMATE matches at all, read at most once a minute. */
  async sampleCanEstimate(reader: Queryable, now: number): Promise<boolean> {
    if (now - this.sampleCheckedAt >= SAMPLE_SIZE_RECHECK_MS) {
      const rows = await reader.query<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM job_sample LIMIT ${SAMPLE_HITS_FOR_ESTIMATE}) s`);
      this.sampleLargeEnough = Number(rows[0]?.n ?? 0) >= SAMPLE_HITS_FOR_ESTIMATE;
      this.sampleCheckedAt = now;
    }
    return this.sampleLargeEnough;
  }

  /** Called on every job create, update and delete, and on account deletion. */
  invalidate(now = Date.now()): void {
    this.changedAt = now;
    this.vocabulary.changed(now);
    this.entries.clear();
  }
}

/** How often a process reads again whether its sample is large enough to estimate from. */
const SAMPLE_SIZE_RECHECK_MS = 60_000;

/** How often a process marks jobs past their closing date as expired, off the request's path. */
const EXPIRY_SWEEP_MS = 60_000;

/** The query as the repository reads it: "where" parsed, the order chosen (relevance only with text). */
export function toCriteria(query: Omit<SearchQuery, 'page'>): SearchCriteria {
  const { where, sort, ...rest } = query;
  const parsed = where ? parseWhere(where) : undefined;
  const chosen = sort === 'relevance' && !rest.q ? 'newest' : (sort ?? (rest.q ? 'relevance' : 'newest'));
  return { ...rest, where: parsed, sort: chosen };
}

/** PostgreSQL's "canceling statement due to statement timeout": a search that ran past SEARCH_TIMEOUT_MS. */
function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';
}

/** A search, its statements bounded on PostgreSQL (Db.searches): one that runs too long answers 503, not 500. */
export async function searchJobs(db: Db, cache: SearchCache, query: SearchQuery, now: Date = new Date()): Promise<SearchResult> {
  try {
    return await runSearch(db, cache, query, now);
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError('unavailable', MESSAGES.searchTimedOut, { 'retry-after': '5' });
    throw error;
  }
}

/** The query as a search reads it (toCriteria), its misspelt words corrected and its title fragments looked up. */
async function criteriaOf(reader: Queryable, cache: SearchCache, rest: Omit<SearchQuery, 'page'>, now: Date): Promise<SearchCriteria> {
  if (rest.q) await cache.vocabulary.refresh(reader, now.getTime());
  return {
    ...toCriteria(rest),
    correctedQ: rest.q ? cache.vocabulary.correct(rest.q) : undefined,
    titleKeys: await findTitleKeys(reader, rest.q),
  };
}

/**
 * A search's first `limit` matches, newest first unless the query asks for another order (the feeds of
 * modules/feeds): the criteria searchJobs reads, one page walk, no counts and no cache entry.
 */
export async function findSearchMatches(
  db: Db,
  cache: SearchCache,
  query: Omit<SearchQuery, 'page'>,
  limit: number,
  now: Date = new Date(),
): Promise<Job[]> {
  try {
    const reader = db.searches ?? db;
    const criteria = await criteriaOf(reader, cache, { ...query, sort: query.sort ?? 'newest' }, now);
    const { rows } = await findJobPage(reader, criteria, { skipPages: 0, size: limit }, now);
    return rows.map(toJob);
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError('unavailable', MESSAGES.searchTimedOut, { 'retry-after': '5' });
    throw error;
  }
}

async function runSearch(db: Db, cache: SearchCache, query: SearchQuery, now: Date): Promise<SearchResult> {
  const reader = db.searches ?? db;
  const { page, ...rest } = query;
  const criteria = await criteriaOf(reader, cache, rest, now);
  const today = toIsoDate(now);
  if (cache.compactedOn !== today) {
    cache.compactedOn = today;
    // Housekeeping, off the request's path: counts are the same before and after.
    // One instance at a time (the others skip: the work is the same).
    const olderThan = toIsoDate(new Date(now.getTime() - 31 * 86_400_000));
    unlessRunningElsewhere(db.primary ?? db, LOCKS.facetCompaction, (tx) => compactFacetCounts(tx, olderThan)).catch(() => {
      cache.compactedOn = '';
    });
  }
  if (now.getTime() - cache.expiredAt >= EXPIRY_SWEEP_MS) {
    cache.expiredAt = now.getTime();
    // Jobs past their closing date leave the precomputed counts; pages already leave them out by date.
    unlessRunningElsewhere(db.primary ?? db, LOCKS.expirySweep, (tx) => expireJobs(tx)).then(
      (expired) => {
        if (expired !== undefined && expired > 0) cache.invalidate();
      },
      () => {
        cache.expiredAt = 0;
      },
    );
  }
  const entry = cache.entry(searchCacheKey(criteria, today), now.getTime());
  const position = criteria.sort === 'newest' ? SearchCache.position(entry, page) : { skipPages: page - 1 };
  const [{ rows, previous }, counts] = await Promise.all([
    findJobPage(reader, criteria, position, now),
    entry.counts ?? countSearch(reader, cache, criteria, now),
  ]);
  entry.counts = counts;
  if (criteria.sort === 'newest') {
    if (previous) cache.remember(entry, page - 1, previous);
    const last = rows.at(-1);
    if (last && rows.length === HOME_PAGE_SIZE) {
      cache.remember(entry, page, { postingDate: last.posting_date, seq: String(last.seq) });
    }
  }
  return {
    items: rows.map(toJob),
    total: counts.total,
    page,
    pageSize: HOME_PAGE_SIZE,
    facets: counts.facets,
    topFacets: counts.topFacets,
    totalIsEstimate: counts.totalIsEstimate,
    facetsAreEstimates: counts.facetsAreEstimates,
    sort: criteria.sort ?? 'newest',
    ...(criteria.correctedQ ? { correctedQuery: criteria.correctedQ } : {}),
  };
}

/** Sampled counts scaled up to the whole board. */
function scaled(counts: MatchCounts): MatchCounts {
  const facets = Object.fromEntries(
    Object.entries(counts.facets).map(([group, options]) => [group, Object.fromEntries(Object.entries(options).map(([value, n]) => [value, n * SAMPLE_RATE]))]),
  ) as Facets;
  return { total: counts.total * SAMPLE_RATE, facets, base: counts.base * SAMPLE_RATE };
}

function scaledTop(top: TopFacets): TopFacets {
  return {
    places: top.places.map((p) => ({ ...p, count: p.count * SAMPLE_RATE })),
    skills: top.skills.map((s) => ({ ...s, count: s.count * SAMPLE_RATE })),
  };
}

/**
 * A search's total, facets and top places and skills, with bounded work at any size (decision record 0014):
 * - no text and no job-model filter: the precomputed counts, exact (top lists from at most EXACT_COUNT_LIMIT
 *   matches, or from the sample when the total is larger);
 * - otherwise the sample is counted first (at most one job in SAMPLE_RATE). A figure the sample matches
 *   SAMPLE_HITS_FOR_ESTIMATE times or more is its estimate, scaled up and marked as such; a smaller one is counted
 *   exactly over the jobs, which then read about SAMPLE_RATE x SAMPLE_HITS_FOR_ESTIMATE rows at most (and never
 *   more than EXACT_COUNT_LIMIT: past it, the sample's figure stands).
 */
async function countSearch(reader: Queryable, cache: SearchCache, criteria: SearchCriteria, now: Date): Promise<Counts> {
  const topFrom = (estimated: boolean) =>
    estimated ? findTopFacets(reader, criteria, now, 'sample').then(scaledTop) : findTopFacets(reader, criteria, now);
  if (countsArePrecomputed(criteria)) {
    const exact = await countMatchesAndFacets(reader, criteria, now);
    const fromSample = exact.total > EXACT_COUNT_LIMIT;
    return { total: exact.total, facets: exact.facets, topFacets: await topFrom(fromSample), totalIsEstimate: false, facetsAreEstimates: fromSample };
  }
  // A sample too small to match SAMPLE_HITS_FOR_ESTIMATE times (a board under about 32,000 open jobs) is not read.
  const sample = (await cache.sampleCanEstimate(reader, now.getTime())) ? await countMatchesAndFacets(reader, criteria, now, 'sample') : undefined;
  const many = (n: number | undefined) => n !== undefined && n >= SAMPLE_HITS_FOR_ESTIMATE;
  const allFromSample = async (counts: MatchCounts): Promise<Counts> => {
    const { total, facets } = scaled(counts);
    return { total, facets, topFacets: await topFrom(true), totalIsEstimate: true, facetsAreEstimates: true };
  };
  if (!sample || !many(sample.base)) {
    // Few matches before the filter groups: every figure exactly, the counts in one pass.
    const [exact, topFacets] = await Promise.all([countMatchesAndFacets(reader, criteria, now), topFrom(false)]);
    if (exact.base < EXACT_COUNT_LIMIT || !sample) return { total: exact.total, facets: exact.facets, topFacets, totalIsEstimate: false, facetsAreEstimates: false };
    // More than the sample let one expect: its figures after all.
    return allFromSample(sample);
  }
  if (many(sample.total)) return allFromSample(sample);
  // Many matches, but few once the chosen filters apply: the total exactly, the facets from the sample.
  const [total, topFacets] = await Promise.all([countMatches(reader, criteria, now), topFrom(false)]);
  if (total < EXACT_COUNT_LIMIT) return { total, facets: scaled(sample).facets, topFacets, totalIsEstimate: false, facetsAreEstimates: true };
  return allFromSample(sample);
}

/** One cache entry per day and distinct search: the text (case ignored), every filter, and the order. */
export function searchCacheKey(criteria: SearchCriteria, today: string): string {
  return JSON.stringify([today, criteriaKey(criteria)]);
}

function criteriaKey(criteria: SearchCriteria): unknown[] {
  return [
    criteria.q?.toLowerCase() ?? '',
    criteria.correctedQ ?? '',
    ...FILTER_GROUP_NAMES.map((group) => criteria[group] ?? ''),
    criteria.where ?? null,
    criteria.skill ?? '',
    criteria.country ?? '',
    criteria.remoteCountry ?? '',
    criteria.payMin ?? '',
    criteria.sort ?? 'newest',
  ];
}
