import type { Store } from './search-index-store.js';

/** The search box's completions before quotas: each kind most open jobs first (completions.repository.ts). */
export interface CompletionLists {
  title: { label: string; n: number }[];
  skill: { label: string; n: number }[];
  company: { name: string; slug: string; n: number }[];
}

/**
 * The `most` ids with open jobs whose key passes `test`, most open jobs first, ties by key in code point order: a
 * kept list of `most`, each passing id compared with its last (thousands of titles per keystroke, no sort of all).
 */
function mostOpen(
  open: readonly number[],
  keyOf: (id: number) => string,
  test: (key: string) => boolean,
  most: number,
): number[] {
  const kept: { id: number; n: number; key: string }[] = [];
  const before = (a: { n: number; key: string }, b: { n: number; key: string }) =>
    a.n > b.n || (a.n === b.n && a.key < b.key);
  open.forEach((n, id) => {
    if (!(n > 0)) return;
    const last = kept[kept.length - 1];
    if (kept.length === most && last && n < last.n) return;
    const key = keyOf(id);
    if (!test(key)) return;
    const entry = { id, n, key };
    if (kept.length === most && last && !before(entry, last)) return;
    let at = kept.length;
    while (at > 0 && before(entry, kept[at - 1] ?? entry)) at -= 1;
    kept.splice(at, 0, entry);
    if (kept.length > most) kept.pop();
  });
  return kept.map((entry) => entry.id);
}

/** Whether `key` (lower-cased) starts with `text` or has a word starting with it. */
const startsAWord = (text: string) => (key: string) => key.startsWith(text) || key.includes(` ${text}`);

/**
 * Titles and companies of open jobs with a word starting with `text` (lower-cased, spaces collapsed), and skills
 * whose key starts with `skill`, each at most `most`, most open jobs first.
 */
export function completionsIn(store: Store, text: string, skill: string, most: number): CompletionLists {
  const titles = store.titles.values;
  const nameKey = (id: number) => (store.companyNames[id] ?? '').toLowerCase();
  return {
    title: mostOpen(store.titleOpen, (id) => titles[id] ?? '', startsAWord(text), most).map((id) => ({
      label: store.titleLabels[id] ?? '',
      n: store.titleOpen[id] ?? 0,
    })),
    skill: skillsIn(store, skill, most),
    company: mostOpen(store.companyOpen, nameKey, startsAWord(text), most).map((id) => ({
      name: store.companyNames[id] ?? '',
      slug: store.companySlugs[id] ?? '',
      n: store.companyOpen[id] ?? 0,
    })),
  };
}

/** Skills of open jobs whose key starts with `prefix`, at most `most`, most open jobs first. */
export function skillsIn(store: Store, prefix: string, most: number): { label: string; n: number }[] {
  const keys = store.skillKeys.values;
  return mostOpen(
    store.skillOpen,
    (id) => keys[id] ?? '',
    (key) => key.startsWith(prefix),
    most,
  ).map((id) => ({
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
