/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length in the hot
   loops below: `!` costs nothing, where `?? 0` on every read would hide a wrong index instead of failing a test. */
import { TIER } from './relevance.js';
import type { Store } from './search-index-store.js';
import { newerThan } from './search-index-store.js';

/** The page orders (newest first, best paid first) and the first documents of a page in either. */

/**
 * `count` of `docs` (alive) from `offset`, by `tierOf` (0 first, up to 2) then newest first, as `newerThan` orders
 * them: each document's keys packed into one float (tier, day, seq) and sorted natively, several times as fast as
 * sorting by a comparison. A seq past 2^32 would not fit: then the comparison.
 */
export function firstNewest(
  store: Store,
  docs: number[],
  tierOf: ((doc: number) => number) | undefined,
  offset: number,
  count: number,
): number[] {
  const { postingDay, seq } = store;
  const keys = new Float64Array(docs.length);
  for (let i = 0; i < docs.length; i += 1) {
    const doc = docs[i]!;
    if (seq[doc]! >= 2 ** 32 || postingDay[doc]! < 0 || postingDay[doc]! >= 2 ** 15) {
      const newer = newerThan(store);
      const before = tierOf
        ? (a: number, b: number) => tierOf(a) < tierOf(b) || (tierOf(a) === tierOf(b) && newer(a, b))
        : newer;
      return firstInOrder(docs, before, offset, count);
    }
    keys[i] = (tierOf ? TIER.corrected - tierOf(doc) : 0) * 2 ** 47 + postingDay[doc]! * 2 ** 32 + seq[doc]!;
  }
  keys.sort();
  const page: number[] = [];
  for (let i = keys.length - 1 - offset; i >= 0 && page.length < count; i -= 1)
    page.push(store.docOf.get(keys[i]! % 2 ** 32)!);
  return page;
}

/** `count` of `docs` from `offset` in the order `before` gives, keeping only the best offset + count (a heap). */
export function firstInOrder(
  docs: number[],
  before: (a: number, b: number) => boolean,
  offset: number,
  count: number,
): number[] {
  const keep = offset + count;
  if (keep <= 0) return [];
  const byOrder = (a: number, b: number) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);
  if (keep * 8 >= docs.length) return docs.sort(byOrder).slice(offset, keep);
  // A heap with the last of the kept at its top.
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  for (const doc of docs) {
    if (heap.length < keep) {
      heap.push(doc);
      for (let i = heap.length - 1; i > 0;) {
        const parent = (i - 1) >> 1;
        if (!before(heap[parent]!, heap[i]!)) break;
        swap(i, parent);
        i = parent;
      }
    } else if (before(doc, heap[0]!)) {
      heap[0] = doc;
      for (let i = 0; ;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let last = i;
        if (l < heap.length && before(heap[last]!, heap[l]!)) last = l;
        if (r < heap.length && before(heap[last]!, heap[r]!)) last = r;
        if (last === i) break;
        swap(i, last);
        i = last;
      }
    }
  }
  return heap.sort(byOrder).slice(offset, keep);
}
