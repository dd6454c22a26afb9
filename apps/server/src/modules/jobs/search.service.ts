import { HOME_PAGE_SIZE, toIsoDate, type Facets, type SearchQuery, type SearchResult } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { toJob } from './jobs.repository.js';
import { countMatchesAndFacets, findJobPage, type SearchCriteria } from './search.repository.js';

interface Counts {
  total: number;
  facets: Facets;
}

/**
 * Counting every match and every facet is the expensive part of a search (a pass over all matching rows), and
 * it does not change from page to page. Counts are cached per criteria and day, dropped on every job write in
 * this process, and kept at most `ttlMs`, which bounds staleness when several instances share a database.
 */
export class CountsCache {
  private generation = 0;
  private readonly entries = new Map<string, { generation: number; at: number; counts: Counts }>();

  constructor(
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
  ) {}

  get(key: string, now: number): Counts | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.generation !== this.generation || now - entry.at > this.ttlMs) return undefined;
    return entry.counts;
  }

  set(key: string, counts: Counts, now: number): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { generation: this.generation, at: now, counts });
  }

  /** Called on every job create, update and delete. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

export async function searchJobs(
  db: Db,
  cache: CountsCache,
  query: SearchQuery,
  now: Date = new Date(),
): Promise<SearchResult> {
  const { page, ...criteria } = query;
  const key = JSON.stringify([toIsoDate(now), criteriaKey(criteria)]);
  const cached = cache.get(key, now.getTime());
  const [rows, counts] = await Promise.all([
    findJobPage(db, criteria, page, now),
    cached ?? countMatchesAndFacets(db, criteria, now),
  ]);
  if (!cached) cache.set(key, counts, now.getTime());
  return { items: rows.map(toJob), total: counts.total, page, pageSize: HOME_PAGE_SIZE, facets: counts.facets };
}

function criteriaKey(criteria: SearchCriteria): string[] {
  return [
    criteria.q?.toLowerCase() ?? '',
    criteria.location ?? '',
    criteria.salaryType ?? '',
    criteria.maxPrice ?? '',
    criteria.posted ?? '',
    criteria.experience ?? '',
    criteria.employment ?? '',
  ];
}
