import { JOB_MODEL_LIMITS, skillKey, type SearchSuggestion } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';

/** How many of each kind the completions hold at first; places one kind leaves go to the next, in this order. */
const QUOTA: Record<SearchSuggestion['kind'], number> = { title: 4, skill: 2, company: 2 };

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search box's completions for `q`: titles and companies of open jobs with a word starting with it, and
 * skills starting with it, each most open jobs first. Read from the kept counts (job_title_counts,
 * job_skill_counts, job_company_counts: thousands of rows at a million jobs), never from the jobs.
 */
export async function suggestCompletions(db: Queryable, q: string): Promise<SearchSuggestion[]> {
  const text = q.toLowerCase().replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const max = JOB_MODEL_LIMITS.suggestions;
  const start = `${escapeLike(text)}%`;
  const inside = `% ${escapeLike(text)}%`;
  const [titles, skills, companies] = await Promise.all([
    db.query<{ label: string; n: number }>(
      `SELECT label, n FROM job_title_counts WHERE n > 0 AND (title_key LIKE $1 OR title_key LIKE $2)
        ORDER BY n DESC, title_key LIMIT ${max}`,
      [start, inside],
    ),
    db.query<{ label: string; n: number }>(
      `SELECT label, n FROM job_skill_counts WHERE n > 0 AND skill_key LIKE $1 ORDER BY n DESC, skill_key LIMIT ${max}`,
      [`${escapeLike(skillKey(q))}%`],
    ),
    db.query<{ name: string; slug: string; n: number }>(
      `SELECT c.name, c.slug, k.n FROM companies c JOIN job_company_counts k ON k.company_id = c.id
        WHERE k.n > 0 AND (lower(c.name) LIKE $1 OR lower(c.name) LIKE $2) ORDER BY k.n DESC, c.name LIMIT ${max}`,
      [start, inside],
    ),
  ]);
  const found: Record<SearchSuggestion['kind'], SearchSuggestion[]> = {
    title: titles.map((t) => ({ kind: 'title', value: t.label, label: t.label, count: Number(t.n) })),
    skill: skills.map((s) => ({ kind: 'skill', value: s.label, label: s.label, count: Number(s.n) })),
    company: companies.map((c) => ({
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
