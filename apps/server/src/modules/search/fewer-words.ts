import type { SearchResult } from '@jobboard/shared';

/** The most words of a text the widening looks at: beyond them a search that finds nothing answers so. */
const MOST_WORDS = 5;

/** Every choice of `size` of `words`, each in the order typed. */
function choices(words: readonly string[], size: number): string[][] {
  if (size === 0) return [[]];
  return words.flatMap((word, i) => choices(words.slice(i + 1), size - 1).map((rest) => [word, ...rest]));
}

/**
 * A search of several words that no job holds all of ("forklift operator night shift") answers the jobs with as
 * many of the words as some job holds, and of those choices of words the one the most jobs share ("forklift
 * operator", not "night shift" of a nurse's title): the words that belong together. The answer names the words it
 * searched (`relaxedQuery`). Only a search that found nothing pays: a search of each choice of fewer words, largest
 * first, until one finds jobs (two for two words, at most 30 for five), each through the answer cache.
 *
 * `search(q, page)` runs the same search (filters, place, order) with another text.
 */
export async function withFewerWords(
  result: SearchResult,
  q: string | undefined,
  page: number,
  search: (q: string, page: number) => Promise<SearchResult>,
): Promise<SearchResult> {
  const words = [...new Set(q?.trim().split(/\s+/) ?? [])];
  if (result.total > 0 || words.length < 2 || words.length > MOST_WORDS) return result;
  for (let size = words.length - 1; size > 0; size -= 1) {
    // Each choice is weighed by its first page (its total is every page's); only the one chosen reads the page asked.
    let best: { relaxedQuery: string; answer: SearchResult } | undefined;
    for (const some of choices(words, size)) {
      const relaxedQuery = some.join(' ');
      const answer = await search(relaxedQuery, 1);
      if (answer.total > (best?.answer.total ?? 0)) best = { relaxedQuery, answer };
    }
    if (best) {
      const { relaxedQuery, answer } = best;
      return { ...(page === 1 ? answer : await search(relaxedQuery, page)), relaxedQuery };
    }
  }
  return result;
}
