/*
 * Country names from the runtime's own ICU (Intl.DisplayNames), in a module of their own: the code list check in
 * countries.ts imports i18n-iso-countries, which the web app's first load must not carry.
 */

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
