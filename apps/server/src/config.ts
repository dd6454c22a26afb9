import net from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { SiteSettings } from '@jobboard/shared';
import { settingsFromEnvironment } from './config-settings.js';
import { repoRoot, serverRoot } from './paths.js';

/** The only reader of process.env (docs/principles.md, "Conventions"). */

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

/** An IPv4 or IPv6 address, optionally with a /prefix in range. */
function isAddressOrCidr(value: string): boolean {
  const [address = '', prefix, extra] = value.split('/');
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Which proxies' X-Forwarded-For to believe (Fastify's `trustProxy`): unset, none (the socket's address is the
 * client); a number, that many hops (the right-most entries, which those proxies appended); else a
 * comma-separated list of proxy addresses or CIDRs. `true` (believe anyone) is deliberately not offered.
 */
const trustProxySchema = z
  .string()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const text = value?.trim() ?? '';
    if (text === '') return false;
    if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
    const entries = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrCidr(entry));
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: 'custom',
        message: `expected a number of proxy hops or a list of addresses/CIDRs, not ${bad.join(', ') || JSON.stringify(text)}`,
      });
      return z.NEVER;
    }
    return entries;
  });

export type TrustProxy = false | number | string[];

/** A comma-separated list in one variable ('a, b,,c' -> ['a', 'b', 'c']); unset or empty: none. */
const commaList = ({ lowerCase = false } = {}) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => (lowerCase ? s.trim().toLowerCase() : s.trim()))
        .filter(Boolean),
    );

/** A footer link's address: https only (an operator's typo must not put a javascript: link on every page). */
const socialUrl = (name: string) =>
  z
    .url({ protocol: /^https$/, error: `${name} must be an https:// address` })
    .optional()
    .or(z.literal('').transform(() => undefined));

/** `VAR=` in an env file means unset, as for the variables above. */
const blankIsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.url().optional(),
  // Read replicas (decision record 22): comma-separated; GET requests read there, everything else uses DATABASE_URL.
  DATABASE_READ_URL: commaList().pipe(z.array(z.url())),
  // LISTEN needs a session of its own: a direct address of the primary when DATABASE_URL is a transaction pooler.
  DATABASE_LISTEN_URL: z.url().optional(),
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
  READ_YOUR_WRITES_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  DEMO_DATA: onOff.default(true),
  CORS_ORIGINS: commaList(),
  PUBLIC_URL: z.url().optional(),
  // Only `production` means anything here: it makes PUBLIC_URL required.
  NODE_ENV: z.string().optional(),
  TRUST_PROXY: trustProxySchema,
  REDIS_URL: z.string().optional(),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  SEARCH_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(3_000),
  SEARCH_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  SEARCH_INDEX: z.enum(['memory', 'off']).default('memory'),
  // How often the search index's snapshot (DATA_DIR/search-index) is written when jobs changed (0: no snapshot).
  SEARCH_SNAPSHOT_MS: z.coerce.number().int().min(0).max(86_400_000).default(600_000),
  // Webhooks: hosts that may be called over http and on private addresses (an intranet receiver; the tests').
  WEBHOOK_ALLOWED_HOSTS: commaList({ lowerCase: true }),
  // How often each instance looks for due webhook deliveries (0: never, for tests that send rounds themselves).
  WEBHOOK_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  // Job imports: hosts that may be fetched over http and on private addresses (an intranet feed; the tests').
  IMPORT_ALLOWED_HOSTS: commaList({ lowerCase: true }),
  // How often each instance looks for import sources due (each is fetched at most hourly; 0: never).
  IMPORT_POLL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // Where each ATS's public job board API is (the real hosts; tests point them at their own servers).
  GREENHOUSE_API_URL: z.url().default('https://boards-api.greenhouse.io'),
  LEVER_API_URL: z.url().default('https://api.lever.co'),
  ASHBY_API_URL: z.url().default('https://api.ashbyhq.com'),
  // /metrics is served only with this token (sent as a bearer token by the scraper); at least 16 characters.
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default('Jobboard <no-reply@jobboard.local>'),
  MAIL_POLL_SECONDS: z.coerce.number().min(0.5).max(86_400).default(2),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(30_000).default(1_000),
  // A message a crashed worker had taken is sent again after this long; above the longest send (SMTP timeouts).
  MAIL_EXPIRE_SECONDS: z.coerce.number().int().min(2).max(3_600).default(300),
  // A stage e-mail waits this long before it goes: the undo window of a stage move (0: at once, no undo).
  STAGE_MAIL_DELAY_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  // Messages one account may post to application threads in an hour (decision record 42).
  MESSAGES_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
  // Replies by e-mail land in the thread: the inbound SMTP listener and the domain of the reply addresses (both, or neither).
  INBOUND_SMTP_PORT: blankIsUnset(z.coerce.number().int().min(1).max(65535).optional()),
  INBOUND_SMTP_HOST: z.string().default('127.0.0.1'),
  INBOUND_MAIL_DOMAIN: blankIsUnset(
    z
      .string()
      .regex(/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i, {
        error: 'INBOUND_MAIL_DOMAIN must be a domain name (replies.example.com)',
      })
      .transform((domain) => domain.toLowerCase())
      .optional(),
  ),
  HOUSEKEEPING_INTERVAL_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(60 * 60_000),
  // Instant alerts are checked this often (0: never, for tests that run the checker themselves); at least 1 s.
  ALERTS_INTERVAL_MS: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || (n >= 1_000 && n <= 86_400_000), {
      message: 'expected 0 (off) or 1000 to 86400000 milliseconds',
    })
    .default(60_000),
  // Moderation (decision record 20): administrators by verified address; pre-moderation of new accounts' jobs.
  ADMIN_EMAILS: commaList({ lowerCase: true }),
  MODERATION: z.enum(['post', 'pre']).default('post'),
  POSTS_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(20),
  // Sign-ins from one address per 15 minutes: raise it for many people behind one address (an office's NAT).
  SIGN_IN_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).optional(),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.url().optional(),
  // Backups (npm run backup/restore): where pg_dump and pg_restore are, when not on PATH.
  PG_BIN_DIR: z.string().optional(),
  SOCIAL_GITHUB_URL: socialUrl('SOCIAL_GITHUB_URL'),
  SOCIAL_LINKEDIN_URL: socialUrl('SOCIAL_LINKEDIN_URL'),
  SOCIAL_X_URL: socialUrl('SOCIAL_X_URL'),
  // The footer's Contact link (mailto:); unset: no link.
  CONTACT_EMAIL: z
    .email({ error: 'CONTACT_EMAIL must be an e-mail address' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  // How often each instance reads the site settings' version (a save is heard at once on PostgreSQL by NOTIFY).
  SETTINGS_POLL_MS: z.coerce.number().int().min(100).max(60_000).default(1_000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Read replicas (DATABASE_READ_URL); empty: every read goes to the primary. */
  databaseReadUrls: string[];
  /** Where LISTEN connects (DATABASE_LISTEN_URL), else DATABASE_URL. */
  databaseListenUrl: string | undefined;
  /** A replica further behind the primary than this serves no reads until it catches up. */
  replicaMaxLagMs: number;
  /** After a successful write, the writer's reads go to the primary for this long (read-your-writes). */
  readYourWritesMs: number;
  demoData: boolean;
  corsOrigins: string[];
  publicUrl: string | undefined;
  /**
   * The origin of every absolute link (mail, feeds, sitemaps, robots.txt, page tags, the Google callback): PUBLIC_URL's,
   * else in development the listen address's. Never taken from a request's Host or X-Forwarded-Host (decision 25).
   */
  siteOrigin: string;
  /** Cookies get `Secure` (and the `__Host-` prefix) when the site is served over https. */
  secureCookies: boolean;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY); false: the socket address is the client's. */
  trustProxy: TrustProxy;
  redisUrl: string | undefined;
  oidc: { issuer: string; clientId: string | undefined; clientSecret: string | undefined };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  staticDir: string;
  rateLimits: RateLimits;
  /** How long search counts and page boundaries are reused (0 turns the cache off; the benchmark compares). */
  searchCacheTtlMs: number;
  /** PostgreSQL: a search's statements stop after this long; searches share a pool of this many connections (Db.searches). */
  searchTimeoutMs: number;
  searchPoolSize: number;
  /** `memory`: searches are counted and paged over an index of the open jobs in this process's memory (decision record 24); `off`: over the database. */
  searchIndex: 'memory' | 'off';
  /** SEARCH_INDEX=memory: the index is written to DATA_DIR/search-index after a full load and this often when changed, and read at start (0: never). */
  searchSnapshotMs: number;
  /** Webhooks: hosts allowed over http and on private addresses; the poll interval (0: no sender); retries. */
  webhookAllowedHosts: string[];
  webhookPollMs: number;
  webhookRetryBaseMs: number;
  /** Job imports: hosts allowed over http and on private addresses; the poll interval (0: no poller); the ATS APIs; fetch bounds. */
  importAllowedHosts: string[];
  importPollMs: number;
  importApiUrls: { greenhouse: string; lever: string; ashby: string };
  importMaxBytes: number;
  importTimeoutMs: number;
  /** The bearer token /metrics asks for; unset: no /metrics and no request timing. */
  metricsToken: string | undefined;
  /** Mail goes through this SMTP server; without one, into DATA_DIR/outbox as .eml files. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Replies by e-mail: where the inbound SMTP listener listens and the reply addresses' domain; unset: e-mails only link. */
  inboundMail: InboundMailConfig | undefined;
  /** How often the mail worker asks the queue for messages (tests shorten it). */
  mailPollSeconds: number;
  /** After SIGTERM, how long new requests are answered 503 before the listener closes (server.ts). */
  shutdownDrainMs: number;
  mailExpireSeconds: number;
  /** How long a stage e-mail waits in the queue, during which the move can be undone and the e-mail cancelled. */
  stageMailDelaySeconds: number;
  /** How often expired sessions and unfinished Google sign-ins are deleted (0: never, for tests that time it). */
  housekeepingIntervalMs: number;
  /** How often the alert checker runs: instant alerts are mailed within this; daily ones once a day (0: never). */
  alertsIntervalMs: number;
  /** Avatars go to S3-compatible storage when a bucket is set, else to DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** npm run backup/restore on PostgreSQL: the folder of pg_dump and pg_restore (PG_BIN_DIR); unset: PATH. */
  pgBinDir?: string;
  /** URLs per sitemap file: the protocol's 50,000, not configurable from the environment (tests lower it). */
  sitemapUrlsPerFile: number;
  /** Lower-case addresses of the administrators; an account counts only once its address is verified. */
  adminEmails: string[];
  /** post: jobs go live at once and are reviewed when reported; pre: new accounts' jobs wait for approval too. */
  moderation: 'post' | 'pre';
  /** Jobs one account may post in 24 hours. */
  postsPerDay: number;
  /** The footer's social links (https addresses); a network left unset is not shown. */
  social: Partial<Record<'github' | 'linkedin' | 'x', string>>;
  /** The footer's Contact link's address (CONTACT_EMAIL); undefined: no link. */
  contactEmail: string | undefined;
  /** Site settings the environment sets (SETTING_VARIABLES): they override the console's and are read-only there. */
  settingsFromEnvironment: Partial<SiteSettings>;
  /** How often each instance checks the site settings' version (NOTIFY tells PostgreSQL instances at once). */
  settingsPollMs: number;
  /** A download of every job whose client reads nothing for this long is ended (tests shorten it; 30 s when unset). */
  allJobsStallMs?: number;
}

export interface S3Config {
  bucket: string;
  /** An S3-compatible server (path-style addressing); AWS itself when unset. */
  endpoint: string | undefined;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Base URL objects are read from; defaults to `${endpoint}/${bucket}`. */
  publicUrl: string | undefined;
}

export interface InboundMailConfig {
  host: string;
  port: number;
  /** reply+<token>@domain: the domain whose mail reaches the listener (its MX, or a relay in front). */
  domain: string;
}

export interface Window {
  limit: number;
  windowMs: number;
}

/**
 * Attempts allowed per window; tests lower or raise them through testConfig. The later fields are optional so a
 * test may set only the classic three: `rateLimitsOf(config)` fills in the defaults.
 */
export interface RateLimits {
  /** Sign-in attempts from one address. */
  signInPerAddress: Window;
  /**
   * Failed sign-ins for one account across all addresses (a success clears them): the ceiling a distributed
   * guesser meets. Addresses the account signed in from recently are exempt, so its owner is never locked out.
   */
  signInFailuresPerAccount: Window;
  /** Sign-ups from one address. */
  signUpPerAddress: Window;
  /**
   * Failed sign-ins for one (account, address) pair, counted over `windowMs` (a success clears them): after
   * `freeFailures`, each failure locks the pair for `baseDelayMs`, doubled at each further failure, up to `maxDelayMs`.
   */
  signInFailuresPerPair?: { freeFailures: number; baseDelayMs: number; maxDelayMs: number; windowMs: number };
  /** How long an address an account signed in from stays exempt from the account's ceiling. */
  knownAddressMs?: number;
  /** Google sign-in starts (each writes a pending flow) from one address. */
  googleStartPerAddress?: Window;
  /** Downloads of every job (`GET /api/job/all-jobs`) from one address. */
  allJobsPerAddress?: Window;
  /** Reset and confirmation e-mails asked for from one address, and for one account or address. */
  accountMailPerAddress?: Window;
  accountMailPerAccount?: Window;
  /**
   * "Forgot password" for one account from one client address, and for one account from all addresses together. The
   * pair limit is the lower, so one abusive address spends only part of the owner's allowance; addresses the
   * account signed in from recently are exempt from the account's (as for sign-in).
   */
  passwordResetMailPerPair?: Window;
  passwordResetMailPerAccount?: Window;
  /** Reset-password calls (a new password for a link) from one address, and for one link. */
  resetPasswordPerAddress?: Window;
  resetPasswordPerToken?: Window;
  /** Notices mailed to an address someone tried to sign up with again: past it, the same answer and no mail. */
  signUpNoticePerEmail?: Window;
  /** E-mail changes and current-password checks on the profile, per account. */
  credentialChangesPerAccount?: Window;
  /** Reports of jobs sent by one account (each costs an administrator's time). */
  reportsPerAccount?: Window;
  /** Job views sent from one address (POST /api/job/:id/view), counted or not: more are refused with 429. */
  jobViewsPerAddress?: Window;
  /**
   * Views of one job counted from one address: a visitor is one address and browser, so without this cap a script
   * changing its User-Agent would add a view per request. Views past it answer `counted: false`.
   */
  countedViewsPerAddressAndJob?: Window;
  /** Company invitations sent by one account, and from one address (each mails somebody). */
  memberInvitesPerAccount?: Window;
  memberInvitesPerAddress?: Window;
  /** Edits of one job, and of all of one account's jobs: each edit empties every instance's search cache. */
  jobEditsPerJob?: Window;
  jobEditsPerAccount?: Window;
  /**
   * Stage e-mails (interview, offer, hired, rejected) about one application, and sent by one account's moves:
   * past these the move still happens and answers `emailed: false`. Counted from the recorded moves.
   */
  stageMailsPerApplication?: Window;
  stageMailsPerPoster?: Window;
  /** Place typeahead lookups (GET /api/job/places) from one address. */
  placeLookupsPerAddress?: Window;
  /** Server-rendered pages (GET /, /job/:id) from one address, cached or not. */
  pageRendersPerAddress?: Window;
  /** CV uploads by one account. */
  cvUploadsPerAccount?: Window;
  /** Avatar uploads by one account. */
  avatarUploadsPerAccount?: Window;
  /** Calls to the jobs API (/api/v1) with one API key. */
  apiKeyRequests?: Window;
  /** Downloads of one account's data (GET /api/user/export): each reads every table and file of the account. */
  dataExportsPerAccount?: Window;
  /** Messages one account posts to application threads (MESSAGES_PER_HOUR an hour): more are refused with 429. */
  messagesPerSender?: Window;
}

export const DEFAULT_RATE_LIMITS: Required<RateLimits> = {
  signInPerAddress: { limit: 100, windowMs: 15 * 60_000 },
  signInFailuresPerAccount: { limit: 100, windowMs: 15 * 60_000 },
  signUpPerAddress: { limit: 50, windowMs: 60 * 60_000 },
  signInFailuresPerPair: { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, windowMs: 24 * 60 * 60_000 },
  knownAddressMs: 30 * 24 * 60 * 60_000,
  googleStartPerAddress: { limit: 30, windowMs: 60_000 },
  allJobsPerAddress: { limit: 10, windowMs: 60_000 },
  accountMailPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  accountMailPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  passwordResetMailPerPair: { limit: 3, windowMs: 60 * 60_000 },
  passwordResetMailPerAccount: { limit: 10, windowMs: 60 * 60_000 },
  resetPasswordPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  resetPasswordPerToken: { limit: 5, windowMs: 60 * 60_000 },
  signUpNoticePerEmail: { limit: 3, windowMs: 60 * 60_000 },
  credentialChangesPerAccount: { limit: 10, windowMs: 60 * 60_000 },
  reportsPerAccount: { limit: 30, windowMs: 60 * 60_000 },
  jobViewsPerAddress: { limit: 120, windowMs: 60_000 },
  countedViewsPerAddressAndJob: { limit: 20, windowMs: 24 * 60 * 60_000 },
  memberInvitesPerAccount: { limit: 20, windowMs: 60 * 60_000 },
  memberInvitesPerAddress: { limit: 40, windowMs: 60 * 60_000 },
  jobEditsPerJob: { limit: 20, windowMs: 60 * 60_000 },
  jobEditsPerAccount: { limit: 60, windowMs: 60 * 60_000 },
  stageMailsPerApplication: { limit: 4, windowMs: 24 * 60 * 60_000 },
  stageMailsPerPoster: { limit: 200, windowMs: 24 * 60 * 60_000 },
  placeLookupsPerAddress: { limit: 300, windowMs: 60_000 },
  pageRendersPerAddress: { limit: 120, windowMs: 60_000 },
  cvUploadsPerAccount: { limit: 20, windowMs: 60 * 60_000 },
  avatarUploadsPerAccount: { limit: 20, windowMs: 60 * 60_000 },
  apiKeyRequests: { limit: 600, windowMs: 60_000 },
  dataExportsPerAccount: { limit: 5, windowMs: 60 * 60_000 },
  messagesPerSender: { limit: 30, windowMs: 60 * 60_000 },
};

/** Every limit of the configuration, defaults filled in. */
export function rateLimitsOf(config: Pick<Config, 'rateLimits'>): Required<RateLimits> {
  return { ...DEFAULT_RATE_LIMITS, ...config.rateLimits };
}

/** `http://host:port` for the listen address; a wildcard address becomes `localhost`. */
export function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${net.isIPv6(name) ? `[${name}]` : name}:${port}`;
}

/**
 * The site's origin, computed once at start. In production a link built from a request header would let a forged
 * Host put a live reset token on another site, so the server refuses to start without PUBLIC_URL.
 */
function siteOriginOf(e: Pick<z.infer<typeof envSchema>, 'PUBLIC_URL' | 'NODE_ENV' | 'HOST' | 'PORT'>): string {
  if (e.PUBLIC_URL) return new URL(e.PUBLIC_URL).origin;
  if (e.NODE_ENV === 'production') {
    throw new Error(
      'Invalid configuration: PUBLIC_URL is required when NODE_ENV=production (the origin of the links in e-mails, feeds and pages, e.g. https://jobs.example.com)',
    );
  }
  return listenOrigin(e.HOST, e.PORT);
}

/** Both INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN, or neither: one alone is a mistake to name at start. */
function inboundMailOf(
  e: Pick<z.infer<typeof envSchema>, 'INBOUND_SMTP_PORT' | 'INBOUND_SMTP_HOST' | 'INBOUND_MAIL_DOMAIN'>,
): InboundMailConfig | undefined {
  const { INBOUND_SMTP_PORT: port, INBOUND_MAIL_DOMAIN: domain } = e;
  if (port === undefined && domain === undefined) return undefined;
  if (port === undefined)
    throw new Error('Invalid configuration: INBOUND_SMTP_PORT is required with INBOUND_MAIL_DOMAIN');
  if (domain === undefined)
    throw new Error('Invalid configuration: INBOUND_MAIL_DOMAIN is required with INBOUND_SMTP_PORT');
  return { host: e.INBOUND_SMTP_HOST, port, domain };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrls: e.DATABASE_READ_URL,
    databaseListenUrl: e.DATABASE_LISTEN_URL,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    readYourWritesMs: e.READ_YOUR_WRITES_MS,
    demoData: e.DEMO_DATA,
    corsOrigins: e.CORS_ORIGINS,
    publicUrl: e.PUBLIC_URL,
    siteOrigin: siteOriginOf(e),
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    staticDir: path.join(serverRoot, 'public'),
    rateLimits: {
      ...DEFAULT_RATE_LIMITS,
      ...(e.SIGN_IN_PER_ADDRESS
        ? { signInPerAddress: { ...DEFAULT_RATE_LIMITS.signInPerAddress, limit: e.SIGN_IN_PER_ADDRESS } }
        : {}),
      messagesPerSender: { limit: e.MESSAGES_PER_HOUR, windowMs: 60 * 60_000 },
    },
    sitemapUrlsPerFile: 50_000,
    adminEmails: e.ADMIN_EMAILS,
    moderation: e.MODERATION,
    postsPerDay: e.POSTS_PER_DAY,
    social: { github: e.SOCIAL_GITHUB_URL, linkedin: e.SOCIAL_LINKEDIN_URL, x: e.SOCIAL_X_URL },
    contactEmail: e.CONTACT_EMAIL,
    settingsFromEnvironment: settingsFromEnvironment(env),
    settingsPollMs: e.SETTINGS_POLL_MS,
    searchCacheTtlMs: e.SEARCH_CACHE_TTL_MS,
    searchIndex: e.SEARCH_INDEX,
    searchSnapshotMs: e.SEARCH_SNAPSHOT_MS,
    metricsToken: e.METRICS_TOKEN,
    webhookAllowedHosts: e.WEBHOOK_ALLOWED_HOSTS,
    webhookPollMs: e.WEBHOOK_POLL_MS,
    webhookRetryBaseMs: 30_000,
    importAllowedHosts: e.IMPORT_ALLOWED_HOSTS,
    importPollMs: e.IMPORT_POLL_MS,
    importApiUrls: { greenhouse: e.GREENHOUSE_API_URL, lever: e.LEVER_API_URL, ashby: e.ASHBY_API_URL },
    importMaxBytes: 5_000_000,
    importTimeoutMs: 20_000,
    searchTimeoutMs: e.SEARCH_TIMEOUT_MS,
    searchPoolSize: e.SEARCH_POOL_SIZE,
    housekeepingIntervalMs: e.HOUSEKEEPING_INTERVAL_MS,
    alertsIntervalMs: e.ALERTS_INTERVAL_MS,
    smtpUrl: e.SMTP_URL,
    inboundMail: inboundMailOf(e),
    mailFrom: e.MAIL_FROM,
    mailPollSeconds: e.MAIL_POLL_SECONDS,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    mailExpireSeconds: e.MAIL_EXPIRE_SECONDS,
    stageMailDelaySeconds: e.STAGE_MAIL_DELAY_SECONDS,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.S3_PUBLIC_URL,
        }
      : undefined,
    pgBinDir: e.PG_BIN_DIR ? path.resolve(e.PG_BIN_DIR) : undefined,
  };
}

/** Defaults for tests: nothing read from the environment but what is passed; files go to a new temporary directory. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-config-'));
  return withOverrides(loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), overrides);
}

/** `base` with `overrides`; a PUBLIC_URL given there (and no siteOrigin) moves the site's origin with it. */
export function withOverrides(base: Config, overrides: Partial<Config>): Config {
  const siteOrigin =
    overrides.siteOrigin ?? (overrides.publicUrl ? new URL(overrides.publicUrl).origin : base.siteOrigin);
  return { ...base, ...overrides, siteOrigin };
}

/** For the test harness: the PostgreSQL server to run the API suite against too, when there is one. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.DATABASE_URL || undefined;
}
