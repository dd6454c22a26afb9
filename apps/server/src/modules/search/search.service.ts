import { alternativesOf, relatedOf } from './synonyms.js';
import { withFewerWords } from './fewer-words.js';
import {
  FILTER_GROUP_NAMES,
  MESSAGES,
  HOME_PAGE_SIZE,
  toIsoDate,
  type Job,
  type JobSummary,
  type SearchQuery,
  type SearchResult,
} from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { PUBLIC_VIEWER, toJob, type JobRow, type JobViewer } from '../jobs/jobs.repository.js';
import {
  centreOf,
  jobDistanceKm,
  parseSearchWhere,
  placesOfNamedCity,
  placesInRegion,
  placesWithin,
  type NearbyPlace,
} from '../jobs/nearby.js';
import { isUnknownPlace, nearestPlaces } from '../jobs/places.js';
import {
  EXACT_COUNT_LIMIT,
  NotIndexable,
  SAMPLE_HITS_FOR_ESTIMATE,
  SAMPLE_LEVELS,
  type SearchIndex,
} from './search-index.js';
import { SearchCache, type Counts, type Entry } from './search-cache.js';
import { countSearch, EMPTY_TOP, type SearchPasses } from './search-counts.js';

/** The answer cache every search reads through; the module's callers hold one per instance. */
export { SearchCache };
import {
  countMatchesAndFacets,
  findJobsBySeq,
  type PageBoundary,
  type PageOfMatches,
  type PagePosition,
  type SearchCriteria,
} from './search.repository.js';

/** The query as the repository reads it: "where" parsed, the order chosen (relevance only with text). */
export function toCriteria(query: Omit<SearchQuery, 'page'>): SearchCriteria {
  const { where, sort, radius, withRemote, ...rest } = query;
  const chosen = sort === 'relevance' && !rest.q ? 'newest' : (sort ?? (rest.q ? 'relevance' : 'newest'));
  const parsed = where ? parseSearchWhere(where) : undefined;
  const criteria: SearchCriteria = { ...rest, sort: chosen };
  if (parsed && 'openTo' in parsed) {
    // "Remote, Germany": remote jobs open to people there.
    criteria.where = { remote: true };
    criteria.remoteCountry ??= parsed.openTo;
  } else if (parsed && 'region' in parsed && !('city' in parsed)) {
    if (radius !== undefined) throw new AppError('bad_request', MESSAGES.radiusNeedsCity);
    criteria.near = {
      key: `region ${parsed.region.country} ${parsed.region.code}`,
      places: kept(`r ${parsed.region.country} ${parsed.region.code}`, () => placesInRegion(parsed.region)),
    };
  } else if (radius !== undefined) {
    // The radius replaces the city: its places are the city's own and its neighbours'.
    const centre = parsed && centreOf(parsed);
    if (!centre) throw new AppError('bad_request', MESSAGES.radiusNeedsCity);
    const remote = withRemote === '1' || withRemote === 'true';
    criteria.near = {
      key: `${centre.latitude},${centre.longitude} ${radius} ${remote}`,
      places: kept(`${centre.latitude},${centre.longitude} ${radius}`, () => placesWithin(centre, radius)),
      centre,
      remoteOpenTo: remote ? centre.country : undefined,
    };
  } else {
    const named = parsed && placesOfNamedCity(parsed);
    if (named) criteria.near = { key: `named ${JSON.stringify(named)}`, places: named };
    else criteria.where = parsed;
  }
  return criteria;
}

/** The places of the last few radii and regions asked for (each a scan of a band of latitudes, or of a region). */
const placesKept = new Map<string, NearbyPlace[]>();
function kept(key: string, find: () => NearbyPlace[]): NearbyPlace[] {
  let places = placesKept.get(key);
  if (!places) {
    places = find();
    const oldest = placesKept.keys().next();
    if (placesKept.size >= 200 && !oldest.done) placesKept.delete(oldest.value);
    placesKept.set(key, places);
  }
  return places;
}

/** A card, with its distance from the centre in a radius search. */
function cardOf(row: JobRow, viewer: JobViewer, criteria: SearchCriteria): JobSummary {
  const job = toJob(row, viewer);
  const km = criteria.near?.centre && jobDistanceKm(row, criteria.near.centre);
  return km === undefined ? job : { ...job, distanceKm: km };
}

/** The city of a "where" no city is called ("Seatle"), if it is one. */
function unknownCity(where: string | undefined): string | undefined {
  const parsed = where ? parseSearchWhere(where) : undefined;
  return parsed && 'city' in parsed && isUnknownPlace(parsed) ? parsed.city : undefined;
}

/** PostgreSQL's "canceling statement due to statement timeout": a search that ran past SEARCH_TIMEOUT_MS. */
function isStatementTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014';
}

/**
 * A search, its statements bounded on PostgreSQL (Db.searches): one that runs too long answers 503, not 500.
 * `viewer` decides what each card's postedBy shows (JobViewer).
 */
export async function searchJobs(
  db: Db,
  cache: SearchCache,
  query: SearchQuery,
  now: Date = new Date(),
  viewer: JobViewer = PUBLIC_VIEWER,
): Promise<SearchResult> {
  try {
    const result = await runSearch(db, cache, query, now, viewer);
    const city = result.total === 0 ? unknownCity(query.where) : undefined;
    // Nothing found in a place no city is called: say so, with the places nearest in name (bounded lookups).
    if (city && query.where)
      return { ...result, unknownPlace: { where: query.where, suggestions: nearestPlaces(city) } };
    return await withFewerWords(result, query.q, query.page, (q, page) =>
      runSearch(db, cache, { ...query, q, page }, now, viewer),
    );
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError('unavailable', MESSAGES.searchTimedOut, { 'retry-after': '5' });
    throw error;
  }
}

/** The query as a search reads it (toCriteria), its misspelt words corrected and its words stemmed. */
async function criteriaOf(
  reader: Queryable,
  cache: SearchCache,
  rest: Omit<SearchQuery, 'page'> & { featured?: boolean },
  now: Date,
): Promise<SearchCriteria> {
  if (rest.q) await cache.vocabulary.refresh(reader, now.getTime());
  const correctedQ = rest.q ? cache.vocabulary.correct(rest.q) : undefined;
  return {
    ...toCriteria(rest),
    correctedQ,
    textLists: await cache.prefixesOf(reader, [
      rest.q,
      ...(rest.q ? [...alternativesOf(rest.q), ...relatedOf(rest.q)] : []),
      correctedQ,
    ]),
  };
}

/** The index, caught up with every change committed before now, or undefined when it cannot answer yet. */
async function currentIndex(cache: SearchCache, now: Date): Promise<SearchIndex | undefined> {
  return cache.index && (await cache.index.current(now.getTime())) ? cache.index : undefined;
}

/**
 * A search's first `limit` matches, newest first unless the query asks for another order (the feeds of
 * modules/feeds): one page from the index, no counts and no cache entry.
 */
export async function findSearchMatches(
  db: Db,
  cache: SearchCache,
  query: Omit<SearchQuery, 'page'> & { featured?: boolean },
  limit: number,
  now: Date = new Date(),
): Promise<Job[]> {
  try {
    const reader = db.searches ?? db;
    const criteria = await criteriaOf(reader, cache, { ...query, sort: query.sort ?? 'newest' }, now);
    const index = await currentIndex(cache, now);
    if (criteria.featured) await index?.refreshFeatured(now.getTime());
    let seqs: string[] | undefined;
    try {
      seqs = index?.pageOf(criteria, { skipPages: 0, size: limit }, now).seqs;
    } catch (error) {
      if (!(error instanceof NotIndexable)) throw error;
    }
    seqs ??= await referencePage(reader, criteria, now, { sort: criteria.sort ?? 'newest', offset: 0, size: limit });
    return (await findJobsBySeq(reader, seqs)).map((row) => toJob(row));
  } catch (error) {
    if (isStatementTimeout(error)) throw new AppError('unavailable', MESSAGES.searchTimedOut, { 'retry-after': '5' });
    throw error;
  }
}

async function runSearch(
  db: Db,
  cache: SearchCache,
  query: SearchQuery,
  now: Date,
  viewer: JobViewer,
): Promise<SearchResult> {
  const index = await currentIndex(cache, now);
  if (index) {
    try {
      return await answerSearch(db, cache, query, now, viewer, index);
    } catch (error) {
      // Text the index cannot match (its words not plain prefixes): the reference answers.
      if (!(error instanceof NotIndexable)) throw error;
    }
  }
  return referenceSearch(db, cache, query, now, viewer);
}

/** The page's seqs of the reference search: every match read and ordered by the plain SQL condition. */
async function referencePage(
  reader: Queryable,
  criteria: SearchCriteria,
  now: Date,
  page: PageOfMatches,
): Promise<string[]> {
  return (await countMatchesAndFacets(reader, criteria, now, undefined, { page })).pageSeqs ?? [];
}

/**
 * A search answered by the plain SQL condition (search.repository.ts), every figure exact, bounded by the statement
 * timeout: before this instance's index is loaded, for text the index cannot match, and as the tests' reference.
 */
export async function referenceSearch(
  db: Db,
  cache: SearchCache,
  query: SearchQuery,
  now: Date = new Date(),
  viewer: JobViewer = PUBLIC_VIEWER,
): Promise<SearchResult> {
  const reader = db.searches ?? db;
  const { page, ...rest } = query;
  const criteria = await criteriaOf(reader, cache, rest, now);
  const sort = criteria.sort ?? 'newest';
  const wanted: PageOfMatches = { sort, offset: (page - 1) * HOME_PAGE_SIZE, size: HOME_PAGE_SIZE };
  const counts = await countMatchesAndFacets(reader, criteria, now, undefined, { page: wanted });
  const rows = await findJobsBySeq(reader, counts.pageSeqs ?? []);
  const featured = await featuredOnPage(reader, criteria, page, now);
  return {
    ...(featured.length ? { featured: featured.map((row) => toJob(row, viewer)) } : {}),
    items: rows.map((row) => cardOf(row, viewer, criteria)),
    total: counts.total,
    page,
    pageSize: HOME_PAGE_SIZE,
    facets: counts.facets,
    topFacets: counts.top ?? EMPTY_TOP,
    totalIsEstimate: false,
    facetsAreEstimates: false,
    sort,
    ...(criteria.correctedQ ? { correctedQuery: criteria.correctedQ } : {}),
  };
}

/** How many featured jobs a page of results shows first, at most. */
const FEATURED_PER_PAGE = 2;

/**
 * The featured matches shown at the top of a search's page: the next FEATURED_PER_PAGE of them, newest first, on each
 * page, so every featured match is first on some page. From the index when it answers, else the reference.
 */
async function featuredOnPage(
  reader: Queryable,
  criteria: SearchCriteria,
  page: number,
  now: Date,
  index?: SearchIndex,
): Promise<JobRow[]> {
  const only: SearchCriteria = { ...criteria, featured: true, sort: 'newest' };
  let seqs: string[];
  if (index) {
    await index.refreshFeatured(now.getTime());
    seqs = index.featuredPageOf(criteria, { skipPages: page - 1, size: FEATURED_PER_PAGE }, now).seqs;
  } else {
    const position = { sort: 'newest' as const, offset: (page - 1) * FEATURED_PER_PAGE, size: FEATURED_PER_PAGE };
    seqs = await referencePage(reader, only, now, position);
  }
  return seqs.length ? findJobsBySeq(reader, seqs) : [];
}

async function answerSearch(
  db: Db,
  cache: SearchCache,
  query: SearchQuery,
  now: Date,
  viewer: JobViewer,
  index: SearchIndex,
): Promise<SearchResult> {
  const reader = db.searches ?? db;
  const { page, ...rest } = query;
  const criteria = await criteriaOf(reader, cache, rest, now);
  const passes = indexPasses(reader, index, cache.exact);
  const today = toIsoDate(now);
  const entry = cache.entry(searchCacheKey(criteria, today), now.getTime());
  const position = criteria.sort === 'newest' ? SearchCache.position(entry, page) : { skipPages: page - 1 };
  const { rows, previous, counts } = await pageAndCounts(reader, cache, passes, entry, criteria, position, page, now);
  entry.counts = counts;
  if (criteria.sort === 'newest') {
    if (previous) cache.remember(entry, page - 1, previous);
    const last = rows.at(-1);
    if (last && rows.length === HOME_PAGE_SIZE) {
      cache.remember(entry, page, { postingDate: last.posting_date, seq: String(last.seq) });
    }
  }
  const featured = await featuredOnPage(reader, criteria, page, now, index);
  return {
    ...(featured.length ? { featured: featured.map((row) => toJob(row, viewer)) } : {}),
    items: rows.map((row) => cardOf(row, viewer, criteria)),
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

function indexPasses(reader: Queryable, index: SearchIndex, exact: boolean): SearchPasses {
  const exactLimit = exact ? Number.POSITIVE_INFINITY : EXACT_COUNT_LIMIT;
  return {
    counts: (criteria, now, source, limit, options) =>
      index.countMatchesAndFacets(criteria, now, source, limit, options),
    sampleMatches: async (criteria, now, source) => index.countSampleMatches(criteria, now, source),
    fewMatchesPage: async (criteria, now, page) => index.pageOfFewMatches(criteria, now, page, exactLimit),
    samples: () =>
      exact ? [] : SAMPLE_LEVELS.filter((source) => index.sampleSize(source) >= SAMPLE_HITS_FOR_ESTIMATE),
    exactLimit,
    page: async (criteria, position, now) => {
      const { seqs, previous } = index.pageOf(criteria, position, now);
      return { rows: await findJobsBySeq(reader, seqs), ...(previous ? { previous } : {}) };
    },
  };
}

/**
 * A search's page and its counts. The counts come first. When they are exact, the pass that counted read every
 * match and gives the page too, and a search with none reads no page at all; when they are estimates, matches are
 * many and the page is a short walk along the kept orders.
 */
async function pageAndCounts(
  reader: Queryable,
  cache: SearchCache,
  passes: SearchPasses,
  entry: Entry,
  criteria: SearchCriteria,
  position: PagePosition,
  page: number,
  now: Date,
): Promise<{ rows: JobRow[]; previous?: PageBoundary | undefined; counts: Counts }> {
  const start = (page - 1) * HOME_PAGE_SIZE;
  // A pass over few matches gives their order from the first one, far enough for this page and the next ones
  // a person clicks through, kept with the counts (Entry.ordered): those pages read no pass again.
  const wanted: PageOfMatches = {
    sort: criteria.sort ?? 'newest',
    offset: 0,
    size: Math.max(ORDERED_SEQS_KEPT, start + HOME_PAGE_SIZE),
  };
  const fromOrdered = async (ordered: Entry['ordered'], counts: Counts) => {
    if (!ordered || (!ordered.complete && ordered.seqs.length < start + HOME_PAGE_SIZE)) return undefined;
    entry.ordered = ordered;
    return { rows: await findJobsBySeq(reader, ordered.seqs.slice(start, start + HOME_PAGE_SIZE)), counts };
  };
  const orderedOf = (seqs: string[] | undefined) => seqs && { seqs, complete: seqs.length < wanted.size };
  // With read replicas, what was cached may be a replica's view from before a change (up to its lag and the time
  // between lag checks): the page is read afresh rather than concluded from cached counts or order.
  const cachedPagesHold = cache.settleMs === 0;
  const known = entry.counts;
  if (cache.fewMatches === 0) {
    const counts = known ?? (await countSearch(passes, criteria, now));
    return { ...(await passes.page(criteria, position, now)), counts };
  }
  if (known && (!known.everyMatchRead || (known.total === 0 && cachedPagesHold))) {
    return { ...(known.total === 0 ? { rows: [] } : await passes.page(criteria, position, now)), counts: known };
  }
  const kept = known && cachedPagesHold && (await fromOrdered(entry.ordered, known));
  if (kept) return kept;
  const { pageSeqs, ...counts } = await countSearch(passes, criteria, now, wanted);
  const read = await fromOrdered(orderedOf(pageSeqs), counts);
  return read ?? { ...(await passes.page(criteria, position, now)), counts };
}

/** How many matches' seqs a pass over few matches keeps, in the page's order: 100 pages. */
const ORDERED_SEQS_KEPT = 100 * HOME_PAGE_SIZE;

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
    criteria.near?.key ?? '',
    criteria.payMin ?? '',
    criteria.language ?? '',
    criteria.match ?? 'text',
    criteria.featured ?? false,
    criteria.sort ?? 'newest',
  ];
}
