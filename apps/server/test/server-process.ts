import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jobBody } from './helpers.js';
import { waitForLinkToken } from './outbox.js';

/** The real server as a child process, for the tests that must kill it, stop it or restart it. */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Where its mail lands (DATA_DIR/outbox). */
  outbox: string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  stderr: () => string;
}

/**
 * Starts `apps/server/src/server.ts` on a free port with the given settings (nothing else of the suite's
 * environment: no DATABASE_URL, REDIS_URL, ... unless given) and waits until /api/health answers 200.
 */
export async function startServerProcess(
  settings: NodeJS.ProcessEnv,
  startupTimeoutMs = 90_000,
): Promise<ServerProcess> {
  const port = await freePort();
  // Files the server writes (the mail outbox, uploads) never land in the repo's data/ directory.
  settings = { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-process-')), ...settings };
  const outbox = path.join(settings.DATA_DIR ?? '', 'outbox');
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|DATA_DIR|REDIS_URL|CORS_ORIGINS|PUBLIC_URL|S3_|OIDC_|VITEST)/.test(key)) delete env[key];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    // One account posts hundreds of jobs here (durability, shutdown): far beyond a day's POSTS_PER_DAY, which
    // abuse.api and moderation.api test; a setting passed in still wins.
    env: {
      ...env,
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      POSTS_PER_DAY: '100000',
      ...settings,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  let gone = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      gone = true;
      resolve(code);
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startupTimeoutMs;
  while (Date.now() < deadline && !gone) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) {
        outboxes.set(base, outbox);
        return { child, base, outbox, exited, stderr: () => stderr };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

const JSON_HEADERS = { 'content-type': 'application/json' };
/** Each started server's outbox, by its base URL. */
const outboxes = new Map<string, string>();

/**
 * Signs up (unless the account exists), confirms the address with the link the server mailed to its outbox (so
 * the account may post), and signs in over HTTP; answers the session cookie pair.
 */
export async function sessionOverHttp(
  base: string,
  account: { name: string; username: string; email: string; password: string },
  signUp = true,
): Promise<string> {
  if (signUp) {
    const response = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(account),
    });
    if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
    const outbox = outboxes.get(base);
    if (!outbox) throw new Error(`no outbox known for ${base}`);
    const token = await waitForLinkToken(outbox, account.email, 'verify-email');
    const confirmed = await fetch(`${base}/api/auth/verify-email`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify({ token }),
    });
    if (confirmed.status !== 200)
      throw new Error(`verify-email answered ${confirmed.status}: ${await confirmed.text()}`);
  }
  const signIn = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith('jobboard_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}

/** The acknowledged job ids the server cannot find with their title, id by id (a count would hide a loss). */
export async function missingJobs(base: string, acked: Map<string, string>): Promise<string[]> {
  const lost: string[] = [];
  for (const [id, title] of acked) {
    const response = await fetch(`${base}/api/job/all-jobs/${id}`);
    const job = response.status === 200 ? ((await response.json()) as { _id: string; jobTitle: string }) : undefined;
    if (job?._id !== id || job.jobTitle !== title) lost.push(id);
  }
  return lost;
}

/**
 * Posts jobs from `writers` concurrent writers and kills the server with SIGKILL while a post is in flight, once
 * at least `killAfter` posts are acknowledged (somewhere between receiving, writing and answering). Answers the id
 * and title of every post that got a 201 with `acknowledged: true`.
 */
export async function writeUntilKilled(
  server: ServerProcess,
  cookie: string,
  options: { writers: number; killAfter: number; titlePrefix: string; maxPerWriter?: number },
): Promise<Map<string, string>> {
  const acked = new Map<string, string>();
  let killed = false;
  await Promise.all(
    Array.from({ length: options.writers }, async (_, writer) => {
      for (let i = 0; i < (options.maxPerWriter ?? 500) && !killed; i += 1) {
        const title = `${options.titlePrefix} writer ${writer} post ${i}`;
        const request = fetch(`${server.base}/api/job/post-job`, {
          method: 'POST',
          headers: { ...JSON_HEADERS, cookie },
          body: JSON.stringify(jobBody({ jobTitle: title })),
        });
        if (!killed && acked.size >= options.killAfter) {
          killed = true;
          setTimeout(() => server.child.kill('SIGKILL'), Math.floor(Math.random() * 4));
        }
        try {
          const response = await request;
          if (response.status === 201) {
            const body = (await response.json()) as { acknowledged: boolean; insertedId: string };
            if (body.acknowledged) acked.set(body.insertedId, title);
          } else if (!killed) {
            throw new Error(`post answered ${response.status}: ${await response.text()}`);
          }
        } catch (error) {
          if (!killed) throw error;
          return; // the server is gone: this write was never acknowledged
        }
      }
    }),
  );
  if (!killed) server.child.kill('SIGKILL');
  await server.exited;
  return acked;
}
