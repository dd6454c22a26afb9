import { FILTER_GROUPS, type FilterGroup } from './constants.js';
import { countryName } from './country-names.js';
import { jobLanguageNameIn } from './languages.js';
import { PAY_AT_LEAST_OPTIONS } from './job-model.js';
import { SEARCH_KEYS } from './search-url.js';

/*
 * Feeds of any search (docs/decisions/0016-sitemaps-and-feeds.md): `/feed.rss`, `/feed.atom` and `/feed.json`
 * take the home page's query string and answer its newest matches. Without zod, so the home page's first load
 * can name its feeds in <link rel="alternate"> (docs/decisions/0008-web-app-size.md); the server reads the same
 * parameters with `searchQuerySchema`.
 */

export const FEED_FORMATS = ['rss', 'atom', 'json'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** Where each format is served, and the media type it is served (and advertised) as. */
export const FEED_PATHS: Record<FeedFormat, string> = { rss: '/feed.rss', atom: '/feed.atom', json: '/feed.json' };
export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
};
/** The formats' own names, the same in every language. */
export const FEED_FORMAT_NAMES: Record<FeedFormat, string> = { rss: 'RSS', atom: 'Atom', json: 'JSON Feed' };

/** How many of a search's newest matches a feed holds. */
export const FEED_ITEM_COUNT = 50;

/** The site's name, first in every feed's title and the feeds' author. */
export const FEED_SITE_NAME = 'Jobboard';

export interface FeedLink {
  format: FeedFormat;
  /** The media type, for <link rel="alternate" type>. */
  type: string;
  /** "RSS: react jobs in Berlin", for <link title> and the visible link. */
  title: string;
  /** Relative to the site ('/feed.rss?q=react'), or absolute when an origin was given. */
  href: string;
}

function paramsOf(search: string | URLSearchParams): URLSearchParams {
  return typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
}

/**
 * A search's query string as its feeds take it: only the search's own keys (SEARCH_KEYS), in their order, empty
 * values left out. The page is dropped: a feed is always the newest matches.
 */
export function feedSearchParams(search: string | URLSearchParams): URLSearchParams {
  const from = paramsOf(search);
  const params = new URLSearchParams();
  for (const key of SEARCH_KEYS) {
    const value = from.get(key)?.trim();
    if (value) params.set(key, value);
  }
  return params;
}

function optionLabel(options: readonly { value: string; label: string }[], value: string): string {
  return options.find((option) => option.value === value.toLowerCase())?.label ?? value;
}

/**
 * What a search is, in words: "react jobs in Berlin", "remote full-time jobs using typescript, paying $100,000+
 * a year"; "all jobs" without criteria. Built from the raw values, so a value the server would refuse still reads.
 */
export function describeSearch(search: string | URLSearchParams): string {
  const params = feedSearchParams(search);
  const get = (key: (typeof SEARCH_KEYS)[number]) => params.get(key) ?? undefined;
  const label = (group: FilterGroup) => {
    const value = get(group);
    return value === undefined ? undefined : optionLabel(FILTER_GROUPS[group], value);
  };
  // "where=remote" is the Remote workplace, not a place ('remote jobs', never 'jobs in remote').
  const whereRemote = /^(remote|anywhere|remotely|work remotely)$/i.test(get('where')?.trim() ?? '');
  const kinds = [label('workplace') ?? (whereRemote ? 'Remote' : undefined), label('employment'), label('experience')]
    .filter((word): word is string => word !== undefined)
    .map((word) => word.toLowerCase())
    .filter((word, at, all) => all.indexOf(word) === at);
  const what = get('q');
  const subject = [...kinds, what].filter(Boolean).join(' ');
  const qualifiers: string[] = [];
  const places = [
    whereRemote ? undefined : get('where'),
    label('location'),
    get('country') && countryName(get('country')?.toUpperCase() ?? ''),
  ].filter(Boolean);
  if (places.length) qualifiers.push(`in ${places.join(', ')}`);
  const remoteCountry = get('remoteCountry');
  if (remoteCountry) qualifiers.push(`open to people in ${countryName(remoteCountry.toUpperCase())}`);
  const language = get('language');
  if (language) qualifiers.push(`written in ${jobLanguageNameIn(language.toLowerCase())}`);
  const skill = get('skill');
  if (skill) qualifiers.push(`using ${skill}`);
  const payMin = get('payMin');
  if (payMin) {
    const amount = Number(payMin);
    const known = PAY_AT_LEAST_OPTIONS.find((option) => option.value === payMin)?.label;
    qualifiers.push(
      `paying ${known ?? (Number.isFinite(amount) ? `$${amount.toLocaleString('en-US')}+` : payMin)} a year`,
    );
  }
  const salaryType = label('salaryType');
  if (salaryType) qualifiers.push(`paid ${salaryType.toLowerCase()}`);
  const maxPrice = label('maxPrice');
  if (maxPrice) qualifiers.push(`max price ${maxPrice}`);
  const posted = label('posted');
  if (posted) qualifiers.push(`posted in the ${posted.toLowerCase()}`);
  if (!subject && qualifiers.length === 0) return 'all jobs';
  const [first, ...rest] = qualifiers;
  const head = `${subject ? `${subject} jobs` : 'jobs'}${first ? ` ${first}` : ''}`;
  return [head, ...rest].join(', ');
}

/** "Jobboard: react jobs in Berlin": the title of a search's feeds. */
export function searchFeedTitle(search: string | URLSearchParams): string {
  return `${FEED_SITE_NAME}: ${describeSearch(search)}`;
}

/**
 * The three feeds of a search, from its query string ('?q=react&where=Berlin&page=2'): for <link
 * rel="alternate"> in the page's head (the home page and its server-rendered HTML) and the visible feed link.
 */
export function searchFeedLinks(search: string | URLSearchParams, origin = ''): FeedLink[] {
  const params = feedSearchParams(search).toString();
  const description = describeSearch(search);
  return FEED_FORMATS.map((format) => ({
    format,
    type: FEED_MEDIA_TYPES[format],
    title: `${FEED_FORMAT_NAMES[format]}: ${description}`,
    href: `${origin}${FEED_PATHS[format]}${params ? `?${params}` : ''}`,
  }));
}
