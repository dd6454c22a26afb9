import { describe, expect, it } from 'vitest';
import { formatThousands, parseSalaryThousands } from './salary.js';

describe('parseSalaryThousands', () => {
  it.each([
    ['$20k', 20],
    ['20k', 20],
    ['20K', 20],
    ['$ 20 k', 20],
    ['120', 120],
    ['120,000', 120],
    ['$120,000', 120],
    ['45.5k', 45.5],
    ['1000', 1],
    ['999', 999],
    ['1.5m', 1500],
    ['£30k', 30],
    ['€ 80,000', 80],
    ['0', 0],
  ])('%s -> %s', (text, expected) => {
    expect(parseSalaryThousands(text)).toBe(expected);
  });

  it.each(['abc', '', '   ', 'k', '$', 'about 20k', '-5'])('%j has no number -> null', (text) => {
    expect(parseSalaryThousands(text)).toBeNull();
  });
});

describe('formatThousands', () => {
  it('shows the number in thousands, or the text when there is no number', () => {
    expect(formatThousands('$20k')).toBe('20');
    expect(formatThousands('120,000')).toBe('120');
    expect(formatThousands('45.555k')).toBe('45.56');
    expect(formatThousands('negotiable')).toBe('negotiable');
  });
});
