import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@jobboard/shared';
import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/**
 * The language the board answers a request in (issue 35, decision record 48): the signed-in account's choice, else
 * the language menu's cookie, else the browser's Accept-Language (q-values and prefixes as negotiator weighs them:
 * `de-CH` reads German), else English. An unknown cookie value is ignored rather than refused.
 */
export function languageOf(
  request: Pick<FastifyRequest, 'headers' | 'cookies'> & { user?: { locale?: unknown } | null },
): Language {
  const chosen = request.user?.locale;
  if (isLanguage(chosen)) return chosen;
  const cookie = request.cookies[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  return negotiatedLanguage(request.headers['accept-language']);
}

/** The best of the board's languages for an Accept-Language header; English when it names none of them. */
export function negotiatedLanguage(acceptLanguage: string | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const best = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).language([...LANGUAGES]);
  return isLanguage(best) ? best : DEFAULT_LANGUAGE;
}
