import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOutbox, waitForLinkToken } from './outbox.js';
import { startServerProcess, type ServerProcess } from './server-process.js';

/**
 * The mail queue is durable: a message queued and not yet sent when the server is killed (SIGKILL) goes out after
 * the restart, exactly once, and further restarts do not send it again.
 */
describe('mail queue across crashes and restarts (PGlite, real server process)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-mailq-'));
  const outbox = path.join(dataDir, 'outbox');
  let server: ServerProcess | undefined;
  afterAll(async () => {
    server?.child.kill('SIGKILL');
    if (server) await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a message queued before a SIGKILL once after the restart, and never again', async () => {
    // The first server's worker would not look at the queue for an hour: the message is queued, not sent.
    server = await startServerProcess({ DATA_DIR: dataDir, MAIL_POLL_SECONDS: '3600' });
    const email = 'queued@example.com';
    const signUp = await fetch(`${server.base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Queued Person', username: 'queued', email, password: 'a long passphrase 1' }),
    });
    expect(signUp.status).toBe(201);
    server.child.kill('SIGKILL');
    await server.exited;
    expect(readOutbox(outbox)).toEqual([]);

    server = await startServerProcess({ DATA_DIR: dataDir, MAIL_POLL_SECONDS: '0.5' });
    await waitForLinkToken(outbox, email, 'verify-email');
    expect(readOutbox(outbox).filter((m) => m.to.includes(email))).toHaveLength(1);
    server.child.kill('SIGTERM');
    await server.exited;

    server = await startServerProcess({ DATA_DIR: dataDir, MAIL_POLL_SECONDS: '0.5' });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(readOutbox(outbox).filter((m) => m.to.includes(email))).toHaveLength(1);
  }, 120_000);
});
