import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import etag from '@fastify/etag';
import {
  atomDocumentSchema,
  FEED_FORMATS,
  FEED_PATHS,
  feedQuerySchema,
  jsonFeedSchema,
  robotsTxtSchema,
  rssDocumentSchema,
  sitemapDocumentSchema,
  JOB_MESSAGES,
  type FeedFormat,
} from '@jobboard/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { AppError } from '../../http/errors.js';
import { languageOf } from '../../http/language.js';
import { buildSearchFeed } from './feeds.service.js';
import { robotsTxt, sitemapFile, sitemapIndex } from './sitemaps.service.js';

/** Sitemap files being written at once, per instance (each reads up to 50,000 rows); more wait for a 503's Retry-After. */
export const SITEMAP_FILES_AT_ONCE = 4;

/** Feed readers poll: five minutes in any cache (the feeds hold no personal data), then asked again with the ETag. */
const FEED_CACHE = 'public, max-age=300';
/**
 * A feed's words are in the reader's language (the language cookie, else Accept-Language): a shared cache keeps one
 * copy per language, never a German one for an English reader (the ETag differs by language too).
 */
const FEED_VARY = 'Cookie, Accept-Language';
/** Crawlers read sitemaps now and then; an hour in any cache. */
const SITEMAP_CACHE = 'public, max-age=3600';

const FEED_ANSWERS: Record<FeedFormat, z.ZodType> = {
  rss: rssDocumentSchema,
  atom: atomDocumentSchema,
  json: jsonFeedSchema,
};

/**
 * The site's machine-readable views, outside /api (docs/decisions/0016-sitemaps-and-feeds.md): /robots.txt,
 * /sitemap.xml and its files under /sitemaps/, and the feeds of any search (/feed.rss, /feed.atom, /feed.json).
 * Registered before the web app's fallback, so these paths never answer the app's HTML.
 */
export const feedRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { config, searchCounts }) => {
  // ETags (and 304s for If-None-Match) on this module's answers only: the plugin's hook stays in this context.
  await app.register(etag);

  app.get('/robots.txt', { schema: { tags: ['feeds'], response: { 200: robotsTxtSchema } } }, async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(robotsTxt(config.siteOrigin)),
  );

  app.get(
    '/sitemap.xml',
    { schema: { tags: ['feeds'], response: { 200: sitemapDocumentSchema } } },
    async (request, reply) => {
      const index = await sitemapIndex(request.reads, config.sitemapUrlsPerFile, config.siteOrigin, new Date());
      return reply.type('application/xml; charset=utf-8').header('Cache-Control', SITEMAP_CACHE).send(index);
    },
  );

  let writing = 0;
  app.get(
    // Every path under /sitemaps/ is this route's (a long or nested one included), so none answers the web app's page.
    '/sitemaps/*',
    { schema: { tags: ['feeds'], params: z.object({ '*': z.string() }), response: { 200: sitemapDocumentSchema } } },
    async (request, reply) => {
      if (writing >= SITEMAP_FILES_AT_ONCE) {
        throw new AppError('unavailable', JOB_MESSAGES.sitemapsBusy, { 'Retry-After': '5' });
      }
      writing += 1;
      let released = false;
      const release = () => {
        if (!released) writing -= 1;
        released = true;
      };
      reply.raw.once('close', release);
      try {
        const chunks = await sitemapFile(
          request.reads,
          config.sitemapUrlsPerFile,
          config.siteOrigin,
          request.params['*'],
          new Date(),
        );
        const text = Readable.from(chunks, { objectMode: false });
        text.once('close', release);
        reply
          .type('application/xml; charset=utf-8')
          .header('Cache-Control', SITEMAP_CACHE)
          .header('Vary', 'Accept-Encoding');
        // A file of 50,000 URLs is about 5 MB as text and a tenth of that gzipped.
        const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        // pipeline: a failure while reading ends the compressed stream too (and the reply with it).
        const body: unknown = gzip ? pipeline(text, createGzip(), () => undefined) : text;
        if (gzip) reply.header('Content-Encoding', 'gzip');
        // A stream is sent as it is (Fastify never serializes one), so its type is not the schema's.
        return await reply.send(body as string);
      } catch (error) {
        release();
        throw error;
      }
    },
  );

  for (const format of FEED_FORMATS) {
    app.get(
      FEED_PATHS[format],
      { schema: { tags: ['feeds'], querystring: feedQuerySchema, response: { 200: FEED_ANSWERS[format] } } },
      async (request, reply) => {
        const reads = { db: request.reads, searchCounts };
        const language = languageOf(request);
        const feed = await buildSearchFeed(reads, request.query, format, config.siteOrigin, new Date(), language);
        return reply.type(feed.type).header('Cache-Control', FEED_CACHE).header('Vary', FEED_VARY).send(feed.body);
      },
    );
  }
};
