import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobBody } from './helpers.js';
import { missingJobs, sessionOverHttp, startServerProcess, type ServerProcess } from './server-process.js';

/** Issue 2: SIGTERM finishes the requests in flight, closes the database, and exits 0. */
describe('graceful shutdown on SIGTERM (real server process, PGlite)', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-shutdown-'));
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGKILL');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the writes already in flight, exits 0, and leaves a database that opens again', { timeout: 180_000 }, async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    const account = { name: 'Shut Down', username: 'shutdown', email: 'shutdown@example.com', password: 'graceful passphrase' };
    const cookie = await sessionOverHttp(server.base, account);
    const titles = Array.from({ length: 20 }, (_, i) => `Graceful ${i}`);
    // Twenty writes on their way, then SIGTERM while they are being handled.
    const inFlight = titles.map((title) =>
      fetch(`${server?.base}/api/job/post-job`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(jobBody({ jobTitle: title })),
      }).then(
        async (response) => ({ status: response.status, body: (await response.json()) as { insertedId?: string } }),
        () => ({ status: 0, body: {} as { insertedId?: string } }),
      ),
    );
    await new Promise((r) => setTimeout(r, 15));
    server.child.kill('SIGTERM');
    const answers = await Promise.all(inFlight);
    expect(await server.exited).toBe(0);

    // Every request the server had accepted got a real answer: a 201, or a 503 once it was closing.
    const acknowledged = new Map<string, string>();
    answers.forEach((answer, i) => {
      if (answer.status === 201 && answer.body.insertedId) acknowledged.set(answer.body.insertedId, titles[i] ?? '');
    });
    expect(answers.every((a) => [201, 503, 0].includes(a.status))).toBe(true);
    expect(acknowledged.size).toBeGreaterThan(0);

    // A closed database opens again, with every acknowledged write in it.
    server = await startServerProcess({ DATA_DIR: dataDir });
    expect(await missingJobs(server.base, acknowledged)).toEqual([]);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });
});
