import fs from 'node:fs';
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * In production the source texts leave the code (only ids stay), so a screen whose messages are in a catalogue it
 * does not load shows ids. Every module a screen's chunk imports (statically, not through another lazy import)
 * must have its messages in a catalogue that is loaded with it: the core one for the entry, the core one, the
 * shared forms' one and the screen's own for a lazy screen (lib/lazy-screen.ts).
 */

const SRC = path.join(import.meta.dirname, '..');
const WEB = path.join(SRC, '..');

function sources(): string[] {
  return fs
    .readdirSync(SRC, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.|\.d\.ts$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function resolve(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find(
    (file) => fs.existsSync(file) && fs.statSync(file).isFile(),
  );
}

const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g;
const LAZY_SCREEN = /lazyScreen\(\s*\(\) => import\('([^']+)'\),\s*'\w+'(?:,\s*'([\w-]+)')?,?\s*\)/g;
const DYNAMIC_IMPORT = /import\('(\.{1,2}\/[^']+)'\)/g;
const MACRO = /from '@lingui\/(core|react)\/macro'/;

/** The file and every module it imports statically, transitively. */
function closure(file: string, text: (file: string) => string): Set<string> {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length > 0) {
    const next = stack.pop() as string;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const [, specifier] of text(next).matchAll(STATIC_IMPORT)) {
      const target = specifier ? resolve(next, specifier) : undefined;
      if (target) stack.push(target);
    }
  }
  return seen;
}

describe('every screen’s messages are in a catalogue loaded with it (issue 35)', () => {
  const cache = new Map<string, string>();
  const text = (file: string) => {
    if (!cache.has(file)) cache.set(file, fs.readFileSync(file, 'utf8'));
    return cache.get(file) as string;
  };
  /** Source file -> the names of the catalogues holding its messages. */
  const homes = new Map<string, Set<string>>();
  const nameOf = (catalogPath: string) => {
    const relative = path.relative(SRC, catalogPath);
    if (relative.startsWith('locales')) return 'core';
    if (relative.startsWith('components')) return 'common';
    if (relative.startsWith(path.join('app', 'pages'))) return 'pages';
    return /^features\/([\w-]+)\//.exec(relative)?.[1] ?? relative;
  };

  beforeAll(async () => {
    const config = getConfig({ configPath: path.join(WEB, 'lingui.config.ts'), skipValidation: true });
    for (const catalog of await getCatalogs(config)) {
      for (const file of catalog.sourcePaths) {
        const absolute = path.resolve(WEB, file);
        homes.set(absolute, (homes.get(absolute) ?? new Set()).add(nameOf(catalog.path)));
      }
    }
  });

  function missing(root: string, allowed: string[]): string[] {
    return [...closure(root, text)]
      .filter((file) => MACRO.test(text(file)))
      .filter((file) => !allowed.some((name) => homes.get(file)?.has(name)))
      .map((file) => `${path.relative(SRC, file)} (in ${[...(homes.get(file) ?? [])].join(', ') || 'no catalogue'})`);
  }

  it('the entry (the shell and home) speaks only the core catalogue', () => {
    expect(missing(path.join(SRC, 'app', 'main.tsx'), ['core'])).toEqual([]);
  });

  it('each lazy part speaks the catalogues it loads', () => {
    const lazies: { from: string; target: string; allowed: string[] }[] = [];
    for (const file of sources()) {
      const screens = [...text(file).matchAll(LAZY_SCREEN)];
      for (const [, specifier, catalogue] of screens)
        lazies.push({
          from: file,
          target: specifier ?? '',
          // lib/feature-catalogues.ts: `pages` comes alone, every other catalogue with `common`.
          allowed: catalogue === 'pages' ? ['core', 'pages'] : catalogue ? ['core', 'common', catalogue] : ['core'],
        });
      const inScreens = new Set(screens.map((m) => m[1]));
      // What lib/feature-catalogues.ts imports comes with the `common` catalogue it fetches (the server's texts).
      const withCommon = file === path.join(SRC, 'lib', 'feature-catalogues.ts');
      for (const [, specifier] of text(file).matchAll(DYNAMIC_IMPORT))
        if (specifier && !inScreens.has(specifier))
          lazies.push({ from: file, target: specifier, allowed: withCommon ? ['core', 'common'] : ['core'] });
    }
    expect(lazies.length).toBeGreaterThan(35);
    const problems = lazies.flatMap(({ from, target, allowed }) => {
      const root = resolve(from, target);
      if (!root) return [`${path.relative(SRC, from)}: cannot resolve ${target}`];
      return missing(root, allowed).map(
        (file) => `${path.relative(SRC, root)} -> ${file}, loads ${allowed.join(', ')}`,
      );
    });
    expect(problems).toEqual([]);
  });
});
