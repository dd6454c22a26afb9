import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './server-process.js';

/**
 * The server as `npm start` runs it: the esbuild bundle (scripts/build-server.mjs), built here into a folder of
 * its own. A module hook records every module the process resolves, so the tests see which optional parts load.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const outdir = path.join(repoRoot, 'apps/server/dist', `test-${randomBytes(4).toString('hex')}`);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-compiled-'));
const OPTIONAL = {
  pglite: '/node_modules/@electric-sql/pglite/',
  s3: '/node_modules/@aws-sdk/',
  faker: '/node_modules/@faker-js/faker/',
};

beforeAll(() => {
  const build = spawnSync(process.execPath, ['scripts/build-server.mjs', '--outdir', outdir], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(build.status, build.stderr).toBe(0);
  fs.writeFileSync(
    path.join(work, 'hooks.mjs'),
    `import fs from 'node:fs';
let log;
export function initialize(data) { log = data.log; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  fs.appendFileSync(log, result.url + '\\n');
  return result;
}`,
  );
  fs.writeFileSync(
    path.join(work, 'register.mjs'),
    `import { register } from 'node:module';
register(new URL('./hooks.mjs', import.meta.url), { data: { log: process.env.MODULE_LOG } });`,
  );
}, 130_000);

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
});

interface Run {
  base: string;
  /** Resolves with the exit code once the process is gone. */
  exited: Promise<number | null>;
  stdout: () => string;
  modules: () => string[];
  stop: () => Promise<void>;
}

/** Spawns the bundle with `settings` only (none of the suite's database, S3 or mail settings). */
async function runBundle(settings: Record<string, string>): Promise<Run> {
  const port = await freePort();
  const moduleLog = path.join(work, `modules-${randomBytes(4).toString('hex')}.txt`);
  fs.writeFileSync(moduleLog, '');
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, MODULE_LOG: moduleLog };
  const child = spawn(
    process.execPath,
    ['--import', path.join(work, 'register.mjs'), '--enable-source-maps', path.join(outdir, 'server.js')],
    {
      cwd: repoRoot,
      env: {
        ...env,
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        PORT: String(port),
        HOUSEKEEPING_INTERVAL_MS: '0',
        ALERTS_INTERVAL_MS: '0',
        ...settings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    base: `http://127.0.0.1:${port}`,
    exited,
    stdout: () => out,
    modules: () => fs.readFileSync(moduleLog, 'utf8').split('\n').filter(Boolean),
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function healthy(run: Run, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void run.exited.then(() => (gone = true));
  while (Date.now() < deadline && !gone) {
    try {
      const answer = await fetch(`${run.base}/api/health`);
      if (answer.ok) return answer.status;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the compiled server did not answer /api/health: ${run.stdout().slice(-3000)}`);
}

const loaded = (modules: string[], part: keyof typeof OPTIONAL) => modules.some((url) => url.includes(OPTIONAL[part]));

describe('the compiled server (npm start)', () => {
  const dataDir = path.join(work, 'data');

  it('starts on PGlite with demo data, finds its migrations, answers /api/health and logs one JSON line per request', async () => {
    const run = await runBundle({ DATA_DIR: dataDir, DEMO_DATA: 'on' });
    try {
      expect(await healthy(run)).toBe(200);
      const jobs = (await (await fetch(`${run.base}/api/job/all-jobs`)).json()) as unknown[];
      expect(jobs.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 200));
      const lines = run
        .stdout()
        .split('\n')
        .filter((line) => line.includes('/api/job/all-jobs'));
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? '')).toMatchObject({
        msg: 'request',
        method: 'GET',
        url: '/api/job/all-jobs',
        status: 200,
      });
      expect(run.stdout()).not.toMatch(/incoming request|request completed/);
      // The demo data was generated here: the hook saw faker and PGlite load (so their absence below means something).
      expect(loaded(run.modules(), 'pglite')).toBe(true);
      expect(loaded(run.modules(), 'faker')).toBe(true);
      expect(loaded(run.modules(), 's3')).toBe(false);
    } finally {
      await run.stop();
    }
  }, 150_000);

  it('restarted on its seeded database with DEMO_DATA on, loads neither faker nor the S3 client', async () => {
    const run = await runBundle({ DATA_DIR: dataDir, DEMO_DATA: 'on' });
    try {
      expect(await healthy(run)).toBe(200);
      expect(loaded(run.modules(), 'faker')).toBe(false);
      expect(loaded(run.modules(), 's3')).toBe(false);
    } finally {
      await run.stop();
    }
  }, 120_000);

  it('with DATABASE_URL and no S3_BUCKET, imports neither PGlite, the S3 client nor faker', async () => {
    // An address nothing listens on: the server fails at its first query, after every module it imports up front.
    const run = await runBundle({
      DATA_DIR: dataDir,
      DEMO_DATA: 'on',
      DATABASE_URL: 'postgres://jobboard@127.0.0.1:9/none',
    });
    expect(await Promise.race([run.exited, new Promise((r) => setTimeout(() => r('running'), 60_000))])).toBe(1);
    const modules = run.modules();
    expect(modules.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
    expect(loaded(modules, 'pglite')).toBe(false);
    expect(loaded(modules, 's3')).toBe(false);
    expect(loaded(modules, 'faker')).toBe(false);
    await run.stop();
  }, 90_000);
});
