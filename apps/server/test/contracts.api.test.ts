import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

interface OpenApiOperation {
  tags?: string[];
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** Every answer is part of the contract: documented, and cut to its schema so stray fields cannot leak. */
describe('response contracts', () => {
  let t: TestApp;
  let paths: Record<string, Record<string, OpenApiOperation>>;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { housekeepingIntervalMs: 0 });
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    paths = docs.json<{ paths: typeof paths }>().paths;
  });
  afterAll(async () => {
    await t.close();
  });

  it('documents a 2xx answer schema for every route of the API', () => {
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })),
    );
    expect(operations.length).toBeGreaterThanOrEqual(21);
    const undocumented = operations
      .filter(({ operation }) => {
        const success = Object.entries(operation.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        return !success.some(([, answer]) => Object.values(answer.content ?? {}).some((c) => c.schema !== undefined));
      })
      .map(({ route }) => route);
    expect(undocumented).toEqual([]);
  });

  it('files every operation under its module in the docs (the auth routes under "auth")', () => {
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );
    expect(
      operations
        .filter(({ operation }) => !operation.tags?.length || operation.tags.some((tag) => !tag))
        .map((o) => `${o.method} ${o.path}`),
    ).toEqual([]);
    const auth = operations.filter(({ path }) => path.startsWith('/api/auth/'));
    expect(auth.length).toBeGreaterThanOrEqual(8);
    expect(
      auth.filter(({ operation }) => operation.tags?.join() !== 'auth').map((o) => `${o.method} ${o.path}`),
    ).toEqual([]);
  });

  it('the routes in the docs are the routes the server has', () => {
    const documented = new Set(Object.keys(paths));
    for (const path of [
      '/api/job/search',
      '/api/job/all-jobs',
      '/api/apply/appliedJobs',
      '/api/auth/me',
      '/api/health',
      '/api/upload/avatar',
    ]) {
      expect(documented, path).toContain(path);
    }
  });
});
