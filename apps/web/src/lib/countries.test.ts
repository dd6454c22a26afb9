import { countryName, isCountryCode } from '@jobboard/shared';
import countries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES, countryLabel, countryOptions } from './countries';

describe('the web app country list', () => {
  it('is the shared list of ISO codes, exactly', () => {
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countries.getAlpha2Codes()).sort());
    expect(COUNTRY_CODES.every(isCountryCode)).toBe(true);
  });

  it('names countries as the shared countryName does', () => {
    for (const code of COUNTRY_CODES) expect(countryLabel(code), code).toBe(countryName(code));
    expect(countryLabel('')).toBe('');
  });

  it('offers every country sorted by name', () => {
    const options = countryOptions();
    expect(options).toHaveLength(COUNTRY_CODES.length);
    expect(options.find((o) => o.code === 'DE')?.name).toBe('Germany');
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });
});
