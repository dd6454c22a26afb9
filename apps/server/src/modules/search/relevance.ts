/**
 * The relevance order of a text search, in tiers, each newest first. The search index (SearchIndex.tierOf) and the
 * SQL reference (search.repository.ts, tierColumn) both follow this, so the tests can compare their pages.
 * A title is judged on its own words, split at ASCII spaces and punctuation (the same pattern in SQL, so both agree
 * whatever the database's locale), without a library's ".js" ("node.js" is the word "node") and with a plural "s"
 * dropped, so "Developers" is the word "developer" but "Development" is not.
 */
export const TIER = {
  /** The title holds the text's words in a row ("software engineer" in "Senior Software Engineer"). */
  phrase: 0,
  /** The title holds every word of the text as a word. */
  titleWords: 1,
  /** The title holds the words of a related title (synonyms.ts RELATED: "Software Engineer" for "developer"). */
  related: 2,
  /** Every word begins a word of the title as stemmed ("developer" and "Development" share "develop"). */
  titleStems: 3,
  /** The whole text is one of the job's skills. */
  skill: 4,
  /** The company's name holds every word of the text ("stripe" at Stripe before a job that mentions Stripe). */
  company: 5,
  /** Every word somewhere in the job (the description, the company, the skills). */
  words: 6,
  /** The title contains the text only inside a word ("rn" in "Intern"): the spec's substring match, kept, last. */
  titleText: 7,
  /** A match of the text's spelling correction only. */
  corrected: 8,
} as const;

/** The Latin letters folded to their base letter, as fold_accents folds them in SQL (migration 046). */
const ACCENTED =
  'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿĀāĂăĄąĆćČčĎďĐđĒēĘęĚěĞğĪīİıŁłŃńŇňŌōŐőŘřŚśŞşŠšŢţŤťŪūŮůŰűŸŹźŻżŽž';
const FOLDED =
  'AAAAAAaaaaaaCcEEEEeeeeIIIIiiiiNnOOOOOOooooooUUUUuuuuYyyAaAaAaCcCcDdDdEeEeEeGgIiIiLlNnNnOoOoRrSsSsSsTtTtUuUuUuYZzZzZz';
const FOLDS = new Map<string, string>([
  ...[...ACCENTED].map((letter, i): [string, string] => [letter, FOLDED.charAt(i)]),
  ['ß', 'ss'],
  ['æ', 'ae'],
  ['Æ', 'AE'],
  ['œ', 'oe'],
  ['Œ', 'OE'],
]);
const FOLDABLE = new RegExp(`[${[...FOLDS.keys()].join('')}]`, 'gu');

/** A text with its accents folded ("Café" -> "Cafe"), as search compares words: the text's and the jobs' alike. */
export function foldAccents(text: string): string {
  return text.replace(FOLDABLE, (letter) => FOLDS.get(letter) ?? letter);
}

/** Separators of a title's words: ASCII spaces and punctuation (a JavaScript and a PostgreSQL pattern alike). */
export const WORD_SEPARATORS = '[\\s!-/:-@[-`{-~]+';
const separators = new RegExp(WORD_SEPARATORS);

/**
 * The ".js" a library's name ends in ("Node.js", "Vue.js"): part of that name, not the word "js", so "js" (JavaScript)
 * ranks "Node.js Developer" below "JavaScript" and "JS" titles. Other dotted names keep both words: ".net" still
 * finds "ASP.NET". A JavaScript and a PostgreSQL pattern alike.
 */
export const JS_TAIL = '(?<=[^\\s!-/:-@[-`{-~])\\.js(?![^\\s!-/:-@[-`{-~])';
const jsTail = new RegExp(JS_TAIL, 'g');

/** A word as relevance compares it: without a plural "s" ("engineers" -> "engineer"; "sales" -> "sale"; "ss" kept). */
export function wordKey(word: string): string {
  return [...word].length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The words of a lower-cased text, as keys, without the ".js" of a library's name (JS_TAIL). */
export function wordKeys(lowered: string): string[] {
  return lowered.replace(jsTail, '').split(separators).filter(Boolean).map(wordKey);
}

/**
 * How a title (its word keys) holds the text's word keys: `phrase` in a row, `titleWords` each somewhere, or not
 * at all (undefined). A text of symbols only ("c#"), with no word keys, holds as `titleWords` where it is a match.
 */
export function titleHolds(title: readonly string[], keys: readonly string[]): 0 | 1 | undefined {
  if (!keys.every((key) => title.includes(key))) return undefined;
  const [first] = keys;
  if (first === undefined) return TIER.titleWords;
  for (let at = title.indexOf(first); at >= 0; at = title.indexOf(first, at + 1)) {
    if (keys.every((key, i) => title[at + i] === key)) return TIER.phrase;
  }
  return TIER.titleWords;
}
