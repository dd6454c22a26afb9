import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../src/config.js';
import { openPostgres } from '../src/db/client.js';
import { createScratchPostgres } from './support/scratch.js';
import { MailQueue } from '../src/modules/mail/mail.queue.js';
import { OutboxTransport } from '../src/modules/mail/transports.js';
import { dbSkipReason } from './helpers.js';

/**
 * Two app instances starting together on a fresh database both start the mail queue: pg-boss's create_queue
 * deadlocked against itself in 2 of 5 such starts, and the loser's start failed (an enqueue awaiting it, a
 * sign-up, answered 500 in the cluster test). Each round is a fresh database, two queues on two pools started at
 * once; both must start and take a message.
 */
const reason = dbSkipReason('postgres');
describe.skipIf(Boolean(reason))(
  `mail queues of two instances starting together on postgres${reason ? ` (${reason})` : ''}`,
  () => {
    it('both start, every round (8 fresh databases)', { timeout: 120_000 }, async () => {
      const outcomes: string[] = [];
      for (let round = 0; round < 8; round += 1) {
        const scratch = await createScratchPostgres(testDatabaseUrl() ?? '', 'jobboard_mailq', 2);
        const dbs = [openPostgres(scratch.url ?? '', { max: 3 }), openPostgres(scratch.url ?? '', { max: 3 })];
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-mailq-'));
        const queues = dbs.map(
          (db) =>
            new MailQueue(db, new OutboxTransport(dir), 'Jobboard <no-reply@jobboard.local>', Fastify().log, {
              pollingIntervalSeconds: 60,
              expireSeconds: 300,
            }),
        );
        try {
          const starts = await Promise.allSettled(queues.map((queue) => queue.start()));
          outcomes.push(starts.map((s) => (s.status === 'fulfilled' ? 'ok' : String(s.reason))).join(' / '));
          if (starts.every((s) => s.status === 'fulfilled')) {
            const ids = await Promise.all(
              queues.map((queue) => queue.enqueue({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })),
            );
            expect(ids.every(Boolean)).toBe(true);
          }
        } finally {
          await Promise.all(queues.map((queue) => queue.stop()));
          await Promise.all(dbs.map((db) => db.close()));
          await scratch.drop();
          fs.rmSync(dir, { recursive: true, force: true });
        }
      }
      expect(outcomes).toEqual(Array.from({ length: 8 }, () => 'ok / ok'));
    });
  },
);
