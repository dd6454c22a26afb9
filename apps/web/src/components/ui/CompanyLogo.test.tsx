import { describe, expect, it } from 'vitest';
import { initials } from './CompanyLogo';

describe('logo initials', () => {
  it('takes the first letters of the first two words that start with one', () => {
    expect(initials('Tidewater Labs')).toBe('TL');
    expect(initials('Maple & Co')).toBe('MC');
    expect(initials('acme')).toBe('A');
    expect(initials('  ')).toBe('?');
  });
});
