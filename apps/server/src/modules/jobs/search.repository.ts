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

/** The columns a filter group compares, in the jobs table and in the precomputed counts table. */
type GroupColumns = Record<FilterGroup, string>;

const JOB_GROUP_COLUMNS: GroupColumns = {
  location: 'lower(j.job_location)',
  salaryType: 'lower(j.salary_type)',
  maxPrice: 'j.max_price_k',
  posted: 'j.posting_date',
  experience: 'lower(j.experience_level)',
  employment: 'lower(j.employment_type)',
};

/** job_facet_counts (migration 003, keys from db/taxonomy.ts): price_bucket <= v holds exactly when max_price_k <= v for every option v. */
const COUNT_GROUP_COLUMNS: GroupColumns = {
  location: 'c.location_key',
  salaryType: 'c.salary_key',
  maxPrice: 'c.price_bucket',
  posted: 'c.posting_date',
  experience: 'c.experience_key',
  employment: 'c.employment_key',
};

/** The SQL condition of one filter group at one value (docs/product.md, "Constants and filters"). */
function groupCondition(group: FilterGroup, value: string, params: Params, now: Date, columns: GroupColumns): string {
  const column = columns[group];
  switch (group) {
    case 'maxPrice':
      return `${column} <= ${params.add(Number(value))}`;
    case 'posted':
      return `${column} >= ${params.add(postedWindowStart(value as '24h' | '7d' | '30d', now))}::date`;
    case 'experience':
    case 'employment': {
      // "Work remotely" is both an experience level and an employment type: a value of either group matches
      // a job whose experience level or employment type equals it (values arrive lower-case).
      const placeholder = params.add(value);
      return `(${columns.experience} = ${placeholder} OR ${columns.employment} = ${placeholder})`;
    }
    default:
      // Location and salary type: equality ignoring case (values arrive lower-case).
      return `${column} = ${params.add(value)}`;
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

function filterConditions(
  criteria: SearchCriteria,
  params: Params,
  now: Date,
  columns: GroupColumns,
  except?: FilterGroup,
): string[] {
  const conditions: string[] = [];
  for (const group of FILTER_GROUP_NAMES) {
    const value = criteria[group];
    if (value && group !== except) conditions.push(groupCondition(group, value, params, now, columns));
  }
  return conditions;
}

/** Where a page ends in the newest-first order: the sort key of its last row. */
export interface PageBoundary {
  postingDate: string;
  seq: string;
}

/**
 * One page of matches, newest first. With `after` (the boundary of an earlier page) the scan starts right
 * behind that row (keyset) and skips only `skipPages` pages from there, so reading page 5,000 after page 4,999
 * costs what page 1 costs, instead of an OFFSET that grows with the page number. When pages are skipped, the
 * row before the page comes too, so the page before it becomes known (`previous`) and the next read of this
 * page is a keyset scan.
 */
export interface SqlQuery {
  text: string;
  values: unknown[];
}

type PagePosition = { after?: PageBoundary | undefined; skipPages: number };

/** The SQL of one page (also what the benchmark EXPLAINs for every query shape). */
export function jobPageQuery(criteria: SearchCriteria, position: PagePosition, now: Date): SqlQuery {
  const params = new Params();
  const keyset = position.after
    ? `(j.posting_date, j.seq) < (${params.add(position.after.postingDate)}::date, ${params.add(position.after.seq)}::bigint)`
    : undefined;
  const where = whereClause([
    textCondition(criteria.q, params),
    ...filterConditions(criteria, params, now, JOB_GROUP_COLUMNS),
    keyset,
  ]);
  const withPrevious = position.skipPages > 0;
  const limit = params.add(HOME_PAGE_SIZE + (withPrevious ? 1 : 0));
  const offset = params.add(position.skipPages * HOME_PAGE_SIZE - (withPrevious ? 1 : 0));
  return {
    text: `SELECT ${JOB_COLUMNS}, left(j.description, ${CARD_DESCRIPTION_CHARS}) AS description
       FROM ${JOB_FROM} ${where}
      ORDER BY j.posting_date DESC, j.seq DESC
      LIMIT ${limit} OFFSET ${offset}`,
    values: params.values,
  };
}

export async function findJobPage(
  db: Queryable,
  criteria: SearchCriteria,
  position: PagePosition,
  now: Date,
): Promise<{ rows: JobRow[]; previous?: PageBoundary }> {
  const query = jobPageQuery(criteria, position, now);
  const rows = await db.query<JobRow>(query.text, query.values);
  if (position.skipPages === 0) return { rows };
  const [before, ...page] = rows;
  return { rows: page, previous: before && { postingDate: before.posting_date, seq: String(before.seq) } };
}

/**
 * The total and, for every option of every group, how many jobs would match if that option were chosen with
 * the other current filters: one pass, one FILTER aggregate per count. Without a title query the pass runs over
 * the precomputed counts (a few thousand rows at any size); with one, over the jobs whose title matches.
 */
/** The SQL of the counting pass, and how to read its row back into a total and facets. */
export function countsQuery(criteria: SearchCriteria, now: Date): SqlQuery & { keys: [FilterGroup, string][] } {
  const params = new Params();
  const precomputed = !criteria.q;
  const columns = precomputed ? COUNT_GROUP_COLUMNS : JOB_GROUP_COLUMNS;
  const aggregate = (conditions: string[], alias: string) => {
    const filter = `FILTER (WHERE ${conditions.length ? conditions.join(' AND ') : 'true'})`;
    return precomputed ? `coalesce(sum(c.n) ${filter}, 0)::int AS ${alias}` : `count(*) ${filter}::int AS ${alias}`;
  };

  const aggregates = [aggregate(filterConditions(criteria, params, now, columns), 'total')];
  const keys: [FilterGroup, string][] = [];
  for (const group of FILTER_GROUP_NAMES) {
    const others = filterConditions(criteria, params, now, columns, group);
    for (const option of FILTER_GROUPS[group]) {
      aggregates.push(aggregate([...others, groupCondition(group, option.value, params, now, columns)], `f${keys.length}`));
      keys.push([group, option.value]);
    }
  }
  const from = precomputed ? 'job_facet_counts c' : `jobs j ${whereClause([textCondition(criteria.q, params)])}`;
  return { text: `SELECT ${aggregates.join(', ')} FROM ${from}`, values: params.values, keys };
}

/**
 * The total and, for every option of every group, how many jobs would match if that option were chosen with
 * the other current filters: one pass, one FILTER aggregate per count. Without a title query the pass runs over
 * the precomputed counts (a few thousand rows at any size); with one, over the jobs whose title matches.
 */
export async function countMatchesAndFacets(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
): Promise<{ total: number; facets: Facets }> {
  const query = countsQuery(criteria, now);
  const rows = await db.query<Record<string, number>>(query.text, query.values);
  const row = rows[0] ?? {};
  const facets = Object.fromEntries(FILTER_GROUP_NAMES.map((g) => [g, {}])) as Facets;
  query.keys.forEach(([group, value], i) => {
    facets[group][value] = Number(row[`f${i}`] ?? 0);
  });
  return { total: Number(row.total ?? 0), facets };
}

/**
 * Compacts the precomputed counts: rows of days older than every "Date of Posting" window are summed into one
 * row per combination dated 1970-01-01. Sums, and so every count, stay exactly the same.
 */
export async function compactFacetCounts(db: Queryable, olderThan: string): Promise<void> {
  await db.query(
    `WITH old AS (
       DELETE FROM job_facet_counts
        WHERE posting_date < $1::date AND posting_date > DATE '1970-01-01'
        RETURNING location_key, salary_key, price_bucket, experience_key, employment_key, n
     )
     INSERT INTO job_facet_counts AS c (location_key, salary_key, price_bucket, experience_key, employment_key, posting_date, n)
     SELECT location_key, salary_key, price_bucket, experience_key, employment_key, DATE '1970-01-01', sum(n)
       FROM old GROUP BY 1, 2, 3, 4, 5
     ON CONFLICT (location_key, salary_key, price_bucket, experience_key, employment_key, posting_date)
     DO UPDATE SET n = c.n + EXCLUDED.n`,
    [olderThan],
  );
  await db.query('DELETE FROM job_facet_counts WHERE n = 0');
}
