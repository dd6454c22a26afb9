import type { FilterGroup, SearchQuery } from '@jobboard/shared';
import { FILTER_GROUPS, FILTER_GROUP_NAMES, LIMITS } from '@jobboard/shared';

/*
 * The home page's URL <-> SearchQuery mapping, without zod. The shared `searchQueryFromParams` and
 * `searchQueryToParams` live in a module that imports the zod schemas: even the zod-free half drags them into
 * the home page's module graph, and the bundler then splits the first load into more, worse-compressing
 * files (about 1.2 KB gzipped of the 100 KB budget, docs/decisions/0008-web-app-size.md).
 */

/**
 * URL -> SearchQuery for the home page, without zod. It must agree exactly with the shared
 * `searchQueryFromParams` (search-params.test.ts checks that on many inputs); it exists because the zod
 * runtime alone would cost about a quarter of the home page's 100 KB JavaScript budget.
 * Bad values are dropped one by one, never turned into an error, like the shared version.
 */
export function parseSearchParams(params: URLSearchParams): SearchQuery {
  const query: SearchQuery = { q: undefined, page: 1 };
  const q = params.get('q');
  if (q !== null) {
    const trimmed = q.trim();
    if (trimmed.length <= LIMITS.searchQuery && trimmed) query.q = trimmed;
  }
  for (const group of FILTER_GROUP_NAMES) {
    const raw = params.get(group);
    if (raw === null) continue;
    const value = raw.trim().toLowerCase();
    if (value === '' || value === 'all' || value === 'any') continue;
    const options: readonly { value: string }[] = FILTER_GROUPS[group];
    if (options.some((option) => option.value === value)) {
      (query as Record<FilterGroup, string | undefined>)[group] = value;
    }
  }
  const page = params.get('page');
  if (page !== null) {
    const n = Number(page);
    if (Number.isInteger(n) && n >= 1 && n <= LIMITS.maxPage) query.page = n;
  }
  return query;
}
