/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length in the hot
   loops below: `!` costs nothing, where `?? 0` on every read would hide a wrong index instead of failing a test. */

/** Posting lists and bitsets: the set arithmetic the index's passes run on, and binary searches over sorted arrays. */

/** A growable Uint32Array, appended to in increasing order (a posting list) or in any order. */
export class U32List {
  data = new Uint32Array(4);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      // Trimmed lists may be empty: they grow from 4.
      const grown = new Uint32Array(Math.max(4, this.data.length * 2));
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
  trim(): void {
    if (this.data.length > this.length) this.data = this.data.slice(0, this.length);
  }
}

export type Bits = Uint32Array;

export function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function grownBits(bits: Bits, words: number): Bits {
  const next = new Uint32Array(words);
  next.set(bits);
  return next;
}

export function hasBit(bits: Bits, doc: number): boolean {
  return (bits[doc >>> 5]! & (1 << (doc & 31))) !== 0;
}

/** Calls `visit` for each document of `bits` & `mask` in order, until it returns false. */
export function eachMember(bits: Bits, mask: Bits, visit: (doc: number) => boolean | void): void {
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w]! & mask[w]!;
    while (word !== 0) {
      const low = word & -word;
      word ^= low;
      if (visit((w << 5) | (31 - Math.clz32(low))) === false) return;
    }
  }
}

export function countMembers(bits: Bits, mask: Bits): number {
  let n = 0;
  for (let w = 0; w < bits.length; w += 1) n += popcount32(bits[w]! & mask[w]!);
  return n;
}

/** The first index whose value is above `value`. */
export function upperBound(sorted: Uint32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! <= value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function lowerBound(sorted: readonly string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
