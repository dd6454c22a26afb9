import { searchQueryFromParams } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { parseSearchParams } from './search-params';

const cases = [
  '',
  'q=react',
  'q=%20%20react%20dev%20',
  `q=${'x'.repeat(101)}`,
  'q=',
  'location=London&salaryType=YEARLY&maxPrice=30&posted=7d&experience=internship&employment=full-time&page=3',
  'location=paris',
  'location=all&employment=any&salaryType=',
  'maxPrice=31',
  'posted=1y',
  'experience=work%20remotely',
  'page=0',
  'page=-2',
  'page=1.5',
  'page=abc',
  'page=10001',
  'page=10000',
  'page=%202%20',
  'q=design&page=2&location=madrid&bogus=1',
];

describe('parseSearchParams agrees with the shared searchQueryFromParams', () => {
  for (const search of cases) {
    it(`?${search}`, () => {
      const params = new URLSearchParams(search);
      expect(parseSearchParams(params)).toEqual(searchQueryFromParams(params));
    });
  }
});
