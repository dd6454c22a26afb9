import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MESSAGES, isKnownPage } from '@jobboard/shared';
import type { AppDeps } from './app-deps.js';
import type { Config } from './config.js';
import type { Db } from './db/client.js';
import { replicaStalenessMs } from './db/replicas.js';
import { frameworkErrorHandler, registerErrorHandling, registerJsonParser } from './http/error-handler.js';
import { errorBody } from './http/errors.js';
import { registerReadRouting } from './http/read-routing.js';
import { registerCsrfProtection } from './http/csrf.js';
import { registerNulGuard } from './http/text-guard.js';
import { loggerOptions } from './http/request-log.js';
import { createRateLimiter } from './http/rate-limit.js';
import { languageOf } from './http/language.js';
import {
  pageUser,
  registerExpectedUserCheck,
  registerNoStore,
  registerSession,
  type SessionLookup,
} from './http/session.js';
import { scheduleAlertChecks } from './modules/alerts/alert-checker.js';
import { registerApiKeyBoundary } from './modules/api-keys/api-keys.routes.js';
import { talkDepsOf } from './modules/conversations/conversations.routes.js';
import type { InboundMail } from './modules/conversations/inbound-mail.js';
import { feedRoutes } from './modules/feeds/feeds.routes.js';
import { scheduleExpirySweep, scheduleHousekeeping } from './modules/housekeeping/housekeeping.js';
import { embedRoutes } from './modules/jobs/embed.routes.js';
import { SiteSettingsStore } from './modules/site/settings-store.js';
import { shellWithAppearance } from './modules/site/appearance.js';
import { shellIn } from './modules/pages/page-html.js';
import { loadPageRenderer, pageRoutes, type PageRenderer } from './modules/pages/pages.routes.js';
import { PGLITE_LOAD_CHUNK, SearchIndex } from './modules/search/search-index.js';
import { SnapshotFile } from './modules/search/search-index-snapshot.js';
import { SearchCache } from './modules/search/search.service.js';
import { MailQueue } from './modules/mail/mail.queue.js';
import { Metrics } from './modules/metrics/metrics.js';
import { registerApiRoutes } from './api-routes.js';
import { registerMetrics } from './modules/metrics/metrics.routes.js';
import { OutboxTransport, SmtpTransport, type MailTransport } from './modules/mail/transports.js';
import { findSessionUser } from './modules/sessions/sessions.repository.js';
import { DiskStorage, S3Storage, type FileStorage } from './modules/uploads/storage.js';
import { createPrivateStorage, type PrivateStorage } from './modules/cvs/cv-storage.js';
import { ImportPoller } from './modules/imports/import-poller.js';
import { WebhookSender } from './modules/webhooks/webhook-sender.js';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** Defaults to S3 when configured, else files under DATA_DIR/uploads. */
  storage?: FileStorage;
  /** Defaults to S3 (prefix cvs/) when configured, else DATA_DIR/private/cvs. */
  cvStorage?: PrivateStorage;
  /** The page renderer and shell; defaults to the built web app's (loadPageRenderer). Tests wrap it to count renders. */
  pages?: { renderer: PageRenderer; shell: string };
}

export function createStorage(config: Config): FileStorage {
  return config.s3 ? new S3Storage(config.s3) : new DiskStorage(path.join(config.dataDir, 'uploads'));
}

export function createMailTransport(config: Config): MailTransport {
  return config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new OutboxTransport(path.join(config.dataDir, 'outbox'));
}

function trustHops(hops: number): (address: string, hop: number) => boolean {
  return (_address, hop) => hop < hops;
}

/** Everything but listening: what `server.ts` starts and what tests build in-process. */
export async function buildApp({
  db,
  config,
  storage = createStorage(config),
  cvStorage = createPrivateStorage(config),
  ...options
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = createFastify(config);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerJsonParser(app);
  registerNulGuard(app);

  await app.register(cookie);
  if (config.corsOrigins.length > 0) {
    // Every method the API uses (the default list lacks PATCH and DELETE, so edits and deletions failed; PUT saves a job).
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    });
  }
  registerSecurityHeaders(app, config);
  await registerApiDocs(app, config);
  registerCsrfProtection(app, config);
  registerApiKeyBoundary(app);
  const lookup: SessionLookup = (token) => findSessionUser(db, token);
  registerSession(app, { config, lookup });
  registerExpectedUserCheck(app);
  registerReadRouting(app, db, config);
  registerNoStore(app);

  const rateLimiter = createRateLimiter(config.redisUrl);
  app.addHook('onClose', () => rateLimiter.close());
  const metrics = new Metrics();
  const settings = new SiteSettingsStore(db, config);
  await settings.start(app.log);
  app.addHook('onClose', () => settings.stop());
  const mail = new MailQueue(
    db,
    createMailTransport(config),
    () => settings.mailFrom(),
    app.log,
    { pollingIntervalSeconds: config.mailPollSeconds, expireSeconds: config.mailExpireSeconds },
    (outcome) => metrics.mailAttempt(outcome),
  );
  // The worker starts with the app, so messages queued before a restart go out after it.
  app.addHook('onReady', async () => mail.startInBackground());
  app.addHook('onClose', () => mail.stop());
  const searchCounts = await startSearch(app, db, config);
  const deps: AppDeps = { db, config, searchCounts, rateLimiter, storage, cvStorage, mail, metrics, settings };
  registerMetrics(app, deps);
  scheduleBackgroundWork(app, deps);
  await registerApiRoutes(app, deps);
  // The home and job pages rendered on the server, when the web app and its server build are built.
  const pages = options.pages ?? (await loadPageRenderer(config));
  if (pages) await app.register(pageRoutes, { ...deps, ...pages });

  // /robots.txt, the sitemaps, the feeds and the embeds: before the web app's fallback, which would answer them with
  // its HTML.
  await app.register(feedRoutes, deps);
  await app.register(embedRoutes, deps);
  registerStaticFiles(app, config, storage, Boolean(pages));
  registerAppShell(app, config, settings, lookup);
  return app;
}

function createFastify(config: Config) {
  return Fastify({
    ...loggerOptions(config),
    bodyLimit: 256 * 1024,
    // Only the configured proxies' X-Forwarded-For (TRUST_PROXY): anyone else could name any address and slip
    // past the per-address limits.
    // A hop count is a function to Fastify's types (it does the same with a number: trust the first n hops).
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
}

/** The security headers of every answer (the embeds override the framing rules for their own pages). */
function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  // helmet's middleware made once: @fastify/helmet made it anew for every request, parsing the policy each time (about
  // a tenth of a millisecond, a third of what /api/health cost under load).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // No inline style: the site's accent is a stylesheet of its own (modules/site/appearance.ts).
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'https:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // Pages keep a handle on the Google sign-in popup they open (the popup's own pages opt out below).
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}

/** The OpenAPI document and its viewer at /api/docs. */
async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Jobboard API',
        description: 'Every call of the job board, generated from its schemas.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          // The jobs API (/api/v1): a company's key, made by its owner; every other call uses the session cookie.
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: 'An API key (jb_live_...) sent as Authorization: Bearer <key>',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // swagger-ui's own policy (it hashes its inline scripts) held to the site's rules: no <base>, never framed,
    // and upgrade-insecure-requests only when the site is served over https.
    transformStaticCSP: (header) => {
      const strict = header
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'");
      return config.secureCookies ? strict : strict.replace(/\s*upgrade-insecure-requests;?/, '');
    },
  });
}

/** The search counts cache and, with SEARCH_INDEX=memory, the in-memory index loaded in the background. */
async function startSearch(app: FastifyInstance, db: Db, config: Config): Promise<SearchCache> {
  const searchCounts = new SearchCache(
    config.searchCacheTtlMs,
    undefined,
    undefined,
    config.databaseReadUrls.length ? replicaStalenessMs(config.replicaMaxLagMs) : 0,
  );
  // A job change made anywhere (another instance, the expiry sweep) reaches this instance's search cache at once
  // (migration 007 sends the notice; decision record 0004).
  if (db.listen) {
    const stopListening = await db.listen('jobs_changed', () => searchCounts.invalidate());
    app.addHook('onClose', stopListening);
  }
  if (config.searchIndex === 'memory') {
    // Loaded in the background (searches use the database's passes meanwhile), then kept in step with job_changes;
    // from the snapshot on disk when it is fresh.
    const snapshot =
      config.searchSnapshotMs > 0
        ? new SnapshotFile(db, path.join(config.dataDir, 'search-index'), config.searchSnapshotMs, app.log)
        : undefined;
    const index = new SearchIndex(db, {
      snapshot,
      ...(db.kind === 'pglite' ? { loadChunk: PGLITE_LOAD_CHUNK } : {}),
      onChange: () => searchCounts.forgetAnswers(),
      onCatchUpError: (error) =>
        app.log.warn(
          { err: error },
          'search index could not read job_changes; searches read the database until it can',
        ),
    });
    searchCounts.index = index;
    app.addHook('onReady', async () => {
      index.load().then(
        () => app.log.info('search index loaded'),
        (error: unknown) => {
          if (!index.closed) app.log.error({ err: error }, 'search index failed to load; searches read the database');
        },
      );
    });
    app.addHook('onClose', async () => {
      await index.close();
      await snapshot?.stop();
    });
  }
  return searchCounts;
}

/** What runs beside the requests on every instance: housekeeping, webhooks, job imports, replies by e-mail, alerts. */
function scheduleBackgroundWork(
  app: FastifyInstance,
  { db, config, storage, cvStorage, mail, metrics, searchCounts, settings }: AppDeps,
): void {
  if (config.housekeepingIntervalMs > 0) {
    const housekeeping = scheduleHousekeeping(db, app.log, config.housekeepingIntervalMs, { storage, cvStorage });
    app.addHook('onClose', async () => housekeeping.stop());
  }
  const expiry = scheduleExpirySweep(db.primary ?? db, app.log, () => searchCounts.invalidate());
  app.addHook('onClose', async () => expiry.stop());
  if (config.webhookPollMs > 0) {
    // Deliveries are rows (migration 031): each instance sends the due ones, off the request path.
    const webhooks = new WebhookSender(db, app.log, {
      pollMs: config.webhookPollMs,
      retryBaseMs: config.webhookRetryBaseMs,
      maxAttempts: 8,
      timeoutMs: 10_000,
      allowedHosts: config.webhookAllowedHosts,
    });
    app.addHook('onReady', async () => webhooks.start());
    app.addHook('onClose', () => webhooks.stop());
  }
  if (config.importPollMs > 0) {
    // Job imports (decision record 35): due sources claimed per instance (SKIP LOCKED), each run at most hourly.
    const imports = new ImportPoller(
      { db, config, searchCounts, log: app.log, posting: settings.posting },
      config.importPollMs,
    );
    app.addHook('onReady', async () => imports.start());
    app.addHook('onClose', () => imports.stop());
  }
  if (config.inboundMail) {
    // Replies by e-mail (decision record 46): the listener lives and stops with the app; smtp-server, mailparser and
    // the reply parser load only when it is configured.
    const inboundConfig = config.inboundMail;
    let inbound: InboundMail | undefined;
    app.addHook('onReady', async () => {
      const { startInboundMail } = await import('./modules/conversations/inbound-mail.js');
      inbound = await startInboundMail(talkDepsOf({ db, mail, config }), inboundConfig, app.log);
    });
    app.addHook('onClose', async () => inbound?.close());
  }
  if (config.alertsIntervalMs > 0) {
    // Job alerts (decision record 17): due alerts checked every ALERTS_INTERVAL_MS, their e-mails queued above.
    const alerts = scheduleAlertChecks({ db, mail, config, vocabulary: searchCounts.vocabulary }, app.log, (result) =>
      metrics.alertRound(result),
    );
    app.addHook('onClose', () => alerts.stop());
  }
}

function registerStaticFiles(
  app: FastifyInstance,
  config: Config,
  storage: FileStorage,
  serverRendered: boolean,
): void {
  app.register(fastifyStatic, {
    root: path.join(config.staticDir, 'static'),
    prefix: '/static/',
    maxAge: '7d',
  });

  if (storage instanceof DiskStorage) {
    fs.mkdirSync(storage.directory, { recursive: true });
    // Upload names are unique (timestamped) and never rewritten, so they can be cached for good.
    app.register(fastifyStatic, {
      root: storage.directory,
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
      dotfiles: 'deny',
    });
  }

  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      decorateReply: false,
      // '/' is rendered on the server (modules/pages) when it can be.
      index: serverRendered ? false : ['index.html'],
      wildcard: true,
      // The build writes .br and .gz beside each asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite names built assets by content hash, so they never change; index.html always may.
        res.setHeader(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
}

/**
 * Every page path the server does not render loads the app's shell; one the app does not have is still its "Page
 * Not Found", with a 404 status. The shell says the reader's language in `<html lang dir>` (the account's, else the
 * cookie's, else Accept-Language's: issue 35), which the app starts in, so a page opened from a link in a German
 * e-mail, or by a browser asking for Arabic, is not English. With the site's own accent or icon (site settings).
 */
function registerAppShell(
  app: FastifyInstance,
  config: Config,
  settings: SiteSettingsStore,
  lookup: SessionLookup,
): void {
  const indexHtml = path.join(config.webDist, 'index.html');
  const hasWeb = fs.existsSync(indexHtml);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') && !/^\/(api|static|uploads)(\/|$)/.test(pathname);
    if (!hasWeb || !isPage) return reply.code(404).send(errorBody(404, MESSAGES.notFound));
    const { accentColor, faviconUrl } = settings.current();
    const accent = accentColor === settings.defaults.accentColor ? undefined : accentColor;
    const user = await pageUser(request, config, lookup);
    const language = languageOf({ headers: request.headers, cookies: request.cookies, user });
    const shell = shellWithAppearance(await fs.promises.readFile(indexHtml, 'utf8'), accent, faviconUrl);
    return reply
      .code(isKnownPage(pathname) ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Cookie, Accept-Language')
      .send(shellIn(shell, language));
  });
}
