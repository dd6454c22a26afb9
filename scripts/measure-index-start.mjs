// Time from spawn to the first 200 of /api/ready (the search index loaded) and resident memory then, of the server as
// `npm start` runs it, on an existing database: once with no snapshot of the index (a full load; the snapshot is
// written after it, timed), then RUNS times from that snapshot. For docs/performance.md, "Index start from a snapshot".
//   node scripts/measure-index-start.mjs --data-dir DIR [--database-url URL] [--port 4431] [--runs 2] [--reuse]
// Without --database-url the server opens the PGlite database in DIR/pglite (seed it first: DATA_DIR=DIR npm run seed).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};
const dataDir = path.resolve(arg('data-dir', ''));
const databaseUrl = arg('database-url', undefined);
const port = Number(arg('port', '4431'));
const runs = Number(arg('runs', '2'));
const snapshot = path.join(dataDir, 'search-index', 'snapshot.bin');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const rssMb = (pid) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function ready() {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/ready`)).status === 200;
  } catch {
    return false;
  }
}

/** One start: ms to ready, RSS then; with `waitForSnapshot`, also ms from ready until the snapshot is written. */
async function startOnce(waitForSnapshot) {
  const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'off' };
  env.LOG_LEVEL = 'info';
  env.HOUSEKEEPING_INTERVAL_MS = '0';
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const log = path.join(dataDir, 'measure-index-start.log');
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: root,
    env,
    stdio: ['ignore', fs.openSync(log, 'w'), 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    while (!(await ready())) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (performance.now() - started > 600_000) throw new Error('not ready within 10 minutes');
      await sleep(50);
    }
    const result = { ms: performance.now() - started, rss: rssMb(child.pid) };
    if (waitForSnapshot) {
      const at = performance.now();
      while (!fs.existsSync(snapshot)) await sleep(50);
      result.writeMs = performance.now() - at;
      result.bytes = fs.statSync(snapshot).size;
      result.rssAfterWrite = rssMb(child.pid);
    }
    const lines = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean);
    const t0 = lines.length ? JSON.parse(lines[0]).time : 0;
    result.log = lines
      .filter((l) => l.includes('search index'))
      .map((l) => JSON.parse(l))
      .map((l) => `+${((l.time - t0) / 1000).toFixed(1)} s ${l.msg}${l.ms === undefined ? '' : ` (${l.ms} ms)`}`);
    return result;
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000).then(() => child.kill('SIGKILL'))]);
  }
}

await ensureServerBuild();
// --reuse: an existing snapshot is kept and only the starts from it are timed.
if (!process.argv.includes('--reuse') || !fs.existsSync(snapshot)) {
  fs.rmSync(snapshot, { force: true });
  const full = await startOnce(true);
  console.log(
    `full load: ready in ${(full.ms / 1000).toFixed(1)} s, RSS ${full.rss.toFixed(0)} MB; snapshot written ` +
      `${(full.writeMs / 1000).toFixed(1)} s later, ${(full.bytes / 2 ** 20).toFixed(0)} MB, RSS then ${full.rssAfterWrite.toFixed(0)} MB`,
    full.log,
  );
}
for (let i = 0; i < runs; i += 1) {
  const fromSnapshot = await startOnce(false);
  console.log(
    `from the snapshot: ready in ${(fromSnapshot.ms / 1000).toFixed(1)} s, RSS ${fromSnapshot.rss.toFixed(0)} MB`,
    fromSnapshot.log,
  );
}
