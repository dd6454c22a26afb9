import {
  FILTER_GROUPS,
  FILTER_GROUP_NAMES,
  HOME_PAGE_SIZE,
  postedWindowStart,
  type Facets,
  type FilterGroup,
  type SearchFilters,
} from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { JOB_COLUMNS, JOB_FROM, type JobRow } from './jobs.repository.js';

/** Cards show the first 100 characters; a little more travels so the page stays under 10 KB. */
export const CARD_DESCRIPTION_CHARS = 110;

/** Collects SQL parameters and hands out their placeholders. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Escapes LIKE's wildcards so a search for '100%' means the text '100%'. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The SQL condition of one filter group at one value (spec section 9 semantics, DESIGN.md section 6). */
function groupCondition(group: FilterGroup, value: string, params: Params, now: Date): string {
  switch (group) {
    case 'location':
      return `lower(j.job_location) = ${params.add(value)}`;
    case 'salaryType':
      return `lower(j.salary_type) = ${params.add(value)}`;
    case 'maxPrice':
      return `j.max_price_k <= ${params.add(Number(value))}`;
    case 'posted':
      return `j.posting_date >= ${params.add(postedWindowStart(value as '24h' | '7d' | '30d', now))}::date`;
    case 'experience':
      return `lower(j.experience_level) = ${params.add(value)}`;
    case 'employment':
      return `lower(j.employment_type) = ${params.add(value)}`;
  }
}

function textCondition(q: string | undefined, params: Params): string | undefined {
  return q ? `lower(j.job_title) LIKE ${params.add(likePattern(q))}` : undefined;
}

function whereClause(conditions: (string | undefined)[]): string {
  const present = conditions.filter((c): c is string => Boolean(c));
  return present.length ? `WHERE ${present.join(' AND ')}` : '';
}

export interface SearchCriteria extends SearchFilters {
  q?: string | undefined;
}

function filterConditions(criteria: SearchCriteria, params: Params, now: Date, except?: FilterGroup): string[] {
  const conditions: string[] = [];
  for (const group of FILTER_GROUP_NAMES) {
    const value = criteria[group];
    if (value && group !== except) conditions.push(groupCondition(group, value, params, now));
  }
  return conditions;
}

/** One page of matches, newest first. */
export async function findJobPage(
  db: Queryable,
  criteria: SearchCriteria,
  page: number,
  now: Date,
): Promise<JobRow[]> {
  const params = new Params();
  const where = whereClause([textCondition(criteria.q, params), ...filterConditions(criteria, params, now)]);
  const limit = params.add(HOME_PAGE_SIZE);
  const offset = params.add((page - 1) * HOME_PAGE_SIZE);
  return db.query<JobRow>(
    `SELECT ${JOB_COLUMNS}, left(j.description, ${CARD_DESCRIPTION_CHARS}) AS description
       FROM ${JOB_FROM} ${where}
      ORDER BY j.posting_date DESC, j.seq DESC
      LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  );
}

/**
 * The total and, for every option of every group, how many jobs would match if that option were chosen with
 * the other current filters: one pass over the rows matching the title query, one FILTER aggregate per count.
 */
export async function countMatchesAndFacets(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
): Promise<{ total: number; facets: Facets }> {
  const params = new Params();
  const aggregates: string[] = [];
  const all = filterConditions(criteria, params, now);
  aggregates.push(`count(*) FILTER (WHERE ${all.length ? all.join(' AND ') : 'true'})::int AS total`);
  const keys: [FilterGroup, string][] = [];
  for (const group of FILTER_GROUP_NAMES) {
    const others = filterConditions(criteria, params, now, group);
    for (const option of FILTER_GROUPS[group]) {
      const condition = [...others, groupCondition(group, option.value, params, now)].join(' AND ');
      aggregates.push(`count(*) FILTER (WHERE ${condition})::int AS f${keys.length}`);
      keys.push([group, option.value]);
    }
  }
  const where = whereClause([textCondition(criteria.q, params)]);
  const rows = await db.query<Record<string, number>>(
    `SELECT ${aggregates.join(', ')} FROM jobs j ${where}`,
    params.values,
  );
  const row = rows[0] ?? {};
  const facets = Object.fromEntries(FILTER_GROUP_NAMES.map((g) => [g, {}])) as Facets;
  keys.forEach(([group, value], i) => {
    facets[group][value] = Number(row[`f${i}`] ?? 0);
  });
  return { total: Number(row.total ?? 0), facets };
}
