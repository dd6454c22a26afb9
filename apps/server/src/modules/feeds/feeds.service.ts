import {
  countryName,
  DEFAULT_LANGUAGE,
  FEED_ITEM_COUNT,
  FEED_MEDIA_TYPES,
  feedSearchParams,
  formatSalary,
  searchFeedLinks,
  searchQueryToParams,
  FEED_SITE_NAME as SITE_NAME,
  WORKPLACE_LABELS,
  type FeedFormat,
  type JobSummary,
  type JsonFeed,
  type Language,
  type SearchQuery,
} from '@jobboard/shared';
import { Feed } from 'feed';
import type { Db } from '../../db/client.js';
import type { SearchCache } from '../search/search.service.js';
import { renderDescription } from '../jobs/description-html.js';
import { findSearchMatches } from '../search/search.service.js';
import { translator } from '../mail/mail-language.js';
import { describeSearchIn, isolate, placeIn, salaryIn, workplaceIn } from '../mail/words.js';
import { escapeHtml, libraryCdata, libraryText, xmlSafe } from './xml-text.js';

/*
 * The feeds of any search (docs/decisions/0016-sitemaps-and-feeds.md): the newest FEED_ITEM_COUNT matches of the
 * query GET /api/job/search takes, read by the search service so every filter means the same thing. RSS 2.0 and
 * Atom 1.0 are written by the `feed` library (escaping, CDATA, dates); JSON Feed 1.1 is built here from its zod
 * schema (jsonFeedSchema), since the library writes version 1 only.
 */

/** What every format says about one job. */
export interface FeedEntry {
  id: string;
  url: string;
  title: string;
  company: string;
  place: string;
  pay: string;
  employment: string;
  /** The card's excerpt of the description. */
  excerpt: string;
  /** The excerpt as the job page shows its description (safe HTML of the Markdown subset, decision 27). */
  excerptHtml: string;
  /** "Acme Inc · Berlin, Germany · On-site · EUR 60,000–75,000 a year · Full-time". */
  facts: string;
  posted: Date;
  skills: string[];
}

/** 'Berlin, Germany', 'Remote (anywhere)', 'Remote (Germany)', or the spec's free-text location. */
export function placeOf(job: Pick<JobSummary, 'location' | 'jobLocation' | 'workplace' | 'remoteCountries'>): string {
  if (job.workplace === 'remote') {
    const countries = job.remoteCountries.map((code) => countryName(code));
    return `Remote (${countries.length ? countries.join(', ') : 'anywhere'})`;
  }
  const parts = [job.location.city, countryName(job.location.country)].filter(Boolean);
  return parts.length ? parts.join(', ') : job.jobLocation;
}

/** 'EUR 60,000–75,000 a year', or the spec's words ('Yearly · $20k - $120k') for a job without a structured salary. */
export function payOf(job: Pick<JobSummary, 'salary' | 'salaryType' | 'minPrice' | 'maxPrice'>): string {
  if (job.salary) return formatSalary(job.salary, 'en-US');
  const words = job.minPrice === job.maxPrice ? job.minPrice : `${job.minPrice} - ${job.maxPrice}`;
  return `${job.salaryType} · ${words}`;
}

/** A calendar day as the instant it began in UTC. */
function dayStart(isoDate: string): Date {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? new Date(0) : date;
}

/**
 * One job as a feed in `language` says it: the framing words ("at", the place's and pay's words) are the
 * catalogue's, the job's own words (title, company, description, employment type) as the poster wrote them.
 */
export function toFeedEntry(job: JobSummary, origin: string, language: Language = DEFAULT_LANGUAGE): FeedEntry {
  const english = language === DEFAULT_LANGUAGE;
  const company = job.company.name || job.companyName;
  const place = english ? placeOf(job) : placeIn(job, language, false);
  const pay = english || !job.salary ? payOf(job) : salaryIn(job.salary, language);
  const workplace =
    job.workplace === 'remote'
      ? undefined
      : english
        ? WORKPLACE_LABELS[job.workplace]
        : workplaceIn(job.workplace, language);
  const text = job.description.trim();
  // The card's cut (CARD_DESCRIPTION_CHARS) ends mid-word: say so.
  const excerpt = text.length >= 100 ? `${text.replace(/\s+\S*$/, '')}…` : text;
  return {
    id: `${origin}/job/${job._id}`,
    url: `${origin}/job/${job._id}`,
    title: translator(language)('feed.entryTitle', {
      title: isolate(job.jobTitle, language),
      company: isolate(company, language),
    }),
    company,
    place,
    pay,
    employment: job.employmentType,
    excerpt,
    excerptHtml: renderDescription(xmlSafe(excerpt)),
    facts: [company, place, workplace, pay, job.employmentType]
      .filter(Boolean)
      .map((fact) => isolate(fact as string, language))
      .join(' · '),
    posted: dayStart(job.postingDate),
    skills: job.skills.map((skill) => skill.label),
  };
}

export interface FeedDocument {
  format: FeedFormat;
  /** XML text (RSS, Atom) or the JSON Feed object. */
  body: string | JsonFeed;
  type: string;
}

interface FeedContext {
  language: Language;
  title: string;
  description: string;
  /** The home page of this search. */
  home: string;
  links: Record<FeedFormat, string>;
  updated: Date;
}

function xmlFeed(format: 'rss' | 'atom', context: FeedContext, entries: FeedEntry[]): string {
  const feed = new Feed({
    id: context.links[format],
    title: libraryText(context.title),
    description: libraryText(context.description),
    link: context.home,
    language: context.language,
    updated: context.updated,
    generator: SITE_NAME,
    feedLinks: { [format]: context.links[format] },
    // Atom requires an author for the feed or for every entry: the site, and each job's company.
    author: { name: SITE_NAME, link: context.home },
    ttl: 5,
  });
  for (const entry of entries) {
    const html = `<p>${escapeHtml(entry.facts)}</p>${entry.excerptHtml}`;
    feed.addItem({
      // RSS titles are plain text; Atom's are marked type="html" by the library, so they are escaped as HTML.
      title: format === 'atom' ? escapeHtml(entry.title) : libraryCdata(entry.title),
      id: entry.id,
      link: entry.url,
      date: entry.posted,
      published: entry.posted,
      description: html,
      // RSS writes a category's name as text, Atom its name and term as attributes (ampersands escaped there).
      category: entry.skills.map((name) =>
        format === 'rss' ? { name: libraryText(name) } : { name: xmlSafe(name), term: xmlSafe(name) },
      ),
      // RSS's <author> is an e-mail address: the company is named in the facts line instead.
      ...(format === 'atom' ? { author: [{ name: libraryText(entry.company) }] } : {}),
    });
  }
  return format === 'rss' ? feed.rss2() : feed.atom1();
}

function jsonFeed(context: FeedContext, entries: FeedEntry[]): JsonFeed {
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: context.title,
    home_page_url: context.home,
    feed_url: context.links.json,
    description: context.description,
    language: context.language,
    authors: [{ name: SITE_NAME, url: context.home }],
    items: entries.map((entry) => ({
      id: entry.id,
      url: entry.url,
      title: entry.title,
      content_text: `${entry.facts}\n\n${entry.excerpt}`,
      content_html: `<p>${escapeHtml(entry.facts)}</p>${entry.excerptHtml}`,
      summary: entry.excerpt,
      date_published: entry.posted.toISOString(),
      authors: [{ name: entry.company }],
      tags: entry.skills,
      _jobboard: { company: entry.company, place: entry.place, pay: entry.pay, employmentType: entry.employment },
    })),
  };
}

/** A search's feed in one format and the reader's language, with absolute links from `origin`. */
export async function buildSearchFeed(
  deps: { db: Db; searchCounts: SearchCache },
  query: SearchQuery & { featured?: '1' | undefined },
  format: FeedFormat,
  origin: string,
  now: Date = new Date(),
  language: Language = DEFAULT_LANGUAGE,
): Promise<FeedDocument> {
  // The page is accepted (a home page address works as it is) and ignored: a feed is the newest matches.
  const { page: _page, featured, ...search } = query;
  const only = featured === '1';
  // Whole words, as the results page the feed is of (SearchQuery.match), unless its address says otherwise.
  const matched = { ...search, match: search.match ?? 'words', featured: only };
  const jobs = await findSearchMatches(deps.db, deps.searchCounts, matched, FEED_ITEM_COUNT, now);
  const params = feedSearchParams(searchQueryToParams(search));
  // The featured feed: its own title, and its links keep it featured.
  const keep = (href: string) => (only ? `${href}${href.includes('?') ? '&' : '?'}featured=1` : href);
  const links = Object.fromEntries(
    searchFeedLinks(params, origin).map((link) => [link.format, keep(link.href)]),
  ) as Record<FeedFormat, string>;
  const entries = jobs.map((job) => toFeedEntry(job, origin, language));
  const t = translator(language);
  const words = describeSearchIn(params, language);
  const title = t('feed.title', { site: SITE_NAME, search: words });
  const context: FeedContext = {
    language,
    title: only ? t('feed.titleFeatured', { title }) : title,
    description: t('feed.description', { featured: only ? 'yes' : 'no', search: words, site: SITE_NAME }),
    home: `${origin}/${params.size ? `?${params.toString()}` : ''}`,
    links,
    // The newest posting the feed holds (not the time of the request, so an unchanged feed reads unchanged).
    updated: entries.length
      ? entries.reduce((newest, entry) => (entry.posted > newest ? entry.posted : newest), new Date(0))
      : now,
  };
  const body = format === 'json' ? jsonFeed(context, entries) : xmlFeed(format, context, entries);
  return { format, body, type: `${FEED_MEDIA_TYPES[format]}; charset=utf-8` };
}
