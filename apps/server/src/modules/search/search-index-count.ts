/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length in the hot
   loops below, as in the store (search-index-store.ts). */
import { FILTER_GROUP_NAMES, JOB_MODEL_LIMITS, type Facets, type TopFacets } from '@jobboard/shared';
import type { MatchCounts, PageOfMatches } from './search.repository.js';
import { eachMember, type Bits } from './search-index-bits.js';
import { OPTION_KEYS } from './search-index-row.js';
import { type Store } from './search-index-store.js';
import type { Compiled } from './search-index-compile.js';
import { ordered } from './search-index-pages.js';

/** The search index's counting: totals, every filter option's count and the top places and skills, exact or sampled. */

/**
 * Where a search's counts come from: `jobs`, exactly, over at most EXACT_COUNT_LIMIT matches; or a sample of the
 * open jobs, its counts to be scaled up by SAMPLE_RATES: `sample` (one job in 32) or `fine` (one in 4), chosen by a
 * hash of the job's insertion number (job_in_sample, job_in_fine_sample), so the same on every instance.
 */
export type CountSource = 'jobs' | 'sample' | 'fine';
export type SampleSource = Exclude<CountSource, 'jobs'>;

/** One job in this many is in each sample. */
export const SAMPLE_RATES: Record<SampleSource, number> = { sample: 32, fine: 4 };
/** The samples, coarsest first: a search is counted over the first that matches it often enough. */
export const SAMPLE_LEVELS: readonly SampleSource[] = ['sample', 'fine'];
/**
 * A count is estimated from a sample only when this many sampled jobs match: its relative standard error is
 * then at most 1/sqrt(1,000), 3.2%, so an estimate is within 10% of the exact figure (3 standard errors).
 */
export const SAMPLE_HITS_FOR_ESTIMATE = 1_000;
/**
 * The most matches an exact count reads. Below SAMPLE_HITS_FOR_ESTIMATE matches in the fine sample there are
 * about 4,000 matches; 6,000 leaves room for the sample's chance, and past it the sample's figure is used after all.
 */
export const EXACT_COUNT_LIMIT = 6_000;

/** A sample's alive documents, as of a store's version (maskOf). */
export interface KeptMask {
  store: Store;
  version: number;
  mask: Bits;
}

/** The sample a pass reads (its documents alive), or every alive document: kept until a document is added or killed. */
export function maskOf(store: Store, source: CountSource, masks: Map<CountSource, KeptMask>): Bits {
  const sample = source === 'sample' ? store.coarse : source === 'fine' ? store.fine : undefined;
  if (!sample) return store.alive;
  const kept = masks.get(source);
  if (kept?.store === store && kept.version === store.version) return kept.mask;
  const mask = new Uint32Array(store.alive.length);
  for (let w = 0; w < mask.length; w += 1) mask[w] = sample[w]! & store.alive[w]!;
  masks.set(source, { store, version: store.version, mask });
  return mask;
}

/** What the count pass read: each option's count bit-sliced (`planes`), the places' and skills' counts, the matches. */
interface Pass {
  planes: Int32Array;
  placeCounts: Int32Array;
  spelling: Map<number, number>;
  skillCounts: Int32Array;
  chosenDocs: number[];
  base: number;
  total: number;
}

/**
 * The count pass over `bits` & `mask`: every option's count, `base` (the matches before the filter groups, at most
 * `cap`), the total, the places and skills of the matches, and the matches themselves when a page is wanted.
 */
function countPass(
  store: Store,
  compiled: Compiled,
  bits: Bits,
  mask: Bits,
  cap: number,
  groupsInBase: boolean,
  page: boolean,
): Pass {
  const placeCounts = new Int32Array(store.places.values.length);
  // The first spelling of a place's city in code point order among the matches (min(city)), for places spelt several ways.
  const spelling = new Map<number, number>();
  const skillCounts = new Int32Array(store.skillKeys.values.length);
  const chosenDocs: number[] = [];
  const chosen = compiled.chosen;
  let base = 0;
  let total = 0;
  const noCity = store.strings.find('');
  const { today, model, modelTests, posted } = compiled;
  const { validDay, city, place, skillStart, placeCities, optionBits, postingDay } = store;
  const skills = store.skills.data;
  const strings = store.strings.values;
  const [from0, bit0, from1, bit1, from2, bit2] = posted;
  // Each option's count kept bit-sliced: plane k holds bit k of every option's count, so adding a document's
  // options is a binary addition of one word (about two steps) rather than a step per option it meets.
  const planes = new Int32Array(32);
  const count = (options: number) => {
    for (let k = 0; options !== 0; k += 1) {
      const carry = planes[k]! & options;
      planes[k]! ^= options;
      options = carry;
    }
  };
  scan: for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]! & mask[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      const doc = (w << 5) | (31 - Math.clz32(low));
      if (validDay[doc]! < today || (modelTests && !model(doc))) continue;
      const day = postingDay[doc]!;
      const options =
        optionBits[doc]! | (day >= from0 ? bit0 : 0) | (day >= from1 ? bit1 : 0) | (day >= from2 ? bit2 : 0);
      // The chosen groups this document fails (an option's bit, or a value outside the options tested).
      let failedBits = 0;
      let failures = 0;
      for (let g = 0; g < chosen.length; g += 1) {
        const group = chosen[g]!;
        if (group.chosenBit ? (options & group.chosenBit) === 0 : !group.test(doc)) {
          failures += 1;
          failedBits = group.bits;
        }
      }
      if (groupsInBase && failures > 0) continue;
      if (base >= cap) break scan;
      base += 1;
      if (failures > 1) continue;
      // An option counts the documents meeting every chosen group but its own.
      if (failures === 1) {
        count(options & failedBits);
        continue;
      }
      count(options);
      total += 1;
      if (page) chosenDocs.push(doc);
      if (city[doc] !== noCity) {
        const p = place[doc]!;
        placeCounts[p]! += 1;
        if (placeCities[p]!.length > 1) {
          const first = spelling.get(p);
          if (first === undefined || strings[city[doc]!]! < strings[first]!) spelling.set(p, city[doc]!);
        }
      }
      for (let k = skillStart[doc]!; k < skillStart[doc + 1]!; k += 1) skillCounts[skills[k]!]! += 1;
    }
  }
  return { planes, placeCounts, spelling, skillCounts, chosenDocs, base, total };
}

/**
 * What countMatchesAndFacets's pass finds (search.repository.ts), from memory: the total, every option's count,
 * `base` (the matches before the filter groups, at most `limit` of the jobs' read), the top places and skills, and
 * the page asked for. With `groupsInBase`, the groups are part of what is read, as there.
 */
export function countMatches(
  store: Store,
  compiled: Compiled,
  mask: Bits,
  source: CountSource,
  limit: number,
  { groupsInBase = false, page }: { groupsInBase?: boolean; page?: PageOfMatches | undefined },
): MatchCounts {
  // Reading only the matches (the groups part of what is read), the chosen options' sets narrow it at once.
  const bits = (groupsInBase ? compiled.narrowed : undefined) ?? compiled.candidates ?? store.alive;
  const cap = source === 'jobs' ? limit : Number.POSITIVE_INFINITY;
  const pass = countPass(store, compiled, bits, mask, cap, groupsInBase, page !== undefined);
  const facetCounts = new Int32Array(OPTION_KEYS.length);
  for (let k = 0; k < pass.planes.length; k += 1) {
    for (let plane = pass.planes[k]!; plane !== 0;) {
      const low = plane & -plane;
      plane ^= low;
      facetCounts[31 - Math.clz32(low)]! += 2 ** k;
    }
  }
  const facets = Object.fromEntries(FILTER_GROUP_NAMES.map((g) => [g, {}])) as Facets;
  OPTION_KEYS.forEach(([group, value], o) => {
    facets[group][value] = facetCounts[o]!;
  });
  const { base, total } = pass;
  // With the groups read, `total` is what was read (the facets mean nothing then, as in the SQL pass).
  const top = topLists(store, pass.placeCounts, pass.spelling, pass.skillCounts);
  const counts: MatchCounts = { total: groupsInBase ? base : total, facets, base, top };
  if (page) {
    counts.pageSeqs = ordered(store, compiled, pass.chosenDocs, page.sort, page.offset, page.size).map((doc) =>
      String(store.seq[doc]),
    );
  }
  return counts;
}

function topLists(
  store: Store,
  placeCounts: Int32Array,
  spelling: Map<number, number>,
  skillCounts: Int32Array,
): TopFacets {
  const top = JOB_MODEL_LIMITS.topFacetValues;
  const name = (id: number) => store.strings.values[id]!;
  // The `top` most counted, ties by name: a kept list of `top`, each counted id compared with its last.
  const mostCounted = (counts: Int32Array, nameOf: (id: number) => string) => {
    const kept: { id: number; count: number; name: string }[] = [];
    const before = (a: { count: number; name: string }, b: { count: number; name: string }) =>
      a.count > b.count || (a.count === b.count && a.name < b.name);
    for (let id = 0; id < counts.length; id += 1) {
      const count = counts[id]!;
      if (count === 0) continue;
      const last = kept[kept.length - 1];
      if (kept.length === top && last && count < last.count) continue;
      const entry = { id, count, name: nameOf(id) };
      if (kept.length === top && last && !before(entry, last)) continue;
      let at = kept.length;
      while (at > 0 && before(entry, kept[at - 1]!)) at -= 1;
      kept.splice(at, 0, entry);
      if (kept.length > top) kept.pop();
    }
    return kept;
  };
  const topPlaces = mostCounted(placeCounts, (p) => name(spelling.get(p) ?? store.placeCities[p]![0]!)).map(
    ({ id, count, name: city }) => ({
      city,
      country: name(Number(store.places.values[id]!.split(' ')[1])),
      count,
    }),
  );
  const topSkills = mostCounted(skillCounts, (id) => store.skillKeys.values[id]!);
  return {
    places: topPlaces,
    skills: topSkills.map((s) => {
      const label = store.skillLabels[s.id] ?? s.name;
      return { value: label, label, count: s.count };
    }),
  };
}

/** How many of a sample's documents match every filter (countSampleMatches). */
export function countSampleMatches(store: Store, compiled: Compiled, mask: Bits): number {
  let n = 0;
  eachMember(compiled.narrowed ?? compiled.candidates ?? store.alive, mask, (doc) => {
    if (compiled.matches(doc)) n += 1;
  });
  return n;
}
