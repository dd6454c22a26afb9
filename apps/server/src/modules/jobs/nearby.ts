import {
  allCities,
  citiesNamed,
  countryFromText,
  namesOf,
  parseWhere,
  regionsMatched,
  type City,
  type WhereFilter,
} from './places.js';
import { regionOf, regionsNamed, type Region } from './regions.js';

/** A place near a search's city whose jobs a radius search finds: its city (lower-cased), country and regions. */
export interface NearbyPlace {
  city: string;
  country: string;
  /** The stored regions that are this place ('WA', and '' where it is the name's default), or none to ask for. */
  regions?: string[] | undefined;
}

const EARTH_KM = 6_371;
const KM_PER_DEGREE = (Math.PI * EARTH_KM) / 180;
/** A radius search reads at most this many places (the most populous first): a wide radius round a metropolis. */
export const NEARBY_MOST = 2_000;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

let byLatitude: City[] | undefined;

/** The cities in latitude order, sorted on first use. */
function citiesByLatitude(): City[] {
  byLatitude ??= [...allCities()].sort((a, b) => a.latitude - b.latitude);
  return byLatitude;
}

/**
 * Reads the world's cities and orders them now, about a second of work that would otherwise fall on the first
 * search, typeahead or post naming a place after a start. The serving process calls it once it listens.
 */
export function loadPlaces(): void {
  citiesByLatitude();
}

/** The first city at or north of `latitude` in the latitude order: a binary search. */
function firstAtLatitude(cities: City[], latitude: number): number {
  let low = 0;
  let high = cities.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((cities[middle]?.latitude ?? Infinity) < latitude) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The region abbreviation a job stores for a city ('WA'), or '' in a country without regions. */
function storedRegion(city: City): string {
  return regionOf(city.country, city.region)?.abbreviation ?? '';
}

/** The city a "where" names, where a radius is measured from: the region's namesake, else the most populous. */
export function centreOf(where: WhereFilter): City | undefined {
  if (!('city' in where)) return undefined;
  const named = citiesNamed(where.city).filter((city) => !where.country || city.country === where.country);
  return named.find((city) => !where.region || storedRegion(city) === where.region) ?? named[0];
}

/**
 * The places within `km` of a city, nearest first: the band of latitudes the radius spans (two binary searches in
 * the cities ordered by latitude), each city in it checked by distance. Bounded by NEARBY_MOST.
 */
export function placesWithin(centre: City, km: number): NearbyPlace[] {
  const cities = citiesByLatitude();
  const band = km / KM_PER_DEGREE;
  const found: { city: City; km: number }[] = [];
  const end = firstAtLatitude(cities, centre.latitude + band);
  for (const city of cities.slice(firstAtLatitude(cities, centre.latitude - band), end)) {
    const away = distanceKm(centre, city);
    if (away <= km) found.push({ city, km: away });
  }
  found.sort((a, b) => a.km - b.km);
  const seen = new Set<string>();
  const places: NearbyPlace[] = [];
  for (const { city } of found) {
    const region = storedRegion(city);
    for (const name of namesOf(city)) {
      const regions = regionsMatched({ city: name, country: city.country, region });
      const key = `${name.toLowerCase()}|${city.country}|${regions?.join(',') ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      places.push({ city: name.toLowerCase(), country: city.country, regions });
    }
    if (places.length >= NEARBY_MOST) break;
  }
  return places;
}

/**
 * A "where" naming a city known by several names ("New York", "NYC", "New York City"), as its places under each
 * name, for jobs keep the city as typed; undefined for any other, which a search matches as written.
 */
export function placesOfNamedCity(where: WhereFilter): NearbyPlace[] | undefined {
  if (!('city' in where)) return undefined;
  const [city] = citiesNamed(where.city).filter((c) => !where.country || c.country === where.country);
  if (!city?.alsoCalled) return undefined;
  const { country } = city;
  return namesOf(city).map((name) => ({
    city: name.toLowerCase(),
    country,
    regions: where.region ? regionsMatched({ city: name, country, region: where.region }) : undefined,
  }));
}

/** How far a job's city is from the centre, in whole kilometres; undefined when its city is not known. */
export function jobDistanceKm(
  job: { city: string; country: string; region: string },
  centre: City,
): number | undefined {
  const named = citiesNamed(job.city).filter((city) => city.country === job.country);
  const city = named.find((c) => job.region && storedRegion(c) === job.region) ?? named[0];
  return city ? Math.round(distanceKm(centre, city)) : undefined;
}

/** A city this populous wins over a region of its name ("New York", "Washington"); "Ontario" or "Texas" is the region. */
const CITY_OVER_REGION = 500_000;

/**
 * The search box's "where" (parseWhere), and two forms only a search reads: a region by its name alone
 * ("California", "Ontario", "New South Wales") and remote work open to a country ("Remote US", "Remote, Germany").
 */
export function parseSearchWhere(text: string): WhereFilter | { region: Region } | { openTo: string } {
  const trimmed = text.trim();
  const remote = /^(?:remote|remotely|work remotely)[\s,(-]+(.+?)\)?$/i.exec(trimmed);
  const openTo = remote?.[1] ? countryFromText(remote[1].trim()) : undefined;
  if (openTo) return { openTo };
  const parsed = parseWhere(trimmed);
  if (!('city' in parsed) || parsed.region || parsed.country) return parsed;
  const [region, other] = regionsNamed(trimmed).filter((r) => r.name.toLowerCase() === trimmed.toLowerCase());
  if (!region || other) return parsed;
  const bigCity = citiesNamed(trimmed).some((city) => city.population >= CITY_OVER_REGION);
  return bigCity ? parsed : { region };
}

/** Every city of a region, as places its jobs name (those naming no region, where the city's default is this one). */
export function placesInRegion(region: Region): NearbyPlace[] {
  const seen = new Set<string>();
  const places: NearbyPlace[] = [];
  for (const city of allCities()) {
    if (city.country !== region.country || city.region !== region.code || seen.has(city.key)) continue;
    seen.add(city.key);
    const regions = regionsMatched({ city: city.name, country: city.country, region: region.abbreviation });
    places.push({ city: city.name.toLowerCase(), country: city.country, regions });
  }
  return places;
}
