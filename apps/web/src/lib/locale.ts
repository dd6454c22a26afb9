import { createContext, useContext } from 'react';

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

export function useReaderLocale(): string {
  return useContext(LocaleContext) ?? browserLocale();
}
