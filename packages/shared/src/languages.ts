/**
 * The languages the board's screens and e-mails are written in (issue 35). English holds the spec's texts; a job
 * stays in the language it was posted in, whatever the reader's.
 */
export const LANGUAGES = ['en', 'de', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Set by the language menu (a year, SameSite=Lax): a visitor's choice, below a signed-in account's setting. */
export const LANGUAGE_COOKIE = 'lang';

/** Each language named in itself, as the language menu lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch', ar: 'العربية' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

export const directionOf = (language: Language): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');
