import { describe, expect, it } from 'vitest';
import { describeAlertSearch } from './alert-words.js';
import { alertCreateBodySchema, parseAlertQuery } from './alerts.js';

describe('parseAlertQuery', () => {
  it("normalises the search page's query string: page and order dropped, keys in the page's order, values as the search reads them", () => {
    expect(parseAlertQuery('?page=4&where=Berlin&q=%20react%20&sort=pay&location=LONDON')).toEqual({
      ok: true,
      search: { q: 'react', where: 'Berlin', location: 'london' },
      query: 'q=react&where=Berlin&location=london',
    });
    expect(parseAlertQuery('')).toEqual({ ok: true, search: {}, query: '' });
  });

  it('refuses, naming the field, what the search page would refuse, and fields it does not have', () => {
    expect(parseAlertQuery('payMin=-1')).toEqual({ ok: false, message: 'payMin must not be negative' });
    expect(parseAlertQuery('country=GBR')).toEqual({ ok: false, message: 'country must be a two-letter country code' });
    expect(parseAlertQuery('admin=1')).toEqual({ ok: false, message: 'admin is not a search field' });
    expect(parseAlertQuery('where=a&where=b')).toEqual({ ok: false, message: 'where is given twice' });
  });

  it('is the body schema of POST /api/alerts', () => {
    expect(alertCreateBodySchema.parse({ query: 'sort=newest&q=go', frequency: 'daily' })).toEqual({
      query: 'q=go',
      frequency: 'daily',
    });
    expect(alertCreateBodySchema.safeParse({ query: 'q=go', frequency: 'hourly' }).success).toBe(false);
  });
});

describe('describeAlertSearch', () => {
  it.each([
    [{}, 'All jobs'],
    [{ q: 'react', where: 'Berlin' }, 'react in Berlin'],
    [{ q: 'react', where: 'remote' }, 'react, remote'],
    [{ skill: 'rust', country: 'DE' }, 'rust jobs in Germany'],
    [
      { q: 'designer', workplace: 'hybrid', employment: 'full-time', payMin: 80000 },
      'designer, Full-time, Hybrid, paying at least $80,000 a year',
    ],
    [
      { location: 'madrid', maxPrice: '50', posted: '7d' },
      'All jobs, in Madrid, pay < 50000k, posted in the last 7 days',
    ],
    [{ q: 'buchhalter', language: 'de' }, 'buchhalter, written in German'],
  ] as const)('%o -> %s', (search, words) => {
    expect(describeAlertSearch(search)).toBe(words);
  });
});
