import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { JobCreateBody, User } from '@jobboard/shared';
import { buildApp } from '../src/app.js';
import { testConfig, testDatabaseUrl, type Config } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { createScratchPglite, createScratchPostgres, type ScratchDatabase } from '../src/db/scratch.js';
import { migrate } from '../src/db/migrate.js';

export type DbKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (CI sets it). */
export const DB_KINDS: DbKind[] = testDatabaseUrl() ? ['pglite', 'postgres'] : ['pglite'];

/** A database of its own for one test file: in-memory PGlite, or a fresh database on the PostgreSQL server. */
export async function createTestDb(kind: DbKind): Promise<ScratchDatabase> {
  if (kind === 'pglite') return createScratchPglite();
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

export async function buildTestApp(kind: DbKind, overrides: Partial<Config> = {}): Promise<TestApp> {
  const { db, drop } = await createTestDb(kind);
  await migrate(db);
  const config = testConfig(overrides);
  const app = await buildApp({ db, config });
  await app.ready();
  return {
    app,
    db,
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
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
export async function postJob(app: FastifyInstance, cookie: string, overrides: Partial<JobCreateBody> = {}): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/job/post-job',
    headers: { cookie },
    payload: jobBody(overrides),
  });
  if (response.statusCode !== 201) throw new Error(`post-job failed: ${response.statusCode} ${response.body}`);
  return response.json<{ insertedId: string }>().insertedId;
}

/** Every error answer has this shape (DESIGN.md section 5). */
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
