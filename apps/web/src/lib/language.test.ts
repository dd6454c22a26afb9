import { describe, expect, it } from 'vitest';
import { initialLanguage } from './language';

/** A page as the app finds it when it starts: its `<html>` attributes and its cookies. */
function pageWith(html: { lang?: string; dir?: string }, cookie = ''): Document {
  const root = document.createElement('html');
  if (html.lang !== undefined) root.setAttribute('lang', html.lang);
  if (html.dir !== undefined) root.setAttribute('dir', html.dir);
  return { cookie, documentElement: root } as unknown as Document;
}

describe('the language the app starts in', () => {
  it("is a server-rendered page's own", () => {
    expect(initialLanguage(pageWith({ lang: 'de', dir: 'ltr' }, 'lang=de'), 'ar')).toBe('ar');
  });

  it("is the shell's <html lang dir> the server chose (the account's beats the cookie), before the cookie", () => {
    expect(initialLanguage(pageWith({ lang: 'de', dir: 'ltr' }, 'theme=dark; lang=ar'))).toBe('de');
    expect(initialLanguage(pageWith({ lang: 'ar', dir: 'rtl' }))).toBe('ar');
  });

  it('is the cookie for a shell the server did not choose for (no dir: the dev server), else its lang', () => {
    expect(initialLanguage(pageWith({ lang: 'en' }, 'theme=dark; lang=ar'))).toBe('ar');
    expect(initialLanguage(pageWith({ lang: 'de' }))).toBe('de');
    expect(initialLanguage(pageWith({ lang: 'fr', dir: 'ltr' }, 'lang=xx'))).toBe('en');
  });
});
