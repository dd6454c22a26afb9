import type { I18n, MessageDescriptor } from '@lingui/core';

/*
 * The server answers in English, the texts of @jobboard/shared (old API clients read them, so they never change).
 * The web app shows them in the reader's language: each known text has a message. The map of them all
 * (components/server-text.ts) is in the `common` catalogue, fetched with the lazy screens, so the home page does
 * not carry it; it is set here when that catalogue is loaded (lib/feature-catalogues.ts). This module has no
 * messages of its own and stays small: lib/api's errorMessage, in the home page's entry, uses it.
 */

/** English server texts -> the messages that say them in the reader's language. */
export type ServerTexts = Readonly<Record<string, MessageDescriptor>>;

/** The message of a server text, when the lookup knows it (a text with a number in it needs the reader's i18n). */
export type ServerTextLookup = (text: string, i18n: I18n) => MessageDescriptor | undefined;

let known: ServerTextLookup = () => undefined;

/** The map of every server text, from when the common catalogue has come (lib/feature-catalogues.ts). */
export function setServerTexts(lookup: ServerTextLookup): void {
  known = lookup;
}

/**
 * A server text in the reader's language: the known text translated, any other (a validation message such as
 * "title: ...", a text of a newer server) as it came. `own` is a screen's own few (in a catalogue always loaded with it), else the map. English is
 * the text itself, byte for byte. A message whose catalogue is not loaded stays English: a production build keeps
 * only ids in the code, so `i18n._` would return the id.
 */
export function serverText(i18n: I18n, text: string, own?: ServerTexts): string {
  const whole = translated(i18n, text, own);
  if (whole !== undefined) return whole;
  // "answers.q1: answer yes or no": the field's name as it came (the forms place the text beside that field by
  // it), the reason after it translated when it is a known text.
  const [, field, reason] = FIELD_AND_REASON.exec(text) ?? [];
  const translatedReason = reason === undefined ? undefined : translated(i18n, reason, own);
  return translatedReason === undefined ? text : `${field ?? ''}: ${translatedReason}`;
}

const FIELD_AND_REASON = /^([\w.[\]-]+): (.+)$/s;

/** A known text in the reader's language; undefined for an unknown one, in English, or with its catalogue not loaded. */
function translated(i18n: I18n, text: string, own?: ServerTexts): string | undefined {
  const message = own && Object.hasOwn(own, text) ? own[text] : known(text, i18n);
  if (i18n.locale === 'en' || !message || i18n.messages[message.id] === undefined) return undefined;
  return i18n._(message);
}
