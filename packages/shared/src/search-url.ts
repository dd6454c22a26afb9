import { FILTER_GROUP_NAMES } from './constants.js';
import type { SearchQuery } from './schemas.js';

/**
 * SearchQuery -> URL (the inverse of `searchQueryFromParams`): default values (page 1, no filter) are left out.
 * A module of its own, importing no schema, so the home page's first load can use it without pulling zod's
 * module graph in (docs/decisions/0008-web-app-size.md).
 */
export function searchQueryToParams(query: Partial<SearchQuery>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = query[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}

/** Every key of a search in the URL, in the order they are written: "what", "where", the filters, the order. */
export const SEARCH_KEYS = [
  'q',
  'where',
  ...FILTER_GROUP_NAMES,
  'skill',
  'country',
  'remoteCountry',
  'language',
  'radius',
  'withRemote',
  'payMin',
  'sort',
] as const;
