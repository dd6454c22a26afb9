import { FILTER_GROUP_NAMES } from './constants.js';
import { searchQuerySchema, type SearchQuery } from './schemas.js';

/**
 * The home page keeps its search in the URL (DESIGN.md section 6). These two functions are the only place
 * that maps between the URL and a SearchQuery, for the browser and for the server alike.
 */
export function searchQueryFromParams(params: URLSearchParams): SearchQuery {
  const raw: Record<string, string> = {};
  for (const key of ['q', 'page', ...FILTER_GROUP_NAMES]) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = searchQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // A hand-edited URL with a bad value falls back to dropping the bad parts, never to an error page.
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (searchQuerySchema.safeParse({ [key]: value }).success) cleaned[key] = value;
  }
  return searchQuerySchema.parse(cleaned);
}

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
