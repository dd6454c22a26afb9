import { foldAccents } from './relevance.js';
import type { Store } from './search-index-store.js';

/** The search box's completions before quotas: each kind most open jobs first (completions.repository.ts). */
export interface CompletionLists {
  title: { label: string; n: number }[];
  skill: { label: string; n: number }[];
  company: { name: string; slug: string; n: number }[];
}

/**
 * The `most` of `ids` (in increasing order) with open jobs, most open jobs first, ties by key in code point order: a
 * kept list of `most`, each id compared with its last (thousands of titles per keystroke, no sort of all).
 */
function mostOpen(
  ids: Iterable<number>,
  open: readonly number[],
  keyOf: (id: number) => string,
  most: number,
): number[] {
  const kept: { id: number; n: number; key: string }[] = [];
  const before = (a: { n: number; key: string }, b: { n: number; key: string }) =>
    a.n > b.n || (a.n === b.n && a.key < b.key);
  for (const id of ids) {
    const n = open[id];
    if (n === undefined || !(n > 0)) continue;
    const last = kept[kept.length - 1];
    if (kept.length === most && last && n < last.n) continue;
    const entry = { id, n, key: keyOf(id) };
    if (kept.length === most && last && !before(entry, last)) continue;
    let at = kept.length;
    while (at > 0 && before(entry, kept[at - 1] ?? entry)) at -= 1;
    kept.splice(at, 0, entry);
    if (kept.length > most) kept.pop();
  }
  return kept.map((entry) => entry.id);
}

/**
 * The words of open jobs' titles starting with `text` (one word typed), with how many open jobs have each in their
 * title, as their most common title writes it ("dev": Developer 1,204, DevOps 310): what a person typing a word
 * means more often than any one title. A word in one title only is left to that title. `titles`: the titles with a
 * word starting with `text`, in increasing order.
 */
function titleWordsIn(store: Store, typed: string, titles: readonly number[], most: number) {
  if (typed.length < 2 || /\s/.test(typed)) return [];
  // Words are keyed with their accents folded (labelWordsOf): "Café" and "Cafe" are one word, as search reads them.
  const text = foldAccents(typed);
  const words = new Map<string, { label: string; n: number; top: number }>();
  for (const id of titles) {
    const n = store.titleOpen[id];
    if (n === undefined || !(n > 0)) continue;
    for (const { key, written } of store.completionWords.labelWordsOf(store, id)) {
      if (!key.startsWith(text)) continue;
      const word = words.get(key) ?? { label: written, n: 0, top: 0 };
      word.n += n;
      // The word as the title with the most open jobs writes it.
      if (n > word.top) Object.assign(word, { label: written, top: n });
      words.set(key, word);
    }
  }
  // A word only one title uses says nothing that title does not.
  return [...words.entries()]
    .filter(([, word]) => word.n > word.top)
    .sort(([ka, a], [kb, b]) => b.n - a.n || (ka < kb ? -1 : 1))
    .slice(0, most)
    .map(([, word]) => ({ label: word.label, n: word.n }));
}

/** Words and titles in one list, most open jobs first; a title that is just a listed word is not listed twice. */
export function wordsAndTitles(
  words: { label: string; n: number }[],
  titles: { label: string; n: number }[],
  most: number,
) {
  const seen = new Set(words.map((word) => word.label.toLowerCase()));
  const merged = [...words, ...titles.filter((title) => !seen.has(title.label.toLowerCase()))];
  return merged.sort((a, b) => b.n - a.n).slice(0, most);
}

/**
 * Title words and titles of open jobs with a word starting with `text` (lower-cased, spaces collapsed; accents
 * folded on both sides, shown as written), companies likewise, and skills whose key starts with `skill`, each at most
 * `most`, most open jobs first.
 */
export function completionsIn(store: Store, text: string, skill: string, most: number): CompletionLists {
  const titles = store.titles.values;
  const titleKey = (id: number) => titles[id] ?? '';
  const nameKey = (id: number) => (store.companyNames[id] ?? '').toLowerCase();
  const companyCount = store.companies.values.length;
  const worded = store.completionWords.titles.matching(text, titles.length, titleKey);
  const fullTitles = mostOpen(worded, store.titleOpen, titleKey, most).map((id) => ({
    label: store.titleLabels[id] ?? '',
    n: store.titleOpen[id] ?? 0,
  }));
  return {
    title: wordsAndTitles(titleWordsIn(store, text, worded, most), fullTitles, most),
    skill: skillsIn(store, skill, most),
    company: mostOpen(
      store.completionWords.companies.matching(text, companyCount, nameKey),
      store.companyOpen,
      nameKey,
      most,
    ).map((id) => ({
      name: store.companyNames[id] ?? '',
      slug: store.companySlugs[id] ?? '',
      n: store.companyOpen[id] ?? 0,
    })),
  };
}

/** Skills of open jobs whose key starts with `prefix` (accents folded), at most `most`, most open jobs first. */
export function skillsIn(store: Store, prefix: string, most: number): { label: string; n: number }[] {
  const keys = store.skillKeys.values;
  const folded = foldAccents(prefix);
  const starting: number[] = [];
  store.skillOpen.forEach((_, id) => {
    if (store.completionWords.skillKeyOf(store, id).startsWith(folded)) starting.push(id);
  });
  return mostOpen(starting, store.skillOpen, (id) => keys[id] ?? '', most).map((id) => ({
    label: store.skillLabels[id] ?? keys[id] ?? '',
    n: store.skillOpen[id] ?? 0,
  }));
}

/** Each lower-cased title and skill key of open jobs with how many use it: the spelling's vocabulary (spelling.ts). */
export function vocabularyIn(store: Store): { text: string; n: number }[] {
  const rows: { text: string; n: number }[] = [];
  store.titleOpen.forEach((n, id) => {
    if (n > 0) rows.push({ text: store.titles.values[id] ?? '', n });
  });
  store.skillOpen.forEach((n, id) => {
    if (n > 0) rows.push({ text: store.skillKeys.values[id] ?? '', n });
  });
  return rows;
}
