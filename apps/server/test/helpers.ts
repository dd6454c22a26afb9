import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { JobCreateBody, User } from '@jobboard/shared';
import { describe } from 'vitest';
import { buildApp, type BuildAppOptions } from '../src/app.js';
import { loadConfig, testDatabaseUrl, withOverrides, type Config } from '../src/config.js';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openPglite, type Db, type Transaction } from '../src/db/client.js';
import { createScratchPostgres, type ScratchDatabase } from './support/scratch.js';
import { migrate } from '../src/db/migrate.js';

export type DbKind = 'pglite' | 'postgres';

/** Both databases, always: without DATABASE_URL the PostgreSQL suites are reported as skipped, never dropped. */
export const DB_KINDS: DbKind[] = ['pglite', 'postgres'];

/** Why a suite on `kind` cannot run here, or undefined when it can. */
export function dbSkipReason(kind: DbKind): string | undefined {
  return kind === 'postgres' && !testDatabaseUrl() ? 'skipped: set DATABASE_URL to run it on PostgreSQL' : undefined;
}

/**
 * `describe.each(DB_KINDS)` that shows the PostgreSQL variant as skipped, with the reason in its name, when
 * DATABASE_URL is not set (instead of leaving it out of the report).
 */
export function describeEachDb(title: string, body: (kind: DbKind) => void): void {
  for (const kind of DB_KINDS) {
    const reason = dbSkipReason(kind);
    describe.skipIf(Boolean(reason))(`${title} on ${kind}${reason ? ` (${reason})` : ''}`, () => body(kind));
  }
}

let pgliteTemplate: Promise<Blob | File> | undefined;

/**
 * A migrated PGlite cluster, dumped once per test process: starting from it skips initdb (seconds on a busy
 * machine) for every other PGlite a test file creates. Made with a PGlite of its own, not through the app's
 * adapter, since the dump needs the PGlite handle.
 */
function migratedPgliteDump(): Promise<Blob | File> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create('memory://', { extensions: { pg_trgm } });
    const rows = async <T>(result: Promise<{ rows: T[] }>) => (await result).rows;
    const template: Db = {
      kind: 'pglite',
      query: <T>(sql: string, params: unknown[] = []) => rows(client.query<T>(sql, params)),
      transaction: (fn) =>
        client.transaction((tx) =>
          fn({
            query: <T>(sql: string, params: unknown[] = []) => rows(tx.query<T>(sql, params)),
            exec: async (sql: string) => void (await tx.exec(sql)),
            run: (sql: string, params?: unknown[]) => tx.query(sql, params),
          }),
        ),
      exec: async (sql) => void (await client.exec(sql)),
      run: (sql, params) => client.query(sql, params),
      ping: async () => true,
      close: () => client.close(),
    };
    await migrate(template);
    const dump = await client.dumpDataDir('none');
    await client.close();
    return dump;
  })();
  return pgliteTemplate;
}

/** A database of its own for one test file: in-memory PGlite (already migrated), or a fresh database on the PostgreSQL server. */
export async function createTestDb(kind: DbKind): Promise<ScratchDatabase> {
  if (kind === 'pglite') {
    const db = await openPglite(undefined, { loadDataDir: await migratedPgliteDump() });
    return { db, drop: () => db.close() };
  }
  const adminUrl = testDatabaseUrl();
  if (!adminUrl) throw new Error('DATABASE_URL is not set');
  return createScratchPostgres(adminUrl, 'jobboard_test');
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  close: () => Promise<void>;
}

export interface BuildTestAppOptions {
  /** Environment the configuration is loaded from (as `loadConfig` reads it), before `overrides`. */
  env?: NodeJS.ProcessEnv;
  /** Run the app's queries in lockstep, in a shuffled order (see `interleavingDb`). */
  interleave?: boolean;
  /** The page renderer to use instead of the built one (BuildAppOptions.pages). */
  pages?: BuildAppOptions['pages'];
  /** The database as the app sees it (a test that holds some of its queries back). */
  wrapDb?: (db: Db) => Db;
}

/** The database behind each test app, so helpers given only the app can reach it (see `signUpAndSignIn`). */
const databases = new WeakMap<FastifyInstance, Db>();

export async function buildTestApp(
  kind: DbKind,
  overrides: Partial<Config> = {},
  options: BuildTestAppOptions = {},
): Promise<TestApp> {
  const { db, drop } = await createTestDb(kind);
  await migrate(db);
  // Files the app writes (uploads, the mail outbox) go to a directory of this app's own, never the repo's data/.
  const ownDataDir =
    overrides.dataDir === undefined ? fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-test-data-')) : undefined;
  const config = withOverrides(loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent', ...options.env }), {
    mailPollSeconds: 0.5,
    // Webhook rounds are run by the tests that are about them (webhooks.api.test.ts).
    webhookPollMs: 0,
    // Import runs are started by the tests that are about them (job-imports.api.test.ts).
    importPollMs: 0,
    // The search index's snapshot is written and read by the tests that are about it (search-index-snapshot.test.ts).
    searchSnapshotMs: 0,
    // The posting limit (POSTS_PER_DAY, 20 by default) is tested where it is about (moderation.api.test.ts); the
    // other suites post more than a day's worth from one account.
    postsPerDay: 1_000_000,
    ...(ownDataDir ? { dataDir: ownDataDir } : {}),
    ...overrides,
  });
  const seen = options.interleave ? interleavingDb(db) : db;
  const app = await buildApp({
    db: options.wrapDb ? options.wrapDb(seen) : seen,
    config,
    ...(options.pages ? { pages: options.pages } : {}),
  });
  await app.ready();
  // Searches are answered by the index once it is loaded (an empty database's takes milliseconds): a test starts
  // then, as traffic would once /api/ready says so. A test that holds the load back (wrapDb) waits itself.
  if (!options.wrapDb) await indexLoaded(app);
  databases.set(app, db);
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await drop();
      if (ownDataDir) fs.rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/** Waits (at most 10 s) until /api/ready no longer says the search index is loading. */
async function indexLoaded(app: FastifyInstance): Promise<void> {
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const response = await app.inject({ method: 'GET', url: '/api/ready' });
    if (response.json<{ status: string }>().status !== 'loading') return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the search index did not load within 10 s');
}

let counter = 0;

export interface SignedInUser {
  user: User;
  cookie: string;
  password: string;
}

/** Signs up a new user and signs in: returns the user and the session cookie to send. */
export async function signUpAndSignIn(
  app: FastifyInstance,
  overrides: Partial<{ name: string; username: string; email: string; password: string }> = {},
  { verified = true }: { verified?: boolean } = {},
): Promise<SignedInUser> {
  counter += 1;
  const suffix = `${counter}-${randomBytes(3).toString('hex')}`;
  const body = {
    name: `Test User ${suffix}`,
    username: `user-${suffix}`,
    email: `user-${suffix}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
  if (signUp.statusCode !== 201) throw new Error(`sign-up failed: ${signUp.statusCode} ${signUp.body}`);
  // Most tests are about what a confirmed account does; the confirmation itself is tested with real mail
  // (accounts.api.test.ts). `verified: false` keeps the account as sign-up leaves it.
  const db = databases.get(app);
  if (verified && db)
    await db.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [body.email.trim().toLowerCase()]);
  return signInAs(app, body.email, body.password);
}

export async function signInAs(app: FastifyInstance, email: string, password: string): Promise<SignedInUser> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return { user: response.json<User>(), cookie: sessionCookieOf(response), password };
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('jobboard_session'));
  if (!cookie) throw new Error('no session cookie in the response');
  return `${cookie.name}=${cookie.value}`;
}

export function jobBody(overrides: Partial<JobCreateBody> = {}): JobCreateBody {
  return {
    jobTitle: 'Web Developer',
    companyName: 'Acme Inc',
    companyLogo: 'https://example.com/logo.png',
    jobLocation: 'London',
    employmentType: 'Full-time',
    experienceLevel: 'Any Experience',
    salaryType: 'Yearly',
    minPrice: '$20k',
    maxPrice: '$120k',
    description: 'Build and maintain our customer-facing web applications with a friendly team.',
    skills: [
      { value: 'JavaScript', label: 'JavaScript' },
      { value: 'React', label: 'React' },
    ],
    ...overrides,
  };
}

/** Posts a job as the given user and returns its id. */
export async function postJob(
  app: FastifyInstance,
  cookie: string,
  overrides: Partial<JobCreateBody> = {},
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/job/post-job',
    headers: { cookie },
    payload: jobBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`post-job failed: ${response.statusCode} ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

/** Every error answer has this shape (docs/principles.md, "API rules"). */
export function expectErrorShape(response: LightMyRequestResponse, statusCode: number): string {
  const body = response.json<{ success: unknown; statusCode: unknown; message: unknown }>();
  if (response.statusCode !== statusCode) {
    throw new Error(`expected ${statusCode}, got ${response.statusCode}: ${response.body}`);
  }
  if (body.success !== false || body.statusCode !== statusCode || typeof body.message !== 'string' || !body.message) {
    throw new Error(`not the error shape: ${response.body}`);
  }
  return body.message;
}

/**
 * A Db whose every query (and transaction start) waits at a gate that opens every `windowMs` and lets the waiting
 * queries through all at once, in a shuffled order (seeded, so a failure reproduces).
 *
 * Without it, parallel `app.inject` calls on PGlite run one after another: each request is parsed in its own turn
 * of the event loop and finishes its few sub-millisecond queries before the next one reaches its first, so a
 * check-then-insert or a field-by-field UPDATE never meets a competitor. Through the gate the requests move in
 * lockstep: every request's first query, then every request's second..., so each request's "check" runs before
 * any request's "insert", and the shuffle mixes the order of the writes of one step.
 */
export function interleavingDb(db: Db, windowMs = 4, seed = 0x5eed): Db {
  let state = seed >>> 0;
  const random = () => {
    // mulberry32
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let waiting: Array<() => void> = [];
  let timer: NodeJS.Timeout | undefined;
  const gate = () =>
    new Promise<void>((resolve) => {
      waiting.push(resolve);
      timer ??= setTimeout(() => {
        const batch = waiting;
        waiting = [];
        timer = undefined;
        for (let i = batch.length - 1; i > 0; i -= 1) {
          const j = Math.floor(random() * (i + 1));
          [batch[i], batch[j]] = [batch[j] as () => void, batch[i] as () => void];
        }
        for (const open of batch) open();
      }, windowMs);
    });
  return {
    kind: db.kind,
    async query<T>(sql: string, params?: unknown[]) {
      await gate();
      return db.query<T>(sql, params);
    },
    async transaction<T>(fn: (tx: Transaction) => Promise<T>) {
      await gate();
      return db.transaction(fn);
    },
    // The mail queue's own statements (pg-boss) are not the races under test: they pass straight through, so none
    // is still held by the gate when the test closes the database.
    run: (sql: string, params?: unknown[]) => db.run(sql, params),
    async exec(sql: string) {
      await gate();
      return db.exec(sql);
    },
    ping: () => db.ping(),
    close: () => db.close(),
  };
}

/**
 * Makes `member` a member of the company `slug` as the product does: its creator invites the address, and the
 * member (signed in, address confirmed) accepts the invitation from their list.
 */
export async function joinCompany(
  app: FastifyInstance,
  ownerCookie: string,
  slug: string,
  member: SignedInUser,
  role?: 'owner' | 'recruiter' | 'viewer',
): Promise<void> {
  const invited = await app.inject({
    method: 'POST',
    url: `/api/companies/${slug}/members`,
    headers: { cookie: ownerCookie },
    payload: { email: member.user.email, ...(role ? { role } : {}) },
  });
  if (invited.statusCode !== 202) throw new Error(`invitation failed: ${invited.statusCode} ${invited.body}`);
  const mine = await app.inject({ method: 'GET', url: '/api/invitations', headers: { cookie: member.cookie } });
  const invitation = mine.json<{ id: string; company: { slug: string } }[]>().find((i) => i.company.slug === slug);
  if (!invitation) throw new Error(`no invitation to ${slug} for ${member.user.email}: ${mine.body}`);
  const accepted = await app.inject({
    method: 'POST',
    url: '/api/invitations/accept',
    headers: { cookie: member.cookie },
    payload: { id: invitation.id },
  });
  if (accepted.statusCode !== 200) throw new Error(`accepting failed: ${accepted.statusCode} ${accepted.body}`);
}
