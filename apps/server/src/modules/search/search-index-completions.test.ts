import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../demo/random.js';
import { foldAccents } from './relevance.js';
import { completionsIn, type CompletionLists } from './search-index-completions.js';
import type { IndexRow } from './search-index-row.js';
import { Store } from './search-index-store.js';
import { TITLE_WORD_BREAKS } from './search-index-word-starts.js';

/**
 * The completions as a test of every title and company on every keystroke: what the word-starts lookup
 * (search-index-word-starts.ts) must give the same answers as, whatever was added, closed or renamed since its build.
 * Titles, companies and the text are compared with their accents folded.
 */
function reference(store: Store, typed: string, skill: string, most: number): CompletionLists {
  const text = foldAccents(typed);
  const holds = (key: string) => foldAccents(key).startsWith(text) || foldAccents(key).includes(` ${text}`);
  const top = (open: readonly number[], keyOf: (id: number) => string, test: (key: string) => boolean) =>
    open
      .map((n, id) => ({ id, n, key: keyOf(id) }))
      .filter((e) => e.n > 0 && test(e.key))
      .sort((a, b) => b.n - a.n || (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id))
      .slice(0, most)
      .map((e) => e.id);
  const titles = store.titles.values;
  const words = new Map<string, { label: string; n: number; top: number }>();
  if (text.length >= 2 && !/\s/.test(text)) {
    store.titleOpen.forEach((n, id) => {
      if (!(n > 0) || !holds(titles[id] ?? '')) return;
      for (const written of (store.titleLabels[id] ?? '').split(TITLE_WORD_BREAKS)) {
        const key = foldAccents(written.toLowerCase());
        if (!key.startsWith(text)) continue;
        const word = words.get(key) ?? { label: written, n: 0, top: 0 };
        word.n += n;
        if (n > word.top) Object.assign(word, { label: written, top: n });
        words.set(key, word);
      }
    });
  }
  const wordList = [...words.entries()]
    .filter(([, w]) => w.n > w.top)
    .sort(([ka, a], [kb, b]) => b.n - a.n || (ka < kb ? -1 : 1))
    .slice(0, most)
    .map(([, w]) => ({ label: w.label, n: w.n }));
  const fullTitles = top(store.titleOpen, (id) => titles[id] ?? '', holds).map((id) => ({
    label: store.titleLabels[id] ?? '',
    n: store.titleOpen[id] ?? 0,
  }));
  const seen = new Set(wordList.map((w) => w.label.toLowerCase()));
  const nameKey = (id: number) => (store.companyNames[id] ?? '').toLowerCase();
  return {
    title: [...wordList, ...fullTitles.filter((t) => !seen.has(t.label.toLowerCase()))]
      .sort((a, b) => b.n - a.n)
      .slice(0, most),
    skill: top(
      store.skillOpen,
      (id) => store.skillKeys.values[id] ?? '',
      (key) => key.startsWith(skill),
    ).map((id) => ({ label: store.skillLabels[id] ?? '', n: store.skillOpen[id] ?? 0 })),
    company: top(store.companyOpen, nameKey, holds).map((id) => ({
      name: store.companyNames[id] ?? '',
      slug: store.companySlugs[id] ?? '',
      n: store.companyOpen[id] ?? 0,
    })),
  };
}

const WORDS = ['Dev', 'developer', 'DevOps', 'Front', 'end', 'frontend', 'nurse', 'data', 'Café', 'C#', 'de', 'devs'];
// Written with and without accents: the lookup and the reference compare them folded.
WORDS.push('cafe', 'Zürich', 'ZURICH', 'Straße');
const BREAKS = [' ', '-', ' / ', ', ', ' & ', '  ', '(', ':'];

function randomRow(random: () => number, seq: number, companies: number): IndexRow {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  let title = pick(WORDS);
  for (let i = Math.floor(random() * 3); i > 0; i -= 1) title += pick(BREAKS) + pick(WORDS);
  if (random() < 0.3) title = title.toUpperCase();
  const skill = pick(['python', 'php', 'postgres', 'devops']);
  return {
    ...{ seq, posting_day: 20_000, valid_day: 30_000, pay: null, max_price_k: null, city: '', country: 'DE' },
    ...{ city_key: '', region: '', salary_key: '', experience_key: '', employment_key: '', workplace: 'remote' },
    ...{ title_key: title.toLowerCase(), title, company_id: `c${Math.floor(random() * companies)}` },
    ...{ skills: [skill], skill_labels: [skill.toUpperCase()], remote: random() < 0.5 ? [] : ['DE'] },
    ...{ language: 'en', lexemes: null, s32: false, s4: false },
  };
}

describe('completions from the word-starts lookup', () => {
  it('answer as a test of every title and company, after adds, closes, renames and new labels', () => {
    const random = mulberry32(7);
    const store = new Store();
    const names = (round: number) =>
      Array.from({ length: 12 }, (_, i) => ({
        id: `c${i}`,
        name: `${WORDS[(i + round) % WORDS.length]} Co ${i}`,
        slug: `s${i}`,
      }));
    let seq = 0;
    for (; seq < 400; seq += 1) store.add(randomRow(random, seq, 10));
    store.learnCompanies(names(0).slice(0, 10));
    store.trim();
    store.buildOrders();
    const texts = ['d', 'de', 'dev', 'devo', 'front', 'front end', 'end', 'café', 'c#', 'co 1', 'x', 'developer '];
    texts.push('cafe', 'caf', 'zur', 'zür', 'zurich co', 'strass', 'straß');
    const check = () => {
      for (const text of texts)
        expect(completionsIn(store, text.trim(), 'p', 8), text).toEqual(reference(store, text.trim(), 'p', 8));
    };
    check();
    // After the build: jobs closed, new titles and companies, a company renamed, a title's label changed.
    for (let doc = 0; doc < 400; doc += 7) store.kill(doc);
    for (; seq < 600; seq += 1) store.add(randomRow(random, seq, 12));
    store.learnCompanies(names(3));
    store.add({ ...randomRow(random, seq++, 12), title_key: 'developer', title: 'DEVELOPER' });
    check();
    store.buildOrders();
    check();
  });
});

describe('completions with accents', () => {
  const titled = (seq: number, title: string, company: string): IndexRow => ({
    ...randomRow(mulberry32(seq), seq, 1),
    ...{ title_key: title.toLowerCase(), title, company_id: company },
  });

  it('fold accents in the text typed and in the titles and companies, and show them as written', () => {
    const store = new Store();
    const rows = [
      ...[0, 1].map((seq) => titled(seq, 'Café Barista', 'c0')),
      titled(2, 'Cafe Manager', 'c1'),
      ...[3, 4].map((seq) => titled(seq, 'Zürich Office Lead', 'c2')),
    ];
    rows.forEach((row) => store.add(row));
    store.learnCompanies([
      { id: 'c0', name: 'Café Noir', slug: 'cafe-noir' },
      { id: 'c1', name: 'Cafe Oslo', slug: 'cafe-oslo' },
      { id: 'c2', name: 'Zürich Re', slug: 'zurich-re' },
    ]);
    store.trim();
    store.buildOrders();
    const cafe = {
      title: [
        { label: 'Café', n: 3 },
        { label: 'Café Barista', n: 2 },
        { label: 'Cafe Manager', n: 1 },
      ],
      skill: [],
      company: [
        { name: 'Café Noir', slug: 'cafe-noir', n: 2 },
        { name: 'Cafe Oslo', slug: 'cafe-oslo', n: 1 },
      ],
    };
    expect(completionsIn(store, 'cafe', 'cafe', 8)).toEqual(cafe);
    expect(completionsIn(store, 'café', 'café', 8)).toEqual(cafe);
    expect(completionsIn(store, 'zur', 'zur', 8)).toEqual({
      title: [{ label: 'Zürich Office Lead', n: 2 }],
      skill: [],
      company: [{ name: 'Zürich Re', slug: 'zurich-re', n: 2 }],
    });
    // Titles added since the build are matched one by one, folded alike.
    store.add(titled(5, 'Zürich Barista', 'c2'));
    expect(completionsIn(store, 'zuri', 'zuri', 8).title).toEqual([
      { label: 'Zürich', n: 3 },
      { label: 'Zürich Office Lead', n: 2 },
      { label: 'Zürich Barista', n: 1 },
    ]);
  });
});
