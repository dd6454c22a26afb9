import { directionOf, type Language } from '@jobboard/shared';
import { headTags, scriptJson, type PageHead } from './head.js';

/** The answers a rendered page was made of, sent with it for the browser's query cache (apps/web/src/lib/ssr-state.ts). */
export interface SsrState {
  locale: string;
  /** The language the page is written in (http/language.ts): the app renders and hydrates in it. */
  language: Language;
  queries: { key: readonly unknown[]; status: number; body: unknown }[];
}

/** The reader's first language if this runtime knows it (dates are written in it), else en-US. */
export function pageLocale(acceptLanguage: string | undefined): string {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim();
  if (!first || first === '*') return 'en-US';
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([first])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/** The shell's `<html>` tag in the page's language and its direction (Arabic reads right to left). */
export function shellIn(shell: string, language: Language): string {
  return shell.replace(/<html[^>]*>/, () => `<html lang="${language}" dir="${directionOf(language)}">`);
}

/** The shell with the page's head and rendered body in place of the shell's own title, description and empty root. */
export function assemblePage(shell: string, head: PageHead, body: string, state: SsrState, stateId: string): string {
  return (
    shellIn(shell, state.language)
      .replace(/<title>[^<]*<\/title>/, '')
      // The site's own icon (a site setting) in place of the built-in one.
      .replace(/<link rel="icon"[^>]*>/, (tag) => (head.favicon ? '' : tag))
      .replace(/<meta name="description"[^>]*>/, () => headTags(head))
      // The shell's "this page needs JavaScript" (index.html): a rendered page works without it.
      .replace(/(?:<!--[^>]*-->\s*)?<noscript>\s*<p\s+id="noscript-message"[\s\S]*?<\/noscript>\s*/, '')
      .replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${body}</div><script type="application/json" id="${stateId}">${scriptJson(state)}</script>`,
      )
  );
}
