import { describe, expect, it } from 'vitest';
import { SearchCache } from './search-cache.js';

describe('SearchCache with read replicas (decision record 22)', () => {
  it('keeps an entry made just after a change only for the replicas’ lag limit, others for the full time', () => {
    const cache = new SearchCache(30_000, undefined, undefined, 1_000);
    const before = cache.entry('a', 0);
    expect(cache.entry('a', 29_999)).toBe(before); // made long after any change: the full 30 s
    cache.invalidate(100_000);
    const settling = cache.entry('a', 100_200); // may hold a replica's view from before the change
    expect(cache.entry('a', 101_199)).toBe(settling);
    expect(cache.entry('a', 101_200)).not.toBe(settling); // gone once the lag limit has passed
    const settled = cache.entry('b', 101_500); // made after the lag limit: the full 30 s again
    expect(cache.entry('b', 131_499)).toBe(settled);
  });

  it('without replicas, an entry made right after a change keeps the full time', () => {
    const cache = new SearchCache(30_000);
    cache.invalidate(100_000);
    const entry = cache.entry('a', 100_001);
    expect(cache.entry('a', 129_999)).toBe(entry);
  });
});
