import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, type Token } from '@messageformat/parser';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { MAIL_CATALOGUES } from '../modules/mail/mail-language.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** msgid -> msgstr of a .po file (one-line entries, as these catalogues are written). */
function readPo(language: string): Map<string, string> {
  const text = fs.readFileSync(path.join(here, `${language}.po`), 'utf8');
  const unquote = (s: string) => JSON.parse(s) as string;
  const entries = new Map<string, string>();
  for (const [, id, str] of text.matchAll(/^msgid (".*")\nmsgstr (".*")$/gm)) {
    if (id && str && unquote(id) !== '') entries.set(unquote(id), unquote(str));
  }
  return entries;
}

/** Every argument a message uses, with how (plain, plural, select: with its select's cases). */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(`${token.arg}`);
      if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      if (token.type === 'plural' || token.type === 'selectordinal') found.add(`${token.arg}:plural`);
      if (token.type === 'select') {
        found.add(`${token.arg}:select:${token.cases.map((c) => c.key).join('|')}`);
      }
      if ('cases' in token) for (const c of token.cases) walk(c.tokens);
    }
  };
  walk(parse(message));
  return [...found].sort();
}

describe('the server catalogue (e-mails)', () => {
  const english = readPo('en');

  it('has messages', () => {
    expect(english.size).toBeGreaterThan(50);
  });

  it.each(LANGUAGES.filter((l) => l !== 'en'))('%s has every message, with the same placeholders', (language) => {
    const translated = readPo(language);
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [id, source] of english) {
      const text = translated.get(id) ?? '';
      expect(text, id).not.toBe('');
      expect(placeholders(text), `${language} ${id}`).toEqual(placeholders(source));
    }
  });

  it.each(LANGUAGES)('the compiled %s catalogue is the .po file compiled (npm run i18n:compile)', (language) => {
    const compiled = Object.fromEntries([...readPo(language)].map(([id, text]) => [id, compileMessage(text)]));
    expect(MAIL_CATALOGUES[language]).toEqual(compiled);
  });
});
