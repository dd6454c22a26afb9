import { JOB_MODEL_LIMITS, SKILL_OPTIONS, skillKey, type SearchSuggestion } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { foldAccents } from './relevance.js';
import { wordsAndTitles, type CompletionLists } from './search-index-completions.js';
import { TITLE_WORD_BREAKS } from './search-index-word-starts.js';
import type { SearchIndex } from './search-index.js';
import { SKILL_PAIRS } from './search.repository.js';

/** How many of each kind the completions hold at first; places one kind leaves go to the next, in this order. */
const QUOTA: Record<SearchSuggestion['kind'], number> = { title: 4, skill: 2, company: 2 };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The completions read from the open jobs themselves, when the index cannot answer (not loaded yet, or
 * SEARCH_INDEX=off): a pass over the open jobs, bounded by the statement timeout. Accents folded on both sides, as
 * the index compares them (fold_accents is foldAccents, migration 046).
 */
async function completionsFromJobs(db: Queryable, text: string, skill: string, most: number): Promise<CompletionLists> {
  const folded = escapeLike(foldAccents(text));
  const start = `${folded}%`;
  const inside = `% ${folded}%`;
  const [title, words, skills, company] = await Promise.all([
    db.query<{ label: string; n: number }>(
      `SELECT min(job_title) AS label, count(*)::int AS n FROM jobs
        WHERE status = 'open' AND fold_accents(lower(job_title)) LIKE ANY (ARRAY[$1, $2])
        GROUP BY lower(job_title) ORDER BY n DESC, lower(job_title) LIMIT ${most}`,
      [start, inside],
    ),
    titleWordsFromJobs(db, text, most),
    skillsInUse(db, skill, most),
    db.query<{ name: string; slug: string; n: number }>(
      `SELECT c.name, c.slug, k.n FROM companies c
         JOIN (SELECT company_id, count(*)::int AS n FROM jobs WHERE status = 'open' GROUP BY company_id) k
           ON k.company_id = c.id
        WHERE fold_accents(lower(c.name)) LIKE ANY (ARRAY[$1, $2])
        ORDER BY k.n DESC, c.name LIMIT ${most}`,
      [start, inside],
    ),
  ]);
  return { title: wordsAndTitles(words, title, most), skill: skills, company };
}

/**
 * The words of open jobs' titles starting with `text`, as the index lists them (titleWordsIn): one word typed, each
 * word with the open jobs of every title holding it, written as its most common title writes it, and only words that
 * more than one title holds.
 */
async function titleWordsFromJobs(db: Queryable, text: string, most: number): Promise<{ label: string; n: number }[]> {
  if (text.length < 2 || /\s/.test(text)) return [];
  const folded = escapeLike(foldAccents(text));
  return db.query<{ label: string; n: number }>(
    `SELECT (array_agg(w.written ORDER BY t.n DESC, t.title))[1] AS label, sum(t.n)::int AS n
       FROM (SELECT lower(job_title) AS title, min(job_title) AS label, count(*)::int AS n FROM jobs
              WHERE status = 'open' AND fold_accents(lower(job_title)) LIKE ANY (ARRAY[$1, $2])
              GROUP BY lower(job_title)) t
       CROSS JOIN LATERAL regexp_split_to_table(t.label, $3) AS w(written)
      WHERE fold_accents(lower(w.written)) LIKE $1
      GROUP BY fold_accents(lower(w.written))
     HAVING sum(t.n) > max(t.n)
      ORDER BY n DESC, fold_accents(lower(w.written)) LIMIT ${most}`,
    [`${folded}%`, `% ${folded}%`, TITLE_WORD_BREAKS.source],
  );
}

/**
 * The search box's completions for `q`: titles and companies of open jobs with a word starting with it (accents
 * folded), and skills starting with it, each most open jobs first. From the search index's counts (one look at
 * job_changes, then memory); from the jobs when the index cannot answer.
 */
export async function suggestCompletions(
  db: Queryable,
  q: string,
  index?: SearchIndex | undefined,
): Promise<SearchSuggestion[]> {
  const text = q.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const max = JOB_MODEL_LIMITS.suggestions;
  const lists =
    index && (await index.current())
      ? index.completions(text, skillKey(q), max)
      : await completionsFromJobs(db, text, skillKey(q), max);
  const found: Record<SearchSuggestion['kind'], SearchSuggestion[]> = {
    title: lists.title.map((t) => ({ kind: 'title', value: t.label, label: t.label, count: Number(t.n) })),
    skill: lists.skill.map((s) => ({ kind: 'skill', value: s.label, label: s.label, count: Number(s.n) })),
    company: lists.company.map((c) => ({
      kind: 'company',
      value: c.name,
      label: c.name,
      count: Number(c.n),
      slug: c.slug,
    })),
  };
  const kinds = Object.keys(QUOTA) as SearchSuggestion['kind'][];
  const taken = Object.fromEntries(kinds.map((kind) => [kind, Math.min(QUOTA[kind], found[kind].length)])) as Record<
    SearchSuggestion['kind'],
    number
  >;
  let room = max - kinds.reduce((sum, kind) => sum + taken[kind], 0);
  for (const kind of kinds) {
    const more = Math.min(room, found[kind].length - taken[kind]);
    taken[kind] += more;
    room -= more;
  }
  return kinds.flatMap((kind) => found[kind].slice(0, taken[kind]));
}

/** Skills of open jobs starting with `key`, most used first: from the index, else from the jobs. */
export async function skillsInUse(
  db: Queryable,
  key: string,
  most: number,
  index?: SearchIndex | undefined,
): Promise<{ label: string; n: number }[]> {
  if (index && (await index.current())) return index.skills(key, most);
  return db.query<{ label: string; n: number }>(
    `SELECT min(k.label) AS label, count(*)::int AS n FROM jobs j CROSS JOIN LATERAL ${SKILL_PAIRS}
      WHERE j.status = 'open' AND fold_accents(k.key) LIKE $1 GROUP BY k.key ORDER BY n DESC, k.key LIMIT ${most}`,
    [`${escapeLike(foldAccents(key))}%`],
  );
}

/** Up to 8 skills starting with `prefix`, most used (in open jobs) first; the spec's nine when nothing is used yet. */
export async function suggestSkills(
  db: Queryable,
  prefix: string,
  index?: SearchIndex | undefined,
): Promise<{ value: string; label: string; count: number }[]> {
  const key = skillKey(prefix);
  const most = JOB_MODEL_LIMITS.suggestions;
  const used = (await skillsInUse(db, key, most, index)).map((r) => ({ value: r.label, label: r.label, count: r.n }));
  const seen = new Set(used.map((s) => s.value.toLowerCase()));
  const starters = SKILL_OPTIONS.filter(
    (o) => o.value.toLowerCase().startsWith(key) && !seen.has(o.value.toLowerCase()),
  );
  return [...used, ...starters.map((o) => ({ value: o.value, label: o.label, count: 0 }))].slice(0, most);
}
