import { describe, expect, it } from 'vitest';
import { pageFromParams, withPage } from './page-param';

const page = (query: string) => pageFromParams(new URLSearchParams(query));

describe('the page of a list URL', () => {
  it('reads a whole page number from 1 to 9999', () => {
    expect(page('page=1')).toBe(1);
    expect(page('page=2')).toBe(2);
    expect(page('q=chef&page=37')).toBe(37);
    expect(page('page=9999')).toBe(9999);
  });

  it('is page 1 when missing or malformed', () => {
    for (const junk of [
      '',
      'page=',
      'page=0',
      'page=-1',
      'page=2.5',
      'page=02',
      'page=1e3',
      'page=x',
      'page=%20',
      'page=10000',
      'page=99999999999999999999',
    ])
      expect(page(junk), junk).toBe(1);
  });

  it('reads the first of repeated parameters', () => {
    expect(page('page=3&page=5')).toBe(3);
  });
});

describe('withPage', () => {
  it('sets the page and keeps the other parameters', () => {
    expect(withPage(new URLSearchParams('job=a&stage=offer'), 3).toString()).toBe('job=a&stage=offer&page=3');
    expect(withPage(new URLSearchParams('page=2&q=chef'), 4).toString()).toBe('page=4&q=chef');
  });

  it('drops the parameter for page 1: the list plain address', () => {
    expect(withPage(new URLSearchParams('q=chef&page=2'), 1).toString()).toBe('q=chef');
    expect(withPage(new URLSearchParams(''), 1).toString()).toBe('');
  });

  it('leaves the given parameters untouched', () => {
    const params = new URLSearchParams('page=2');
    withPage(params, 5);
    expect(params.toString()).toBe('page=2');
  });
});
