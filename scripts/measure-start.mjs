// Time from spawn to listening (the first 200 from /api/health) and resident memory once idle, of the server as
// `npm start` runs it (`--server bundle`, the default) or through tsx (`--server tsx`), on PGlite and, with
// DATABASE_URL, on PostgreSQL (a scratch database made and dropped here). Three runs each, medians; a warm-up
// start first applies the migrations, so every timed start opens an existing database, as a restart does.
// The built web app (apps/web/dist, as `npm start` builds it) is served in both cases.
//   node scripts/measure-start.mjs [--server bundle|tsx] [--entry path/to/server.ts] [--runs 3]
// `--entry` runs another copy of the sources through tsx (an earlier commit's, `git archive` into a folder).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureServerBuild, serverBundle } from './build-server.mjs';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const mode = arg('server', 'bundle');
const runs = Number(arg('runs', '3'));
const START_TIMEOUT_MS = 60_000;
// Long enough for start-up work that runs after listening (timers, the first housekeeping pass) to settle.
const IDLE_MS = 3_000;

function serverArgs() {
  if (mode === 'tsx')
    return ['--import', 'tsx', path.resolve(arg('entry', path.join(root, 'apps/server/src/server.ts')))];
  return ['--enable-source-maps', serverBundle];
}

/** CPU time the process has used (user and system, all its threads), in ms: less bent by other load than the clock. */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  // utime and stime, fields 14 and 15 of proc(5), counted from the state field (3): in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function healthy(port) {
  try {
    const answer = await fetch(`http://127.0.0.1:${port}/api/health`);
    return answer.status === 200;
  } catch {
    return false;
  }
}

/** One start: milliseconds (and CPU milliseconds) to the first healthy answer, and RSS in MB after IDLE_MS. */
async function startOnce(env) {
  const port = await freePort();
  const started = performance.now();
  const fullEnv = {
    ...process.env,
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'off',
    WEB_DIST: path.join(root, 'apps/web/dist'),
  };
  if (env.DATABASE_URL === undefined) delete fullEnv.DATABASE_URL;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: fullEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    let listening;
    let cpu = 0;
    while (listening === undefined) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error('server did not listen within 60 s');
      if (await healthy(port)) {
        listening = performance.now() - started;
        cpu = cpuMs(child.pid);
      } else await sleep(20);
    }
    await sleep(IDLE_MS);
    return { ms: listening, cpu, rss: rssMb(child.pid) };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(label, env) {
  await startOnce(env);
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await startOnce(env));
  const ms = median(results.map((r) => r.ms));
  const cpu = median(results.map((r) => r.cpu));
  const rss = median(results.map((r) => r.rss));
  const each = results.map((r) => `${Math.round(r.ms)} ms, ${r.cpu} ms CPU, ${r.rss.toFixed(0)} MB`).join('; ');
  console.log(`${mode}\t${label}\t${Math.round(ms)} ms\t${cpu} ms CPU\t${rss.toFixed(0)} MB\t(runs: ${each})`);
}

async function withScratchPostgres(adminUrl, fn) {
  const name = `jobboard_measure_${randomBytes(4).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await fn(url.toString());
  } finally {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const watchdog = setTimeout(() => {
  console.error('measure-start: gave up after 10 minutes');
  process.exit(1);
}, 600_000);
if (mode !== 'tsx') await ensureServerBuild();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-measure-'));
try {
  const adminUrl = process.env.DATABASE_URL;
  await measure('PGlite', { DATA_DIR: dataDir, DATABASE_URL: undefined });
  if (adminUrl)
    await withScratchPostgres(adminUrl, (url) => measure('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }));
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
  clearTimeout(watchdog);
}
