import { FILTER_GROUP_NAMES, HOME_PAGE_SIZE, toIsoDate, type Facets, type SearchQuery, type SearchResult } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { toJob } from './jobs.repository.js';
import {
  compactFacetCounts,
  countMatchesAndFacets,
  findJobPage,
  type PageBoundary,
  type SearchCriteria,
} from './search.repository.js';

interface Counts {
  total: number;
  facets: Facets;
}

interface Entry {
  at: number;
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

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
    private readonly maxBoundariesPerEntry = 2_000,
  ) {}

  entry(key: string, now: number): Entry {
    const existing = this.entries.get(key);
    if (existing && now - existing.at < this.ttlMs) return existing;
    if (existing) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    const created: Entry = { at: now, boundaries: new Map() };
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

  /** Called on every job create, update and delete, and on account deletion. */
  invalidate(): void {
    this.entries.clear();
  }
}

export async function searchJobs(
  db: Db,
  cache: SearchCache,
  query: SearchQuery,
  now: Date = new Date(),
): Promise<SearchResult> {
  const { page, ...criteria } = query;
  const today = toIsoDate(now);
  if (cache.compactedOn !== today) {
    cache.compactedOn = today;
    // Housekeeping, off the request's path: counts are the same before and after.
    compactFacetCounts(db, toIsoDate(new Date(now.getTime() - 31 * 86_400_000))).catch(() => {
      cache.compactedOn = '';
    });
  }
  const entry = cache.entry(JSON.stringify([today, criteriaKey(criteria)]), now.getTime());
  const [{ rows, previous }, counts] = await Promise.all([
    findJobPage(db, criteria, SearchCache.position(entry, page), now),
    entry.counts ?? countMatchesAndFacets(db, criteria, now),
  ]);
  entry.counts = counts;
  if (previous) cache.remember(entry, page - 1, previous);
  const last = rows.at(-1);
  if (last && rows.length === HOME_PAGE_SIZE) {
    cache.remember(entry, page, { postingDate: last.posting_date, seq: String(last.seq) });
  }
  return { items: rows.map(toJob), total: counts.total, page, pageSize: HOME_PAGE_SIZE, facets: counts.facets };
}

/** One cache entry per distinct search: the text (case ignored) and every filter group, in a fixed order. */
function criteriaKey(criteria: SearchCriteria): string[] {
  return [criteria.q?.toLowerCase() ?? '', ...FILTER_GROUP_NAMES.map((group) => criteria[group] ?? '')];
}
