import { describe, expect, it } from 'vitest';
import { clampPage, hasNextPage, hasPreviousPage, pageCount, pageSlice } from './paging';

const items = Array.from({ length: 9 }, (_, i) => i + 1);

describe('paging at 4 rows a page', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 4)).toBe(1);
    expect(pageCount(4, 4)).toBe(1);
    expect(pageCount(5, 4)).toBe(2);
    expect(pageCount(9, 4)).toBe(3);
  });
  it('slices each page, the last one short', () => {
    expect(pageSlice(items, 1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageSlice(items, 2, 4)).toEqual([5, 6, 7, 8]);
    expect(pageSlice(items, 3, 4)).toEqual([9]);
  });
  it('clamps pages past either edge (for example after deleting the last row of the last page)', () => {
    expect(clampPage(0, 9, 4)).toBe(1);
    expect(clampPage(4, 9, 4)).toBe(3);
    expect(clampPage(3, 8, 4)).toBe(2);
    expect(pageSlice(items.slice(0, 8), 3, 4)).toEqual([5, 6, 7, 8]);
  });
  it('knows the edges', () => {
    expect(hasPreviousPage(1)).toBe(false);
    expect(hasPreviousPage(2)).toBe(true);
    expect(hasNextPage(2, 9, 4)).toBe(true);
    expect(hasNextPage(3, 9, 4)).toBe(false);
    expect(hasNextPage(2, 8, 4)).toBe(false);
    expect(hasNextPage(1, 0, 4)).toBe(false);
  });
});
