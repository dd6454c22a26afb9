import countries from 'i18n-iso-countries';

/** ISO 3166-1 alpha-2 ('GB', 'DE'), checked against i18n-iso-countries' list (decision record 0012). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

const displayNames = new Map<string, Intl.DisplayNames>();
/** 'DE' -> 'Germany' in the reader's language (the runtime's ICU); the code itself when it has no name. */
export function countryName(code: string, locale = 'en'): string {
  if (!code) return '';
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? code;
}
