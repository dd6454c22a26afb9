import countries from 'i18n-iso-countries';

/** ISO 3166-1 alpha-2 ('GB', 'DE'), checked against i18n-iso-countries' list (decision record 0012). */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}
