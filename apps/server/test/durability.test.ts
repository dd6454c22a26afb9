import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  missingJobs,
  sessionOverHttp,
  startServerProcess,
  writeUntilKilled,
  type ServerProcess,
} from './server-process.js';

/**
 * Durability: a server killed with SIGKILL during writes on PGlite, then restarted on the same DATA_DIR, has every
 * write it acknowledged. The real server process is spawned, because only a real process can be killed.
 */

const STARTUP_TIMEOUT_MS = 90_000;
/** Bounds on the write load of one round. */
const MIN_ACKED_BEFORE_KILL = 15;
const MAX_POSTS_PER_ROUND = 400;

const durableAccount = (n: number) => ({
  name: 'Durable User',
  username: `durable-${n}`,
  email: `durable-${n}@example.com`,
  password: 'durable passphrase 42',
});

describe('durability on PGlite (real server process, SIGKILL)', () => {
  let dataDir: string;
  let current: ServerProcess | undefined;

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

  it(
    'finds every acknowledged job after SIGKILL during writes and a restart, twice',
    { timeout: 300_000 },
    async () => {
      const allAcked = new Map<string, string>();

      for (let round = 1; round <= 2; round += 1) {
        current = await startServerProcess({ DATA_DIR: dataDir }, STARTUP_TIMEOUT_MS);
        // Everything acknowledged before is still there after the previous kill.
        expect(await missingJobs(current.base, allAcked)).toEqual([]);
        const cookie = await sessionOverHttp(current.base, durableAccount(round));
        const acked = await writeUntilKilled(current, cookie, {
          writers: 1,
          killAfter: MIN_ACKED_BEFORE_KILL + Math.floor(Math.random() * 20),
          titlePrefix: `Durable round ${round}`,
          maxPerWriter: MAX_POSTS_PER_ROUND,
        });
        expect(acked.size).toBeGreaterThanOrEqual(MIN_ACKED_BEFORE_KILL);
        for (const [id, title] of acked) allAcked.set(id, title);
        expect(current.child.signalCode).toBe('SIGKILL');
      }

      current = await startServerProcess({ DATA_DIR: dataDir }, STARTUP_TIMEOUT_MS);
      expect(await missingJobs(current.base, allAcked)).toEqual([]);
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
      const cookie =
        signIn.headers
          .getSetCookie()
          .find((c) => c.startsWith('jobboard_session='))
          ?.split(';')[0] ?? '';
      const [victim] = [...allAcked.keys()].filter((id) => allAcked.get(id)?.startsWith('Durable round 1'));
      if (!victim) throw new Error('no job of round 1');
      const deleted = await fetch(`${current.base}/api/job/delete/${victim}`, {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(deleted.status).toBe(200);
      expect(await missingJobs(current.base, allAcked)).toEqual([victim]);

      current.child.kill('SIGTERM');
      expect(await current.exited).toBe(0);
    },
  );
});
