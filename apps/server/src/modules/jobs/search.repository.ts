import {
  FILTER_GROUPS,
  FILTER_GROUP_NAMES,
  HOME_PAGE_SIZE,
  JOB_MODEL_LIMITS,
  LOCATION_OPTIONS,
  postedWindowStart,
  skillKey,
  SKILL_OPTIONS,
  toIsoDate,
  type Facets,
  type FilterGroup,
  type JobSort,
  type SearchFilters,
  type TopFacets,
} from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { CARD_COLUMNS, JOB_FROM, type JobRow } from './jobs.repository.js';
import { regionsMatched, type WhereFilter } from './places.js';

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

/**
 * The jobs as a pass gathering every match by bitmaps reads them (`keyed`): the price cap unindexed (`+ 0`). Every
 * option keeps a quarter of the jobs or more, and the planner ANDed its index in (440,000 entries, 78 ms at a
 * million jobs for "php" under 50k) where checking the cap on the word's few thousand rows costs a few ms.
 */
const KEYED_JOB_GROUP_COLUMNS: GroupColumns = { ...JOB_GROUP_COLUMNS, maxPrice: '(j.max_price_k + 0)' };

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

/** job_facet_counts (migrations 003 and 005, keys from db/taxonomy.ts): price_bucket <= v holds exactly when max_price_k <= v for every option v. */
const COUNT_GROUP_COLUMNS: GroupColumns = {
  location: 'c.location_key',
  salaryType: 'c.salary_key',
  maxPrice: 'c.price_bucket',
  posted: 'c.posting_date',
  experience: 'c.experience_key',
  employment: 'c.employment_key',
  workplace: 'c.workplace_key',
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
}

export function parseText(q: string): TextQuery {
  const tokens = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  const symbols = tokens.filter((t) => SYMBOLIC.test(t));
  const plain = tokens
    .filter((t) => !SYMBOLIC.test(t))
    .flatMap((t) => t.split(/[^\p{L}\p{N}]+/u))
    .filter(Boolean);
  return {
    words: plain.length ? plain.map((w) => `${w}:*`).join(' & ') : undefined,
    titleWords: plain.length ? plain.map((w) => `${w}:*A`).join(' & ') : undefined,
    symbols,
    skill: skillKey(q),
  };
}

/** Whether LIKE '%text%' gives the trigram index something to look up: three letters or digits in a row. */
function trigramIndexable(text: string): boolean {
  return /[\p{L}\p{N}]{3}/u.test(text);
}

/** Above this many distinct titles, "title contains" text is compared with each title walked, not listed. */
const TITLE_KEYS_MAX = 1_000;

/**
 * The text of a search the trigram index cannot look up ('c++', 'x': no three letters or digits in a row), each
 * with the distinct titles of open jobs containing it (job_title_counts, a few thousand rows), or none when they
 * are too many to list. Listed, the planner sees how many jobs have those titles and finds them by title; as a
 * plain LIKE it guessed thousands, and walked every open job newest first for 'c++', which no title contains.
 * Text in more titles than that is common enough that a walk meets it at once.
 */
export async function findTitleKeys(db: Queryable, q: string | undefined): Promise<Map<string, string[]> | undefined> {
  if (!q) return undefined;
  const fragments = [...new Set([q, ...parseText(q).symbols])].filter((text) => !trigramIndexable(text));
  if (!fragments.length) return undefined;
  const found = new Map<string, string[]>();
  for (const text of fragments) {
    const rows = await db.query<{ title_key: string }>(
      `SELECT title_key FROM job_title_counts WHERE n > 0 AND title_key LIKE $1 LIMIT ${TITLE_KEYS_MAX + 1}`,
      [likePattern(text)],
    );
    if (rows.length <= TITLE_KEYS_MAX)
      found.set(
        text,
        rows.map((r) => r.title_key),
      );
  }
  return found;
}

/** What findTextLists finds for one text: each title list undefined when longer than TITLE_KEYS_MAX. */
export interface TextLists {
  /**
   * The text's words as the words of the jobs they stand for ("('applic' | 'appli') & 'engin'"), a tsquery: each
   * prefix as every word of search_lexemes it begins (migration 019), up to WORD_FORMS_MAX of them, else still as
   * a prefix. The GIN index matches a prefix entry by entry, 2-3x slower than the same words asked for by name.
   * Undefined when the text has no words, or they are not a plain AND of prefixes.
   */
  wordsQuery?: string | undefined;
  /** The distinct titles that are title matches (titleCondition). */
  matches?: string[] | undefined;
  /**
   * The distinct titles containing the text that its words and symbols do not match (coveredTitle): "ops" in
   * "DevOps Engineer", "enior" in "Senior Engineer". A job whose title contains the text but is not listed here
   * matches through its words anyway, so a counting pass asks for these titles instead of "title contains", which
   * for a common word built a bitmap of every job whose title holds it (the trigram index: 170,000 jobs, 43 ms at a
   * million). Listed only for text the trigram index can look up (findTitleKeys lists the rest).
   */
  beyondWords?: string[] | undefined;
  /**
   * The text's words as to_tsquery stems them, each a prefix ('appli' for "applied"): what the search index
   * (search-index.ts) matches its words against. [] when every word is a stop word; undefined when the text has no
   * words, or they are not a plain AND of prefixes.
   */
  prefixes?: string[] | undefined;
}

/**
 * A title of job_title_counts (`c`) whose jobs match "what" through their words (otherTextCondition's first part):
 * every word among the title's words and every symbol inside the title. search_doc holds the title's words (weight
 * A), and title_doc the same words of the same title.
 */
function coveredTitle(text: TextQuery, params: Params): string {
  const parts: string[] = [];
  if (text.words) parts.push(`c.title_doc @@ to_tsquery('english', ${params.add(text.words)})`);
  for (const symbol of text.symbols) parts.push(`c.title_key LIKE ${params.add(likePattern(symbol))}`);
  return parts.length ? `(${parts.join(' AND ')})` : 'false';
}

/**
 * The distinct titles of open jobs that match "what" as a title match (titleCondition): every word as a title
 * word and every symbol inside the title, or the whole text inside the title; for `q` and for its correction.
 * Listed, the relevance order's first tier reads the jobs by title: as a condition on search_doc's title words, the
 * planner could not tell that a word common in descriptions ("zendesk") is in no title, and walked every open job.
 * Text in more titles than TITLE_KEYS_MAX is common enough in titles that a walk meets it at once: not listed.
 * With them, in the same statement, the titles containing the text beyond its words (TextLists.beyondWords).
 */
export async function findTextLists(db: Queryable, texts: (string | undefined)[]): Promise<Map<string, TextLists>> {
  const found = new Map<string, TextLists>();
  for (const q of new Set(texts.filter((t): t is string => Boolean(t)))) {
    const text = parseText(q);
    const params = new Params();
    const covered = coveredTitle(text, params);
    const contains = `c.title_key LIKE ${params.add(likePattern(q))}`;
    const list = (where: string) =>
      `(SELECT coalesce(json_agg(x.title_key), '[]') FROM (SELECT c.title_key FROM job_title_counts c WHERE c.n > 0 AND ${where}
         LIMIT ${TITLE_KEYS_MAX + 1}) x)`;
    const beyond = trigramIndexable(q) ? list(`${contains} AND NOT ${covered}`) : 'NULL';
    const parsed = text.words ? `to_tsquery('english', ${params.add(text.words)})::text` : 'NULL';
    const [row] = await db.query<{ matches: unknown; beyond: unknown; parsed: string | null }>(
      `SELECT ${list(`(${covered} OR ${contains})`)} AS matches, ${beyond} AS beyond, ${parsed} AS parsed`,
      params.values,
    );
    const listed = (value: unknown) => {
      if (value === null || value === undefined) return undefined;
      const keys = jsonColumn<string[]>(value);
      return keys.length <= TITLE_KEYS_MAX ? keys : undefined;
    };
    const wordsQuery = row?.parsed ? await findWordForms(db, row.parsed) : undefined;
    found.set(q, { matches: listed(row?.matches), beyondWords: listed(row?.beyond), wordsQuery });
  }
  return found;
}

/**
 * The words of each text as to_tsquery stems them (TextLists.prefixes), all texts in one statement: all the search
 * index needs of the database to match a text (it finds titles and skills itself).
 */
export async function findTextPrefixes(
  db: Queryable,
  texts: readonly string[],
): Promise<Map<string, string[] | undefined>> {
  const found = new Map<string, string[] | undefined>();
  const worded = texts.filter((q) => parseText(q).words);
  for (const q of texts) if (!worded.includes(q)) found.set(q, undefined);
  if (!worded.length) return found;
  const rows = await db.query<{ i: number; parsed: string | null }>(
    `SELECT t.i, to_tsquery('english', t.words)::text AS parsed FROM unnest($1::text[]) WITH ORDINALITY AS t(words, i)`,
    [worded.map((q) => parseText(q).words)],
  );
  for (const row of rows) {
    const q = worded[Number(row.i) - 1];
    if (q !== undefined) found.set(q, row.parsed === null ? undefined : plainPrefixes(row.parsed));
  }
  return found;
}

/** Above this many words beginning a prefix, it stays a prefix: the index reads them all either way. */
const WORD_FORMS_MAX = 64;

/** A lexeme as a tsquery term: quoted, its quotes and backslashes escaped, no stemming on input. */
function tsqueryTerm(lexeme: string): string {
  return `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * The prefixes of a parsed query ("'appli':* & 'engin':*", to_tsquery's output): [] for none (every word a stop
 * word), undefined when it is not a plain AND of prefixes, which is all parseText asks for (a word the parser split
 * into a phrase, "e-mail", gives another shape).
 */
export function plainPrefixes(parsed: string): string[] | undefined {
  if (parsed === '') return [];
  const prefixes = [...parsed.matchAll(/'((?:[^'\\]|'')+)':\*/g)].map((m) => (m[1] ?? '').replace(/''/g, "'"));
  if (!prefixes.length || prefixes.map((p) => `${tsqueryTerm(p)}:*`).join(' & ') !== parsed) return undefined;
  return prefixes;
}

/**
 * The words each prefix of a parsed query ("'appli':* & 'engin':*", to_tsquery's output) stands for in
 * search_lexemes, as a tsquery of the same meaning (TextLists.wordsQuery): every job word beginning a prefix is
 * listed there (migration 019), so "any word beginning it" and "one of the listed words" match the same jobs.
 */
export async function findWordForms(db: Queryable, parsed: string): Promise<string | undefined> {
  const prefixes = plainPrefixes(parsed);
  if (!prefixes?.length) return undefined;
  const rows = await db.query<{ prefix: string; forms: unknown }>(
    `SELECT t.prefix, (SELECT coalesce(json_agg(l.lexeme), '[]') FROM (
        SELECT s.lexeme FROM search_lexemes s
         WHERE s.lexeme >= t.prefix AND s.lexeme < t.prefix || chr(1114111) AND starts_with(s.lexeme, t.prefix)
         ORDER BY s.lexeme LIMIT ${WORD_FORMS_MAX + 1}) l) AS forms
       FROM unnest($1::text[]) AS t(prefix)`,
    [prefixes],
  );
  const forms = new Map(rows.map((row) => [row.prefix, jsonColumn<string[]>(row.forms ?? '[]')]));
  return prefixes
    .map((prefix) => {
      const words = forms.get(prefix) ?? [];
      // No job word begins it (it matches nothing either way), or too many do: the prefix as it was.
      if (!words.length || words.length > WORD_FORMS_MAX) return `${tsqueryTerm(prefix)}:*`;
      return `(${words.map(tsqueryTerm).join(' | ')})`;
    })
    .join(' & ');
}

/**
 * The title contains `text` (case ignored, wildcards escaped): through the trigram index, or, for text it cannot
 * look up, the titles listed for it (findTitleKeys).
 */
function titleContains(text: string, criteria: SearchCriteria, params: Params): string {
  const keys = trigramIndexable(text) ? undefined : criteria.titleKeys?.get(text);
  if (keys) return keys.length ? `lower(j.job_title) = ANY(${params.add(keys)}::text[])` : 'false';
  return `lower(j.job_title) LIKE ${params.add(likePattern(text))}`;
}

/** The title matches "what": every word as a title word, or the whole text inside the title (relevance puts these first). */
function titleCondition(criteria: SearchCriteria, params: Params): string {
  const q = criteria.q ?? '';
  const text = parseText(q);
  const parts: string[] = [];
  if (text.titleWords) parts.push(`j.search_doc @@ to_tsquery('english', ${params.add(text.titleWords)})`);
  for (const symbol of text.symbols) parts.push(titleContains(symbol, criteria, params));
  const words = parts.length ? `(${parts.join(' AND ')}) OR ` : '';
  // The title as text, as the first version matched it: 'dev' finds 'DevOps', '100%' finds '100% Remote'.
  return `(${words}${titleContains(q, criteria, params)})`;
}

/** The other matches of "what": every word in any field and every symbol as a skill or in the title, or the whole text as a skill. */
function otherTextCondition(criteria: SearchCriteria, params: Params, { keyed = false } = {}): string {
  const text = parseText(criteria.q ?? '');
  const parts: string[] = [];
  // A pass gathering every match by bitmaps: the prefixes as the words they stand for (TextLists.wordsQuery).
  const named = keyed ? criteria.textLists?.get(criteria.q ?? '')?.wordsQuery : undefined;
  if (named) parts.push(`j.search_doc @@ ${params.add(named)}::tsquery`);
  else if (text.words) parts.push(`j.search_doc @@ to_tsquery('english', ${params.add(text.words)})`);
  for (const symbol of text.symbols) {
    parts.push(`(j.skill_keys @> ARRAY[${params.add(symbol)}]::text[] OR ${titleContains(symbol, criteria, params)})`);
  }
  const all = parts.length ? `(${parts.join(' AND ')}) OR ` : '';
  return `(${all}j.skill_keys @> ARRAY[${params.add(text.skill)}]::text[])`;
}

/**
 * Matches of "what" as typed: the title (words or text), or every word in the company, skills or description, or a
 * skill. The title's words are among search_doc's words (weight A), so "every word anywhere" already holds the
 * title-word matches: only the title as text is added (an index scan fewer, and no weighted condition whose
 * share the planner cannot estimate).
 */
function exactTextCondition(criteria: SearchCriteria, params: Params, { keyed = false } = {}): string {
  const q = criteria.q ?? '';
  // A pass gathering every match by bitmaps: "title contains" as the titles it adds to the words (TextLists).
  const beyond = keyed ? criteria.textLists?.get(q)?.beyondWords : undefined;
  const other = () => otherTextCondition(criteria, params, { keyed });
  if (!beyond) return `(${titleContains(q, criteria, params)} OR ${other()})`;
  if (!beyond.length) return other();
  return `(lower(j.job_title) = ANY(${params.add(beyond)}::text[]) OR ${other()})`;
}

/** Matches of "what": as typed, or with its misspelt words corrected (`correctedQ`, spelling.ts). */
function textCondition(criteria: SearchCriteria, params: Params, keyed = false): string | undefined {
  if (!criteria.q) return undefined;
  const exact = exactTextCondition(criteria, params, { keyed });
  if (!criteria.correctedQ) return exact;
  return `(${exact} OR ${exactTextCondition({ ...criteria, q: criteria.correctedQ, correctedQ: undefined }, params, { keyed })})`;
}

/**
 * The tiers of the relevance order, best first, each a condition on top of the search's matches: the title
 * matches "what", then the other matches of "what" as typed, then (with a correction) the corrected matches.
 */
function relevanceTier(criteria: SearchCriteria, params: Params, tier: number): string {
  // Only the chosen tier's parameters are added: PostgreSQL refuses a parameter no condition uses.
  if (tier === 2) return `NOT ${exactTextCondition(criteria, params)}`;
  const title = listedTitleCondition(criteria, params) ?? titleCondition(criteria, params);
  if (tier === 0) return title;
  return criteria.correctedQ ? `NOT ${title} AND ${exactTextCondition(criteria, params)}` : `NOT ${title}`;
}

/**
 * The title matches of "what" as the titles listed for it (findTextLists): the jobs are then read by title
 * (jobs_open_title_idx). Undefined when they were not listed (too many titles, or not looked up).
 */
function listedTitleCondition(criteria: SearchCriteria, params: Params): string | undefined {
  const listed = criteria.textLists?.get(criteria.q ?? '')?.matches;
  if (!listed) return undefined;
  return listed.length ? `lower(j.job_title) = ANY(${params.add(listed)}::text[])` : 'false';
}

/** How many tiers relevanceTier has: three with a correction. */
function relevanceTierCount(criteria: SearchCriteria): number {
  return criteria.correctedQ ? 3 : 2;
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
  payMin?: number | undefined;
  /** newest when absent. */
  sort?: JobSort | undefined;
  /** `q` with its misspelt words corrected (spelling.ts), when any were: its matches rank below those of `q`. */
  correctedQ?: string | undefined;
  /** The titles containing each fragment of `q` the trigram index cannot look up (findTitleKeys); not part of the search's identity. */
  titleKeys?: ReadonlyMap<string, readonly string[]> | undefined;
  /** The titles listed for `q` and for `correctedQ` (findTextLists); not part of the search's identity. */
  textLists?: ReadonlyMap<string, TextLists> | undefined;
}

/** Open jobs only: closed ones, and those past their closing date even before the sweep marks them. */
function openCondition(params: Params, now: Date, { unindexed = false } = {}): string {
  // `+ 0` keeps the closing date's index out of a bitmap pass (`unindexed`): nearly every open job is before its
  // closing date, yet the planner ANDed that index's 640,000 jobs into a search's bitmap (42 ms at a million jobs).
  const closing = unindexed ? '(j.valid_through + 0)' : 'j.valid_through';
  return `j.status = 'open' AND ${closing} >= ${params.add(toIsoDate(now))}::date`;
}

/**
 * The facet keys of a job (migration 017): the filters a counting pass gathers its matches by, as one GIN-indexed
 * array, so a broad word's bitmap and its filters' are ANDed before any row is read. Over `jobs j` or a sample.
 */
const FACET_KEYS =
  'job_facet_keys(j.city, j.country, j.salary_type, j.experience_level, j.employment_type, j.workplace)';

/** The facet key that holds exactly when a filter group's condition does (groupCondition), or none for a range. */
function groupKey(group: FilterGroup, value: string): string | undefined {
  switch (group) {
    case 'location':
      return `city:${value}`;
    case 'salaryType':
      return `salary:${value}`;
    case 'experience':
    case 'employment':
      return `ee:${value}`;
    case 'workplace':
      return `workplace:${value}`;
    default:
      return undefined;
  }
}

/**
 * The job model's filters, which only the jobs table can answer. With `keys`, the equalities among them are
 * added there as facet keys (FACET_KEYS) instead of returned as conditions.
 */
function modelConditions(criteria: SearchCriteria, params: Params, keys?: string[]): string[] {
  const conditions: string[] = [];
  const equal = (key: string, condition: () => string) => (keys ? keys.push(key) : conditions.push(condition()));
  const where = criteria.where;
  if (where && 'remote' in where) equal('workplace:remote', () => `j.workplace = 'remote'`);
  else if (where && 'city' in where) {
    const city = where.city.toLowerCase();
    equal(`city:${city}`, () => `lower(j.city) = ${params.add(city)}`);
    const country = where.country;
    if (country) equal(`country:${country}`, () => `j.country = ${params.add(country)}`);
    // "Springfield, IL": the city in that region only. The region is the jobs table's alone (no sample or facet
    // key carries it), read by seq from whichever of them `j` is; a city's jobs are few.
    const regions = regionsMatched(where);
    if (regions)
      conditions.push(
        `EXISTS (SELECT 1 FROM jobs r WHERE r.seq = j.seq AND r.region = ANY(${params.add(regions)}::text[]))`,
      );
  } else if (where) equal(`country:${where.country}`, () => `j.country = ${params.add(where.country)}`);
  if (criteria.skill) conditions.push(`j.skill_keys @> ARRAY[${params.add(criteria.skill)}]::text[]`);
  const country = criteria.country;
  if (country) equal(`country:${country}`, () => `j.country = ${params.add(country)}`);
  if (criteria.remoteCountry) {
    equal('workplace:remote', () => `j.workplace = 'remote'`);
    conditions.push(
      `(j.remote_countries = '{}' OR j.remote_countries @> ARRAY[${params.add(criteria.remoteCountry)}]::text[])`,
    );
  }
  if (criteria.payMin !== undefined) conditions.push(`j.pay_yearly_usd >= ${params.add(criteria.payMin)}`);
  return conditions;
}

/** The conditions of the chosen filter groups but `except`; with `keys`, the equalities go there as facet keys. */
function filterConditions(
  criteria: SearchCriteria,
  params: Params,
  now: Date,
  columns: GroupColumns,
  except?: FilterGroup,
  keys?: string[],
): string[] {
  const conditions: string[] = [];
  for (const group of FILTER_GROUP_NAMES) {
    const value = criteria[group];
    if (!value || group === except) continue;
    const key = keys && groupKey(group, value);
    if (key) keys.push(key);
    else conditions.push(groupCondition(group, value, params, now, columns));
  }
  return conditions;
}

/**
 * Everything a search matches on, over the jobs table (or a sample): open, the text, the filter groups (left out by
 * the counting pass, which puts each group in its own aggregate) and the job model's filters. `keyed` puts the
 * equalities among the filters into one facet-key condition (FACET_KEYS), for the passes that gather every match
 * by bitmaps; the page walks keep the plain conditions, whose ordered indexes they walk.
 */
function matchConditions(
  criteria: SearchCriteria,
  params: Params,
  now: Date,
  { groups = true, text = true, keyed = false } = {},
): (string | undefined)[] {
  const keys: string[] | undefined = keyed ? [] : undefined;
  const conditions = [
    openCondition(params, now, { unindexed: keyed }),
    text ? textCondition(criteria, params, keyed) : undefined,
    ...(groups
      ? filterConditions(criteria, params, now, keyed ? KEYED_JOB_GROUP_COLUMNS : JOB_GROUP_COLUMNS, undefined, keys)
      : []),
    ...modelConditions(criteria, params, keys),
  ];
  const distinct = [...new Set(keys)];
  return distinct.length ? [...conditions, `${FACET_KEYS} @> ${params.add(distinct)}::text[]`] : conditions;
}

/**
 * A search's matches as one SQL condition over `jobs j` (open, the text, the filter groups, the job model's
 * filters), its parameters numbered from $1 in `values`: for queries outside the search page that must mean what
 * it means (job alerts add their own conditions after these parameters).
 */
export function matchCondition(criteria: SearchCriteria, now: Date): SqlQuery {
  const params = new Params();
  const present = matchConditions(criteria, params, now).filter((c): c is string => Boolean(c));
  return { text: present.join(' AND '), values: params.values };
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

/**
 * The SQL of one page (also what the benchmark EXPLAINs for every query shape).
 * - newest: with `after` (the boundary of an earlier page) the scan starts right behind that row (keyset) and
 *   skips only `skipPages` pages from there, so page 5,000 after page 4,999 costs what page 1 costs. When pages
 *   are skipped, the row before the page comes too, so the page before it becomes known.
 * - relevance: the tiers of relevanceTier (title matches, other matches, corrected matches), each newest
 *   first; this is the first tier's walk, and findJobPage reads the next tiers only when it ends before the page
 *   does (relevancePage), so the first page never ranks every match.
 * - pay: the highest yearly pay first (jobs without a known figure last).
 */
export function jobPageQuery(criteria: SearchCriteria, position: PagePosition, now: Date): SqlQuery {
  const size = position.size ?? HOME_PAGE_SIZE;
  if (criteria.sort === 'relevance' && criteria.q) return tierQuery(criteria, now, 0, position.skipPages * size, size);
  const params = new Params();
  const sort = criteria.sort;
  const keyset =
    sort !== 'pay' && position.after
      ? `(j.posting_date, j.seq) < (${params.add(position.after.postingDate)}::date, ${params.add(position.after.seq)}::bigint)`
      : undefined;
  const conditions = [...matchConditions(criteria, params, now), keyset];
  // Newest first, after skipping pages: the row before the page too, so that page's boundary becomes known.
  const withPrevious = (sort ?? 'newest') === 'newest' && position.skipPages > 0;
  const limit = () => params.add(size + (withPrevious ? 1 : 0));
  const offset = () => params.add(position.skipPages * size - (withPrevious ? 1 : 0));

  return {
    text: `SELECT ${CARD_COLUMNS} FROM ${JOB_FROM} ${whereClause(conditions)}
      ORDER BY ${pageOrder(sort)} LIMIT ${limit()} OFFSET ${offset()}`,
    values: params.values,
  };
}

/**
 * One page of a search: an index walked in the page's order until the page is full. It reads about (open jobs x
 * page end / matches) rows, which stays small because the planner's estimates are good (migration 006).
 */
export async function findJobPage(
  db: Queryable,
  criteria: SearchCriteria,
  position: PagePosition,
  now: Date,
): Promise<{ rows: JobRow[]; previous?: PageBoundary }> {
  const sort = criteria.sort ?? 'newest';
  if (sort === 'relevance' && criteria.q) return { rows: await relevancePage(db, criteria, position, now) };
  const query = jobPageQuery(criteria, position, now);
  const rows = await db.query<JobRow>(query.text, query.values);
  if (position.skipPages === 0 || sort !== 'newest') return { rows };
  const [before, ...page] = rows;
  return { rows: page, previous: before && { postingDate: before.posting_date, seq: String(before.seq) } };
}

/**
 * One page of a search known to have at most `limit` matches (its exact total, from the precomputed counts), read
 * the way the counting pass reads a page: every match gathered by the planner's best index, then ordered. A walk
 * in the page's order would read about (open jobs x page end / matches) rows: every open job for a rare
 * combination of filters. Undefined when the matches were more than `limit` after all.
 */
export async function findPageOfFewMatches(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
  page: PageOfMatches,
  limit = EXACT_COUNT_LIMIT,
): Promise<string[] | undefined> {
  const params = new Params();
  const where = whereClause(matchConditions(criteria, params, now, { keyed: true }));
  const relevance = page.sort === 'relevance' && Boolean(criteria.q);
  const matches = matchesFrom('jobs', where, params, limit, relevance ? tierColumn(criteria, params) : '');
  const rows = await db.query<{ n: number; page_seqs: unknown }>(
    `WITH m AS MATERIALIZED (${matches}) SELECT (SELECT count(*)::int FROM m) AS n, ${pageSeqsSql(page, [], params, relevance)}`,
    params.values,
  );
  const row = rows[0];
  if (!row || Number(row.n) >= limit) return undefined;
  return jsonColumn<(string | number)[]>(row.page_seqs ?? []).map(String);
}

/**
 * One page of a search in pay order, walked for down the pay index but through at most `most` open jobs: the
 * page's seqs when it filled up within them, undefined otherwise (the walk would have gone on: the matches are few
 * for their number, paid less than most jobs, or the page deep).
 */
export async function findPayPageWithin(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
  start: number,
  most: number,
  size = HOME_PAGE_SIZE,
): Promise<string[] | undefined> {
  const params = new Params();
  const order = pageOrder('pay');
  const open = openCondition(params, now);
  const where = whereClause(matchConditions(criteria, params, now));
  const rows = await db.query<{ seq: string | number }>(
    `SELECT j.seq FROM (SELECT j.* FROM jobs j WHERE ${open} ORDER BY ${order} LIMIT ${params.add(most)}) j
      ${where} ORDER BY ${order} LIMIT ${params.add(size)} OFFSET ${params.add(start)}`,
    params.values,
  );
  return rows.length === size ? rows.map((row) => String(row.seq)) : undefined;
}

/**
 * One page of a search in pay order, found above a pay floor rather than walked for: the floor is the pay a
 * sample's matches reach at the page's end (scaled to the sample, with a margin for its chance), and the jobs
 * matching at or above it are gathered by bitmaps (the pay index ANDed with the text's and the filters') and
 * ordered. A walk down the pay index reads about (open jobs x page end / matches) rows, and many more when the
 * matches are paid less than most jobs ("where=VN": 141,000 rows for page 1). Every job ranked up to the page's
 * end is paid at least the floor when at least that many are; otherwise, or when the sample has too few paid
 * matches to set a floor, or the floor lets too many in, undefined (the caller walks).
 */
export async function findPayPageAboveFloor(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
  source: SampleSource,
  start: number,
  size = HOME_PAGE_SIZE,
): Promise<string[] | undefined> {
  const end = start + size;
  const sampleRank = Math.ceil((end / SAMPLE_RATES[source]) * 1.25) + 25;
  const floorParams = new Params();
  const floorWhere = whereClause([
    ...matchConditions(criteria, floorParams, now, { keyed: true }),
    'j.pay_yearly_usd IS NOT NULL',
  ]);
  const [floor] = await db.query<{ pay: string | number }>(
    `SELECT j.pay_yearly_usd AS pay FROM ${SAMPLE_TABLES[source]} j ${floorWhere}
      ORDER BY j.pay_yearly_usd DESC LIMIT 1 OFFSET ${floorParams.add(sampleRank)}`,
    floorParams.values,
  );
  if (!floor) return undefined;
  const params = new Params();
  const where = whereClause([
    ...matchConditions(criteria, params, now, { keyed: true }),
    `j.pay_yearly_usd >= ${params.add(floor.pay)}`,
  ]);
  // At most this many above the floor: several times what the sample let one expect, else a walk is as good.
  const most = 4 * end + 2_000;
  const rows = await db.query<{ n: number; page_seqs: unknown }>(
    `WITH m AS MATERIALIZED (SELECT j.seq, j.pay_yearly_usd FROM jobs j ${where} LIMIT ${params.add(most)})
     SELECT (SELECT count(*)::int FROM m) AS n,
       (SELECT coalesce(json_agg(x.seq ORDER BY x.pay_yearly_usd DESC, x.seq DESC), '[]') FROM (
          SELECT seq, pay_yearly_usd FROM m ORDER BY pay_yearly_usd DESC, seq DESC LIMIT ${params.add(size)} OFFSET ${params.add(start)}) x) AS page_seqs`,
    params.values,
  );
  const row = rows[0];
  if (!row || Number(row.n) < end || Number(row.n) >= most) return undefined;
  return jsonColumn<(string | number)[]>(row.page_seqs ?? []).map(String);
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

/** `count` matches of one relevance tier (relevanceTier), newest first, from `offset`: an index-ordered walk. */
function tierQuery(criteria: SearchCriteria, now: Date, tier: number, offset: number, count: number): SqlQuery {
  const params = new Params();
  // The first tier's condition is one of the text's own (its title matches): the text need not be repeated, and
  // without it the title condition alone chooses the index (the titles listed are found by title).
  const conditions = matchConditions(criteria, params, now, { text: tier > 0 });
  const where = whereClause([...conditions, relevanceTier(criteria, params, tier)]);
  return {
    text: `SELECT ${CARD_COLUMNS} FROM ${JOB_FROM} ${where} ORDER BY j.posting_date DESC, j.seq DESC
      LIMIT ${params.add(count)} OFFSET ${params.add(offset)}`,
    values: params.values,
  };
}

/** The matches of one relevance tier, counted up to `upTo` (all that matters to place a page after them). */
async function countTier(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
  tier: number,
  upTo: number,
): Promise<number> {
  const params = new Params();
  return countUpTo(
    db,
    [...matchConditions(criteria, params, now, { text: tier > 0 }), relevanceTier(criteria, params, tier)],
    params,
    upTo,
  );
}

/**
 * A relevance page, tier by tier: each tier is read only when the tiers before it end before the page does,
 * from where the page's remainder begins among its matches. The first page of a broad search is one walk.
 */
async function relevancePage(
  db: Queryable,
  criteria: SearchCriteria,
  position: PagePosition,
  now: Date,
): Promise<JobRow[]> {
  const size = position.size ?? HOME_PAGE_SIZE;
  const start = position.skipPages * size;
  const tiers = relevanceTierCount(criteria);
  const rows: JobRow[] = [];
  // How many matches the tiers already passed hold in all.
  let before = 0;
  for (let tier = 0; tier < tiers && rows.length < size; tier += 1) {
    const offset = Math.max(0, start - before);
    const need = size - rows.length;
    const query = tierQuery(criteria, now, tier, offset, need);
    const got = await db.query<JobRow>(query.text, query.values);
    rows.push(...got);
    if (got.length === need) break;
    // This tier ended inside the read: it holds offset + got matches, or, read past its end, at most offset.
    before += got.length > 0 || offset === 0 ? offset + got.length : await countTier(db, criteria, now, tier, offset);
  }
  return rows;
}

/** Whether the precomputed counts can answer: no text, none of the job model's filters, a city among the options. */
export function countsArePrecomputed(criteria: SearchCriteria): boolean {
  const modelFilter =
    criteria.where || criteria.skill || criteria.country || criteria.remoteCountry || criteria.payMin !== undefined;
  const keyedCity = !criteria.location || LOCATION_OPTIONS.some((o) => o.value === criteria.location);
  return !criteria.q && !modelFilter && keyedCity;
}

/**
 * Where a search's counts come from (decision record 0014): `jobs`, exactly, over at most EXACT_COUNT_LIMIT
 * matches; or a sample of the open jobs, its counts to be scaled up by SAMPLE_RATES: `sample` (one job in 32,
 * migration 008) or `fine` (one in 4, migration 015).
 */
export type CountSource = 'jobs' | 'sample' | 'fine';
export type SampleSource = Exclude<CountSource, 'jobs'>;

/** One job in this many is in each sample (job_in_sample, job_in_fine_sample). */
export const SAMPLE_RATES: Record<SampleSource, number> = { sample: 32, fine: 4 };
const SAMPLE_TABLES: Record<SampleSource, string> = { sample: 'job_sample', fine: 'job_sample_fine' };
/** The samples, coarsest first: a search is counted over the first that matches it often enough. */
export const SAMPLE_LEVELS: readonly SampleSource[] = ['sample', 'fine'];
/**
 * A count is estimated from a sample only when this many sampled jobs match: its relative standard error is
 * then at most 1/sqrt(1,000), 3.2%, so an estimate is within 10% of the exact figure (3 standard errors).
 */
export const SAMPLE_HITS_FOR_ESTIMATE = 1_000;
/**
 * The most matches an exact count reads. Below SAMPLE_HITS_FOR_ESTIMATE matches in the fine sample there are
 * about 4,000 matches; 6,000 leaves room for the sample's chance, and past it the sample's figure is used after all.
 */
export const EXACT_COUNT_LIMIT = 6_000;

/** The columns the facet aggregates and the top places and skills read, carried out of the matches. */
const MATCH_COLUMNS = [
  'j.seq, j.pay_yearly_usd, j.city, j.country, j.skill_keys, j.max_price_k, j.posting_date, j.workplace',
  // Lower-cased once per match here, not once per facet option in the aggregates (2-3x less work per row).
  'lower(j.city) AS city_key, lower(j.salary_type) AS salary_key',
  'lower(j.experience_level) AS experience_key, lower(j.employment_type) AS employment_key',
].join(', ');

/**
 * The SQL reading a search's matches from `source`: the sample's, or at most `limit` of the jobs', with `extra`
 * columns (the relevance tier of each match, when a page is read from them).
 */
function matchesFrom(source: CountSource, where: string, params: Params, limit: number, extra = ''): string {
  if (source === 'jobs') return `SELECT ${MATCH_COLUMNS}${extra} FROM jobs j ${where} LIMIT ${params.add(limit)}`;
  return `SELECT ${MATCH_COLUMNS}${extra} FROM ${SAMPLE_TABLES[source]} j ${where}`;
}

/** A page to take from the matches the counting pass reads, when it reads every one of them. */
export interface PageOfMatches {
  sort: JobSort;
  offset: number;
  size: number;
}

/**
 * The relevance tier of each match (relevanceTier), as a column of the matches: 0 for a title match, then the
 * other matches as typed, then the corrected ones.
 */
function tierColumn(criteria: SearchCriteria, params: Params): string {
  const title = listedTitleCondition(criteria, params) ?? titleCondition(criteria, params);
  if (!criteria.correctedQ) return `, CASE WHEN ${title} THEN 0 ELSE 1 END AS tier`;
  return `, CASE WHEN ${title} THEN 0 WHEN ${exactTextCondition(criteria, params)} THEN 1 ELSE 2 END AS tier`;
}

/** The seqs of one page of the matches `m` (aliased j) that meet `chosen`, in the page's order, as an array. */
function pageSeqsSql(page: PageOfMatches, chosen: string[], params: Params, relevance: boolean): string {
  const order = relevance ? `j.tier, ${pageOrder('newest')}` : pageOrder(page.sort);
  return `(SELECT coalesce(json_agg(x.seq ORDER BY x.n), '[]') FROM (
      SELECT j.seq, row_number() OVER (ORDER BY ${order}) AS n FROM m j ${whereClause(chosen)} ORDER BY ${order}
       LIMIT ${params.add(page.size)} OFFSET ${params.add(page.offset)}) x) AS page_seqs`;
}

/** The most common places and skills of the matches `m` (aliased j) that meet `chosen`, as two JSON arrays. */
function topListsSql(chosen: string[]): string {
  const top = JOB_MODEL_LIMITS.topFacetValues;
  const places = whereClause([...chosen, `j.city <> ''`]);
  return `(SELECT coalesce(json_agg(p ORDER BY p.count DESC, p.city), '[]') FROM (
      SELECT min(j.city) AS city, j.country, count(*)::int AS count FROM m j ${places}
       GROUP BY j.city_key, j.country ORDER BY count(*) DESC, min(j.city) LIMIT ${top}) p) AS top_places,
    (SELECT coalesce(json_agg(s ORDER BY s.count DESC, s.key), '[]') FROM (
      SELECT coalesce(l.label, k.key) AS value, coalesce(l.label, k.key) AS label, k.count, k.key FROM (
        SELECT key, count(*)::int AS count FROM m j CROSS JOIN LATERAL unnest(j.skill_keys) AS key ${whereClause(chosen)}
         GROUP BY key ORDER BY count(*) DESC, key LIMIT ${top}
      ) k LEFT JOIN job_skill_counts l ON l.skill_key = k.key) s) AS top_skills`;
}

/**
 * The SQL of the counting pass, and how to read its row back into a total and facets: for every option of every
 * group, how many jobs would match if that option were chosen with the other current filters, one FILTER
 * aggregate per count, and `base`, the rows the pass read (the matches before the filter groups). Without text or
 * job-model filters the pass runs over the precomputed counts (a few thousand rows at any size); otherwise it is
 * one statement over the matches of a sample, or of at most `limit` jobs, read once (a materialized CTE) for the
 * counts and for the most common places and skills among the current results (`top_places`, `top_skills`).
 * With `groupsInBase` the filter groups are part of the matches read: `base` and `total` are then the search's
 * total, counted exactly up to `limit` (the facets mean nothing).
 */
export function countsQuery(
  criteria: SearchCriteria,
  now: Date,
  source: CountSource = 'jobs',
  limit = EXACT_COUNT_LIMIT,
  { groupsInBase = false, page }: { groupsInBase?: boolean; page?: PageOfMatches | undefined } = {},
): SqlQuery & { keys: [FilterGroup, string][]; withTopLists: boolean } {
  const params = new Params();
  const precomputed = countsArePrecomputed(criteria);
  const columns = precomputed ? COUNT_GROUP_COLUMNS : MATCH_GROUP_COLUMNS;
  const aggregate = (conditions: string[], alias: string) => {
    const filter = `FILTER (WHERE ${conditions.length ? conditions.join(' AND ') : 'true'})`;
    return precomputed ? `coalesce(sum(c.n) ${filter}, 0)::int AS ${alias}` : `count(*) ${filter}::int AS ${alias}`;
  };

  const aggregates = [aggregate(filterConditions(criteria, params, now, columns), 'total')];
  aggregates.push(precomputed ? 'coalesce(sum(c.n), 0)::int AS base' : 'count(*)::int AS base');
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
  if (precomputed)
    return {
      text: `SELECT ${aggregates.join(', ')} FROM job_facet_counts c`,
      values: params.values,
      keys,
      withTopLists: false,
    };
  const where = whereClause(matchConditions(criteria, params, now, { groups: groupsInBase, keyed: true }));
  const relevance = Boolean(page && page.sort === 'relevance' && criteria.q);
  const matches = matchesFrom(source, where, params, limit, relevance ? tierColumn(criteria, params) : '');
  const chosen = groupsInBase ? [] : filterConditions(criteria, params, now, MATCH_GROUP_COLUMNS);
  const pageSeqs = page ? `, ${pageSeqsSql(page, chosen, params, relevance)}` : '';
  return {
    text: `WITH m AS MATERIALIZED (${matches}) SELECT ${aggregates.join(', ')}, ${topListsSql(chosen)}${pageSeqs} FROM m j`,
    values: params.values,
    keys,
    withTopLists: true,
  };
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
  source: CountSource = 'jobs',
  limit = EXACT_COUNT_LIMIT,
  options: { groupsInBase?: boolean; page?: PageOfMatches | undefined } = {},
): Promise<MatchCounts> {
  const query = countsQuery(criteria, now, source, limit, options);
  const rows = await db.query<Record<string, unknown>>(query.text, query.values);
  const row = rows[0] ?? {};
  const facets = Object.fromEntries(FILTER_GROUP_NAMES.map((g) => [g, {}])) as Facets;
  query.keys.forEach(([group, value], i) => {
    facets[group][value] = Number(row[`f${i}`] ?? 0);
  });
  const counts: MatchCounts = { total: Number(row.total ?? 0), facets, base: Number(row.base ?? 0) };
  if (query.withTopLists) counts.top = readTopLists(row);
  if (options.page) counts.pageSeqs = jsonColumn<(string | number)[]>(row.page_seqs ?? []).map(String);
  return counts;
}

/** The search's matches (every filter) in a sample: its count, to be scaled up. */
export async function countSampleMatches(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
  source: SampleSource,
): Promise<number> {
  const params = new Params();
  const where = whereClause(matchConditions(criteria, params, now, { keyed: true }));
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${SAMPLE_TABLES[source]} j ${where}`,
    params.values,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Whether a sample holds at least SAMPLE_HITS_FOR_ESTIMATE rows (a smaller one cannot give an estimate). */
export async function sampleCanEstimate(db: Queryable, source: SampleSource): Promise<boolean> {
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${SAMPLE_TABLES[source]} LIMIT ${SAMPLE_HITS_FOR_ESTIMATE}) s`,
  );
  return Number(rows[0]?.n ?? 0) >= SAMPLE_HITS_FOR_ESTIMATE;
}

/** The search's matches (every filter), counted exactly up to `limit`: reads at most that many. */
export async function countMatches(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
  limit = EXACT_COUNT_LIMIT,
): Promise<number> {
  const params = new Params();
  return countUpTo(db, matchConditions(criteria, params, now), params, limit);
}

/** The jobs meeting `conditions`, counted up to `limit`: reads at most that many. */
async function countUpTo(
  db: Queryable,
  conditions: (string | undefined)[],
  params: Params,
  limit: number,
): Promise<number> {
  const where = whereClause(conditions);
  const rows = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM jobs j ${where} LIMIT ${params.add(limit)}) m`,
    params.values,
  );
  return Number(rows[0]?.n ?? 0);
}

/** Whether the search has no condition at all beyond "open": the place and skill tables answer its top lists. */
export function unfiltered(criteria: SearchCriteria): boolean {
  return countsArePrecomputed(criteria) && FILTER_GROUP_NAMES.every((group) => !criteria[group]);
}

/**
 * The most common places and skills among the current results: from the kept tables when nothing is filtered;
 * otherwise from at most `limit` matching jobs, or from a sample (counts to be scaled up).
 */
export async function findTopFacets(
  db: Queryable,
  criteria: SearchCriteria,
  now: Date,
  source: CountSource = 'jobs',
  limit = EXACT_COUNT_LIMIT,
): Promise<TopFacets> {
  const top = JOB_MODEL_LIMITS.topFacetValues;
  if (unfiltered(criteria)) {
    const [places, skills] = await Promise.all([
      db.query<{ city: string; country: string; count: number }>(
        `SELECT city, country, n AS count FROM job_place_counts WHERE n > 0 AND city <> '' ORDER BY n DESC, city LIMIT ${top}`,
      ),
      db.query<{ value: string; label: string; count: number }>(
        `SELECT label AS value, label, n AS count FROM job_skill_counts WHERE n > 0 ORDER BY n DESC, skill_key LIMIT ${top}`,
      ),
    ]);
    return {
      places: places.map((p) => ({ ...p, count: Number(p.count) })),
      skills: skills.map((s) => ({ ...s, count: Number(s.count) })),
    };
  }
  const params = new Params();
  const where = whereClause(matchConditions(criteria, params, now, { keyed: true }));
  const rows = await db.query<Record<string, unknown>>(
    `WITH m AS MATERIALIZED (${matchesFrom(source, where, params, limit)}) SELECT ${topListsSql([])}`,
    params.values,
  );
  return readTopLists(rows[0] ?? {});
}

/** Up to 8 skills starting with `prefix`, most used (in open jobs) first; the spec's nine when nothing is used yet. */
export async function suggestSkills(
  db: Queryable,
  prefix: string,
): Promise<{ value: string; label: string; count: number }[]> {
  const key = skillKey(prefix);
  const rows = await db.query<{ label: string; count: number }>(
    `SELECT label, n AS count FROM job_skill_counts WHERE n > 0 AND skill_key LIKE $1 ORDER BY n DESC, skill_key LIMIT ${JOB_MODEL_LIMITS.suggestions}`,
    [`${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`],
  );
  const used = rows.map((r) => ({ value: r.label, label: r.label, count: Number(r.count) }));
  const seen = new Set(used.map((s) => s.value.toLowerCase()));
  const starters = SKILL_OPTIONS.filter(
    (o) => o.value.toLowerCase().startsWith(key) && !seen.has(o.value.toLowerCase()),
  );
  return [...used, ...starters.map((o) => ({ value: o.value, label: o.label, count: 0 }))].slice(
    0,
    JOB_MODEL_LIMITS.suggestions,
  );
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
        RETURNING location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, n
     )
     INSERT INTO job_facet_counts AS c (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date, n)
     SELECT location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, DATE '1970-01-01', sum(n)
       FROM old GROUP BY 1, 2, 3, 4, 5, 6
     ON CONFLICT (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date)
     DO UPDATE SET n = c.n + EXCLUDED.n`,
    [olderThan],
  );
  await db.query('DELETE FROM job_facet_counts WHERE n = 0');
}
