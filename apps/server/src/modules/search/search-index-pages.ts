/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length in the hot
   loops below, as in the store (search-index-store.ts). */
import { HOME_PAGE_SIZE, type JobSort } from '@jobboard/shared';
import type { PageBoundary, PageOfMatches, PagePosition, SearchCriteria } from './search.repository.js';
import { TIER } from './relevance.js';
import { countMembers, eachMember, hasBit, type Bits } from './search-index-bits.js';
import { firstInOrder, firstNewest } from './search-index-orders.js';
import { dayOf, isoOf } from './search-index-row.js';
import { paidMoreThan, type Store } from './search-index-store.js';
import type { Compiled } from './search-index-compile.js';
import { relevanceTierOf, relevanceTiers, tierPlan, type TierPlan } from './search-index-text.js';

/** The search index's pages: a search's matches in its order (newest, pay, relevance tiers), gathered or walked for. */

/** Above this many candidates a page is always walked for in its order rather than gathered and ordered (`gathers`). */
export const GATHER_MOST = 20_000;

/**
 * A relevance pool of at most this many candidates per word of the alive bits (about 23,000 at a million jobs) has
 * each candidate's tier worked out, a read of its columns; a larger one its tiers' sets made whole, each as large as
 * every match of the text, a word of 32 documents at a time. The two cost about the same near that size.
 */
export const POOL_TIERED_BY_DOCUMENT = 0.75;

/**
 * The search's page of matches (any number of them) in its order, as findJobPage gives it, with the row before
 * it in newest order when pages are skipped. Few candidates are gathered and ordered; many are walked for in the
 * page's order (Store.walk), which meets the page's matches after about (jobs x page end / matches) documents.
 */
export function pageOf(
  store: Store,
  compiled: Compiled,
  gatherMost: number,
  criteria: SearchCriteria,
  position: PagePosition,
): { seqs: string[]; previous?: PageBoundary } {
  const size = position.size ?? HOME_PAGE_SIZE;
  const sort = criteria.sort ?? 'newest';
  const after = sort !== 'pay' ? position.after : undefined;
  const afterDay = after ? dayOf(after.postingDate) : 0;
  const afterSeq = after ? Number(after.seq) : 0;
  const withPrevious = sort === 'newest' && position.skipPages > 0;
  const offset = position.skipPages * size - (withPrevious ? 1 : 0);
  const wanted = size + (withPrevious ? 1 : 0);
  const candidates = compiled.narrowed ?? compiled.candidates ?? store.alive;
  const beyond = (doc: number) =>
    after !== undefined &&
    (store.postingDay[doc]! > afterDay || (store.postingDay[doc] === afterDay && store.seq[doc]! >= afterSeq));
  let page: number[];
  if (gathers(gatherMost, countMembers(candidates, store.alive), offset + wanted, store.count - store.dead)) {
    const docs: number[] = [];
    eachMember(candidates, store.alive, (doc) => {
      if (compiled.matches(doc) && !beyond(doc)) docs.push(doc);
    });
    page = ordered(store, compiled, docs, sort, offset, wanted);
  } else {
    page = walked(
      gatherMost,
      store,
      compiled,
      sort,
      offset,
      wanted,
      candidates,
      (doc) => compiled.matches(doc) && !beyond(doc),
    );
  }
  if (!withPrevious) return { seqs: page.map((doc) => String(store.seq[doc])) };
  const [before, ...rest] = page;
  return {
    seqs: rest.map((doc) => String(store.seq[doc])),
    ...(before !== undefined
      ? { previous: { postingDate: isoOf(store.postingDay[before]!), seq: String(store.seq[before]) } }
      : {}),
  };
}

/** The page of matches `page` asks for, when there are fewer than `limit` of them (findPageOfFewMatches). */
export function pageOfFewMatches(
  store: Store,
  compiled: Compiled,
  page: PageOfMatches,
  limit: number,
): string[] | undefined {
  const docs: number[] = [];
  eachMember(compiled.narrowed ?? compiled.candidates ?? store.alive, store.alive, (doc) => {
    if (compiled.matches(doc)) docs.push(doc);
    return docs.length < limit;
  });
  if (docs.length >= limit) return undefined;
  return ordered(store, compiled, docs, page.sort, page.offset, page.size).map((doc) => String(store.seq[doc]));
}

/** What decides the relevance tiers of a search's candidates, worked out when a relevance page is first ordered. */
function planOf(store: Store, compiled: Compiled): TierPlan {
  return (compiled.tierPlan ??= tierPlan(store, compiled.texts));
}

/** The relevance tier of a candidate (relevance.ts TIER): the first tier holding it, else a corrected match. */
function tierOf(store: Store, compiled: Compiled): (doc: number) => number {
  if (!compiled.texts.length) return () => 0;
  return relevanceTierOf(store, planOf(store, compiled));
}

/**
 * `count` of `docs` from `offset` in the page's order: newest (posting date, then seq, descending), pay (highest
 * yearly pay first, unknown last, then seq), or relevance (the tiers, each newest first). A bounded heap keeps the
 * best offset + count while the documents go by.
 */
export function ordered(
  store: Store,
  compiled: Compiled,
  docs: number[],
  sort: JobSort,
  offset: number,
  count: number,
): number[] {
  if (sort === 'pay') return firstInOrder(docs, paidMoreThan(store), offset, count);
  return firstNewest(store, docs, sort === 'relevance' ? tierOf(store, compiled) : undefined, offset, count);
}

/**
 * `count` matches from `offset` in the page's order, walked for along the kept orders (Store.walk). A relevance
 * tier with few candidates is gathered and ordered instead: a walk for the title matches of a typo, which has
 * none, would go through every job.
 */
function walked(
  gatherMost: number,
  store: Store,
  compiled: Compiled,
  sort: JobSort,
  offset: number,
  count: number,
  pool: Bits,
  match: (doc: number) => boolean,
): number[] {
  const tiers = sort === 'relevance' ? tierSets(store, compiled, pool) : [pool];
  const alive = store.count - store.dead;
  const page: number[] = [];
  // Each tier in the page's order: how many matches the tiers already passed hold decides where the page starts in the next.
  let before = 0;
  for (const tier of tiers) {
    if (page.length >= count) break;
    const from = Math.max(0, offset - before);
    const wanted = count - page.length;
    const candidates = countMembers(tier, store.alive);
    const gather = () => {
      const docs: number[] = [];
      eachMember(tier, store.alive, (doc) => {
        if (match(doc)) docs.push(doc);
      });
      page.push(...ordered(store, compiled, docs, sort === 'pay' ? 'pay' : 'newest', from, wanted));
      before += docs.length;
    };
    if (gathers(gatherMost, candidates, from + wanted, alive)) {
      gather();
      continue;
    }
    // The walk passes about (open jobs x page end / candidates) jobs; past a few times that (the matches bunched at
    // the far end of the order, or a keyset page's matches newer than its boundary), a tier of few enough
    // candidates is gathered after all. A larger one is walked to the end: gathering it would cost more.
    const budget =
      gatherMost === GATHER_MOST && candidates <= GATHER_MOST
        ? 4 * Math.ceil((alive * (from + wanted)) / Math.max(1, candidates)) + 1_000
        : Number.POSITIVE_INFINITY;
    const found: number[] = [];
    let seen = 0;
    let steps = 0;
    store.walk(sort === 'pay' ? 'pay' : 'newest', (doc) => {
      steps += 1;
      if (!hasBit(tier, doc) || !match(doc)) return steps < budget;
      if (seen++ >= from) found.push(doc);
      return found.length < wanted && steps < budget;
    });
    if (found.length < wanted && steps >= budget) {
      gather();
      continue;
    }
    page.push(...found);
    before += seen;
  }
  return page;
}

/**
 * Whether a page of `candidates` ending at `end` is gathered (every match read and ordered) rather than walked for
 * along its order, which passes about (open jobs x end / candidates) jobs: gathering costs about three times as much
 * per match as the walk per job it passes, so few candidates, or a deep page, are gathered. `gatherMost` set by a
 * test decides alone.
 */
export function gathers(gatherMost: number, candidates: number, end: number, alive: number): boolean {
  if (gatherMost !== GATHER_MOST) return candidates <= gatherMost;
  return candidates <= GATHER_MOST && 3 * candidates * candidates <= end * alive;
}

/**
 * The candidates of each relevance tier (tierOf), as sets: each one's candidates not in a tier before it. A pool of
 * few candidates (a place, a filter) has each one's tier worked out; a large one has its sets made of the tiers'.
 */
function tierSets(store: Store, compiled: Compiled, pool: Bits): Bits[] {
  if (!compiled.texts.length) return [pool];
  const plan = planOf(store, compiled);
  if (countMembers(pool, store.alive) <= POOL_TIERED_BY_DOCUMENT * pool.length) {
    const tier = relevanceTierOf(store, plan);
    // Dead candidates are in no set: every reader of the sets masks them out (the alive bits) in any case.
    const sets = Array.from({ length: TIER.corrected + 1 }, () => new Uint32Array(pool.length));
    eachMember(pool, store.alive, (doc) => {
      sets[tier(doc)]![doc >>> 5]! |= 1 << (doc & 31);
    });
    return sets;
  }
  const placed = new Uint32Array(pool.length);
  const sets: Bits[] = [];
  for (const tier of [...relevanceTiers(store, plan), undefined]) {
    const set = new Uint32Array(pool.length);
    for (let w = 0; w < pool.length; w += 1) {
      set[w] = pool[w]! & (tier ? tier[w]! : ~0) & ~placed[w]!;
      if (tier) placed[w]! |= tier[w]!;
    }
    sets.push(set);
  }
  return sets;
}
