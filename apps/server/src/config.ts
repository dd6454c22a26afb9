import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The only reader of process.env (DESIGN.md section 8). */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const onOff = z
  .enum(['on', 'off', 'true', 'false', '1', '0'])
  .transform((v) => v === 'on' || v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().url().optional(),
  DEMO_DATA: onOff.default(true),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  PUBLIC_URL: z.string().url().optional(),
  REDIS_URL: z.string().optional(),
  OIDC_ISSUER: z.string().url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  SEARCH_CACHE_TTL_MS: z.coerce.number().int().min(0).default(30_000),
  S3_BUCKET: z.string().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demoData: boolean;
  corsOrigins: string[];
  publicUrl: string | undefined;
  /** Cookies get `Secure` (and the `__Host-` prefix) when the site is served over https. */
  secureCookies: boolean;
  redisUrl: string | undefined;
  oidc: { issuer: string; clientId: string | undefined; clientSecret: string | undefined };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  webDist: string;
  staticDir: string;
  rateLimits: RateLimits;
  /** How long search counts and page boundaries are reused (0 turns the cache off; the benchmark compares). */
  searchCacheTtlMs: number;
  /** Avatars go to S3-compatible storage when a bucket is set, else to DATA_DIR/uploads. */
  s3: S3Config | undefined;
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

/** Attempts allowed per window; tests lower or raise them through testConfig. */
export interface RateLimits {
  /** Sign-in attempts from one address. */
  signInPerAddress: { limit: number; windowMs: number };
  /** Failed sign-ins in a row for one account (a success clears them). */
  signInFailuresPerAccount: { limit: number; windowMs: number };
  /** Sign-ups from one address. */
  signUpPerAddress: { limit: number; windowMs: number };
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signInPerAddress: { limit: 100, windowMs: 15 * 60_000 },
  signInFailuresPerAccount: { limit: 10, windowMs: 15 * 60_000 },
  signUpPerAddress: { limit: 50, windowMs: 60 * 60_000 },
};

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
    demoData: e.DEMO_DATA,
    corsOrigins: e.CORS_ORIGINS,
    publicUrl: e.PUBLIC_URL,
    secureCookies: e.PUBLIC_URL?.startsWith('https://') ?? false,
    redisUrl: e.REDIS_URL,
    oidc: { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET },
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST),
    staticDir: path.join(repoRoot, 'apps/server/public'),
    rateLimits: DEFAULT_RATE_LIMITS,
    searchCacheTtlMs: e.SEARCH_CACHE_TTL_MS,
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
  };
}

/** Defaults for tests: nothing read from the environment but what is passed. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent' }), ...overrides };
}

/** For the test harness: the PostgreSQL server to run the API suite against too, when there is one. */
export function testDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.DATABASE_URL || undefined;
}
