import { describe, expect, it } from 'vitest';
import { describeSearch, feedSearchParams, searchFeedLinks, searchFeedTitle } from './feeds.js';

describe('feeds of a search', () => {
  it('keep only the search keys, in their order, without the page or empty values', () => {
    expect(feedSearchParams('?page=3&sort=pay&q=react&utm_source=x&where=&skill=go').toString()).toBe(
      'q=react&skill=go&sort=pay',
    );
  });

  it('name the search in words', () => {
    expect(describeSearch('')).toBe('all jobs');
    expect(searchFeedTitle('q=react&where=Berlin')).toBe('Jobboard: react jobs in Berlin');
    expect(describeSearch('workplace=remote&employment=full-time&skill=typescript&payMin=100000&posted=7d')).toBe(
      'remote full-time jobs using typescript, paying $100,000+ a year, posted in the last 7 days',
    );
    expect(describeSearch('where=remote')).toBe('remote jobs');
    expect(describeSearch('q=buchhalter&language=de')).toBe('buchhalter jobs written in German');
    expect(searchFeedTitle('where=Remote&q=react')).toBe('Jobboard: remote react jobs');
    expect(describeSearch('where=remote&workplace=remote')).toBe('remote jobs');
    expect(describeSearch('country=de&remoteCountry=FR&payMin=123456')).toBe(
      'jobs in Germany, open to people in France, paying $123,456+ a year',
    );
    expect(describeSearch('location=london&salaryType=hourly')).toBe('jobs in London, paid hourly');
  });

  it('give the three feeds, relative or absolute', () => {
    expect(searchFeedLinks('q=a&b=c', 'https://x.test').map((link) => link.href)).toEqual([
      'https://x.test/feed.rss?q=a',
      'https://x.test/feed.atom?q=a',
      'https://x.test/feed.json?q=a',
    ]);
    expect(searchFeedLinks('').map((link) => [link.type, link.href, link.title])).toEqual([
      ['application/rss+xml', '/feed.rss', 'RSS: all jobs'],
      ['application/atom+xml', '/feed.atom', 'Atom: all jobs'],
      ['application/feed+json', '/feed.json', 'JSON Feed: all jobs'],
    ]);
  });
});
