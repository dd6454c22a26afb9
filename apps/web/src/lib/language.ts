import {
  DEFAULT_LANGUAGE,
  directionOf,
  isLanguage,
  JOB_LANGUAGES,
  jobLanguageNameIn,
  LANGUAGE_COOKIE,
  type JobLanguage,
  type Language,
} from '@jobboard/shared';
import { apiFetch } from './api';
import { messagesIn, switchLanguage } from './i18n';

/**
 * The language the app starts in: the one a server-rendered page was written in, or the one the server wrote into
 * the shell's `<html lang dir>` (it chose either from the account, the cookie or Accept-Language; a shell with no
 * `dir`, as Vite's dev server sends it, was not chosen), else the cookie the language menu set, else `<html lang>`.
 */
export function initialLanguage(doc: Document, ssrLanguage?: unknown): Language {
  if (isLanguage(ssrLanguage)) return ssrLanguage;
  const chosen = doc.documentElement.hasAttribute('dir') ? doc.documentElement.lang : undefined;
  if (isLanguage(chosen)) return chosen;
  const cookie = doc.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
  if (isLanguage(cookie)) return cookie;
  const lang = doc.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** `<html lang dir>`: what screen readers, fonts, hyphenation and the logical CSS (start/end) follow. */
export function applyDocumentLanguage(doc: Document, language: Language): void {
  doc.documentElement.lang = language;
  doc.documentElement.dir = directionOf(language);
}

/**
 * The language menu's choice: kept in the cookie for a year (the server reads it for the next page), and on the
 * account when someone is signed in, so their e-mails and other browsers follow. An account call the server
 * refuses changes nothing on this screen: the choice holds in this browser.
 */
export async function chooseLanguage(language: Language, userId: string | null): Promise<void> {
  const messages = await messagesIn(language);
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  switchLanguage(language, messages);
  applyDocumentLanguage(document, language);
  if (!userId) return;
  await apiFetch(`/api/user/update/${encodeURIComponent(userId)}`, {
    method: 'POST',
    body: { locale: language },
  }).catch(() => undefined);
}

/** The job languages, named and in the reader's alphabetical order. */
export function jobLanguageOptions(readerLanguage: string): { code: JobLanguage; name: string }[] {
  return JOB_LANGUAGES.map((code) => ({ code, name: jobLanguageNameIn(code, readerLanguage) })).sort((a, b) =>
    a.name.localeCompare(b.name, readerLanguage),
  );
}
