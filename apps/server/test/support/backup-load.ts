// The backup test's pieces: a write load through the app's routes that records each acknowledged write, the backup
// command run as an operator runs it, and the check that a restored install holds every write it should.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig, withOverrides, type Config } from '../../src/config.js';
import type { Db } from '../../src/db/client.js';
import { repoRoot, serverRoot } from '../../src/paths.js';
import { postJob, type SignedInUser } from '../helpers.js';
import { minimalPdf } from './documents.js';

export type Write = { kind: 'job'; id: string } | { kind: 'avatar'; name: string } | { kind: 'cv'; id: string };

function multipart(bytes: Buffer, filename: string, field: string, contentType: string) {
  const boundary = `----backup${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

async function upload(app: FastifyInstance, person: SignedInUser, url: string, body: ReturnType<typeof multipart>) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, cookie: person.cookie },
  });
  if (response.statusCode !== 201) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json<{ url?: string; id?: string }>();
}

/**
 * Each person posts jobs, uploads avatars and CVs in a loop until stopped. A write is recorded once the app has
 * answered it (acknowledged); `acked.length` at any moment splits the writes into those answered before and the rest.
 */
export function startWriteLoad(app: FastifyInstance, people: SignedInUser[]) {
  const acked: Write[] = [];
  let stopped = false;
  const loops = people.map(async (person, p) => {
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: p * 40, g: 90, b: 200 } },
    })
      .png()
      .toBuffer();
    for (let i = 0; !stopped; i += 1) {
      acked.push({ kind: 'job', id: await postJob(app, person.cookie, { jobTitle: `Backup load ${p} ${i}` }) });
      if (i % 2 === 0) {
        const { url = '' } = await upload(
          app,
          person,
          '/api/upload/avatar',
          multipart(png, 'me.png', 'file', 'image/png'),
        );
        acked.push({ kind: 'avatar', name: decodeURIComponent(url.split('/').pop() ?? '') });
      }
      if (i % 3 === 0) {
        const pdf = minimalPdf(`CV ${p} ${i}`);
        const { id = '' } = await upload(
          app,
          person,
          '/api/upload/cv',
          multipart(pdf, 'cv.pdf', 'cv', 'application/pdf'),
        );
        acked.push({ kind: 'cv', id });
      }
    }
  });
  return {
    acked,
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/** The backup command (apps/server/src/backup-cli.ts) in a process of its own, configured by `env` only. */
export function backupCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src/backup-cli.ts'), ...args], {
      cwd: repoRoot,
      env: { PATH: process.env.PATH ?? '', DEMO_DATA: 'off', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

/** A configuration for an app over a restored install, as the tests' apps are configured. */
export function restoredConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return withOverrides(loadConfig({ DEMO_DATA: 'off', LOG_LEVEL: 'silent' }), {
    dataDir,
    webhookPollMs: 0,
    importPollMs: 0,
    ...overrides,
  });
}

const bytesAt = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);

/**
 * Every acknowledged write of `writes` is in the restored database and, on disk, its file is there with the bytes the
 * source install stored.
 */
export async function expectWritesRestored(db: Db, writes: Write[], source: Config, target: Config): Promise<void> {
  const ids = (kind: 'job' | 'cv') => writes.flatMap((w) => (w.kind === kind ? [w.id] : []));
  const jobs = await db.query<{ id: string }>('SELECT id::text AS id FROM jobs WHERE id::text = ANY($1)', [ids('job')]);
  expect(jobs.map((row) => row.id).sort()).toEqual(ids('job').sort());
  const cvs = await db.query<{ id: string; storage_key: string }>(
    'SELECT id::text AS id, storage_key FROM cvs WHERE id::text = ANY($1)',
    [ids('cv')],
  );
  expect(cvs.map((row) => row.id).sort()).toEqual(ids('cv').sort());
  if (source.s3) return;
  // Every CV the restored database names has its file, acknowledged or not: the files were copied after the dump.
  for (const row of await db.query<{ storage_key: string }>('SELECT storage_key FROM cvs'))
    expect(fs.existsSync(path.join(target.dataDir, 'private', 'cvs', row.storage_key)), row.storage_key).toBe(true);
  for (const cv of cvs) {
    const name = path.join('private', 'cvs', cv.storage_key);
    expect(bytesAt(path.join(target.dataDir, name)), name).toEqual(bytesAt(path.join(source.dataDir, name)));
  }
  for (const write of writes) {
    if (write.kind !== 'avatar') continue;
    const name = path.join('uploads', write.name);
    expect(bytesAt(path.join(target.dataDir, name)), name).toBeDefined();
    expect(bytesAt(path.join(target.dataDir, name)), name).toEqual(bytesAt(path.join(source.dataDir, name)));
  }
}

/** The restored install starts (nothing left to migrate is checked by the caller) and answers a search and a file. */
export async function expectRestoredAppServes(db: Db, config: Config, writes: Write[]): Promise<void> {
  const app = await buildApp({ db, config });
  try {
    await app.ready();
    const until = Date.now() + 10_000;
    while ((await app.inject({ url: '/api/ready' })).json<{ status: string }>().status === 'loading') {
      if (Date.now() > until) throw new Error('the restored install did not get ready');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const search = await app.inject({ url: '/api/job/search?q=backup%20load' });
    expect(search.statusCode, search.body).toBe(200);
    const jobs = writes.filter((w) => w.kind === 'job').length;
    expect(search.json<{ total: number }>().total).toBeGreaterThanOrEqual(jobs);
    const avatar = writes.find((w) => w.kind === 'avatar');
    if (avatar && !config.s3) {
      const served = await app.inject({ url: `/uploads/${encodeURIComponent(avatar.name)}` });
      expect(served.statusCode).toBe(200);
    }
  } finally {
    await app.close();
  }
}
