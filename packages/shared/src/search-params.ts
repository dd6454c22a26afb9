import { searchQuerySchema, type SearchQuery } from './schemas.js';
import { SEARCH_KEYS } from './search-url.js';

/**
 * The home page keeps its search in the URL (docs/principles.md, "Search and performance"). These two functions are the only place
 * that maps between the URL and a SearchQuery, for the browser and for the server alike.
 */
export function searchQueryFromParams(params: URLSearchParams): SearchQuery {
  const raw: Record<string, string> = {};
  for (const key of [...SEARCH_KEYS, 'page']) {
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
