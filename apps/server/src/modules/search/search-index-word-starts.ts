/* eslint-disable @typescript-eslint/no-non-null-assertion -- arrays indexed within their length in the loops below,
   as in the store (search-index-store.ts). */
import { foldAccents } from './relevance.js';
import type { Store } from './search-index-store.js';

/** Where a title breaks into words for completions ("Front-End / UX Developer": front, end, ux, developer). */
export const TITLE_WORD_BREAKS = /[\s,/()&|:;-]+/;

/** How many letters of a word's start file it: a text of that many or more is looked up by its first ones. */
const FILED_BY = 3;

/**
 * Where the words of a list of keys begin (lower-cased titles, company names): each key filed under the first one,
 * two and three letters of its start and of each tail after a space, so the keys with a word starting with a text
 * are those of one short list, each then tested, instead of a test of every key on every keystroke. Built when the
 * index is built (CompletionWords.build); keys added since, and keys whose text changed since, are tested one by one
 * until the next build. Keys and texts are compared with their accents folded (foldAccents), as searches compare
 * words: "cafe" completes "Café" and "café" "Cafe".
 */
export class WordStarts {
  /** The ids filed under each start, in increasing order, each once. */
  private filed = new Map<string, number[]>();
  /** Keys from this id on were added after the build. */
  private builtUpTo = 0;
  /** Keys below `builtUpTo` whose text changed since the build (a company renamed). */
  private readonly changed = new Set<number>();
  /** Each key as filed, folded once at the build rather than on every keystroke (most are the key itself). */
  private folded: string[] = [];

  /** Files every key of `count`, `keyOf(id)` giving each one's text. */
  build(count: number, keyOf: (id: number) => string): void {
    const filed = new Map<string, number[]>();
    const folded: string[] = [];
    for (let id = 0; id < count; id += 1) {
      const key = (folded[id] = foldAccents(keyOf(id)));
      for (let at = 0; at >= 0 && at < key.length; at = key.indexOf(' ', at) + 1 || -1) {
        for (let n = 1; n <= FILED_BY && at + n <= key.length; n += 1) {
          const start = key.slice(at, at + n);
          const ids = filed.get(start);
          if (!ids) filed.set(start, [id]);
          else if (ids[ids.length - 1] !== id) ids.push(id);
        }
      }
    }
    this.filed = filed;
    this.folded = folded;
    this.builtUpTo = count;
    this.changed.clear();
  }

  /** Notes that the text of key `id` changed: it is tested one by one until the next build. */
  changedKey(id: number): void {
    if (id < this.builtUpTo) this.changed.add(id);
  }

  /**
   * The ids of the keys that start with `text` or hold it after a space (`key.startsWith(text) ||
   * key.includes(' ' + text)`, both folded), in increasing order, each once.
   */
  matching(typed: string, count: number, keyOf: (id: number) => string): number[] {
    const text = foldAccents(typed);
    const holdsKey = (key: string) => key.startsWith(text) || key.includes(` ${text}`);
    const holds = (id: number) => holdsKey(foldAccents(keyOf(id)));
    const found = (this.filed.get(text.slice(0, FILED_BY)) ?? []).filter(
      (id) => !this.changed.has(id) && holdsKey(this.folded[id]!),
    );
    const more: number[] = [];
    for (const id of this.changed) if (holds(id)) more.push(id);
    for (let id = this.builtUpTo; id < count; id += 1) if (holds(id)) more.push(id);
    if (!more.length) return found;
    return [...new Set([...found, ...more])].sort((a, b) => a - b);
  }
}

/**
 * What the completions look up in a store (search-index-completions.ts): where the words of the titles and of the
 * companies' lower-cased names begin, and each title's label split into words. Built with the store's orders, at
 * its load and after many changes; what changed since is worked out when asked for.
 */
export class CompletionWords {
  readonly titles = new WordStarts();
  readonly companies = new WordStarts();
  /** Each skill key with its accents folded, worked out when first asked for (a skill's key never changes). */
  private readonly skillKeys: string[] = [];
  /** Each title's label as split into words, with the label it was split from (a title's label may change). */
  private readonly labelWords: ({ label: string; words: { key: string; written: string }[] } | undefined)[] = [];

  build(store: Store): void {
    const titles = store.titles.values;
    this.titles.build(titles.length, (id) => titles[id]!);
    this.companies.build(store.companies.values.length, (id) => (store.companyNames[id] ?? '').toLowerCase());
    for (let id = 0; id < titles.length; id += 1) this.labelWordsOf(store, id);
  }

  /** Skill `id`'s key with its accents folded: "cafe" completes the skill "Café" as it does a title. */
  skillKeyOf(store: Store, id: number): string {
    return (this.skillKeys[id] ??= foldAccents(store.skillKeys.values[id] ?? ''));
  }

  /** A title's label split into words (TITLE_WORD_BREAKS), each with its key: lower-cased, accents folded. */
  labelWordsOf(store: Store, title: number): { key: string; written: string }[] {
    const label = store.titleLabels[title] ?? '';
    let split = this.labelWords[title];
    if (split?.label !== label) {
      const words = label
        .split(TITLE_WORD_BREAKS)
        .map((written) => ({ key: foldAccents(written.toLowerCase()), written }));
      split = this.labelWords[title] = { label, words };
    }
    return split.words;
  }
}
