import { describe, expect, it } from 'vitest';
import { languageOf, negotiatedLanguage } from './language.js';

describe("the request's language", () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['de', 'de'],
    ['de-CH', 'de'],
    ['ar-EG,en;q=0.3', 'ar'],
    ['en;q=0.2, de;q=0.8', 'de'],
    ['fr, ar;q=0.1', 'ar'],
    ['de;q=0, en;q=0.1', 'en'],
    ['fr-FR, es', 'en'],
    ['*', 'en'],
  ])('Accept-Language %j reads %s', (header, language) => {
    expect(negotiatedLanguage(header)).toBe(language);
  });

  const request = (cookie: string | undefined, header: string | undefined, locale?: string | null) => ({
    headers: header === undefined ? {} : { 'accept-language': header },
    cookies: cookie === undefined ? {} : { lang: cookie },
    user: locale === undefined ? null : { locale },
  });

  it('the cookie beats the header, the account beats the cookie', () => {
    expect(languageOf(request(undefined, 'de'))).toBe('de');
    expect(languageOf(request('ar', 'de'))).toBe('ar');
    expect(languageOf(request('ar', 'de', 'en'))).toBe('en');
    expect(languageOf(request('ar', 'de', null))).toBe('ar');
  });

  it('an unknown cookie is ignored, not trusted', () => {
    expect(languageOf(request('fr', 'de'))).toBe('de');
    expect(languageOf(request('<script>', undefined))).toBe('en');
  });
});
