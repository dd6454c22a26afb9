import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type TestApp } from './helpers.js';

const TOKEN = 'metrics-token-0123456789';

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * One scrape, first checked by promtool (the Prometheus project's own parser and linter: `.ci/run` installs it),
 * then read line by line: a series is `name{label="value",...} number` once promtool has accepted the text.
 */
async function scrape(t: TestApp): Promise<Series[]> {
  const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  const check = spawnSync('promtool', ['check', 'metrics'], { input: response.body, encoding: 'utf8' });
  expect(check.error).toBeUndefined();
  const findings = `${check.stdout}${check.stderr}`.split('\n').filter(Boolean);
  expect(findings.join('\n')).not.toMatch(/error/i);
  // prom-client's own Node gauges are named *_total, which the linter flags; every metric of ours passes it.
  expect(findings.filter((line) => !/^nodejs_active_\w+_total non-counter metrics/.test(line))).toEqual([]);
  return response.body
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name = '', labels = '', value = ''] = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line) ?? [];
      const pairs = [...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map(([, key = '', text = '']) => [key, text]);
      return { name, labels: Object.fromEntries(pairs), value: Number(value) };
    });
}

/** The value of the first series named so whose labels include these; undefined when there is none. */
function sample(series: Series[], name: string, labels: Record<string, string> = {}): number | undefined {
  return series.find((s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v))?.value;
}

async function until<T>(read: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('METRICS_TOKEN', () => {
  it('must be at least 16 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
  });
});

describeEachDb('/metrics', (kind) => {
  let t: TestApp;
  let off: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {
      metricsToken: TOKEN,
      alertsIntervalMs: 1_000,
      adminEmails: ['metrics-admin@example.com'],
    });
    off = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });

  it('does not exist without METRICS_TOKEN', async () => {
    expect((await off.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect((await off.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(
      404,
    );
  });

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN, `Basic ${TOKEN}`]) {
      const response = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.json<{ message: string }>()).toMatchObject({
        statusCode: 401,
        message: expect.stringMatching(/metrics token/),
      });
      expect(response.body).not.toContain('http_request_duration_seconds');
    }
    // No session opens it, an administrator's included: the token is the only key.
    const admin = await signUpAndSignIn(t.app, { email: 'metrics-admin@example.com' });
    const asAdmin = await t.app.inject({ url: '/metrics', headers: { cookie: admin.cookie } });
    expect(asAdmin.statusCode).toBe(401);
  });

  it('times requests by route template and status, and searches by engine', async () => {
    const poster = await signUpAndSignIn(t.app);
    const ids = [await postJob(t.app, poster.cookie), await postJob(t.app, poster.cookie)];
    for (const id of ids) expect((await t.app.inject({ url: `/api/job/all-jobs/${id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/job/search?q=engineer' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/job/search?page=0' })).statusCode).toBe(400);

    const series = await scrape(t);
    const count = 'http_request_duration_seconds_count';
    const byId = series.filter((s) => s.name === count && s.labels.route === '/api/job/all-jobs/:id');
    expect(byId).toEqual([
      { name: count, labels: { method: 'GET', route: '/api/job/all-jobs/:id', status: '200' }, value: 2 },
    ]);
    expect(sample(series, count, { route: '/api/job/search', status: '400' })).toBe(1);
    expect(series.some((s) => ids.some((id) => s.labels.route?.includes(id)))).toBe(false);
    // The index is loaded (the test app waits for /api/ready), so it answered; the refused search was not timed.
    expect(sample(series, 'jobboard_search_duration_seconds_count', { engine: 'index' })).toBe(1);
    expect(sample(series, 'jobboard_search_duration_seconds_count', { engine: 'database' })).toBeUndefined();
    expect(sample(series, 'jobboard_search_index_state', { state: 'ready' })).toBe(1);
    expect(sample(series, 'jobboard_search_index_state', { state: 'loading' })).toBe(0);
    expect(sample(series, 'jobboard_search_index_catch_up_age_seconds')).toBeGreaterThanOrEqual(0);
  });

  it("reports the mail queue, mail attempts, alert rounds, the event loop and PostgreSQL's pools", async () => {
    await signUpAndSignIn(t.app, {}, { verified: false });
    const series = await until(async () => {
      const scraped = await scrape(t);
      const sent = sample(scraped, 'jobboard_mail_attempts_total', { outcome: 'sent' }) ?? 0;
      const rounds = sample(scraped, 'jobboard_alert_rounds_total', { result: 'ok' }) ?? 0;
      return sent >= 1 && rounds >= 1 ? scraped : undefined;
    });
    expect(sample(series, 'jobboard_mail_queue_messages', { state: 'completed' })).toBeGreaterThan(0);
    expect(sample(series, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    const pool = sample(series, 'jobboard_db_pool_connections', { pool: 'requests', state: 'total' });
    if (kind === 'postgres') expect(pool).toBeGreaterThan(0);
    else expect(pool).toBeUndefined();
  });
});
