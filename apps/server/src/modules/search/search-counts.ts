import type { Facets, TopFacets } from '@jobboard/shared';
import type { JobRow } from '../jobs/jobs.repository.js';
import { SAMPLE_HITS_FOR_ESTIMATE, SAMPLE_RATES, type CountSource, type SampleSource } from './search-index.js';
import type { Counts } from './search-cache.js';
import type { MatchCounts, PageBoundary, PageOfMatches, PagePosition, SearchCriteria } from './search.repository.js';

/** What the counting design (countSearch, and the page read beside it) asks of the index. */
export interface SearchPasses {
  counts(
    criteria: SearchCriteria,
    now: Date,
    source?: CountSource,
    limit?: number,
    options?: { groupsInBase?: boolean; page?: PageOfMatches | undefined },
  ): Promise<MatchCounts>;
  sampleMatches(criteria: SearchCriteria, now: Date, source: SampleSource): Promise<number>;
  fewMatchesPage(criteria: SearchCriteria, now: Date, page: PageOfMatches): Promise<string[] | undefined>;
  /** The samples large enough to estimate from, coarsest first; none when every match is counted. */
  samples(): readonly SampleSource[];
  /** How many matches an exact count reads at most. */
  exactLimit: number;
  page(
    criteria: SearchCriteria,
    position: PagePosition,
    now: Date,
  ): Promise<{ rows: JobRow[]; previous?: PageBoundary | undefined }>;
}

export type CountsAndPage = Counts & { pageSeqs?: string[] | undefined };

/** Sampled figures scaled up to the whole board. */
function scaledFacets(facets: Facets, rate: number): Facets {
  return Object.fromEntries(
    Object.entries(facets).map(([group, options]) => [
      group,
      Object.fromEntries(Object.entries(options).map(([value, n]) => [value, n * rate])),
    ]),
  ) as Facets;
}

function scaledTop(top: TopFacets, rate: number): TopFacets {
  return {
    places: top.places.map((p) => ({ ...p, count: p.count * rate })),
    skills: top.skills.map((s) => ({ ...s, count: s.count * rate })),
  };
}

export const EMPTY_TOP: TopFacets = { places: [], skills: [] };

/** Whether a sample matched often enough for its figure to be an estimate. */
const many = (n: number) => n >= SAMPLE_HITS_FOR_ESTIMATE;

/** Every figure of a sample's count, scaled up and marked as estimates. */
function estimated(counts: MatchCounts, source: SampleSource): Counts {
  const rate = SAMPLE_RATES[source];
  return {
    total: counts.total * rate,
    facets: scaledFacets(counts.facets, rate),
    topFacets: scaledTop(counts.top ?? EMPTY_TOP, rate),
    totalIsEstimate: true,
    facetsAreEstimates: true,
  };
}

/**
 * A search's total, facets and top places and skills, with bounded work at any size (decision record 36): the
 * samples are counted in turn, coarsest first (one job in 32, then one in 4), each pass also giving the top places
 * and skills. A figure a sample matches SAMPLE_HITS_FOR_ESTIMATE times or more is its estimate, scaled up and marked
 * as such; with fewer in the fine sample (about 4,000 matches or fewer) the figures are counted exactly over at most
 * EXACT_COUNT_LIMIT jobs (past it, the sample's stand). A finer sample that a coarser one shows would match too few
 * times (mightMatchOften) is not counted: the exact pass follows at once.
 */
export async function countSearch(
  passes: SearchPasses,
  criteria: SearchCriteria,
  now: Date,
  page?: PageOfMatches,
): Promise<CountsAndPage> {
  const samples = passes.samples();
  let finest: { counts: MatchCounts; source: SampleSource } | undefined;
  // Finer samples a coarser one showed would match too few times to estimate from: not counted unless the exact
  // pass finds more matches than it let one expect.
  let skipped: readonly SampleSource[] = [];
  for (const [level, source] of samples.entries()) {
    if (finest && !mightMatchOften(finest.counts.base, finest.source, source)) {
      skipped = samples.slice(level);
      break;
    }
    const counts = await passes.counts(criteria, now, source);
    finest = { counts, source };
    // Too few matches here even before the filter groups: a finer sample, or an exact count.
    if (!many(counts.base)) continue;
    if (many(counts.total)) return estimated(counts, source);
    return countNarrowed(passes, criteria, now, page, { counts, source }, samples.slice(level + 1));
  }
  return countFew(passes, criteria, now, page, finest, skipped);
}

/**
 * Many matches, but few once the chosen filters apply: the facets from this sample, the total from a finer one that
 * sees it often enough, else exactly (with the top places and skills of the exact results).
 */
async function countNarrowed(
  passes: SearchPasses,
  criteria: SearchCriteria,
  now: Date,
  page: PageOfMatches | undefined,
  { counts, source }: { counts: MatchCounts; source: SampleSource },
  finer: readonly SampleSource[],
): Promise<CountsAndPage> {
  const facets = scaledFacets(counts.facets, SAMPLE_RATES[source]);
  const topFacets = scaledTop(counts.top ?? EMPTY_TOP, SAMPLE_RATES[source]);
  const finerTotal = async (finerSource: SampleSource): Promise<Counts | undefined> => {
    const total = await passes.sampleMatches(criteria, now, finerSource);
    if (!many(total)) return undefined;
    return {
      total: total * SAMPLE_RATES[finerSource],
      facets,
      topFacets,
      totalIsEstimate: true,
      facetsAreEstimates: true,
    };
  };
  const unlikely = finer.filter((f) => !mightMatchOften(counts.total, source, f));
  for (const likely of finer.filter((f) => !unlikely.includes(f))) {
    const found = await finerTotal(likely);
    if (found) return found;
  }
  const exact = await passes.counts(criteria, now, 'jobs', passes.exactLimit, { groupsInBase: true, page });
  if (exact.total < passes.exactLimit) {
    return {
      total: exact.total,
      facets,
      topFacets: exact.top ?? EMPTY_TOP,
      totalIsEstimate: false,
      facetsAreEstimates: true,
      everyMatchRead: true,
      pageSeqs: exact.pageSeqs,
    };
  }
  for (const skippedLevel of unlikely) {
    const found = await finerTotal(skippedLevel);
    if (found) return found;
  }
  return estimated(counts, source);
}

/** Few matches before the filter groups (or no sample large enough): every figure exactly, in one pass. */
async function countFew(
  passes: SearchPasses,
  criteria: SearchCriteria,
  now: Date,
  page: PageOfMatches | undefined,
  finestCounted: { counts: MatchCounts; source: SampleSource } | undefined,
  skipped: readonly SampleSource[],
): Promise<CountsAndPage> {
  const exact = await passes.counts(criteria, now, 'jobs', passes.exactLimit, { page });
  const counted: Counts = {
    total: exact.total,
    facets: exact.facets,
    topFacets: exact.top ?? EMPTY_TOP,
    totalIsEstimate: false,
    facetsAreEstimates: false,
  };
  if (exact.base < passes.exactLimit) return { ...counted, everyMatchRead: true, pageSeqs: exact.pageSeqs };
  // More than the samples counted let one expect: the ones skipped after all, the finest counted giving the figures.
  let finest = finestCounted;
  for (const source of skipped) finest = { counts: await passes.counts(criteria, now, source), source };
  if (!finest) return counted;
  return estimated(finest.counts, finest.source);
}

/**
 * Whether a finer sample might match a search SAMPLE_HITS_FOR_ESTIMATE times or more, when a coarser one matched it
 * `seen` times: `seen` scaled to the finer rate, plus three standard deviations of its chance (a count of sampled
 * jobs varies like a Poisson count) and three more for none seen. When not, the finer sample is skipped (one pass
 * fewer: at a million jobs, about 12 ms for the fine sample) and the search counted exactly. From one job in 32 to
 * one in 4, fewer than 94 seen skips: the bound is then under 1,000 x 4 = 4,000 jobs, which the exact pass (up to
 * EXACT_COUNT_LIMIT matches) reads whole, and it finds out when the chance was against the bound.
 */
function mightMatchOften(seen: number, coarser: SampleSource, finer: SampleSource): boolean {
  const upper = seen + 3 * Math.sqrt(seen) + 3;
  return (upper * SAMPLE_RATES[coarser]) / SAMPLE_RATES[finer] >= SAMPLE_HITS_FOR_ESTIMATE;
}
