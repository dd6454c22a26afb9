import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildTestApp } from './helpers.js';

describe("GET /api/site: the footer's social links from configuration (issue 29)", () => {
  it('lists only the networks configured, in order; none by default', async () => {
    const bare = await buildTestApp('pglite');
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/site' })).json()).toMatchObject({ social: [] });
      expect((await bare.app.inject({ method: 'GET', url: '/api/site' })).json()).not.toHaveProperty('contactEmail');
    } finally {
      await bare.close();
    }
    const t = await buildTestApp(
      'pglite',
      {},
      { env: { SOCIAL_X_URL: 'https://x.com/jobboard', SOCIAL_GITHUB_URL: 'https://github.com/jobboard/jobboard' } },
    );
    try {
      const response = await t.app.inject({ method: 'GET', url: '/api/site' });
      expect(response.statusCode).toBe(200);
      // Revalidated each time: a site setting saved in the console shows within a second (issue 34).
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.json()).toMatchObject({
        social: [
          { network: 'github', url: 'https://github.com/jobboard/jobboard' },
          { network: 'x', url: 'https://x.com/jobboard' },
        ],
      });
    } finally {
      await t.close();
    }
  });

  it('refuses at start an address that is not https (a javascript: link would be on every page)', () => {
    expect(() => loadConfig({ SOCIAL_X_URL: 'javascript:alert(1)' })).toThrow(/SOCIAL_X_URL/);
    expect(() => loadConfig({ SOCIAL_LINKEDIN_URL: 'http://linkedin.com/company/x' })).toThrow(/SOCIAL_LINKEDIN_URL/);
    expect(loadConfig({ SOCIAL_GITHUB_URL: '' }).social.github).toBeUndefined();
  });
});
