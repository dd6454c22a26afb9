import type { CompanyPage, Job, Language } from '@jobboard/shared';
import {
  countryName,
  DEFAULT_LANGUAGE,
  FEED_FORMAT_NAMES,
  feedSearchParams,
  formatSalary,
  homeTitleOf,
  jobPageTitle,
  searchFeedLinks,
  SITE_NAME,
} from '@jobboard/shared';
import { descriptionText } from '../jobs/description-html.js';
import { translator } from '../mail/mail-language.js';
import { describeSearchIn, isolate, salaryIn } from '../mail/words.js';
import { accentStylesheet, faviconLink } from '../site/appearance.js';
import { absoluteUrl } from './job-posting.js';

/** What a rendered page says about itself in <head>: for search engines, link previews and feed readers. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; none for a page that does not exist. */
  canonical?: string;
  image?: string;
  /** Keep the page out of search results (a missing or closed job). */
  noindex?: boolean;
  /** JSON-LD documents. */
  structuredData?: unknown[];
  alternates?: { type: string; title: string; href: string }[];
  /** The site's name (a site setting) when it is not the product's; its icon when one is set. */
  siteName?: string;
  favicon?: string;
  /** The site's accent colour (#rrggbb) when it is not the built-in one. */
  accent?: string;
  /** The home page: its title is the site's name and tagline. */
  home?: true;
}

/** `head` under the site's own name (the titles and descriptions name the product's) and icon (issue 34, item 2). */
export function withSite(head: PageHead, siteName: string, favicon: string, tagline = '', accent = ''): PageHead {
  if (head.home && tagline) head = { ...head, title: homeTitleOf(SITE_NAME, tagline) };
  const named =
    siteName === SITE_NAME
      ? head
      : {
          ...head,
          title: head.title.replaceAll(SITE_NAME, siteName),
          description: head.description.replaceAll(SITE_NAME, siteName),
          siteName,
        };
  return { ...named, ...(favicon ? { favicon } : {}), ...(accent ? { accent } : {}) };
}

const DESCRIPTION_LENGTH = 160;

function clip(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= length) return flat;
  const cut = flat.slice(0, length - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > length / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * "Tidewater Labs is hiring: Frontend Engineer in London, United Kingdom (hybrid). USD 20,000–120,000 a year. Build…"
 * The framing words are the catalogue's in the page's language (English as the spec wrote them); the job's own
 * words (title, company, city, description) stay as written, each an isolated run on an Arabic page.
 */
export function jobDescription(job: Job, language: Language = DEFAULT_LANGUAGE): string {
  const t = translator(language);
  const typed = (value: string) => isolate(value, language);
  const company = job.company.name || job.companyName;
  const country = job.location.country ? countryName(job.location.country, language) : '';
  const place = [job.location.city, country].filter(Boolean).join(', ') || job.jobLocation;
  const hiring = company
    ? t('page.job.hiring', { company: typed(company), title: typed(job.jobTitle) })
    : t('page.job.hiringAnon', { title: typed(job.jobTitle) });
  const framed =
    job.workplace === 'remote'
      ? t('page.job.remote', { text: hiring })
      : place
        ? t(job.workplace === 'hybrid' ? 'page.job.inHybrid' : 'page.job.in', { text: hiring, place: typed(place) })
        : hiring;
  const salary = job.salary && (language === 'en' ? formatSalary(job.salary, 'en-US') : salaryIn(job.salary, language));
  const pay = salary ? ` ${salary}.` : '';
  return clip(`${framed}.${pay} ${descriptionText(job.description)}`, DESCRIPTION_LENGTH);
}

/** "Frontend Engineer at Tidewater Labs | Jobboard" in the page's language (English: jobPageTitle's words). */
export function jobTitleIn(job: Job, language: Language = DEFAULT_LANGUAGE): string {
  const company = job.company.name || job.companyName;
  if (language === 'en' || !company) return jobPageTitle(job);
  const title = translator(language)('feed.entryTitle', {
    title: isolate(job.jobTitle, language),
    company: isolate(company, language),
  });
  return `${title} | ${SITE_NAME}`;
}

export function jobHead(job: Job, origin: string, structuredData: unknown[], language?: Language): PageHead {
  const logo = absoluteUrl(job.company.logo || job.companyLogo, origin);
  return {
    title: jobTitleIn(job, language),
    description: jobDescription(job, language),
    canonical: `${origin}/job/${encodeURIComponent(job._id)}`,
    ...(logo ? { image: logo } : {}),
    // A hidden or pending job (seen only by its poster and administrators) is never a page to index.
    noindex: job.status !== 'open' || Boolean(job.moderation),
    structuredData,
  };
}

/** The head of a job that is not (or no longer) here, in the reader's language. */
export function missingJobHead(language?: Language): PageHead {
  const t = translator(language);
  return {
    title: `${t('page.missingJob.title')} | ${SITE_NAME}`,
    description: t('page.missingJob.description', { site: SITE_NAME }),
    noindex: true,
  };
}

/**
 * "Tidewater Labs | Jobboard", its open jobs (framed in the page's language) and its own words; its logo for link
 * previews.
 */
export function companyHead(company: CompanyPage, origin: string, language?: Language): PageHead {
  const logo = absoluteUrl(company.logo, origin);
  const framing = translator(language)('page.company.description', {
    name: isolate(company.name, language ?? DEFAULT_LANGUAGE),
    site: SITE_NAME,
    count: company.openJobs,
  });
  return {
    title: `${company.name} | ${SITE_NAME}`,
    description: clip(`${framing} ${company.description}`, DESCRIPTION_LENGTH),
    canonical: `${origin}/company/${encodeURIComponent(company.slug)}`,
    ...(logo ? { image: logo } : {}),
  };
}

/** The head of a company that is not (or no longer) here, in the reader's language. */
export function missingCompanyHead(language?: Language): PageHead {
  const t = translator(language);
  return {
    title: `${t('page.missingCompany.title')} | ${SITE_NAME}`,
    description: t('page.missingCompany.description', { site: SITE_NAME }),
    noindex: true,
  };
}

/** The home page's head for a search, in the reader's language (English: the spec's title). */
export function homeHead(origin: string, search: string, total: number | undefined, language?: Language): PageHead {
  const t = translator(language);
  // English numbers keep the spec's grouping; the others read as the page's language writes them.
  const number = total?.toLocaleString(!language || language === 'en' ? 'en-US' : language);
  const count = number === undefined ? '' : t('page.home.openJobs', { count: number });
  return {
    home: true,
    title: `${SITE_NAME}: ${t('page.home.tagline')}`,
    description: t('page.home.description', { count, site: SITE_NAME }),
    canonical: `${origin}/${search ? `?${search}` : ''}`,
    // This search's feeds (RSS, Atom, JSON Feed), for feed readers that look for them; named in the page's
    // language, as the feeds themselves answer the same reader (feeds.routes.ts).
    alternates: searchFeedLinks(search, origin).map(({ format, type, title, href }) => ({
      type,
      title:
        !language || language === 'en'
          ? title
          : `${FEED_FORMAT_NAMES[format]}: ${describeSearchIn(feedSearchParams(search), language)}`,
      href,
    })),
  };
}

const attr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The <head> elements of a page (title and description replace the shell's own). */
export function headTags(head: PageHead): string {
  const tags = [
    `<title>${text(head.title)}</title>`,
    `<meta name="description" content="${attr(head.description)}" />`,
  ];
  if (head.noindex) tags.push('<meta name="robots" content="noindex" />');
  if (head.favicon) tags.push(faviconLink(head.favicon));
  if (head.accent) tags.push(accentStylesheet(head.accent));
  if (head.canonical) tags.push(`<link rel="canonical" href="${attr(head.canonical)}" />`);
  // One URL serves every language, chosen per reader (locale-adaptive): no per-language alternates exist to name,
  // so only x-default says this address is the one for every language (decision record 48).
  if (head.canonical) tags.push(`<link rel="alternate" hreflang="x-default" href="${attr(head.canonical)}" />`);
  tags.push(
    `<meta property="og:site_name" content="${attr(head.siteName ?? SITE_NAME)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${attr(head.title)}" />`,
    `<meta property="og:description" content="${attr(head.description)}" />`,
  );
  if (head.canonical) tags.push(`<meta property="og:url" content="${attr(head.canonical)}" />`);
  if (head.image) tags.push(`<meta property="og:image" content="${attr(head.image)}" />`);
  tags.push(
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${attr(head.title)}" />`,
    `<meta name="twitter:description" content="${attr(head.description)}" />`,
  );
  if (head.image) tags.push(`<meta name="twitter:image" content="${attr(head.image)}" />`);
  for (const link of head.alternates ?? []) {
    // Marked: the home page replaces them with its own once the browser has taken it over (SearchFeeds).
    tags.push(
      `<link rel="alternate" type="${attr(link.type)}" title="${attr(link.title)}" href="${attr(link.href)}" data-server-feed />`,
    );
  }
  for (const data of head.structuredData ?? [])
    tags.push(`<script type="application/ld+json">${scriptJson(data)}</script>`);
  return tags.join('\n    ');
}
