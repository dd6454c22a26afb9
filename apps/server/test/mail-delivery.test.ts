import { afterAll, beforeAll, expect, it } from 'vitest';
import Fastify from 'fastify';
import { migrate } from '../src/db/migrate.js';
import { MailQueue } from '../src/modules/mail/mail.queue.js';
import { SmtpTransport } from '../src/modules/mail/transports.js';
import { createTestDb, describeEachDb } from './helpers.js';
import { startSmtpServer, type ReceivedMail } from './smtp-fixture.js';

/**
 * Each message is its own unit of delivery: a temporary failure of one message of a batch retries that message
 * only, and never sends again one that was already delivered (a real SMTP server on loopback refuses one message
 * once).
 */
describeEachDb('mail delivery, one message at a time', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let drop: () => Promise<void>;
  let queue: MailQueue;
  let refused = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer({
      // The third message of the batch fails once, after two of the batch have been delivered.
      verdict: (mail: ReceivedMail) => {
        if (mail.subject !== 'Message 3' || refused > 0) return undefined;
        refused += 1;
        return new Error('try again later');
      },
    });
    const scratch = await createTestDb(kind);
    drop = scratch.drop;
    await migrate(scratch.db);
    // Polled every 2 s: the five messages queued together are taken as one batch.
    queue = new MailQueue(scratch.db, new SmtpTransport(smtp.url), 'Jobboard <no-reply@jobs.example>', Fastify().log, {
      pollingIntervalSeconds: 2,
      expireSeconds: 300,
    });
    await queue.start();
  });
  afterAll(async () => {
    await queue.stop();
    await drop();
    await smtp.close();
  });

  it('retries only the message that failed; none is delivered twice', async () => {
    for (let n = 1; n <= 5; n += 1)
      await queue.enqueue({ to: `person${n}@example.com`, subject: `Message ${n}`, text: `Body ${n}` });
    const deadline = Date.now() + 40_000;
    while (smtp.received.length < 5 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    // A little longer, for a duplicate that a batch-wide retry would send.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(refused).toBe(1);
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([
      'Message 1',
      'Message 2',
      'Message 3',
      'Message 4',
      'Message 5',
    ]);
  }, 60_000);
});
