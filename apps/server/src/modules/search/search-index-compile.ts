/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length in the hot
   loops below, as in the store (search-index-store.ts). */
import { FILTER_GROUP_NAMES, postedWindowStart, toIsoDate, type FilterGroup } from '@jobboard/shared';
import type { Near, SearchCriteria } from './search.repository.js';
import { regionsMatched } from '../jobs/places.js';
import { alternativesOf, relatedOf } from './synonyms.js';
import { type Bits, type U32List } from './search-index-bits.js';
import { cityRegionKey, dayOf, GROUP_BITS, POSTED_SLOTS, slotOf } from './search-index-row.js';
import { type Store } from './search-index-store.js';
import {
  addMatches,
  relatedMatches,
  skillBits,
  textMatches,
  type CompiledText,
  type TierPlan,
} from './search-index-text.js';

/** A search's conditions compiled against the search index's store: the candidates' sets and the per-document tests. */

/** The conditions of a search, worked out once for every document the passes look at. */
export interface Compiled {
  /** The documents matching the text (and a skill filter), before the other filters; undefined: every document. */
  candidates: Bits | undefined;
  /** The text as typed and its alternatives (synonyms.ts): each one's matches, for the relevance tiers. */
  texts: CompiledText[];
  /** What decides each document's relevance tier (relevance.ts TIER), worked out when a relevance page is ordered. */
  tierPlan?: TierPlan | undefined;
  today: number;
  /** The job model's filters not already met by every candidate: the pay floor (where, skill and countries narrow the candidates). */
  model: (doc: number) => boolean;
  /** How many tests `model` makes (0: every document passes). */
  modelTests: number;
  /**
   * "Date of posting": each option's first day and bit. A document's option bits are its kept ones (Store.optionBits)
   * with these: worked out inline by the count pass, the one place that needs them.
   */
  posted: readonly [number, number, number, number, number, number];
  /** Open on the day, the model's filters and every chosen group: a match. */
  matches: (doc: number) => boolean;
  /**
   * The candidates that also meet every chosen filter option kept as a set (all but "date of posting"): for the
   * passes that read only the matches. Undefined when no such option is chosen (then the candidates).
   */
  narrowed?: Bits | undefined;
  /** The chosen filter groups: each one's test, its option bits, and the bit of its chosen option (0: not an option). */
  chosen: { group: FilterGroup; test: (doc: number) => boolean; bits: number; chosenBit: number }[];
}

/** The documents matching the text, the skill filter and "featured" (undefined: no such condition), and the texts. */
function textCandidates(
  store: Store,
  criteria: SearchCriteria,
  now: Date,
  featuredDays: ReadonlyMap<number, number>,
): { candidates: Bits | undefined; texts: CompiledText[] } {
  const words = store.alive.length;
  const prefixesOf = (text: string) => criteria.textLists?.get(text) ?? {};
  let candidates: Bits | undefined;
  let texts: CompiledText[] = [];
  if (criteria.q) {
    const inside = criteria.match !== 'words';
    texts = [criteria.q, ...alternativesOf(criteria.q)].map((q, i) =>
      textMatches(store, q, prefixesOf(q), inside && i === 0),
    );
    texts.push(...relatedOf(criteria.q).map((q) => relatedMatches(store, q, prefixesOf(q))));
    const matches = new Uint32Array(words);
    for (const text of texts) addMatches(store, text, matches);
    if (criteria.correctedQ) {
      addMatches(store, textMatches(store, criteria.correctedQ, prefixesOf(criteria.correctedQ), inside), matches);
    }
    candidates = matches;
  }
  if (criteria.skill) {
    const skill = skillBits(store, criteria.skill, new Uint32Array(words));
    if (candidates) for (let w = 0; w < words; w += 1) candidates[w]! &= skill[w]!;
    else candidates = skill;
  }
  if (criteria.featured) {
    const featured = featuredBits(store, featuredDays, dayOf(toIsoDate(now)));
    if (candidates) for (let w = 0; w < words; w += 1) candidates[w]! &= featured[w]!;
    else candidates = featured;
  }
  return { candidates, texts };
}

/** `candidates` narrowed by the job model's places: "where", "near", the country and the remote country filters. */
function placeCandidates(store: Store, criteria: SearchCriteria, from: Bits | undefined): Bits | undefined {
  const s = store.strings;
  const words = store.alive.length;
  let candidates = from;
  // The job model's equalities hold for every pass: their jobs' sets narrow the candidates at once.
  const within = (...lists: (U32List | undefined)[]) => {
    const set = new Uint32Array(words);
    for (const list of lists) store.bitsOf(list, set);
    if (candidates) for (let w = 0; w < words; w += 1) candidates[w]! &= set[w]!;
    else candidates = set;
  };
  const remoteSet = () => {
    const slot = slotOf('workplace', 'remote');
    const set = store.optionSets[slot]!;
    candidates = candidates ? candidates.map((word, w) => word & set[w]!) : set.slice();
  };
  const where = criteria.where;
  if (where && 'remote' in where) remoteSet();
  else if (where && 'city' in where) {
    const city = s.find(where.city.toLowerCase());
    within(city === undefined ? undefined : store.byCityKey[city]);
    const country = where.country === undefined ? undefined : s.find(where.country);
    if (where.country !== undefined) within(country === undefined ? undefined : store.byCountry[country]);
    // "Springfield, IL": the city's jobs in that region only (and those naming none, where that is its default).
    const regions = regionsMatched(where);
    if (regions)
      within(
        ...(city === undefined || country === undefined
          ? []
          : regions.map((r) => store.byCityRegion.get(cityRegionKey(city, country, r)))),
      );
  } else if (where) {
    const country = s.find(where.country);
    within(country === undefined ? undefined : store.byCountry[country]);
  }
  if (criteria.near) {
    const near = nearBits(store, criteria.near);
    candidates = candidates ? candidates.map((word, w) => word & near[w]!) : near;
  }
  if (criteria.country) {
    const country = s.find(criteria.country);
    within(country === undefined ? undefined : store.byCountry[country]);
  }
  if (criteria.remoteCountry) {
    // Remote, and open to the country asked for or to every country (none listed).
    remoteSet();
    const open = remoteOpenTo(store, criteria.remoteCountry);
    for (let w = 0; w < words; w += 1) candidates![w]! &= open[w]!;
  }
  if (criteria.language === 'en') {
    // English is every job not in another language's list.
    const others = new Uint32Array(words);
    for (const list of store.byLanguage.values()) store.bitsOf(list, others);
    const kept = candidates ?? store.alive.slice();
    for (let w = 0; w < words; w += 1) kept[w]! &= ~others[w]!;
    candidates = kept;
  } else if (criteria.language) within(store.byLanguage.get(criteria.language));
  return candidates;
}

/** The test of one filter group's option, as groupCondition compares (search.repository.ts). */
function groupTestOf(store: Store, group: FilterGroup, value: string, now: Date): (doc: number) => boolean {
  const id = (text: string) => store.strings.find(text) ?? -1;
  switch (group) {
    case 'location': {
      const key = id(value);
      return (doc) => store.cityKey[doc] === key;
    }
    case 'salaryType': {
      const key = id(value);
      return (doc) => store.salary[doc] === key;
    }
    case 'workplace': {
      const key = id(value);
      return (doc) => store.workplace[doc] === key;
    }
    case 'maxPrice': {
      const most = Number(value);
      return (doc) => store.maxPrice[doc]! <= most;
    }
    case 'posted': {
      const from = dayOf(postedWindowStart(value as '24h' | '7d' | '30d', now));
      return (doc) => store.postingDay[doc]! >= from;
    }
    case 'experience':
    case 'employment': {
      const key = id(value);
      return (doc) => store.experience[doc] === key || store.employment[doc] === key;
    }
  }
}

export function compile(
  store: Store,
  criteria: SearchCriteria,
  now: Date,
  featuredDays: ReadonlyMap<number, number>,
): Compiled {
  const words = store.alive.length;
  const found = textCandidates(store, criteria, now, featuredDays);
  const texts = found.texts;
  const candidates = placeCandidates(store, criteria, found.candidates);
  // Every equality above narrowed the candidates, which every pass reads: the pay floor is the one test left.
  const tests: ((doc: number) => boolean)[] = [];
  if (criteria.payMin !== undefined) {
    const least = criteria.payMin;
    tests.push((doc) => store.pay[doc]! >= least);
  }
  const model = (doc: number) => {
    for (const test of tests) if (!test(doc)) return false;
    return true;
  };

  const [p0, p1, p2] = POSTED_SLOTS.map(({ slot, window }) => ({
    bit: 1 << slot,
    from: dayOf(postedWindowStart(window as '24h' | '7d' | '30d', now)),
  }));
  if (!p0 || !p1 || !p2 || POSTED_SLOTS.length !== 3) throw new Error('"date of posting" has three options');
  const posted = [p0.from, p0.bit, p1.from, p1.bit, p2.from, p2.bit] as const;
  const chosen = FILTER_GROUP_NAMES.filter((group) => criteria[group]).map((group) => {
    const slot = slotOf(group, criteria[group]!);
    return {
      group,
      test: groupTestOf(store, group, criteria[group]!, now),
      bits: GROUP_BITS[group],
      chosenBit: slot >= 0 ? 1 << slot : 0,
    };
  });
  let narrowed: Bits | undefined;
  for (const { group, chosenBit } of chosen) {
    if (!chosenBit || group === 'posted') continue;
    const set = store.optionSets[31 - Math.clz32(chosenBit)]!;
    const from = narrowed ?? candidates ?? store.alive;
    const next = new Uint32Array(words);
    for (let w = 0; w < words; w += 1) next[w] = from[w]! & set[w]!;
    narrowed = next;
  }
  const today = dayOf(toIsoDate(now));
  const matches = (doc: number) => {
    if (store.validDay[doc]! < today || !model(doc)) return false;
    for (const { test } of chosen) if (!test(doc)) return false;
    return true;
  };
  return {
    candidates,
    narrowed,
    texts,
    today,
    model,
    modelTests: tests.length,
    matches,
    posted,
    chosen,
  };
}

/** The jobs in a set of places (and the remote jobs open to `remoteOpenTo`), as a set. */
export function nearBits(store: Store, near: Near): Bits {
  const s = store.strings;
  const bits = new Uint32Array(store.alive.length);
  for (const place of near.places) {
    const city = s.find(place.city);
    const country = s.find(place.country);
    if (city === undefined || country === undefined) continue;
    if (place.regions) {
      for (const region of place.regions)
        store.bitsOf(store.byCityRegion.get(cityRegionKey(city, country, region)), bits);
      continue;
    }
    // Every region: the city's jobs in this country, of all the places with its name.
    const id = store.places.find(`${city} ${country}`);
    const list = store.byCityKey[city];
    if (id === undefined || !list) continue;
    for (let i = 0; i < list.length; i += 1) {
      const doc = list.data[i]!;
      if (store.place[doc] === id) bits[doc >>> 5]! |= 1 << (doc & 31);
    }
  }
  if (near.remoteOpenTo) {
    const remote = store.optionSets[slotOf('workplace', 'remote')]!;
    const open = remoteOpenTo(store, near.remoteOpenTo);
    for (let w = 0; w < bits.length; w += 1) bits[w]! |= remote[w]! & open[w]!;
  }
  return bits;
}

/** The jobs open to remote workers in `country`: those listing it and those listing none (every country). */
function remoteOpenTo(store: Store, country: string): Bits {
  const open = store.noRemoteCountrySet.slice();
  store.bitsOf(store.byRemoteCountry.get(country), open);
  return open;
}

/**
 * A search's conditions narrowed to the jobs featured on the day: as compile gives them with `featured` (every
 * condition is a set intersected with the others), without matching the text again.
 */
export function featuredOnly(
  store: Store,
  compiled: Compiled,
  now: Date,
  featuredDays: ReadonlyMap<number, number>,
): Compiled {
  const featured = featuredBits(store, featuredDays, dayOf(toIsoDate(now)));
  const and = (bits: Bits) => bits.map((word, w) => word & featured[w]!);
  return {
    ...compiled,
    candidates: compiled.candidates ? and(compiled.candidates) : featured,
    narrowed: compiled.narrowed && and(compiled.narrowed),
    tierPlan: undefined,
  };
}

/** The documents featured on `today` (refreshFeatured), as a set. */
export function featuredBits(store: Store, featuredDays: ReadonlyMap<number, number>, today: number): Bits {
  const bits = new Uint32Array(store.alive.length);
  for (const [seq, day] of featuredDays) {
    const doc = store.docOf.get(seq);
    if (doc !== undefined && day >= today) bits[doc >>> 5]! |= 1 << (doc & 31);
  }
  return bits;
}
