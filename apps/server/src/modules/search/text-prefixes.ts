import { JOB_LANGUAGES } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { parseText } from './search.repository.js';

/**
 * A text's words as PostgreSQL stems them in every job language (to_tsquery with job_text_config, migration 045):
 * what the search index matches its words against, read in one statement per search and kept per text.
 */

/** What the search index needs of the database to match a text. */
export interface TextLists {
  /**
   * The text's words as to_tsquery stems them, each a prefix ('appli' for "applied"): what the search index matches
   * its words against. [] when every word is a stop word; undefined when the text has no words, or they are not a
   * plain AND of prefixes.
   */
  prefixes?: string[] | undefined;
  /** The same in each other job language, stemmed as its jobs' words are (job_text_config, migration 045). */
  byLanguage?: ReadonlyMap<string, string[] | undefined>;
}

/** The job languages besides English, whose jobs' words the index matches with the text stemmed their way. */
const OTHER_LANGUAGES = JOB_LANGUAGES.filter((language) => language !== 'en');

/**
 * The words of each text as to_tsquery stems them (TextLists.prefixes), all texts in one statement: all the search
 * index needs of the database to match a text (it finds titles and skills itself).
 */
export async function findTextPrefixes(db: Queryable, texts: readonly string[]): Promise<Map<string, TextLists>> {
  const found = new Map<string, TextLists>();
  const worded = texts.filter((q) => parseText(q).words);
  for (const q of texts) if (!worded.includes(q)) found.set(q, {});
  if (!worded.length) return found;
  const rows = await db.query<{ i: number; language: string; parsed: string | null }>(
    `SELECT t.i, l.language, to_tsquery(job_text_config(l.language), t.words)::text AS parsed
       FROM unnest($1::text[]) WITH ORDINALITY AS t(words, i), unnest($2::text[]) AS l(language)`,
    [worded.map((q) => parseText(q).words), ['en', ...OTHER_LANGUAGES]],
  );
  for (const [i, q] of worded.entries()) {
    const mine = rows.filter((row) => Number(row.i) === i + 1);
    const prefixesIn = (language: string) => {
      const parsed = mine.find((row) => row.language === language)?.parsed;
      return parsed === null || parsed === undefined ? undefined : plainPrefixes(parsed);
    };
    found.set(q, {
      prefixes: prefixesIn('en'),
      byLanguage: new Map(OTHER_LANGUAGES.map((language) => [language, prefixesIn(language)])),
    });
  }
  return found;
}

/** A lexeme as a tsquery term: quoted, its quotes and backslashes escaped, no stemming on input. */
function tsqueryTerm(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The prefixes of a parsed query ("'appli':* & 'engin':*", to_tsquery's output): [] for none (every word a stop
 * word), undefined when it is not a plain AND of prefixes, which is all parseText asks for (a word the parser split
 * into a phrase, "e-mail", gives another shape).
 */
function plainPrefixes(parsed: string): string[] | undefined {
  if (parsed === '') return [];
  const prefixes = [...parsed.matchAll(/'((?:[^'\\]|'')+)':\*/g)].map((m) => (m[1] ?? '').replace(/''/g, "'"));
  if (!prefixes.length || prefixes.map((p) => `${tsqueryTerm(p)}:*`).join(' & ') !== parsed) return undefined;
  return prefixes;
}
