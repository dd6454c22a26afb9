import { describe, expect, it } from 'vitest';
import { bestPrecisionAt, dcg, ndcgAt, precisionAt, summarize, scoreQuery } from './support/relevance-eval.js';

// Hand-computed: gains 2^g - 1 (3 -> 7, 2 -> 3, 1 -> 1), discounts log2(i + 2) (1, 1.585, 2, 2.322, ...).
describe('relevance measures', () => {
  it('sums gains over log2 of the rank plus one', () => {
    expect(dcg([3, 2, 1])).toBeCloseTo(7 / 1 + 3 / Math.log2(3) + 1 / 2, 10); // 7 + 1.8928 + 0.5 = 9.3928
    expect(dcg([3, 2, 1])).toBeCloseTo(9.392789, 5);
    expect(dcg([0, 3])).toBeCloseTo(7 / Math.log2(3), 10); // 4.4165
    expect(dcg([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1], 10)).toBeCloseTo(dcg([1, 1, 1, 1, 1, 1, 1, 1, 1, 1]), 10);
  });

  it('is 1 for the best order, and less when a better job ranks lower', () => {
    const judgments = { a: 3, b: 2, c: 1 };
    expect(ndcgAt(['a', 'b', 'c'], judgments)).toBeCloseTo(1, 10);
    // c, b, a: 1 + 3/1.585 + 7/2 = 6.3928; ideal 9.3928 -> 0.680605
    expect(ndcgAt(['c', 'b', 'a'], judgments)).toBeCloseTo(0.680605, 5);
    // An unjudged job first: 0 + 7/1.585 + 3/2 + 1/2.3219 = 6.3472; -> 0.675751
    expect(ndcgAt(['x', 'a', 'b', 'c'], judgments)).toBeCloseTo(0.675751, 5);
    // The ideal comes from every judgment, found or not: only a, of three relevant: 7 / 9.3928 = 0.745253
    expect(ndcgAt(['a'], judgments)).toBeCloseTo(0.745253, 5);
    expect(ndcgAt([], judgments)).toBe(0);
    // Only the first ten count: a grade-3 job at rank 11 adds nothing.
    expect(ndcgAt([...'bcdefghijk'.split(''), 'a'], { a: 3, b: 3 })).toBeCloseTo(7 / (7 + 7 / Math.log2(3)), 10);
  });

  it('counts grades 2 and 3 among the first six as precise, over six places', () => {
    const judgments = { a: 3, b: 2, c: 1, d: 2 };
    expect(precisionAt(['a', 'b', 'c', 'd', 'e', 'f', 'g'], judgments)).toBeCloseTo(3 / 6, 10);
    expect(precisionAt(['c'], judgments)).toBe(0);
    expect(precisionAt(['g', 'g', 'g', 'g', 'g', 'g', 'a'], judgments)).toBe(0);
    expect(bestPrecisionAt(judgments)).toBeCloseTo(3 / 6, 10);
    expect(bestPrecisionAt(Object.fromEntries('abcdefgh'.split('').map((k) => [k, 3])))).toBe(1);
  });

  it('averages per group, and over every query', () => {
    const scores = [
      scoreQuery({ q: 'a', group: 'titles', judgments: { a: 3 } }, ['a']),
      scoreQuery({ q: 'b', group: 'titles', judgments: { b: 3 } }, ['x']),
      scoreQuery({ where: 'California', group: 'regions', judgments: { c: 3 } }, []),
    ];
    const summary = summarize(scores);
    expect(summary.groups.map((g) => [g.name, g.queries, g.ndcg])).toEqual([
      ['titles', 2, 0.5],
      ['regions', 1, 0],
    ]);
    expect(summary.all.ndcg).toBeCloseTo(1 / 3, 10);
  });
});
