import { setupI18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { messages as ar } from '../../locales/ar.js';
import { messages as de } from '../../locales/de.js';
import { messages as en } from '../../locales/en.js';
import type { OutgoingMail } from './transports.js';

/** The compiled catalogues (src/locales/*.po, `npm run i18n:compile -w @jobboard/server`). */
export const MAIL_CATALOGUES: Record<Language, Messages> = { en, de, ar };

/** One message of the catalogue in a language, its ICU placeholders filled. */
export type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * A translator for one e-mail: its own Lingui instance (nothing global is switched, so mails in several languages
 * can be written at once).
 */
export function translator(language: Language = DEFAULT_LANGUAGE): Translate {
  const i18n = setupI18n({ locale: language, messages: { [language]: MAIL_CATALOGUES[language] } });
  return (id, values) => i18n._(id, values);
}

/**
 * The language an e-mail to this address is written in: its account's choice at the time the mail is written,
 * English for an address without an account or without a choice.
 */
export async function recipientLanguage(db: Queryable, address: string): Promise<Language> {
  const rows = await db.query<{ locale: string | null }>('SELECT locale FROM users WHERE email = lower($1)', [address]);
  const locale = rows[0]?.locale;
  return isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
}

/** A mail in another language than English says which (Content-Language), so mail clients can read it right. */
export function inLanguage(mail: OutgoingMail, language: Language): OutgoingMail {
  if (language === DEFAULT_LANGUAGE) return mail;
  return { ...mail, headers: { ...mail.headers, 'Content-Language': language } };
}

/** An account's chosen language, English when it chose none. */
export const accountLanguage = (account: { locale?: Language | null }): Language => account.locale ?? DEFAULT_LANGUAGE;
