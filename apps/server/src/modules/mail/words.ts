import {
  countryName,
  describeAlertSearch,
  describeSearch,
  FILTER_GROUPS,
  formatSalary,
  PERIOD_WORDS,
  type AlertSearch,
  type FilterGroup,
  type Job,
  type Language,
  type SalaryRange,
  jobLanguageNameIn,
} from '@jobboard/shared';
import { translator, type Translate } from './mail-language.js';

/*
 * The server's words about jobs and searches in a reader's language (issue 35): a search or an alert's criteria,
 * a job's place and pay, an interview's time. English is the shared package's own wording, byte for byte (the
 * feeds, alerts and pages said it so before); German and Arabic are put together from the catalogue's
 * `words.*` messages. What posters and searchers typed (titles, places, the search text) stays as written.
 */

/** Unicode's first-strong isolate and its end: a Latin or number run inside Arabic keeps its own order. */
export const FSI = '\u2068';
export const PDI = '\u2069';

/**
 * In Arabic text, `text` as an isolated run when it holds any Latin letter or digit: "US$ 20,000" would otherwise
 * be laid out right to left among the Arabic words ("$US"). Other languages (and Arabic-only text) as they are.
 */
export function isolate(text: string, language: Language): string {
  return language === 'ar' && /[A-Za-z0-9$€£]/.test(text) ? `${FSI}${text}${PDI}` : text;
}

/** The Intl locale a language's numbers and dates are written in (English: as the spec wrote them). */
export const LOCALE_OF: Record<Language, string> = { en: 'en-US', de: 'de-DE', ar: 'ar' };

/** "EUR 60,000–75,000 a year" (English as before), "60.000–75.000 € pro Jahr", "‏60,000–75,000 €‏ سنويًا". */
export function salaryIn(salary: SalaryRange, language: Language): string {
  const english = formatSalary(salary, LOCALE_OF[language]);
  if (language === 'en') return english;
  const amount = english.slice(0, -` ${PERIOD_WORDS[salary.period]}`.length);
  return `${isolate(amount, language)} ${translator(language)(`words.period.${salary.period}`)}`;
}

type PlaceOf = Pick<Job, 'location' | 'jobLocation' | 'workplace' | 'remoteCountries'>;

/** A job's place as e-mails and feeds write it: 'Remote (Germany)', 'Berlin, Germany (hybrid)'; `hybrid` says so. */
export function placeIn(job: PlaceOf, language: Language, hybrid: boolean): string {
  const t = translator(language);
  const locale = LOCALE_OF[language];
  if (job.workplace === 'remote') {
    const countries = job.remoteCountries.map((code) => countryName(code, locale)).join(', ');
    return countries ? t('words.place.remoteIn', { countries }) : t('words.place.remoteAnywhere');
  }
  const place =
    [job.location.city, job.location.country ? countryName(job.location.country, locale) : '']
      .filter(Boolean)
      .join(', ') || job.jobLocation;
  return hybrid && job.workplace === 'hybrid' ? t('words.place.hybrid', { place }) : place;
}

/** The workplace's label ('On-site', 'Vor Ort', 'في الموقع'). */
export const workplaceIn = (workplace: Job['workplace'], language: Language): string =>
  translator(language)(`words.workplace.${workplace}`);

/** "Fri, 17 May 2030, 14:30 (Europe/Paris)": an instant in its time zone, as the reader's language writes dates. */
export function timeIn(instant: Date, zone: string, language: Language): string {
  const text = new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : LOCALE_OF[language], {
    timeZone: zone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(instant);
  return `${text} (${isolate(zone, language)})`;
}

/** The criteria of a search, by key, as its query string has them (values as typed). */
type Criteria = Partial<Record<(typeof SEARCH_WORD_KEYS)[number], string>>;
const SEARCH_WORD_KEYS = [
  'q',
  'where',
  'location',
  'country',
  'remoteCountry',
  'language',
  'skill',
  'workplace',
  'employment',
  'experience',
  'payMin',
  'salaryType',
  'maxPrice',
  'posted',
] as const;

const optionLabel = (group: FilterGroup, value: string): string =>
  FILTER_GROUPS[group].find((option) => option.value === value.toLowerCase())?.label ?? value;

/** A group's value in words: the catalogue's for the workplace, the salary type and the period, else the label. */
function filterWord(t: Translate, group: FilterGroup, value: string, typed: (text: string) => string): string {
  const known = FILTER_GROUPS[group].some((option) => option.value === value.toLowerCase());
  if (!known) return typed(value);
  if (group === 'workplace') return t(`words.workplace.${value.toLowerCase()}`);
  if (group === 'salaryType') return t('words.search.paid', { type: t(`words.salaryType.${value.toLowerCase()}`) });
  if (group === 'posted') return t(`words.posted.${value.toLowerCase()}`);
  if (group === 'maxPrice') return t('words.search.maxPrice', { price: typed(optionLabel(group, value)) });
  // The employment and experience labels are the spec's values, shown as they are (as the web app's filters do).
  return typed(optionLabel(group, value));
}

/**
 * "Stellen für „react“, in Berlin, Vor Ort …": a search's criteria in German or Arabic. An alert's words start with
 * its search text as typed, as the English ones do ("react, in Berlin"): e-mails quote them whole.
 */
function criteriaIn(criteria: Criteria, language: Language, kind: 'feed' | 'alert'): string {
  const t = translator(language);
  const locale = LOCALE_OF[language];
  // What was typed (and the spec's Latin labels) as isolated runs in Arabic.
  const typed = (text: string) => isolate(text, language);
  const { q, skill, where } = criteria;
  const head = q
    ? kind === 'alert'
      ? typed(q)
      : t('words.search.jobsFor', { what: typed(q) })
    : skill
      ? t('words.search.jobsWith', { skill: typed(skill) })
      : t('words.search.all');
  const parts = [head];
  const remote = /^(remote|anywhere|remotely|work remotely)$/i.test(where?.trim() ?? '');
  const places = [
    remote ? undefined : where,
    criteria.location && optionLabel('location', criteria.location),
    criteria.country && countryName(criteria.country.toUpperCase(), locale),
  ].filter(Boolean);
  if (places.length) parts.push(t('words.search.in', { place: typed(places.join(', ')) }));
  if (remote && !criteria.workplace) parts.push(t('words.workplace.remote'));
  if (criteria.remoteCountry) {
    parts.push(t('words.search.openTo', { country: countryName(criteria.remoteCountry.toUpperCase(), locale) }));
  }
  if (criteria.language) {
    parts.push(t('words.search.language', { language: jobLanguageNameIn(criteria.language.toLowerCase(), locale) }));
  }
  if (q && skill) parts.push(t('words.search.using', { skill: typed(skill) }));
  for (const group of ['workplace', 'employment', 'experience', 'salaryType', 'maxPrice', 'posted'] as const) {
    const value = criteria[group];
    if (value) parts.push(filterWord(t, group, value, typed));
  }
  if (criteria.payMin) {
    const amount = Number(criteria.payMin);
    const money = Number.isFinite(amount)
      ? new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount)
      : criteria.payMin;
    parts.push(t('words.search.payMin', { amount: typed(money) }));
  }
  return parts.join(t('words.separator'));
}

function criteriaOf(params: URLSearchParams): Criteria {
  const criteria: Criteria = {};
  for (const key of SEARCH_WORD_KEYS) {
    const value = params.get(key)?.trim();
    if (value) criteria[key] = value;
  }
  return criteria;
}

/** A feed's search in words: describeSearch's English ("react jobs in Berlin"), else the catalogue's. */
export function describeSearchIn(params: URLSearchParams, language: Language): string {
  return language === 'en' ? describeSearch(params) : criteriaIn(criteriaOf(params), language, 'feed');
}

/** An alert's search in words: describeAlertSearch's English ("react in Berlin, remote"), else the catalogue's. */
export function describeAlertIn(search: Partial<AlertSearch>, language: Language): string {
  if (language === 'en') return describeAlertSearch(search);
  const criteria: Criteria = {};
  for (const key of SEARCH_WORD_KEYS) {
    const value = search[key];
    if (value !== undefined && value !== '') criteria[key] = String(value);
  }
  return criteriaIn(criteria, language, 'alert');
}
