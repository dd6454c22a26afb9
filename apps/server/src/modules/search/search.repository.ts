import {
  FILTER_GROUPS,
  FILTER_GROUP_NAMES,
  JOB_MODEL_LIMITS,
  postedWindowStart,
  skillKey,
  toIsoDate,
  type Facets,
  type FilterGroup,
  type JobSort,
  type SearchFilters,
  type TopFacets,
} from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { CARD_COLUMNS, JOB_FROM, type JobRow } from '../jobs/jobs.repository.js';
import type { NearbyPlace } from '../jobs/nearby.js';
import { regionsMatched, type City, type WhereFilter } from '../jobs/places.js';
import { JS_TAIL, foldAccents, TIER, WORD_SEPARATORS, wordKeys } from './relevance.js';
import { alternativesOf, relatedOf } from './synonyms.js';
import type { TextLists } from './text-prefixes.js';

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
  location: 'lower(j.city)',
  salaryType: 'lower(j.salary_type)',
  maxPrice: 'j.max_price_k',
  posted: 'j.posting_date',
  experience: 'lower(j.experience_level)',
  employment: 'lower(j.employment_type)',
  workplace: 'j.workplace',
};

/** The matches a counting pass reads (MATCH_COLUMNS, as `m j`): the same keys, lower-cased once. */
const MATCH_GROUP_COLUMNS: GroupColumns = {
  location: 'j.city_key',
  salaryType: 'j.salary_key',
  maxPrice: 'j.max_price_k',
  posted: 'j.posting_date',
  experience: 'j.experience_key',
  employment: 'j.employment_key',
  workplace: 'j.workplace',
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
      // Location, salary type, workplace: equality ignoring case (values arrive lower-case).
      return `${column} = ${params.add(value)}`;
  }
}

/**
 * "c++", "c#", ".net", "node.js", "100%": words with signs the text parser drops or splits, matched as a skill or
 * inside the title instead. Letters, digits, hyphens and apostrophes make plain words.
 */
const SYMBOLIC = /[^\p{L}\p{N}'’-]/u;

export interface TextQuery {
  /** Prefix words for to_tsquery ('senior:* & develop:*'), letters and digits only; undefined when none. */
  words?: string;
  /** The same words restricted to the title (weight A). */
  titleWords?: string;
  symbols: string[];
  /** The whole text as a skill key ('machine learning', 'node.js'). */
  skill: string;
  /** The words (symbols aside) as relevance compares them with a title's (relevance.ts wordKeys). */
  keys: string[];
}

export function parseText(q: string): TextQuery {
  const tokens = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  // Symbols are looked for in titles as written; words are compared with the jobs' words, accents folded.
  const symbols = tokens.filter((t) => SYMBOLIC.test(t));
  const worded = tokens.filter((t) => !SYMBOLIC.test(t)).map(foldAccents);
  const plain = worded.flatMap((t) => t.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  return {
    words: plain.length ? plain.map((w) => `${w}:*`).join(' & ') : undefined,
    titleWords: plain.length ? plain.map((w) => `${w}:*A`).join(' & ') : undefined,
    symbols,
    skill: skillKey(q),
    keys: wordKeys(worded.join(' ')),
  };
}

/** The title contains `text` (case ignored, wildcards escaped). */
function titleContains(text: string, params: Params): string {
  return `lower(j.job_title) LIKE ${params.add(likePattern(text))}`;
}

/** Every word of the text begins a word of the title and every symbol is inside it (relevance's titleStems). */
function titleStemsCondition(q: string, params: Params): string {
  const text = parseText(q);
  const parts: string[] = [];
  // Titles' words are compared as English stems in every language (the index keeps one set of words per title).
  if (text.titleWords && text.words) {
    parts.push(`CASE WHEN j.language = 'en' THEN j.search_doc @@ to_tsquery('english', ${params.add(text.titleWords)})
      ELSE to_tsvector('english', fold_accents(j.job_title)) @@ to_tsquery('english', ${params.add(text.words)}) END`);
  }
  for (const symbol of text.symbols) parts.push(titleContains(symbol, params));
  return parts.length ? `(${parts.join(' AND ')})` : 'false';
}

/** A column's words as relevance compares them (relevance.ts wordKeys), in their order: the title's by default. */
function titleKeysSql(params: Params, column = 'j.job_title'): string {
  return `ARRAY(SELECT CASE WHEN length(w) > 3 AND w LIKE '%s' AND w NOT LIKE '%ss' THEN left(w, -1) ELSE w END
    FROM regexp_split_to_table(regexp_replace(fold_accents(lower(${column})), ${params.add(JS_TAIL)}, '', 'g'),
      ${params.add(WORD_SEPARATORS)}) WITH ORDINALITY AS t(w, i)
    WHERE w <> '' ORDER BY i)`;
}

/** The company's name holds every word of the text (relevance's company tier). */
function companyHoldsCondition(q: string, params: Params): string {
  const { keys } = parseText(q);
  return keys.length ? `${titleKeysSql(params, 'j.company_name')} @> ${params.add(keys)}::text[]` : 'false';
}

/** The title holds the text's words in a row (`phrase`) or each somewhere (relevance.ts titleHolds). */
function titleHoldsCondition(q: string, phrase: boolean, asTyped: boolean, params: Params): string {
  const keys = parseText(q).keys;
  if (phrase && !keys.length) return 'false';
  const keysSql = titleKeysSql(params);
  // Keys hold no LIKE wildcards: '%' and '_' separate words.
  const inRow = phrase
    ? ` AND ' ' || array_to_string(${keysSql}, ' ') || ' ' LIKE ${params.add(`% ${keys.join(' ')} %`)}`
    : '';
  const titled = asTyped
    ? `(${titleStemsCondition(q, params)} OR ${titleContains(q, params)})`
    : titleStemsCondition(q, params);
  return `(${titled} AND ${keysSql} @> ${params.add(keys)}::text[]${inRow})`;
}

/** The other matches of "what": every word in any field and every symbol as a skill or in the title, or the whole text as a skill. */
function otherTextCondition(q: string, params: Params): string {
  const text = parseText(q);
  const parts: string[] = [];
  if (text.words) {
    // Each job's words were stemmed in its language (migration 045): the text's are stemmed the same way.
    const words = params.add(text.words);
    parts.push(`CASE WHEN j.language = 'en' THEN j.search_doc @@ to_tsquery('english', ${words})
      ELSE j.search_doc @@ to_tsquery(job_text_config(j.language), ${words}) END`);
  }
  for (const symbol of text.symbols) {
    parts.push(`(j.skill_keys @> ARRAY[${params.add(symbol)}]::text[] OR ${titleContains(symbol, params)})`);
  }
  const all = parts.length ? `(${parts.join(' AND ')}) OR ` : '';
  return `(${all}j.skill_keys @> ARRAY[${params.add(text.skill)}]::text[])`;
}

/** Matches of "what" as typed: the title as text, or every word anywhere (the title's words among them), or a skill. */
function exactTextCondition(q: string, params: Params): string {
  return `(${titleContains(q, params)} OR ${otherTextCondition(q, params)})`;
}

/** The text as typed and its other ways of writing it (synonyms.ts). */
function typedTexts(q: string): string[] {
  return [q, ...alternativesOf(q)];
}

/**
 * Matches of "what": as typed or another way (synonyms), or with its misspelt words corrected (`correctedQ`). Only
 * the text as typed (or corrected) is looked for inside titles' words: "registered nurse" may be written "rn", but
 * that is no reason to find "Intern".
 */
function textCondition(criteria: SearchCriteria, params: Params): string | undefined {
  if (!criteria.q) return undefined;
  const [typed = '', ...alternatives] = typedTexts(criteria.q);
  const asTyped = (q: string) =>
    criteria.match === 'words' ? otherTextCondition(q, params) : exactTextCondition(q, params);
  const conditions = [
    asTyped(typed),
    ...alternatives.map((q) => otherTextCondition(q, params)),
    ...relatedOf(criteria.q).map((q) => titleHoldsCondition(q, false, false, params)),
    ...(criteria.correctedQ ? [asTyped(criteria.correctedQ)] : []),
  ];
  return `(${conditions.join(' OR ')})`;
}

function whereClause(conditions: (string | undefined)[]): string {
  const present = conditions.filter((c): c is string => Boolean(c));
  return present.length ? `WHERE ${present.join(' AND ')}` : '';
}

/** A search without its page: the text, the "where", the filter groups and the job model's filters. */
export interface SearchCriteria extends SearchFilters {
  q?: string | undefined;
  where?: WhereFilter | undefined;
  skill?: string | undefined;
  country?: string | undefined;
  remoteCountry?: string | undefined;
  /** Only the jobs written in this language. */
  language?: string | undefined;
  /** A radius or a region: its places (nearby.ts), in place of `where`. */
  near?: Near | undefined;
  payMin?: number | undefined;
  /** newest when absent. */
  sort?: JobSort | undefined;
  /** `words`: the text is never looked for inside titles' words (SearchQuery.match). */
  match?: 'text' | 'words' | undefined;
  /** `q` with its misspelt words corrected (spelling.ts), when any were: its matches rank below those of `q`. */
  correctedQ?: string | undefined;
  /** Only the jobs featured on the day (an administrator's choice, until a date). */
  featured?: boolean | undefined;
  /** The words of `q` and of `correctedQ` as stemmed (findTextPrefixes); not part of the search's identity. */
  textLists?: ReadonlyMap<string, TextLists> | undefined;
}

/**
 * A set of places searched at once (nearby.ts), in place of a city: those within a radius of one (`centre`, which
 * each card's distance is measured from), or a region's. `remoteOpenTo`: also the remote jobs open to this country.
 */
export interface Near {
  /** What makes this set: its part of the search's identity. */
  key: string;
  places: NearbyPlace[];
  centre?: City | undefined;
  remoteOpenTo?: string | undefined;
}

/** A job in one of the places, or (remoteOpenTo) remote and open to that country. */
function nearCondition(near: Near, params: Params): string {
  const rows = near.places.flatMap((place) =>
    (place.regions ?? [null]).map((region) => [place.city, place.country, region] as const),
  );
  const cities = params.add(rows.map((r) => r[0]));
  const countries = params.add(rows.map((r) => r[1]));
  const regions = params.add(rows.map((r) => r[2]));
  const inPlace = `EXISTS (SELECT 1 FROM unnest(${cities}::text[], ${countries}::text[], ${regions}::text[]) AS p(city, country, region)
    WHERE p.city = lower(j.city) AND p.country = j.country AND (p.region IS NULL OR p.region = j.region))`;
  if (!near.remoteOpenTo) return inPlace;
  const country = params.add(near.remoteOpenTo);
  return `(${inPlace} OR (j.workplace = 'remote' AND (j.remote_countries = '{}' OR j.remote_countries @> ARRAY[${country}]::text[])))`;
}

/** Open jobs only: closed ones, and those past their closing date even before the sweep marks them. */
function openCondition(params: Params, now: Date): string {
  return `j.status = 'open' AND j.valid_through >= ${params.add(toIsoDate(now))}::date`;
}

/** The job model's filters: the place, a skill, a country, a remote job's countries, a pay floor. */
function modelConditions(criteria: SearchCriteria, params: Params): string[] {
  const conditions: string[] = [];
  const where = criteria.where;
  if (where && 'remote' in where) conditions.push(`j.workplace = 'remote'`);
  else if (where && 'city' in where) {
    conditions.push(`lower(j.city) = ${params.add(where.city.toLowerCase())}`);
    if (where.country) conditions.push(`j.country = ${params.add(where.country)}`);
    // "Springfield, IL": the city in that region only.
    const regions = regionsMatched(where);
    if (regions) conditions.push(`j.region = ANY(${params.add(regions)}::text[])`);
  } else if (where) conditions.push(`j.country = ${params.add(where.country)}`);
  if (criteria.near) conditions.push(nearCondition(criteria.near, params));
  if (criteria.skill) conditions.push(`j.skill_keys @> ARRAY[${params.add(criteria.skill)}]::text[]`);
  if (criteria.country) conditions.push(`j.country = ${params.add(criteria.country)}`);
  if (criteria.remoteCountry) {
    conditions.push(`j.workplace = 'remote'`);
    conditions.push(
      `(j.remote_countries = '{}' OR j.remote_countries @> ARRAY[${params.add(criteria.remoteCountry)}]::text[])`,
    );
  }
  if (criteria.payMin !== undefined) conditions.push(`j.pay_yearly_usd >= ${params.add(criteria.payMin)}`);
  if (criteria.language) conditions.push(`j.language = ${params.add(criteria.language)}`);
  return conditions;
}

/** The conditions of the chosen filter groups but `except`. */
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

/**
 * Everything a search matches on, over `jobs j`: open, the text, the filter groups (left out by the counting pass,
 * which puts each group in its own aggregate) and the job model's filters.
 */
function matchConditions(criteria: SearchCriteria, params: Params, now: Date, { groups = true } = {}): string[] {
  return [
    openCondition(params, now),
    criteria.featured ? `j.featured_until >= ${params.add(toIsoDate(now))}::date` : undefined,
    textCondition(criteria, params),
    ...(groups ? filterConditions(criteria, params, now, JOB_GROUP_COLUMNS) : []),
    ...modelConditions(criteria, params),
  ].filter((c): c is string => Boolean(c));
}

/**
 * A search's matches as one SQL condition over `jobs j` (open, the text, the filter groups, the job model's
 * filters), its parameters numbered from $1 in `values`: for queries outside the search page that must mean what
 * it means (job alerts add their own conditions after these parameters).
 */
export function matchCondition(criteria: SearchCriteria, now: Date): SqlQuery {
  const params = new Params();
  return { text: matchConditions(criteria, params, now).join(' AND '), values: params.values };
}

/** Where a page ends in the newest-first order: the sort key of its last row. */
export interface PageBoundary {
  postingDate: string;
  seq: string;
}

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** Where a page starts, and its size (HOME_PAGE_SIZE unless given: feeds read FEED_ITEM_COUNT at once). */
export type PagePosition = { after?: PageBoundary | undefined; skipPages: number; size?: number | undefined };

/** The order of a walked page: highest pay, or newest (each relevance tier is newest first). */
function pageOrder(sort: JobSort | undefined): string {
  return sort === 'pay' ? 'j.pay_yearly_usd DESC NULLS LAST, j.seq DESC' : 'j.posting_date DESC, j.seq DESC';
}

/** The jobs of `seqs` as cards, in that order: a page whose matches the counting pass already ordered. */
export async function findJobsBySeq(db: Queryable, seqs: readonly string[]): Promise<JobRow[]> {
  if (seqs.length === 0) return [];
  const rows = await db.query<JobRow>(
    `SELECT ${CARD_COLUMNS} FROM ${JOB_FROM} WHERE j.seq = ANY($1::bigint[]) LIMIT $2`,
    [seqs, seqs.length],
  );
  const bySeq = new Map(rows.map((row) => [String(row.seq), row]));
  return seqs.map((seq) => bySeq.get(seq)).filter((row): row is JobRow => row !== undefined);
}

/** The columns the facet aggregates and the top places and skills read, carried out of the matches. */
const MATCH_COLUMNS = [
  'j.seq, j.pay_yearly_usd, j.city, j.country, j.skill_keys, j.skills, j.max_price_k, j.posting_date, j.workplace',
  // Lower-cased once per match here, not once per facet option in the aggregates (2-3x less work per row).
  'lower(j.city) AS city_key, lower(j.salary_type) AS salary_key',
  'lower(j.experience_level) AS experience_key, lower(j.employment_type) AS employment_key',
].join(', ');

/**
 * The SQL reading a search's matches, at most `limit` of them when given, with `extra` columns (the relevance tier
 * of each match, when a page is read from them).
 */
function matchesFrom(where: string, params: Params, limit: number | undefined, extra = ''): string {
  const most = limit === undefined ? '' : ` LIMIT ${params.add(limit)}`;
  return `SELECT ${MATCH_COLUMNS}${extra} FROM jobs j ${where}${most}`;
}

/** A page to take from the matches the counting pass reads, when it reads every one of them. */
export interface PageOfMatches {
  sort: JobSort;
  offset: number;
  size: number;
}

/** The relevance tier of each match, as a column of the matches (relevance.ts TIER); each tier newest first. */
function tierColumn(criteria: SearchCriteria, params: Params): string {
  const texts = typedTexts(criteria.q ?? '');
  const related = relatedOf(criteria.q ?? '');
  const inside = criteria.match !== 'words';
  const any = (condition: (q: string, asTyped: boolean) => string) =>
    `(${texts.map((q, i) => condition(q, inside && i === 0)).join(' OR ')})`;
  const tiers = [
    any((q, asTyped) => titleHoldsCondition(q, true, asTyped, params)),
    any((q, asTyped) => titleHoldsCondition(q, false, asTyped, params)),
    `(false${related.map((q) => ` OR ${titleHoldsCondition(q, false, false, params)}`).join('')})`,
    any((q) => titleStemsCondition(q, params)),
    any((q) => `j.skill_keys @> ARRAY[${params.add(parseText(q).skill)}]::text[]`),
    any((q) => companyHoldsCondition(q, params)),
    any((q) => otherTextCondition(q, params)),
    inside ? titleContains(texts[0] ?? '', params) : 'false',
  ];
  const cases = tiers.map((condition, tier) => `WHEN ${condition} THEN ${tier}`).join(' ');
  return `, CASE ${cases} ELSE ${TIER.corrected} END AS tier`;
}

function pageSeqsSql(page: PageOfMatches, chosen: string[], params: Params, relevance: boolean): string {
  const order = relevance ? `j.tier, ${pageOrder('newest')}` : pageOrder(page.sort);
  return `(SELECT coalesce(json_agg(x.seq ORDER BY x.n), '[]') FROM (
      SELECT j.seq, row_number() OVER (ORDER BY ${order}) AS n FROM m j ${whereClause(chosen)} ORDER BY ${order}
       LIMIT ${params.add(page.size)} OFFSET ${params.add(page.offset)}) x) AS page_seqs`;
}

/** Each skill of a job (aliased j) with its label, as rows k(key, label). */
export const SKILL_PAIRS = `unnest(j.skill_keys, ARRAY(SELECT s ->> 'label' FROM jsonb_array_elements(j.skills) s)) AS k(key, label)`;

/**
 * The most common places and skills of the matches `m` (aliased j) that meet `chosen`, as two JSON arrays; a
 * skill's label is the first in collation order of the matches' (the index: of the open jobs').
 */
function topListsSql(chosen: string[]): string {
  const top = JOB_MODEL_LIMITS.topFacetValues;
  const places = whereClause([...chosen, `j.city <> ''`]);
  return `(SELECT coalesce(json_agg(p ORDER BY p.count DESC, p.city), '[]') FROM (
      SELECT min(j.city) AS city, j.country, count(*)::int AS count FROM m j ${places}
       GROUP BY j.city_key, j.country ORDER BY count(*) DESC, min(j.city) LIMIT ${top}) p) AS top_places,
    (SELECT coalesce(json_agg(s ORDER BY s.count DESC, s.key), '[]') FROM (
      SELECT min(k.label) AS value, min(k.label) AS label, count(*)::int AS count, k.key
        FROM m j CROSS JOIN LATERAL ${SKILL_PAIRS} ${whereClause(chosen)}
       GROUP BY k.key ORDER BY count(*) DESC, k.key LIMIT ${top}) s) AS top_skills`;
}

/**
 * The SQL of the reference's counting pass, and how to read its row back into a total and facets: for every option
 * of every group, how many jobs would match if that option were chosen with the other current filters (one FILTER
 * aggregate per count), and `base`, the matches before the filter groups. The matches (at most `limit`) are read
 * once for the counts, the most common places and skills among the results, and the page asked for. With `groupsInBase` the filter
 * groups are part of the matches read: `base` and `total` are then the search's total (the facets mean nothing).
 */
function countsQuery(
  criteria: SearchCriteria,
  now: Date,
  limit?: number,
  { groupsInBase = false, page }: CountOptions = {},
): SqlQuery & { keys: [FilterGroup, string][] } {
  const params = new Params();
  const columns = MATCH_GROUP_COLUMNS;
  const aggregate = (conditions: string[], alias: string) =>
    `count(*) FILTER (WHERE ${conditions.length ? conditions.join(' AND ') : 'true'})::int AS ${alias}`;
  const aggregates = [aggregate(filterConditions(criteria, params, now, columns), 'total'), 'count(*)::int AS base'];
  const keys: [FilterGroup, string][] = [];
  for (const group of FILTER_GROUP_NAMES) {
    const others = filterConditions(criteria, params, now, columns, group);
    for (const option of FILTER_GROUPS[group]) {
      aggregates.push(
        aggregate([...others, groupCondition(group, option.value, params, now, columns)], `f${keys.length}`),
      );
      keys.push([group, option.value]);
    }
  }
  const where = whereClause(matchConditions(criteria, params, now, { groups: groupsInBase }));
  const relevance = Boolean(page && page.sort === 'relevance' && criteria.q);
  const matches = matchesFrom(where, params, limit, relevance ? tierColumn(criteria, params) : '');
  const chosen = groupsInBase ? [] : filterConditions(criteria, params, now, MATCH_GROUP_COLUMNS);
  const pageSeqs = page ? `, ${pageSeqsSql(page, chosen, params, relevance)}` : '';
  return {
    text: `WITH m AS MATERIALIZED (${matches}) SELECT ${aggregates.join(', ')}, ${topListsSql(chosen)}${pageSeqs} FROM m j`,
    values: params.values,
    keys,
  };
}

export interface CountOptions {
  groupsInBase?: boolean;
  page?: PageOfMatches | undefined;
}

/** What the counting pass found: `base` is how many rows it read, the matches before the filter groups. */
export interface MatchCounts {
  total: number;
  facets: Facets;
  base: number;
  /** The most common places and skills among the current results, when the pass read the matches (not the precomputed counts). */
  top?: TopFacets;
  /** The seqs of the page asked for (PageOfMatches), in order, when one was asked for. */
  pageSeqs?: string[];
}

/** A JSON column as the driver hands it over: parsed by node-postgres, possibly text elsewhere. */
function jsonColumn<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The top_places and top_skills columns of topListsSql. */
function readTopLists(row: Record<string, unknown>): TopFacets {
  const places = jsonColumn<{ city: string; country: string; count: number }[]>(row.top_places ?? '[]');
  const skills = jsonColumn<{ value: string; label: string; count: number }[]>(row.top_skills ?? '[]');
  return {
    places: places.map((p) => ({ city: p.city, country: p.country, count: Number(p.count) })),
    skills: skills.map((s) => ({ value: s.value, label: s.label, count: Number(s.count) })),
  };
}

export async function countMatchesAndFacets(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
  limit?: number,
  options: CountOptions = {},
): Promise<MatchCounts> {
  const query = countsQuery(criteria, now, limit, options);
  const rows = await db.query<Record<string, unknown>>(query.text, query.values);
  const row = rows[0] ?? {};
  const facets = Object.fromEntries(FILTER_GROUP_NAMES.map((g) => [g, {}])) as Facets;
  query.keys.forEach(([group, value], i) => {
    facets[group][value] = Number(row[`f${i}`] ?? 0);
  });
  const counts: MatchCounts = { total: Number(row.total ?? 0), facets, base: Number(row.base ?? 0) };
  counts.top = readTopLists(row);
  if (options.page) counts.pageSeqs = jsonColumn<(string | number)[]>(row.page_seqs ?? []).map(String);
  return counts;
}
