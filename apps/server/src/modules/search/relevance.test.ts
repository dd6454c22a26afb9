import { describe, expect, it } from 'vitest';
import { foldAccents, TIER, titleHolds, wordKey, wordKeys } from './relevance.js';
import { alternativesOf, relatedOf } from './synonyms.js';

describe('relevance words', () => {
  it('drops a plural s but keeps ss and short words', () => {
    expect(['developers', 'sales', 'business', 'bus', 'ios'].map(wordKey)).toEqual([
      'developer',
      'sale',
      'business',
      'bus',
      'ios',
    ]);
  });

  it('splits a title at spaces and ASCII punctuation only', () => {
    expect(wordKeys('software engineer, payments (remote)')).toEqual(['software', 'engineer', 'payment', 'remote']);
    expect(wordKeys('front-end/back-end')).toEqual(['front', 'end', 'back', 'end']);
    expect(wordKeys('café crème')).toEqual(['café', 'crème']);
  });

  it('leaves out the ".js" of a library\'s name: "js" is no word of "node.js"; "net" is one of "asp.net"', () => {
    expect(wordKeys('senior node.js developer')).toEqual(['senior', 'node', 'developer']);
    expect(wordKeys('booking.com, asp.net/vue.js, next.jsx')).toEqual([
      'booking',
      'com',
      'asp',
      'net',
      'vue',
      'next',
      'jsx',
    ]);
    expect(wordKeys('.net developer (sr.) - js')).toEqual(['net', 'developer', 'sr', 'js']);
    expect(titleHolds(wordKeys('node.js developer'), ['js'])).toBeUndefined();
    expect(titleHolds(wordKeys('js developer'), ['js'])).toBe(TIER.phrase);
  });

  it('folds accents, ligatures and ß, and nothing outside Latin letters', () => {
    expect(foldAccents('Café Crème, Straße, Œuvre, Łódź')).toBe('Cafe Creme, Strasse, OEuvre, Lodz');
    expect(foldAccents('مطور C# .NET')).toBe('مطور C# .NET');
  });

  it('tells a phrase from words apart from no match', () => {
    const title = wordKeys('senior software engineer');
    expect(titleHolds(title, ['software', 'engineer'])).toBe(TIER.phrase);
    expect(titleHolds(title, ['engineer', 'software'])).toBe(TIER.titleWords);
    expect(titleHolds(title, ['engineer', 'developer'])).toBeUndefined();
    expect(titleHolds(wordKeys('business development'), ['developer'])).toBeUndefined();
    expect(titleHolds(title, [])).toBe(TIER.titleWords);
  });
});

describe('synonyms', () => {
  it('expands abbreviations one way, one word at a time', () => {
    expect(alternativesOf('senior js dev')).toEqual(['senior javascript dev', 'senior js developer']);
    expect(alternativesOf('developer')).toEqual([]);
    expect(alternativesOf('PM')).toEqual(['product manager', 'project manager']);
  });

  it('joins hyphenated words and the pairs the list knows', () => {
    expect(alternativesOf('front-end developer')).toEqual(['frontend developer', 'front end developer']);
    expect(alternativesOf('front end')).toEqual(['frontend']);
    expect(alternativesOf('back end')).toEqual(['backend']);
    expect(alternativesOf('dead end')).toEqual([]);
  });

  it('reads a slash as either side, but not in numbers or single letters', () => {
    expect(alternativesOf('c#/.net')).toEqual(['c#', '.net']);
    expect(alternativesOf('ux/ui designer')).toEqual(['ux designer', 'ui designer']);
    expect(alternativesOf('24/7 support')).toEqual([]);
    expect(alternativesOf('m/w/d')).toEqual([]);
  });

  it('finds a phrase written short too, where the short form is no prefix of common words', () => {
    expect(alternativesOf('registered nurse')).toEqual(['rn']);
    expect(alternativesOf('night shift registered nurse')).toEqual(['night shift rn']);
    expect(alternativesOf('physical therapist')).toEqual(['physiotherapist']);
    expect(alternativesOf('artificial intelligence')).toEqual([]);
  });

  it('relates a few titles, one word at a time', () => {
    expect(relatedOf('Developer')).toEqual(['software engineer', 'programmer']);
    expect(relatedOf('java developers')).toEqual(['java software engineers', 'java programmers']);
    expect(relatedOf('engineer')).toEqual([]);
  });

  it('gives at most four alternatives', () => {
    expect(alternativesOf('js ts ux ui qa').length).toBe(4);
  });
});
