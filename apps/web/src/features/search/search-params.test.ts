import type { SearchQuery } from '@jobboard/shared';
import { FILTER_GROUP_NAMES, searchQueryFromParams, searchQuerySchema } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { parseSearchParams, searchHref, searchParamsOf } from './search-params';

/** The spec's keys: the shared searchQueryFromParams is the reference. */
const specCases = [
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
  'q=%EF%BC%B2eact', // full-width R: NFKC makes it plain
  'workplace=Remote',
  'workplace=office',
];

/** The job model's keys, which the shared searchQueryFromParams does not read yet: the schema itself is the reference. */
const modelCases = [
  'where=Berlin',
  'where=%20remote%20',
  `where=${'y'.repeat(101)}`,
  'location=S%C3%A3o%20Paulo',
  `location=${'c'.repeat(101)}`,
  'skill=React&skill=Vue',
  'skill=%20C%2B%2B%20',
  'skill=any',
  `skill=${'s'.repeat(41)}`,
  'country=de',
  'country=DEU',
  'country=%20fr%20',
  'country=',
  'remoteCountry=gb&workplace=remote',
  'remoteCountry=1x',
  'payMin=60000',
  'payMin=60000.5',
  'payMin=-1',
  'payMin=10000001',
  'payMin=%20',
  'payMin=all',
  'payMin=abc',
  'where=seattle&radius=25',
  'where=seattle&radius=25&withRemote=1',
  'radius=0',
  'radius=501',
  'radius=2.5',
  'radius=abc',
  'radius=%20',
  'withRemote=true',
  'withRemote=yes',
  'sort=PAY',
  'sort=relevance&q=go',
  'sort=oldest',
  'q=react&where=london&skill=react&country=gb&remoteCountry=de&payMin=80000&sort=newest&workplace=hybrid&page=2',
];

const ALL_KEYS = [
  'q',
  'where',
  'page',
  ...FILTER_GROUP_NAMES,
  'skill',
  'country',
  'remoteCountry',
  'radius',
  'withRemote',
  'payMin',
  'sort',
];

/** searchQueryFromParams over every key of the schema: whole parse, else each key on its own. */
function reference(params: URLSearchParams): SearchQuery {
  const raw: Record<string, string> = {};
  for (const key of ALL_KEYS) {
    const value = params.get(key);
    if (value !== null) raw[key] = value;
  }
  const parsed = searchQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (searchQuerySchema.safeParse({ [key]: value }).success) cleaned[key] = value;
  }
  return searchQuerySchema.parse(cleaned);
}

/** Absent keys and keys set to undefined are the same query. */
const defined = (query: SearchQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));

it('drops text holding a NUL character, which the API refuses, and keeps the other choices', () => {
  expect(parseSearchParams(new URLSearchParams('q=a%00b&where=Berlin&skill=%00'))).toEqual({
    q: undefined,
    page: 1,
    where: 'Berlin',
  });
});

describe('parseSearchParams agrees with the shared searchQueryFromParams', () => {
  for (const search of specCases) {
    it(`?${search}`, () => {
      const params = new URLSearchParams(search);
      expect(defined(parseSearchParams(params))).toEqual(defined(searchQueryFromParams(params)));
    });
  }
});

describe('parseSearchParams agrees with the shared searchQuerySchema on the job model keys', () => {
  for (const search of [...specCases, ...modelCases]) {
    it(`?${search}`, () => {
      const params = new URLSearchParams(search);
      expect(defined(parseSearchParams(params))).toEqual(defined(reference(params)));
    });
  }
});

describe('a plain form submission (no scripts)', () => {
  it("reads the sidebar's place radio, 'city|CC', as the place and its country; an explicit country wins", () => {
    expect(parseSearchParams(new URLSearchParams('location=berlin%7CDE&workplace=&sort=newest'))).toEqual({
      q: undefined,
      page: 1,
      location: 'berlin',
      country: 'DE',
      sort: 'newest',
    });
    expect(parseSearchParams(new URLSearchParams('location=berlin|de&country=US'))).toMatchObject({
      location: 'berlin',
      country: 'US',
    });
    expect(parseSearchParams(new URLSearchParams('location=|DE'))).toEqual({ q: undefined, page: 1 });
  });
});

describe('searchParamsOf', () => {
  it('round-trips every key through the URL', () => {
    const query: SearchQuery = {
      q: 'react dev',
      where: 'Berlin, Germany',
      location: 'berlin',
      workplace: 'remote',
      salaryType: 'yearly',
      skill: 'c++',
      country: 'DE',
      remoteCountry: 'FR',
      payMin: 80000,
      sort: 'pay',
      page: 3,
    };
    expect(parseSearchParams(searchParamsOf(query))).toEqual(query);
  });

  it('leaves defaults out, so old links keep their shape', () => {
    expect(searchParamsOf({ q: 'x', page: 1, location: 'london' }).toString()).toBe('q=x&location=london');
    expect(searchParamsOf({ page: 2, skill: 'go' }).toString()).toBe('skill=go&page=2');
    expect(searchParamsOf({ payMin: 0 }).toString()).toBe('payMin=0');
    expect(searchHref({ page: 1 })).toBe('/');
    expect(searchHref({ q: 'a b' })).toBe('/?q=a+b');
  });
});
