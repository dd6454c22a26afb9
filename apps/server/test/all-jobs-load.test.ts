import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobSchema } from '@jobboard/shared';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { seedBulk } from '../src/demo/seed.js';
import { buildTestApp, expectErrorShape, type TestApp } from './helpers.js';

/**
 * Security review finding 11: GET /api/job/all-jobs at 300,000 jobs held the (one-query-at-a-time) PGlite
 * for seconds and /api/health waited behind it. The answer keeps its contract (a JSON array of every job) but is
 * read in small keyset chunks that let other queries in between, at most two run at once (503 + Retry-After
 * beyond), and each address has a rate limit.
 */

const JOBS = 30_000;

interface Timed {
  status: number;
  ms: number;
}

/** One GET on the real socket; resolves with the status and the time to the whole answer. */
function timedGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
): Promise<Timed & { body: string; headers: http.IncomingHttpHeaders }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString('utf8'),
          headers: response.headers,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Opens an all-jobs answer and does not read it: the server stays mid-stream (back-pressure) until aborted. */
function openStalled(port: number, address: string): Promise<{ status: number; abort: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/job/all-jobs', headers: { 'x-forwarded-for': address }, agent: false },
      (response) => {
        response.pause();
        resolve({ status: response.statusCode ?? 0, abort: () => request.destroy() });
      },
    );
    request.on('error', () => {});
    request.once('error', reject);
  });
}

/** Opens an all-jobs answer on a raw socket and never reads a byte of it (the socket is paused at once). */
function openSilent(port: number, address: string): net.Socket {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.pause();
  socket.on('error', () => {});
  socket.write(`GET /api/job/all-jobs HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n\r\n`);
  return socket;
}

/** A client's stall (ms) after which the server ends a download, in this file. */
const STALL_MS = 1000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

describe(`finding 11: all-jobs at ${JOBS.toLocaleString('en')} jobs on PGlite does not starve other requests`, () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // Each test client comes "through a proxy" with an address of its own, so the per-address limit is not in the way.
    t = await buildTestApp('pglite', { allJobsStallMs: STALL_MS }, { env: { TRUST_PROXY: '127.0.0.1' } });
    await seedBulk(t.db, { jobs: JOBS, users: 200, seed: 11 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
  }, 300_000);
  afterAll(async () => {
    // A failed assertion may leave stalled downloads open: close them, or the server would wait for them.
    t.app.server.closeAllConnections();
    await t.close();
  });

  it('keeps the contract: a JSON array of every job with the spec field names', async () => {
    const answer = await timedGet(port, '/api/job/all-jobs', { 'x-forwarded-for': '203.0.113.1' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    const jobs = z.array(jobSchema).parse(JSON.parse(answer.body));
    expect(jobs).toHaveLength(JOBS);
    expect(new Set(jobs.map((j) => j._id)).size).toBe(JOBS);
    expect(Object.keys(jobs[0] ?? {})).toEqual(
      expect.arrayContaining(['_id', 'jobTitle', 'companyName', 'postedBy', 'postingDate']),
    );
  }, 120_000);

  it('answers /api/health in under 100 ms (p95 of every call; max under 250 ms) while all-jobs streams', async () => {
    const health: number[] = [];
    let streaming = true;
    const download = timedGet(port, '/api/job/all-jobs', { 'x-forwarded-for': '203.0.113.2' }).finally(() => {
      streaming = false;
    });
    // Give the stream a head start so that every probe below lands while it runs.
    await new Promise((resolve) => setTimeout(resolve, 30));
    while (streaming) {
      const probe = await timedGet(port, '/api/health');
      expect(probe.status).toBe(200);
      if (streaming) health.push(probe.ms);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const all = await download;
    expect(all.status).toBe(200);
    const report = `all-jobs ${all.ms.toFixed(0)} ms; ${health.length} health calls during it: p50 ${percentile(health, 50).toFixed(1)} ms, p95 ${percentile(health, 95).toFixed(1)} ms, max ${Math.max(...health).toFixed(1)} ms`;
    console.log(report);
    expect(health.length, report).toBeGreaterThanOrEqual(5);
    // p95 under 100 ms, no margin (before the fix: p50 403 ms, p95 and max 537 ms, 3 calls in 3.1 s).
    expect(percentile(health, 95), report).toBeLessThan(100);
    // The single slowest call gets a machine-noise margin: on the shared 2-core machine (load average 12-13 from
    // other jobs) one call in ~150 stalls up to ~120 ms from scheduling alone, with or without the stream.
    expect(Math.max(...health), report).toBeLessThan(250);
  }, 120_000);

  it('runs at most two at once: a third gets 503 with Retry-After; a slot frees when a client goes away', async () => {
    const first = await openStalled(port, '203.0.113.10');
    const second = await openStalled(port, '203.0.113.11');
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = await timedGet(port, '/api/job/all-jobs', { 'x-forwarded-for': '203.0.113.12' });
    expect(third.status, third.body.slice(0, 200)).toBe(503);
    expect(Number(third.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(third.body)).toMatchObject({ success: false, statusCode: 503 });
    // Other calls are not affected meanwhile.
    expect((await timedGet(port, '/api/health')).status).toBe(200);
    first.abort();
    second.abort();
    // The slots are released when the clients disconnect.
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const probe = await openStalled(port, `203.0.113.${20 + i}`);
      again = probe.status;
      probe.abort();
    }
    expect(again).toBe(200);
  }, 120_000);

  it('two clients that stop reading lose their slots after the stall timeout, while still connected', async () => {
    const silent = [openSilent(port, '203.0.113.90'), openSilent(port, '203.0.113.91')];
    try {
      // Both hold a slot: the next download is refused.
      let third = 0;
      for (let i = 0; i < 40 && third !== 503; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        const probe = await openStalled(port, `203.0.113.${100 + i}`);
        third = probe.status;
        probe.abort();
      }
      expect(third).toBe(503);
      // Neither client goes away, and their slots come back within the stall timeout and its check.
      const started = performance.now();
      let again = 0;
      while (again !== 200 && performance.now() - started < STALL_MS * 10) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const probe = await openStalled(port, `203.0.113.${150 + Math.floor((performance.now() - started) / 100)}`);
        again = probe.status;
        probe.abort();
      }
      expect(again).toBe(200);
      expect(silent.every((socket) => !socket.destroyed)).toBe(true);
    } finally {
      for (const socket of silent) socket.destroy();
    }
  }, 60_000);
});

describe('finding 11: all-jobs has a per-address rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      rateLimits: { ...DEFAULT_RATE_LIMITS, allJobsPerAddress: { limit: 3, windowMs: 60_000 } },
    });
  });
  afterAll(async () => t.close());

  it('answers 429 with Retry-After past the limit; another address is not limited', async () => {
    const get = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/job/all-jobs', remoteAddress });
    for (let i = 0; i < 3; i += 1) expect((await get('198.51.100.5')).statusCode).toBe(200);
    const refused = await get('198.51.100.5');
    expectErrorShape(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await get('198.51.100.6')).statusCode).toBe(200);
  });

  it('has a default limit', () => {
    expect(DEFAULT_RATE_LIMITS.allJobsPerAddress.limit).toBeGreaterThan(0);
  });
});
