import { FILTER_GROUP_NAMES } from './constants.js';
import type { SearchQuery } from './schemas.js';

/**
 * SearchQuery -> URL (the inverse of `searchQueryFromParams`): default values (page 1, no filter) are left out.
 * A module of its own, importing no schema, so the home page's first load can use it without pulling zod's
 * module graph in (docs/decisions/0008-web-app-size.md).
 */
export function searchQueryToParams(query: Partial<SearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const key of FILTER_GROUP_NAMES) {
    const value = query[key];
    if (value) params.set(key, value);
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}
