import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBody } from './helpers.js';

/**
 * Issue 2: a server killed with SIGKILL during writes on PGlite, then restarted on the same DATA_DIR, has every
 * write it acknowledged. The real server process is spawned, because only a real process can be killed.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const STARTUP_TIMEOUT_MS = 90_000;
/** Bounds on the write load of one round. */
const MIN_ACKED_BEFORE_KILL = 15;
const MAX_POSTS_PER_ROUND = 400;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // This test is about PGlite on disk, whatever the suite's DATABASE_URL.
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|REDIS_URL|CORS_ORIGINS|PUBLIC_URL|S3_|OIDC_|VITEST)/.test(key)) delete env[key];
  }
  return { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'silent' };
}

interface Running {
  child: ChildProcess;
  base: string;
  exited: Promise<number | null>;
  stderr: () => string;
}

async function startServer(dataDir: string): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: serverEnv(port, dataDir),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exitedEarly = false;
  void exited.then(() => {
    exitedEarly = true;
  });
  while (Date.now() < deadline && !exitedEarly) {
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.status === 200) return { child, base, exited, stderr: () => stderr };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

async function signUpAndSignIn(base: string, n: number): Promise<string> {
  const email = `durable-${n}@example.com`;
  const password = 'durable passphrase 42';
  const headers = { 'content-type': 'application/json' };
  const signUp = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Durable User', username: `durable-${n}`, email, password }),
  });
  expect(signUp.status).toBe(201);
  const signIn = await fetch(`${base}/api/auth/signin`, { method: 'POST', headers, body: JSON.stringify({ email, password }) });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('jobboard_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

/**
 * Posts jobs one after another and kills the server with SIGKILL while a post is in flight, after a varying
 * number of acknowledged posts. Answers the ids (and titles) of every post that got a 201.
 */
async function postUntilKilled(server: Running, cookie: string, round: number): Promise<Map<string, string>> {
  const acked = new Map<string, string>();
  const killAfter = MIN_ACKED_BEFORE_KILL + Math.floor(Math.random() * 20);
  let killed = false;
  for (let i = 0; i < MAX_POSTS_PER_ROUND; i += 1) {
    const title = `Durable round ${round} post ${i}`;
    const request = fetch(`${server.base}/api/job/post-job`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(jobBody({ jobTitle: title })),
    });
    if (!killed && acked.size >= killAfter) {
      // Kill while this post is in flight: somewhere between receiving, writing and answering.
      killed = true;
      setTimeout(() => server.child.kill('SIGKILL'), Math.floor(Math.random() * 4));
    }
    try {
      const response = await request;
      if (response.status === 201) {
        const body = (await response.json()) as { acknowledged: boolean; insertedId: string };
        if (body.acknowledged === true) acked.set(body.insertedId, title);
      } else if (!killed) {
        throw new Error(`post ${i} answered ${response.status}: ${await response.text()}`);
      }
    } catch (error) {
      if (!killed) throw error;
      break; // the server is gone: the write was never acknowledged
    }
  }
  if (!killed) server.child.kill('SIGKILL');
  await server.exited;
  return acked;
}

/** The acknowledged ids the server cannot find, compared id by id (a count would hide a lost write). */
async function missing(base: string, acked: Map<string, string>): Promise<string[]> {
  const lost: string[] = [];
  for (const [id, title] of acked) {
    const response = await fetch(`${base}/api/job/all-jobs/${id}`);
    if (response.status !== 200) {
      lost.push(id);
      continue;
    }
    const job = (await response.json()) as { _id: string; jobTitle: string };
    if (job._id !== id || job.jobTitle !== title) lost.push(id);
  }
  return lost;
}

describe('durability on PGlite (real server process, SIGKILL)', () => {
  let dataDir: string;
  let current: Running | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-durability-'));
  });
  afterAll(async () => {
    if (current && current.child.exitCode === null && current.child.signalCode === null) {
      current.child.kill('SIGKILL');
      await current.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds every acknowledged job after SIGKILL during writes and a restart, twice', { timeout: 300_000 }, async () => {
    const allAcked = new Map<string, string>();

    for (let round = 1; round <= 2; round += 1) {
      current = await startServer(dataDir);
      // Everything acknowledged before is still there after the previous kill.
      expect(await missing(current.base, allAcked)).toEqual([]);
      const cookie = await signUpAndSignIn(current.base, round);
      const acked = await postUntilKilled(current, cookie, round);
      expect(acked.size).toBeGreaterThanOrEqual(MIN_ACKED_BEFORE_KILL);
      for (const [id, title] of acked) allAcked.set(id, title);
      expect(current.child.signalCode).toBe('SIGKILL');
    }

    current = await startServer(dataDir);
    expect(await missing(current.base, allAcked)).toEqual([]);
    const all = (await (await fetch(`${current.base}/api/job/all-jobs`)).json()) as { _id: string }[];
    const stored = new Set(all.map((j) => j._id));
    for (const id of allAcked.keys()) expect(stored.has(id)).toBe(true);
    // The users signed up before each kill are there too.
    const signIn = await fetch(`${current.base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'durable-1@example.com', password: 'durable passphrase 42' }),
    });
    expect(signIn.status).toBe(200);

    // The check itself can fail: a job that is really gone is reported, by id.
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('jobboard_session='))?.split(';')[0] ?? '';
    const [victim] = [...allAcked.keys()].filter((id) => allAcked.get(id)?.startsWith('Durable round 1'));
    if (!victim) throw new Error('no job of round 1');
    const deleted = await fetch(`${current.base}/api/job/delete/${victim}`, { method: 'DELETE', headers: { cookie } });
    expect(deleted.status).toBe(200);
    expect(await missing(current.base, allAcked)).toEqual([victim]);

    current.child.kill('SIGTERM');
    expect(await current.exited).toBe(0);
  });
});
