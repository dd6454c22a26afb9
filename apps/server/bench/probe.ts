/**
 * The cold mix against one kept database, for working on search speed (not part of `npm run bench` or CI):
 * loads PROBE_SIZE jobs (default 1,000,000) once into the PostgreSQL database PROBE_DB (default perf1m, created on
 * 127.0.0.1), starts the server on it as `npm start` does with the answer cache off, sends the cold mix (or the
 * searches of PROBE_ONLY: one query string, or @file with one per line) once each, and prints p50/p95/p99 and the
 * slowest PROBE_TOP searches. A second run reuses the loaded data (about 4 minutes to load 1M).
 *
 *   npx tsx apps/server/bench/probe.ts            # --load-only to load and stop
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { openPostgres } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedBulk } from '../src/demo/seed.js';
import { coldMix, percentile, readVocabulary } from './cold-mix.js';

const name = process.env.PROBE_DB ?? 'perf1m';
const size = Number(process.env.PROBE_SIZE ?? 1_000_000);
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/test' });
await admin.connect();
if (!(await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount)
  await admin.query(`CREATE DATABASE ${name}`);
await admin.end();
const url = `postgres://postgres@127.0.0.1:5432/${name}`;
const db = openPostgres(url, { max: 10 });
await migrate(db);
const have = Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM jobs'))[0]?.n ?? 0);
if (have < size) await seedBulk(db, { jobs: size - have, users: Math.round((size - have) / 500), seed: size });
const vocabulary = await readVocabulary(db);
await db.close();
if (process.argv.includes('--load-only')) process.exit(0);

const port = 3900 + Math.floor(Math.random() * 50);
// PROBE_CPU_PROF=dir writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
const profile = process.env.PROBE_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.PROBE_CPU_PROF] : [];
const server = spawn(
  process.execPath,
  [...profile, '--import', 'tsx', path.resolve(import.meta.dirname, '../src/server.ts')],
  {
    env: {
      ...process.env,
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'off',
      POSTS_PER_DAY: '100000',
      SEARCH_CACHE_TTL_MS: '0',
    },
    // PROBE_SERVER_LOG=file keeps the server's log (a line per request with its milliseconds, `ms`).
    stdio: [
      'ignore',
      process.env.PROBE_SERVER_LOG ? fs.openSync(process.env.PROBE_SERVER_LOG, 'a') : 'ignore',
      'inherit',
    ],
  },
);
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (p: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
const up = async () =>
  get('/api/health').then(
    (r) => r.status === 200,
    () => false,
  );
for (let i = 0; i < 240 && !(await up()); i += 1) await new Promise((r) => setTimeout(r, 250));
// The search index (SEARCH_INDEX=memory, the default) loads in the background: measured once it serves.
const loadStarted = performance.now();
const indexState = async () =>
  get('/api/ready').then(
    (r) => (JSON.parse(r.body) as { searchIndex?: string }).searchIndex ?? 'off',
    () => 'loading',
  );
for (let i = 0; i < 2_400 && (await indexState()) === 'loading'; i += 1) await new Promise((r) => setTimeout(r, 250));
console.log(`search index: ${await indexState()} after ${((performance.now() - loadStarted) / 1000).toFixed(1)} s`);

const only = process.env.PROBE_ONLY;
const listed = only?.startsWith('@')
  ? fs.readFileSync(only.slice(1), 'utf8').split('\n').filter(Boolean)
  : only
    ? [only]
    : undefined;
const queries =
  listed ?? coldMix(vocabulary, Number(process.env.PROBE_COUNT ?? 1000), Number(process.env.PROBE_SEED ?? 12));
interface Probed {
  q: string;
  ms: number;
  status: number;
  estimate: boolean;
  total: number | undefined;
  relaxed: boolean;
}
const results: Probed[] = [];
for (const q of queries) {
  const started = performance.now();
  const answer = await get(`/api/job/search?${q}`);
  const ms = performance.now() - started;
  const body =
    answer.status === 200
      ? (JSON.parse(answer.body) as { totalIsEstimate?: boolean; total?: number; relaxedQuery?: string })
      : {};
  const { totalIsEstimate, total, relaxedQuery } = body;
  results.push({ q, ms, status: answer.status, estimate: Boolean(totalIsEstimate), total, relaxed: !!relaxedQuery });
}
// PROBE_THROUGHPUT=seconds: the same searches from 50 connections (autocannon) for that long, as the bench's throughput row.
if (process.env.PROBE_THROUGHPUT) {
  const { default: autocannon } = await import('autocannon');
  const run = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: 50,
    duration: Number(process.env.PROBE_THROUGHPUT),
    requests: queries.map((q) => ({ method: 'GET' as const, path: `/api/job/search?${q}` })),
  });
  console.log(
    `throughput: ${run.requests.average} req/s, p50 ${run.latency.p50} ms, p99 ${run.latency.p99} ms, non-2xx ${run.non2xx}, errors ${run.errors}`,
  );
  // The floor of any answer that reads the database: /api/health, one round trip (SELECT 1) and no search.
  const floor = await autocannon({
    url: `http://127.0.0.1:${port}/api/health`,
    connections: 50,
    duration: Number(process.env.PROBE_THROUGHPUT),
  });
  console.log(
    `/api/health throughput: ${floor.requests.average} req/s, p50 ${floor.latency.p50} ms, non-2xx ${floor.non2xx}`,
  );
}
const exited = new Promise((resolve) => server.once('exit', resolve));
server.kill('SIGTERM');
await exited;
const times = results.map((r) => r.ms).sort((a, b) => a - b);
const errors = results.filter((r) => r.status !== 200).length;
// Searches no job held every word of, answered with fewer words (fewer-words.ts), and those still empty.
const relaxed = results.filter((r) => r.relaxed).length;
const empty = results.filter((r) => r.total === 0).length;
console.log(
  `n=${times.length} p50=${percentile(times, 50).toFixed(1)} p95=${percentile(times, 95).toFixed(1)} p99=${percentile(times, 99).toFixed(1)} errors=${errors} fewer-words=${relaxed} empty=${empty}`,
);
for (const r of results.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.PROBE_TOP ?? 40))) {
  console.log(
    `${r.ms.toFixed(0).padStart(6)} ${r.status} ${r.estimate ? 'E' : ' '}${r.relaxed ? 'F' : ' '} ${String(r.total ?? '-').padStart(7)} ${r.q}`,
  );
}
process.exit(0);
