import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.join(import.meta.dirname, '..');
const FEATURES = fs.readdirSync(path.join(SRC, 'features'));

/** Each catalogue's file in a language: the core one, then every feature's (lingui.config.ts). */
const CATALOGUES: Record<string, (language: string) => string> = {
  core: (language) => path.join(SRC, 'locales', language, 'messages.po'),
  pages: (language) => path.join(SRC, 'app', 'pages', 'locales', `${language}.po`),
  common: (language) => path.join(SRC, 'components', 'locales', `${language}.po`),
  ...Object.fromEntries(
    FEATURES.filter((feature) => fs.existsSync(path.join(SRC, 'features', feature, 'locales'))).map((feature) => [
      feature,
      (language: string) => path.join(SRC, 'features', feature, 'locales', `${language}.po`),
    ]),
  ),
};

/** msgid -> msgstr of one catalogue (one-line entries: how `lingui extract` writes the app's messages). */
function read(file: string): Map<string, string> {
  const text = fs.readFileSync(file, 'utf8');
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

describe.each(Object.entries(CATALOGUES))('the web catalogue %s (issue 35)', (_name, fileOf) => {
  const english = read(fileOf('en'));
  it.each(['de', 'ar'])('%s translates every message, keeping its placeholders and tags', (language) => {
    const catalogue = read(fileOf(language));
    expect([...catalogue.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [id, translation] of catalogue) {
      expect(translation, id).not.toBe('');
      expect(slots(translation), id).toEqual(slots(id));
    }
  });
});

/** `lazyScreen(() => import('…/features/<name>/…'), 'Export', '<name>')`, or no third argument. */
const LAZY = /lazyScreen\(\s*\(\) => import\('([^']+)'\),\s*'\w+'(?:,\s*'([\w-]+)')?,?\s*\)/g;

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .flatMap((entry) =>
      entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.')
        ? [path.join(entry.parentPath, entry.name)]
        : [],
    );
}

describe('lazy screens fetch their feature’s catalogue (issue 35)', () => {
  const core = fs.readFileSync(path.join(SRC, '..', 'lingui.config.ts'), 'utf8');
  const listed = (name: string) => core.slice(core.indexOf(name), core.indexOf('];', core.indexOf(name)));
  const pages = listed('const PAGES');
  const common = listed('const COMMON');
  const lazies = sources(SRC).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(LAZY)].map((m) => ({ file, target: m[1] ?? '', catalogue: m[2] })),
  );

  it('finds the lazy screens', () => expect(lazies.length).toBeGreaterThan(30));

  it.each(lazies.map((lazy) => [path.relative(SRC, lazy.file), lazy.target, lazy.catalogue]))(
    '%s: %s loads catalogue %s',
    (file, target, catalogue) => {
      const resolved = path.relative(SRC, path.resolve(path.dirname(path.join(SRC, file)), target ?? ''));
      const feature = /^features\/([\w-]+)\//.exec(resolved)?.[1];
      const name = path.basename(resolved);
      const page =
        feature !== undefined
          ? undefined
          : pages.includes(name)
            ? 'pages'
            : common.includes(name)
              ? 'common'
              : undefined;
      const inCore = feature === undefined || feature === 'search' || core.includes(name);
      expect(catalogue, resolved).toBe(page ?? (inCore ? undefined : feature));
    },
  );
});
