import type { FilterGroup, JobSort, SearchQuery } from '@jobboard/shared';
import {
  FILTER_GROUPS,
  FILTER_GROUP_NAMES,
  JOB_MODEL_LIMITS,
  LIMITS,
  RADIUS_MAX_KM,
  searchQueryToParams,
  isJobLanguage,
} from '@jobboard/shared';

/*
 * The home page's URL <-> SearchQuery mapping, without zod. The shared `searchQueryFromParams` lives in a
 * module that imports the zod schemas: even importing it drags them into the home page's module graph, and the
 * bundler then splits the first load into more, worse-compressing files (docs/decisions/0008-web-app-size.md).
 */

const SORTS: readonly JobSort[] = ['relevance', 'newest', 'pay'];

/**
 * Free text as the schema's optionalText reads it: NFKC, trimmed, empty = absent, too long = dropped. A NUL
 * character, which the API refuses (400), drops the value too: the page of a link holding one searches without it.
 */
function text(raw: string | null, max: number): string | undefined {
  if (raw === null) return undefined;
  const value = raw.normalize('NFKC').trim();
  return value && value.length <= max && !value.includes('\u0000') ? value : undefined;
}

/** A value the schema lower-cases first, where '', 'all' and 'any' mean no filter. */
function lowered(raw: string | null): string | undefined {
  if (raw === null) return undefined;
  const value = raw.trim().toLowerCase();
  return value === '' || value === 'all' || value === 'any' ? undefined : value;
}

/** A two-letter country code in any case; anything else is dropped. */
function country(raw: string | null): string | undefined {
  if (raw === null) return undefined;
  const value = raw.trim();
  return /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : undefined;
}

/**
 * URL -> SearchQuery for the home page, without zod. It must agree exactly with the shared
 * `searchQuerySchema` (search-params.test.ts checks that on many inputs); it exists because the zod runtime
 * alone would cost about a quarter of the home page's 105 KB JavaScript budget. Bad values are dropped one by
 * one, never turned into an error, like the shared `searchQueryFromParams`.
 */
export function parseSearchParams(params: URLSearchParams): SearchQuery {
  const query: SearchQuery = { q: undefined, page: 1 };
  const q = text(params.get('q'), LIMITS.searchQuery);
  if (q) query.q = q;
  const where = text(params.get('where'), LIMITS.searchQuery);
  if (where) query.where = where;
  for (const group of FILTER_GROUP_NAMES) {
    const value = lowered(params.get(group));
    if (value === undefined) continue;
    if (group === 'location') {
      // Any city is a valid location; the spec's four are only the sidebar's fixed options. The sidebar's place
      // radio, submitted as a plain form (no scripts), sends a place of the results as 'city|CC'.
      const [cityPart = '', countryPart = null] = value.split('|');
      const city = text(cityPart, JOB_MODEL_LIMITS.city);
      if (city) query.location = city;
      const placeCountry = country(countryPart);
      if (city && placeCountry) query.country = placeCountry;
      continue;
    }
    const options: readonly { value: string }[] = FILTER_GROUPS[group];
    if (options.some((option) => option.value === value)) {
      (query as Record<FilterGroup, string | undefined>)[group] = value;
    }
  }
  const skill = lowered(params.get('skill'));
  const skillText = skill === undefined ? undefined : text(skill, JOB_MODEL_LIMITS.skillChars);
  if (skillText) query.skill = skillText;
  const countryCode = country(params.get('country'));
  if (countryCode) query.country = countryCode;
  const remoteCountry = country(params.get('remoteCountry'));
  if (remoteCountry) query.remoteCountry = remoteCountry;
  const language = lowered(params.get('language'));
  if (isJobLanguage(language)) query.language = language;
  const radius = params.get('radius');
  if (radius !== null && radius.trim() !== '' && radius !== 'all' && radius !== 'any') {
    const n = Number(radius);
    if (Number.isInteger(n) && n >= 1 && n <= RADIUS_MAX_KM) query.radius = n;
  }
  const withRemote = params.get('withRemote');
  if (withRemote === '1' || withRemote === 'true' || withRemote === '0' || withRemote === 'false')
    query.withRemote = withRemote;
  const payMin = params.get('payMin');
  if (payMin !== null && payMin !== '' && payMin !== 'all' && payMin !== 'any') {
    const n = Number(payMin);
    if (Number.isInteger(n) && n >= 0 && n <= 10_000_000) query.payMin = n;
  }
  const sort = lowered(params.get('sort'));
  if (sort !== undefined && (SORTS as readonly string[]).includes(sort)) query.sort = sort as JobSort;
  const page = params.get('page');
  if (page !== null) {
    const n = Number(page);
    if (Number.isInteger(n) && n >= 1 && n <= LIMITS.maxPage) query.page = n;
  }
  return query;
}

/**
 * SearchQuery -> URL. The shared `searchQueryToParams` writes q, the sidebar's groups and page; the job model's
 * keys (where, skill, country, remoteCountry, language, payMin, sort) are added here, before the page. Defaults (page 1,
 * no filter) are left out, so old links keep their shape.
 */
export function searchParamsOf(query: Partial<SearchQuery>): URLSearchParams {
  const params = searchQueryToParams(query);
  params.delete('page');
  if (query.where) params.set('where', query.where);
  if (query.skill) params.set('skill', query.skill);
  if (query.country) params.set('country', query.country);
  if (query.remoteCountry) params.set('remoteCountry', query.remoteCountry);
  if (query.language) params.set('language', query.language);
  if (query.payMin !== undefined) params.set('payMin', String(query.payMin));
  if (query.sort) params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}

/** The home page's address for a query ('/?q=react&skill=react'). */
export function searchHref(query: Partial<SearchQuery>): string {
  const search = searchParamsOf(query).toString();
  return search ? `/?${search}` : '/';
}

/**
 * The API call for a page of results: the page's query, its text matched by whole words and their beginnings
 * (SearchQuery.match: "rn" finds no "Intern"), where the spec's API still finds text inside words.
 */
export function searchApiPath(params: string): string {
  return `/api/job/search?${params ? `${params}&` : ''}match=words`;
}
