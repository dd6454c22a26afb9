import type { SearchResult } from '@jobboard/shared';

/** The most words of a text the widening looks at: beyond them a search that finds nothing answers so. */
const MOST_WORDS = 5;

/**
 * A search of several words that no job holds all of ("senior software engineer golang" on a board with no Go jobs)
 * answers the jobs with most of them, as Meilisearch's "frequency" matching strategy does: the words no job has are
 * left out, then one more word at a time, the one the most jobs have (the least telling) first, keeping as many of
 * the words as find something. The answer names the words it searched (`relaxedQuery`). Only a search that found
 * nothing pays for it: one count per word and a few searches of fewer words (at most 15), each through the answer
 * cache.
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
  const found = new Map<string, number>();
  for (const word of words) found.set(word, (await search(word, 1)).total);
  const tried = new Set<string>();
  const attempt = async (some: string[]): Promise<SearchResult | undefined> => {
    const relaxedQuery = some.join(' ');
    if (!some.length || some.length === words.length || tried.has(relaxedQuery)) return undefined;
    tried.add(relaxedQuery);
    const answer = await search(relaxedQuery, page);
    return answer.total > 0 ? { ...answer, relaxedQuery } : undefined;
  };
  let kept = words.filter((word) => (found.get(word) ?? 0) > 0);
  while (kept.length > 0) {
    const answer = await attempt(kept);
    if (answer) return answer;
    const commonestFirst = [...kept].sort((a, b) => (found.get(b) ?? 0) - (found.get(a) ?? 0));
    for (const word of commonestFirst) {
      const fewer = await attempt(kept.filter((other) => other !== word));
      if (fewer) return fewer;
    }
    kept = kept.filter((word) => word !== commonestFirst[0]);
  }
  return result;
}
