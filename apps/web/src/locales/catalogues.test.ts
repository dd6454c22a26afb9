import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** msgid -> msgstr of one catalogue (one-line entries: how `lingui extract` writes the app's messages). */
function read(language: string): Map<string, string> {
  const text = fs.readFileSync(path.join(import.meta.dirname, language, 'messages.po'), 'utf8');
  const entries = new Map<string, string>();
  for (const [, id, str] of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) if (id) entries.set(id ?? '', str ?? '');
  return entries;
}

/** The placeholders ({name}) and the tags (<0>) of a message: a translation keeps every one. */
function slots(message: string): string[] {
  const names = [...message.matchAll(/\{(\w+)[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<\/?\d+>/g)].map((m) => m[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe('the web catalogues (issue 35)', () => {
  const english = read('en');
  it.each(['de', 'ar'])('%s translates every message, keeping its placeholders and tags', (language) => {
    const catalogue = read(language);
    expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [id, translation] of catalogue) {
      expect(translation, id).not.toBe('');
      expect(slots(translation), id).toEqual(slots(id));
    }
  });
});
