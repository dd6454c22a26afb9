import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, buildTestApp, postJob, signUpAndSignIn, type TestApp } from './helpers.js';

const FRONT = 'https://front.example';

/** A separately hosted front end (CORS_ORIGINS) must be able to make every call the API has. */
describeEachDb('CORS for a front end on another origin,', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { corsOrigins: [FRONT] });
  });
  afterAll(async () => {
    await t.close();
  });

  const preflight = (origin: string, method: string, url: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url,
      headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type' },
    });

  it.each([
    ['GET', '/api/job/all-jobs'],
    ['POST', '/api/job/post-job'],
    ['PATCH', '/api/job/update-job/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/job/delete/00000000-0000-4000-8000-000000000000'],
    ['DELETE', '/api/user/delete/00000000-0000-4000-8000-000000000000'],
    ['PUT', '/api/saved-jobs/00000000-0000-4000-8000-000000000000'],
  ])('a preflight for %s %s from an allowed origin passes', async (method, url) => {
    const response = await preflight(FRONT, method, url);
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(FRONT);
    const methods = String(response.headers['access-control-allow-methods'])
      .split(',')
      .map((m) => m.trim());
    expect(methods).toContain(method);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('content-type');
  });

  it.each(['PATCH', 'DELETE'])('a preflight for %s from any other origin gets no grant', async (method) => {
    const response = await preflight(
      'https://evil.example',
      method,
      '/api/job/delete/00000000-0000-4000-8000-000000000000',
    );
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the allowed origin then edits and deletes a job', async () => {
    const poster = await signUpAndSignIn(t.app);
    const id = await postJob(t.app, poster.cookie);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${id}`,
      headers: { origin: FRONT, cookie: poster.cookie },
      payload: { jobTitle: 'Edited from the front end' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.headers['access-control-allow-origin']).toBe(FRONT);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/job/delete/${id}`,
      headers: { origin: FRONT, cookie: poster.cookie },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });
});
