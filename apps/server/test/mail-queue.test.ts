import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readOutbox, waitForLinkToken } from './outbox.js';
import { startServerProcess, type ServerProcess } from './server-process.js';
import { startSmtpServer, waitForMail } from './smtp-fixture.js';

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

  it('sends a message whose sending a SIGKILL interrupted (data sent, no answer yet) after the restart, once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-mailq-smtp-'));
    let processes: ServerProcess | undefined;
    let killed: Promise<number | null> | undefined;
    // The first attempt is held unanswered and the server killed right then: the message was sent and not yet
    // marked. A queue that marked it before sending would lose it here.
    const smtp = await startSmtpServer({
      verdict: () => {
        if (killed || !processes) return undefined;
        processes.child.kill('SIGKILL');
        killed = processes.exited;
        return 'hold';
      },
    });
    const settings = { DATA_DIR: dir, SMTP_URL: smtp.url, MAIL_POLL_SECONDS: '0.5', MAIL_EXPIRE_SECONDS: '4' };
    try {
      processes = await startServerProcess(settings);
      const email = 'interrupted@example.com';
      const signUp = await fetch(`${processes.base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Interrupted Person',
          username: 'interrupted',
          email,
          password: 'a long passphrase 1',
        }),
      });
      expect(signUp.status).toBe(201);
      const deadline = Date.now() + 20_000;
      while (!killed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(killed).toBeDefined();
      await killed;
      expect(smtp.received).toEqual([]);

      processes = await startServerProcess(settings);
      await waitForMail(smtp.received, email, /confirm/i, 45_000);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      processes?.child.kill('SIGKILL');
      if (processes) await processes.exited;
      await smtp.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
