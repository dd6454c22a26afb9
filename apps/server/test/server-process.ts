import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real server as a child process, for the tests that must kill it, stop it or restart it. */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  stderr: () => string;
}

/**
 * Starts `apps/server/src/server.ts` on a free port with the given settings (nothing else of the suite's
 * environment: no DATABASE_URL, REDIS_URL, ... unless given) and waits until /api/health answers 200.
 */
export async function startServerProcess(settings: NodeJS.ProcessEnv, startupTimeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(DATABASE_URL|DATA_DIR|REDIS_URL|CORS_ORIGINS|PUBLIC_URL|S3_|OIDC_|VITEST)/.test(key)) delete env[key];
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: { ...env, DEMO_DATA: 'off', LOG_LEVEL: 'silent', ...settings, PORT: String(port), HOST: '127.0.0.1' },
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
      if ((await fetch(`${base}/api/health`)).status === 200) return { child, base, exited, stderr: () => stderr };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${stderr}`);
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Signs up (unless the account exists) and signs in over HTTP; answers the session cookie pair. */
export async function sessionOverHttp(base: string, account: { name: string; username: string; email: string; password: string }, signUp = true): Promise<string> {
  if (signUp) {
    const response = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(account) });
    if (response.status !== 201) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
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
