import { MESSAGES } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import {
  findCompanySitemapFiles,
  findJobSitemapFiles,
  findNewestJobChange,
  jobSitemapFileExists,
  streamCompanySitemapEntries,
  streamJobSitemapEntries,
  type SitemapEntry,
} from './sitemaps.repository.js';
import { escapeXml } from './xml-text.js';

/*
 * robots.txt and the sitemaps (docs/decisions/0016-sitemaps-and-feeds.md). The index at /sitemap.xml lists
 * /sitemaps/pages.xml (the home page and About), /sitemaps/jobs-N.xml (the open jobs, block N - 1 of
 * `urlsPerFile` insertion numbers each, so a file can never pass the protocol's 50,000 URLs) and
 * /sitemaps/companies-N.xml (companies with an open job, `urlsPerFile` per file in slug order).
 */

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Pages nobody finds through a search engine: the API, personal pages and one-time links. */
export const ROBOTS_DISALLOWED = [
  '/api/',
  '/profile',
  '/post-job',
  '/edit-job/',
  '/my-job',
  '/jobs-applied',
  '/responses',
  '/saved-jobs',
  '/alerts',
  '/verify-email',
  '/reset-password',
] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

function sitemapElement(loc: string, lastmod: string | undefined): string {
  return `<sitemap><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>\n`;
}

function urlElement(loc: string, lastmod: string | undefined): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>\n`;
}

/** The sitemap index: every file with the newest change among its entries. */
export async function sitemapIndex(db: Queryable, urlsPerFile: number, origin: string, now: Date): Promise<string> {
  const [newest, jobs, companies] = await Promise.all([
    findNewestJobChange(db, now),
    findJobSitemapFiles(db, urlsPerFile),
    findCompanySitemapFiles(db, urlsPerFile, now),
  ]);
  return (
    `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n` +
    sitemapElement(`${origin}/sitemaps/pages.xml`, newest) +
    jobs.map((f) => sitemapElement(`${origin}/sitemaps/jobs-${f.file}.xml`, f.lastmod)).join('') +
    companies.map((f) => sitemapElement(`${origin}/sitemaps/companies-${f.file}.xml`, f.lastmod)).join('') +
    '</sitemapindex>\n'
  );
}

const FILE_NAME = /^(?:(pages)|(jobs|companies)-([1-9]\d{0,8}))\.xml$/;

/**
 * One sitemap file, as chunks of text written while its rows are read. The first batch is read before this
 * returns, so an unknown file is a 404 and a database that is down a 503, never a 200 cut short.
 */
export async function sitemapFile(
  db: Queryable,
  urlsPerFile: number,
  origin: string,
  name: string,
  now: Date,
): Promise<AsyncIterable<string>> {
  const match = FILE_NAME.exec(name);
  if (!match) throw new AppError('not_found', MESSAGES.notFound);
  if (match[1]) {
    const newest = await findNewestJobChange(db, now);
    const pages = [
      `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`,
      urlElement(`${origin}/`, newest),
      urlElement(`${origin}/about`, undefined),
      '</urlset>\n',
    ];
    return (async function* () {
      yield* pages;
    })();
  }
  const kind = match[2] === 'jobs' ? 'jobs' : 'companies';
  const file = Number(match[3]);
  if (kind === 'jobs' && !(await jobSitemapFileExists(db, urlsPerFile, file)))
    throw new AppError('not_found', MESSAGES.notFound);
  const batches =
    kind === 'jobs'
      ? streamJobSitemapEntries(db, urlsPerFile, file, now)
      : streamCompanySitemapEntries(db, urlsPerFile, file, now);
  const first = await batches.next();
  const firstRows = first.done ? [] : first.value;
  // A company file past the last one: nothing to list. (A jobs block whose open jobs all closed today is an empty list.)
  if (kind === 'companies' && firstRows.length === 0 && file > 1) throw new AppError('not_found', MESSAGES.notFound);
  const loc = (entry: SitemapEntry) =>
    kind === 'jobs' ? `${origin}/job/${entry.key}` : `${origin}/company/${encodeURIComponent(entry.key)}`;
  const write = (rows: SitemapEntry[]) => rows.map((row) => urlElement(loc(row), row.lastmod)).join('');
  async function* body(): AsyncGenerator<string> {
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`;
    yield write(firstRows);
    if (!first.done) for await (const rows of batches) yield write(rows);
    yield '</urlset>\n';
  }
  return body();
}
