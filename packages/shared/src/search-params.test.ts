import { describe, expect, it } from 'vitest';
import { searchQueryFromParams } from './search-params.js';
import { searchQueryToParams } from './search-url.js';
import type { SearchQuery } from './schemas.js';

describe('searchQueryFromParams / searchQueryToParams', () => {
  it('round-trips a full query', () => {
    const query: SearchQuery = {
      q: 'react dev',
      location: 'london',
      salaryType: 'yearly',
      maxPrice: '80',
      posted: '7d',
      experience: 'work remotely',
      employment: 'part-time',
      page: 3,
    };
    const params = searchQueryToParams(query);
    expect(searchQueryFromParams(new URLSearchParams(params.toString()))).toEqual(query);
  });

  it('round-trips an empty query to an empty URL and page 1', () => {
    const params = searchQueryToParams({ page: 1 });
    expect(params.toString()).toBe('');
    expect(searchQueryFromParams(params)).toEqual({ page: 1 });
  });

  it('normalises case and treats all/any/empty as no filter', () => {
    const query = searchQueryFromParams(
      new URLSearchParams('location=London&salaryType=all&posted=&employment=ANY&q=%20%20'),
    );
    expect(query).toEqual({ page: 1, location: 'london' });
  });

  it('drops bad values and keeps the good ones', () => {
    const query = searchQueryFromParams(
      new URLSearchParams(
        `q=dev&location=${'x'.repeat(101)}&maxPrice=31&posted=1y&page=abc&employment=full-time&experience=guru&payMin=-3`,
      ),
    );
    expect(query).toEqual({ q: 'dev', employment: 'full-time', page: 1 });
  });

  it('reads the job model keys and writes them back (issue 11)', () => {
    const text =
      'q=nurse&where=Berlin%2C+Germany&location=paris&workplace=remote&skill=patient+care&country=DE&remoteCountry=FR&payMin=60000&sort=pay&page=3';
    const query = searchQueryFromParams(new URLSearchParams(text));
    expect(query).toEqual({
      q: 'nurse',
      where: 'Berlin, Germany',
      location: 'paris',
      workplace: 'remote',
      skill: 'patient care',
      country: 'DE',
      remoteCountry: 'FR',
      payMin: 60000,
      sort: 'pay',
      page: 3,
    });
    expect(searchQueryFromParams(searchQueryToParams(query))).toEqual(query);
  });

  it('drops page 0, negative and fractional pages', () => {
    expect(searchQueryFromParams(new URLSearchParams('page=0')).page).toBe(1);
    expect(searchQueryFromParams(new URLSearchParams('page=-2')).page).toBe(1);
    expect(searchQueryFromParams(new URLSearchParams('page=1.5')).page).toBe(1);
    expect(searchQueryFromParams(new URLSearchParams('page=7')).page).toBe(7);
  });

  it('ignores unknown parameters', () => {
    expect(searchQueryFromParams(new URLSearchParams('utm_source=x&maxPrice=50'))).toEqual({ maxPrice: '50', page: 1 });
  });

  it('leaves page 1 out of the URL', () => {
    expect(searchQueryToParams({ q: 'x', page: 1 }).toString()).toBe('q=x');
    expect(searchQueryToParams({ page: 2 }).toString()).toBe('page=2');
  });
});
