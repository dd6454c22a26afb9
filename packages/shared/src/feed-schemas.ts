import { z } from './zod.js';
import { searchQuerySchema } from './schemas.js';

/*
 * The answers of the feeds, sitemaps and robots.txt (docs/decisions/0016-sitemaps-and-feeds.md). They are
 * documents, not JSON calls: the XML and text ones are documented as text; JSON Feed 1.1 has its full schema.
 */

/** A feed takes exactly the query GET /api/job/search takes (the page is accepted and ignored). */
export const feedQuerySchema = searchQuerySchema.extend({
  featured: z
    .enum(['1'], { error: 'featured must be 1' })
    .optional()
    .describe('1: only the featured jobs that match (the featured feed)'),
});

export const rssDocumentSchema = z
  .string()
  .describe('An RSS 2.0 document (application/rss+xml): the newest matches of the search');
export const atomDocumentSchema = z
  .string()
  .describe('An Atom 1.0 document (application/atom+xml): the newest matches of the search');
export const sitemapDocumentSchema = z
  .string()
  .describe('A sitemap or sitemap index (application/xml), sitemaps.org protocol 0.9');
export const robotsTxtSchema = z
  .string()
  .describe('robots.txt (text/plain): what crawlers may read, and where the sitemap is');

const jsonFeedAuthorSchema = z.object({ name: z.string(), url: z.string().optional() });

export const jsonFeedItemSchema = z.object({
  id: z.string().describe("The job's address, which never changes"),
  url: z.string(),
  title: z.string().describe('"Web Developer at Acme Inc"'),
  content_text: z.string().describe('The facts line (company, place, workplace, pay, employment type) and the excerpt'),
  content_html: z.string().describe('The same as safe HTML: the excerpt with its links, lists and emphasis'),
  summary: z.string().describe("An excerpt of the job's description"),
  date_published: z.string().describe('The posting date, as an RFC 3339 date-time'),
  authors: z.array(jsonFeedAuthorSchema).describe('The company'),
  tags: z.array(z.string()).describe("The job's skills"),
  _jobboard: z
    .object({ company: z.string(), place: z.string(), pay: z.string(), employmentType: z.string() })
    .describe('The job as fields (a JSON Feed extension: keys starting with an underscore)'),
});

/** JSON Feed 1.1 (https://www.jsonfeed.org/version/1.1/), as GET /feed.json answers it. */
export const jsonFeedSchema = z.object({
  version: z.literal('https://jsonfeed.org/version/1.1'),
  title: z.string(),
  home_page_url: z.string(),
  feed_url: z.string(),
  description: z.string(),
  language: z.string(),
  authors: z.array(jsonFeedAuthorSchema),
  items: z.array(jsonFeedItemSchema),
});
export type JsonFeed = z.infer<typeof jsonFeedSchema>;
