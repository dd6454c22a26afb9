/** Deterministic randomness for the generator: seeded streams, picks and weighted draws. */

export type Random = () => number;

/** mulberry32: a small, fast generator, the same sequence for the same state. */
export function mulberry32(state: number): Random {
  let a = state >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** mulberry32 on a seed mixed with a stream number, so companies and jobs draw from independent sequences. */
export function createRandom(seed: number, stream: number): Random {
  return mulberry32(Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b));
}

export function item<T>(list: readonly T[], index: number): T {
  const value = list[index];
  if (value === undefined) throw new Error(`job-generator: index ${index} out of a list of ${list.length}`);
  return value;
}

export function pick<T>(random: Random, list: readonly T[]): T {
  return item(list, Math.floor(random() * list.length));
}

export function between(random: Random, low: number, high: number): number {
  return low + random() * (high - low);
}

/** Cumulative weights, for weightedIndex. */
export function cumulative(weights: readonly number[]): Float64Array {
  const sums = new Float64Array(weights.length);
  let total = 0;
  weights.forEach((weight, index) => {
    total += weight;
    sums[index] = total;
  });
  return sums;
}

/** An index drawn in proportion to its weight (binary search over cumulative weights). */
export function weightedIndex(random: Random, sums: Float64Array): number {
  const target = random() * (sums[sums.length - 1] ?? 0);
  let low = 0;
  let high = sums.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sums[middle] ?? 0) > target) high = middle;
    else low = middle + 1;
  }
  return low;
}
