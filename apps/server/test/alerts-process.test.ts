import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../src/config.js';
import { createScratchPostgres, type ScratchDatabase } from './support/scratch.js';
import { jobBody } from './helpers.js';
import { freePort, sessionOverHttp, startServerProcess, type ServerProcess } from './server-process.js';
import { startSmtpServer, type ReceivedMail } from './smtp-fixture.js';

/**
 * Job alerts with the real server as a child process: an e-mail queued by the checker survives a SIGKILL before it
 * is sent (sent once after the restart, never twice), and two instances on one database mail each alert once.
 */

// http: an https PUBLIC_URL makes the cookie __Host- and Secure, which sessionOverHttp does not read over plain http.
const SITE = 'http://jobs.example';
const JSON_HEADERS = { 'content-type': 'application/json' };

const isAlert = (mail: ReceivedMail) => mail.raw.includes('List-Unsubscribe-Post:');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

async function postJson(base: string, url: string, cookie: string, body: object): Promise<Response> {
  return fetch(`${base}${url}`, { method: 'POST', headers: { ...JSON_HEADERS, cookie }, body: JSON.stringify(body) });
}

async function stop(server: ServerProcess | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill(signal);
    await server.exited;
  }
}

describe('alert e-mail across a SIGKILL (PGlite, real server process)', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-alerts-kill-'));
  let server: ServerProcess | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  afterAll(async () => {
    await stop(server, 'SIGKILL');
    await smtp?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'an alert queued before the kill is mailed once after the restart: none lost, none repeated',
    { timeout: 240_000 },
    async () => {
      // 1. Accounts (confirmed through the outbox) and the alert.
      server = await startServerProcess({ DATA_DIR: dataDir, PUBLIC_URL: SITE, ALERTS_INTERVAL_MS: '0' });
      const poster = await sessionOverHttp(server.base, {
        name: 'Alert Poster',
        username: 'alert-poster',
        email: 'poster@example.com',
        password: 'a long passphrase 1',
      });
      const reader = await sessionOverHttp(server.base, {
        name: 'Alert Reader',
        username: 'alert-reader',
        email: 'reader@example.com',
        password: 'a long passphrase 2',
      });
      expect(
        (await postJson(server.base, '/api/alerts', reader, { query: 'q=fortran', frequency: 'instant' })).status,
      ).toBe(201);
      await stop(server);

      // 2. SMTP points where nothing listens: the checker queues the e-mail (lastSentAt is set in the same
      // transaction), the worker cannot send it; then the process is killed.
      const deadPort = await freePort();
      server = await startServerProcess({
        DATA_DIR: dataDir,
        PUBLIC_URL: SITE,
        SMTP_URL: `smtp://127.0.0.1:${deadPort}`,
        ALERTS_INTERVAL_MS: '1000',
        MAIL_POLL_SECONDS: '0.5',
      });
      const posted = await postJson(
        server.base,
        '/api/job/post-job',
        poster,
        jobBody({ jobTitle: 'Fortran numerics engineer' }),
      );
      expect(posted.status).toBe(201);
      const jobId = ((await posted.json()) as { insertedId: string }).insertedId;
      await postJson(server.base, '/api/job/post-job', poster, jobBody({ jobTitle: 'Cobol maintainer' }));
      const base = server.base;
      await waitFor(
        'the alert to be queued',
        async () => {
          const alerts = (await (await fetch(`${base}/api/alerts`, { headers: { cookie: reader } })).json()) as {
            lastSentAt: string | null;
          }[];
          return alerts[0]?.lastSentAt ?? undefined;
        },
        30_000,
      );
      await sleep(1_500); // the worker tries (and fails) at least once
      server.child.kill('SIGKILL');
      await server.exited;

      // 3. A real SMTP server now, and the app again: the queued e-mail goes out, once.
      smtp = await startSmtpServer();
      const received = smtp.received;
      server = await startServerProcess({
        DATA_DIR: dataDir,
        PUBLIC_URL: SITE,
        SMTP_URL: smtp.url,
        ALERTS_INTERVAL_MS: '1000',
        MAIL_POLL_SECONDS: '0.5',
      });
      const mail = await waitFor(
        'the alert e-mail',
        () => received.find((m) => isAlert(m) && m.to.includes('reader@example.com')),
        120_000,
      );
      expect(mail.text).toContain(`${SITE}/job/${jobId}`);
      expect(mail.text).not.toContain('Cobol');
      await sleep(5_000);
      await stop(server);
      // And a further restart sends nothing again.
      server = await startServerProcess({
        DATA_DIR: dataDir,
        PUBLIC_URL: SITE,
        SMTP_URL: smtp.url,
        ALERTS_INTERVAL_MS: '1000',
        MAIL_POLL_SECONDS: '0.5',
      });
      await sleep(5_000);
      expect(received.filter(isAlert)).toHaveLength(1);
    },
  );
});

const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)(
  `two app instances on one PostgreSQL database${adminUrl ? '' : ' (skipped: set DATABASE_URL to run it)'}`,
  () => {
    let database: ScratchDatabase | undefined;
    const servers: ServerProcess[] = [];
    let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    afterAll(async () => {
      for (const server of servers) await stop(server, 'SIGKILL');
      await smtp?.close();
      await database?.drop();
    });

    it('mails each alert once while both check at the same interval', { timeout: 240_000 }, async () => {
      database = await createScratchPostgres(adminUrl ?? '', 'jobboard_alerts_two');
      smtp = await startSmtpServer();
      const received = smtp.received;
      const settings = {
        DATABASE_URL: database.url,
        PUBLIC_URL: SITE,
        SMTP_URL: smtp.url,
        ALERTS_INTERVAL_MS: '1000',
        MAIL_POLL_SECONDS: '0.5',
      };
      servers.push(await startServerProcess(settings));
      servers.push(await startServerProcess(settings));
      const [first, second] = servers;
      if (!first || !second) throw new Error('no servers');

      // Accounts, confirmed in the database (their confirmation e-mails go to the SMTP server, not an outbox).
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const people = ['poster', ...Array.from({ length: 8 }, (_, i) => `reader${i}`)];
      const cookies = new Map<string, string>();
      try {
        for (const name of people) {
          const account = {
            name: `Person ${name}`,
            username: name,
            email: `${name}@example.com`,
            password: 'a long passphrase 3',
          };
          const signUp = await fetch(`${first.base}/api/auth/signup`, {
            method: 'POST',
            headers: JSON_HEADERS,
            body: JSON.stringify(account),
          });
          expect(signUp.status).toBe(201);
          await client.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [account.email]);
          cookies.set(name, await sessionOverHttp(first.base, account, false));
        }
        // Each reader's alert, created half on each instance.
        for (const [i, name] of people.slice(1).entries()) {
          const on = i % 2 === 0 ? first : second;
          expect(
            (
              await postJson(on.base, '/api/alerts', cookies.get(name) ?? '', {
                query: 'q=zebra',
                frequency: 'instant',
              })
            ).status,
          ).toBe(201);
        }
        // Two jobs, one on each instance, in the same second: each reader gets them (in one or two e-mails), each once.
        const jobs = await Promise.all(
          [first, second].map(async (server, i) => {
            const response = await postJson(
              server.base,
              '/api/job/post-job',
              cookies.get('poster') ?? '',
              jobBody({ jobTitle: `Zebra keeper ${i}` }),
            );
            return ((await response.json()) as { insertedId: string }).insertedId;
          }),
        );
        const readers = people.slice(1);
        const mailedJobs = () =>
          readers.map((name) =>
            received
              .filter((m) => isAlert(m) && m.to.includes(`${name}@example.com`))
              .flatMap((m) => jobs.filter((id) => m.text.includes(`/job/${id}`))),
          );
        await waitFor(
          'every reader to have both jobs',
          () => (mailedJobs().every((ids) => ids.length >= 2) ? true : undefined),
          60_000,
        );
        await sleep(4_000);
        for (const ids of mailedJobs()) expect(ids.sort()).toEqual([...jobs].sort());
        // Both instances did checks (each alert's last check is recent; the rows were shared, never double-mailed).
        const sent = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM job_alert_sent');
        expect(sent.rows[0]?.n).toBe(readers.length * 2);
      } finally {
        await client.end();
      }
    });
  },
);
