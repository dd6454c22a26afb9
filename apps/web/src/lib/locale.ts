import { createContext, useContext } from 'react';
import { useLingui } from './i18n';

/**
 * The locale dates are written in. A server-rendered page is written in the locale the server chose from the
 * request's Accept-Language, and the browser keeps that one for the page's life, so the HTML it hydrates says
 * exactly what the first client render says (a different date format would be a hydration mismatch). Pages the
 * browser renders alone use its own language.
 */
export function browserLocale(): string {
  return typeof navigator === 'undefined' ? 'en-US' : navigator.language;
}

export const LocaleContext = createContext<string | undefined>(undefined);

/**
 * The reader's locale in the chosen language: 'de-AT' stays 'de-AT' for German, but a reader of 'en-US' who chose
 * Arabic reads Arabic dates and numbers.
 */
export function localeIn(language: string, locale: string): string {
  return locale.toLowerCase().split('-')[0] === language ? locale : language;
}

export function useReaderLocale(): string {
  const base = useContext(LocaleContext) ?? browserLocale();
  return localeIn(useLingui().i18n.locale, base);
}
