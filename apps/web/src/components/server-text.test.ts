import * as shared from '@jobboard/shared';
import {
  ADMIN_CONSOLE_MESSAGES,
  CONVERSATION_MESSAGES,
  CV_MESSAGES,
  FIELD_MESSAGES,
  MESSAGES,
  MODERATION_MESSAGES,
} from '@jobboard/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from '../lib/api';
import { createI18n, englishMessages, setAppI18n } from '../lib/i18n';
import { setServerTexts } from '../lib/server-text';
import { messages as arabic } from './locales/ar.po';
import { messages as german } from './locales/de.po';
import { messages as english } from './locales/en.po';
import { lookUpServerText, serverText } from './server-text';

/** Every table of texts the server sends: each export of @jobboard/shared named MESSAGES or *_MESSAGES. */
const TABLES = Object.entries(shared).filter(([name]) => name === 'MESSAGES' || name.endsWith('_MESSAGES'));

// MESSAGES' log* lines only go to the console, in English: no screen shows them.
const shown = (table: string, key: string) => !(table === 'MESSAGES' && key.startsWith('log'));

/** Every text of the tables; a text with a number (a function) with a few numbers, small and large. */
function everyText(): { where: string; text: string; grouped?: boolean }[] {
  return TABLES.flatMap(([table, values]) =>
    Object.entries(values as Record<string, unknown>)
      .filter(([key]) => shown(table, key))
      .flatMap(([key, value]) => {
        const where = `${table}.${key}`;
        if (typeof value === 'string') return [{ where, text: value }];
        if (typeof value === 'function')
          return [3, 50, 1000, 12_345].map((n) => ({
            where: `${where}(${n})`,
            text: String(value(n)),
            grouped: n >= 1000,
          }));
        return [{ where, text: `not a text: ${typeof value}` }];
      }),
  );
}

const de = createI18n('de', german);
const ar = createI18n('ar', arabic);
const en = createI18n('en', english);

describe('the server’s texts in the reader’s language (issue 35)', () => {
  afterEach(() => setAppI18n(createI18n('en', englishMessages)));

  it('knows every text of every shared table', () => {
    expect(TABLES.length).toBeGreaterThanOrEqual(11);
    const texts = everyText();
    expect(texts.length).toBeGreaterThan(130);
    const unknown = texts.filter(({ text }) => !lookUpServerText(text, de)).map(({ where }) => where);
    expect(unknown).toEqual([]);
  });

  it('says every text in English exactly as the server does, and in German and Arabic otherwise', () => {
    const texts = everyText();
    // The English catalogue's message is the server's text, byte for byte; English is the text itself. (A number
    // of four digits or more is written by the reader's locale, 1,000, where a server's text may have 1000.)
    const notEnglish = texts.filter(({ text, grouped }) => {
      const message = lookUpServerText(text, en);
      return !message || (!grouped && en._(message) !== text) || serverText(en, text) !== text;
    });
    expect(notEnglish.map(({ where }) => where)).toEqual([]);
    for (const i18n of [de, ar]) {
      const same = texts.filter(({ text }) => serverText(i18n, text) === text).map(({ where }) => where);
      expect(same).toEqual([]);
    }
  });

  it('answers a known text in German and Arabic, any other text as it came', () => {
    expect(serverText(de, MESSAGES.jobNotFound)).toBe('Stelle nicht gefunden');
    expect(serverText(ar, MESSAGES.jobNotFound)).toBe('الوظيفة غير موجودة');
    expect(serverText(de, ADMIN_CONSOLE_MESSAGES.merged)).toBe('Unternehmen zusammengeführt');
    // A field's name stays in front: the forms place the text beside that field by it.
    expect(serverText(de, CV_MESSAGES.tooLarge)).toBe('cv: Ein Lebenslauf darf höchstens 5 MB groß sein');
    expect(serverText(de, MODERATION_MESSAGES.postingLimit(1000))).toBe(
      'Sie können höchstens 1.000 Stellen pro Tag ausschreiben. Bitte versuchen Sie es morgen erneut.',
    );
    expect(serverText(de, CONVERSATION_MESSAGES.tooManyMessages(30))).toContain('30 Nachrichten');
    // A reason after any field's name: the name as it came, the reason translated.
    expect(serverText(de, `url: ${FIELD_MESSAGES.httpsRequired}`)).toBe('url: eine https://-Adresse ist erforderlich');
    expect(serverText(ar, `answers.q-1: ${FIELD_MESSAGES.answerYesOrNo}`)).toBe('answers.q-1: أجب بنعم أو لا');
    expect(serverText(de, `siteName: ${FIELD_MESSAGES.setByEnvironment}`)).toBe(
      'siteName: von der Umgebung festgelegt; ändern Sie es dort',
    );
    expect(serverText(en, `url: ${FIELD_MESSAGES.httpsRequired}`)).toBe(`url: ${FIELD_MESSAGES.httpsRequired}`);
    // ... and one with values: the values as the server wrote them.
    const range = `validThrough: ${FIELD_MESSAGES.validThroughRange(60, '2026-11-27', '2027-01-26')}`;
    expect(serverText(de, range)).toBe(
      'validThrough: muss zwischen heute und 60 Tagen ab heute liegen (2026-11-27 bis 2027-01-26)',
    );
    expect(serverText(en, range)).toBe(range);
    expect(serverText(de, `answers.q-2: ${FIELD_MESSAGES.answerOneOf('EU, UK')}`)).toBe(
      'answers.q-2: antworten Sie mit einem von: EU, UK',
    );
    expect(serverText(de, 'customStageId: this stage comes after interview: send stage offer')).toBe(
      'customStageId: this stage comes after interview: send stage offer',
    );
    for (const other of ['title: Title is required', 'Job not found!', 'You can post at most 1,00 jobs a day.'])
      expect(serverText(de, other)).toBe(other);
    expect(serverText(en, MESSAGES.jobNotFound)).toBe('Job not found');
  });

  it('stays English when the catalogue with the message is not loaded (a production build would show its id)', () => {
    const coreOnly = createI18n('de', {});
    expect(serverText(coreOnly, MESSAGES.emailTaken)).toBe(MESSAGES.emailTaken);
    expect(serverText(coreOnly, MODERATION_MESSAGES.postingLimit(5))).toBe(MODERATION_MESSAGES.postingLimit(5));
  });

  it('errorMessage speaks the app’s language once the map has come with the common catalogue', () => {
    const refused = new ApiError(409, MESSAGES.alreadyAppliedError);
    expect(errorMessage(refused)).toBe(MESSAGES.alreadyAppliedError);
    setAppI18n(de);
    setServerTexts(lookUpServerText);
    expect(errorMessage(refused)).toBe('Sie haben sich bereits auf diese Stelle beworben');
    expect(errorMessage(new Error('title: Title is required'))).toBe('title: Title is required');
    expect(errorMessage(null)).toBe('Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.');
  });
});
