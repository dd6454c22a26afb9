import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers.js';

/** Page paths load the web app; the status tells crawlers whether the page exists. */
describe('page answers (web app built)', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-web-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Jobboard</title><div id="root"></div>');
    t = await buildTestApp('pglite', { webDist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  it.each(['/', '/job/0b6c3a52-9a0e-4c55-9d55-6b1f2a3c4d5e', '/sign-in', '/profile', '/edit-job/x', '/my-job?x=1', '/?page=3'])(
    '%s answers the app with 200',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    },
  );

  it.each(['/no-such-page', '/job', '/job/1/extra', '/sign-in/again', '/apis'])('%s answers the app with 404', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<div id="root">');
  });

  it('an unknown API path or file is a 404 JSON error, not the app', async () => {
    for (const url of ['/api/nope', '/static/nope.png', '/uploads/nope.webp']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ success: false, statusCode: 404 });
    }
  });
});
