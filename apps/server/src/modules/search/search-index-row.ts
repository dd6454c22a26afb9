import { FILTER_GROUPS, FILTER_GROUP_NAMES, toIsoDate, type FilterGroup } from '@jobboard/shared';

/** One open job as the index loads it (the columns read, the option bits of its filters), and the index's limits. */

/** Strings to small numbers and back. */
export class Dictionary {
  private readonly ids = new Map<string, number>();
  readonly values: string[] = [];
  id(value: string): number {
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
  find(value: string): number | undefined {
    return this.ids.get(value);
  }
}

/** One row of the jobs as the index reads it (INDEX_COLUMNS). */
export interface IndexRow {
  seq: string | number;
  posting_day: number;
  valid_day: number;
  pay: number | string | null;
  max_price_k: number | string | null;
  city: string;
  country: string;
  city_key: string;
  /** The region a poster named (migration 025), or ''. */
  region: string;
  salary_key: string;
  experience_key: string;
  employment_key: string;
  workplace: string;
  title_key: string;
  /** The title as written: the completions' label. */
  title: string;
  company_id: string;
  /** text[] columns: node-postgres and PGlite both hand them over as arrays. */
  skills: string[];
  /** Each skill's label, in the order of `skills`. */
  skill_labels: string[];
  remote: string[];
  /** The language the job is written in: its lexemes are stemmed in it (migration 045). */
  language: string;
  lexemes: string | null;
  s32: boolean;
  s4: boolean;
}

export const INDEX_COLUMNS = `j.seq, (j.posting_date - DATE '1970-01-01') AS posting_day, (j.valid_through - DATE '1970-01-01') AS valid_day,
  j.pay_yearly_usd AS pay, j.max_price_k, j.city, j.country, lower(j.city) AS city_key, j.region, lower(j.salary_type) AS salary_key,
  lower(j.experience_level) AS experience_key, lower(j.employment_type) AS employment_key, j.workplace,
  lower(j.job_title) AS title_key, j.job_title AS title, j.company_id, j.skill_keys AS skills,
  ARRAY(SELECT s ->> 'label' FROM jsonb_array_elements(j.skills) s) AS skill_labels, j.remote_countries AS remote, j.language,
  array_to_string(tsvector_to_array(j.search_doc), ' ') AS lexemes, job_in_sample(j.seq) AS s32, job_in_fine_sample(j.seq) AS s4`;

/** The countries whose jobs name a region (regions.ts), and the key of a city's jobs in one of their regions. */
export const REGION_COUNTRIES = new Set(['US', 'CA', 'AU']);
export const cityRegionKey = (cityKey: number, country: number, region: string) => `${cityKey} ${country} ${region}`;

export const DAY_MS = 86_400_000;
export const dayOf = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
export const isoOf = (day: number) => toIsoDate(new Date(day * DAY_MS));
export const numberOrNaN = (value: number | string | null) => (value === null ? Number.NaN : Number(value));

/** Every option of every filter group, in FILTER_GROUP_NAMES order: its slot is its bit in a document's option bits. */
export const OPTION_KEYS: [FilterGroup, string][] = FILTER_GROUP_NAMES.flatMap((group) =>
  FILTER_GROUPS[group].map((o) => [group, o.value as string] as [FilterGroup, string]),
);
export const slotOf = (group: FilterGroup, value: string) =>
  OPTION_KEYS.findIndex(([g, v]) => g === group && v === value);
/** The bits of each group's options. */
export const GROUP_BITS = Object.fromEntries(
  FILTER_GROUP_NAMES.map((group) => [
    group,
    OPTION_KEYS.reduce((bits, [g], slot) => (g === group ? bits | (1 << slot) : bits), 0),
  ]),
) as Record<FilterGroup, number>;
/** "Date of posting" depends on the day: its bits are worked out per search (Compiled.posted), not kept. */
export const POSTED_SLOTS = FILTER_GROUPS.posted.map((o) => ({ slot: slotOf('posted', o.value), window: o.value }));

/**
 * The options a job meets, one bit per slot of OPTION_KEYS, but for "date of posting": the equalities compared as
 * groupCondition compares them (the place, salary type and levels lower-cased), the price cap as at most each
 * option, "work remotely" in either the experience level or the employment type.
 */
export function optionBitsOf(row: IndexRow, maxPrice: number): number {
  let bits = 0;
  OPTION_KEYS.forEach(([group, value], slot) => {
    let meets: boolean;
    switch (group) {
      case 'location':
        meets = row.city_key === value;
        break;
      case 'salaryType':
        meets = row.salary_key === value;
        break;
      case 'workplace':
        meets = row.workplace === value;
        break;
      case 'maxPrice':
        meets = maxPrice <= Number(value);
        break;
      case 'experience':
      case 'employment':
        meets = row.experience_key === value || row.employment_key === value;
        break;
      case 'posted':
        meets = false;
        break;
    }
    if (meets) bits |= 1 << slot;
  });
  return bits;
}

/** Between titles in Store.joinedTitles: no title or search text holds it. */
export const TITLE_SEPARATOR = '\u0000';

/** The orders a page is walked in (relevance walks the newest order once per tier). */
export type PageOrder = 'newest' | 'pay';

/** How many broad prefixes' sets a store keeps (Store.prefixSets): 125 KB each at a million jobs. */
export const PREFIX_SETS_MOST = 128;

/** How many texts' title matches a store keeps (Store.titleMatches). */
export const TITLE_MATCHES_MOST = 1_024;

/** A word in at least one job in this many has its documents kept as a set too (Store.denseLexemes): no larger than its list. */
export const DENSE_SHARE = 32;

/** After this many documents added since the orders were built, they are built again. */
export const RECENT_MOST = 20_000;

/** A set of documents, one bit each. */
