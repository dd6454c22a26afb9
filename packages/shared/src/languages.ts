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

/**
 * The languages a job can be posted in: each is shown marked with its `lang` (and direction), and search stems it
 * in its own language where the database has a stemmer for it (JOB_STEMMERS), else word for word.
 */
export const JOB_LANGUAGES = ['en', 'de', 'ar', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'tr'] as const;
export type JobLanguage = (typeof JOB_LANGUAGES)[number];

export const isJobLanguage = (value: unknown): value is JobLanguage =>
  typeof value === 'string' && (JOB_LANGUAGES as readonly string[]).includes(value);

/** A job language's name in `locale` (Intl's names), the code itself where the runtime has none. */
export function jobLanguageNameIn(code: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Right to left among the job languages. */
export const jobDirectionOf = (language: string): 'ltr' | 'rtl' => (language === 'ar' ? 'rtl' : 'ltr');
