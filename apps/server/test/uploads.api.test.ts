import { createHash } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import sharp from 'sharp';
import S3rver from 's3rver';
import { MESSAGES } from '@jobboard/shared';
import { DiskStorage, S3Storage } from '../src/modules/uploads/storage.js';
import { avatarFileName, safeBaseName } from '../src/modules/uploads/avatar.service.js';
import { buildTestApp, expectErrorShape, signUpAndSignIn, type TestApp } from './helpers.js';

/** A multipart body with one file in field `file`, built by hand so the test controls every byte. */
function multipart(bytes: Buffer, filename: string, contentType = 'application/octet-stream', field = 'file') {
  const boundary = `----jobboard${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

async function image(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } }).withMetadata({
    exif: { IFD0: { Copyright: 'secret-camera-owner' } },
  });
  return base.toFormat(format).toBuffer();
}

/** Random pixels do not compress, so this makes a real PNG over 2 MB. */
async function bigPng(): Promise<Buffer> {
  const raw = Buffer.alloc(1200 * 1000 * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: 1200, height: 1000, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

describe('avatar uploads on disk', () => {
  let t: TestApp;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-uploads-'));
    t = await buildTestApp('pglite', { dataDir });
    ({ cookie } = await signUpAndSignIn(t.app));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const uploadsDir = () => path.join(dataDir, 'uploads');
  const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

  it.each(['png', 'jpeg', 'webp', 'gif'] as const)('stores a %s as a square WebP without metadata', async (format) => {
    const { payload, headers } = multipart(await image(format), `My Photo.${format}`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(/^\/uploads\/\d{13}-[0-9a-f]{16}-my-photo\.webp$/);

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect([meta.width, meta.height]).toEqual([256, 256]);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses visitors', async () => {
    const { payload, headers } = multipart(await image('png'), 'a.png');
    const response = await t.app.inject({ method: 'POST', url: '/api/upload/avatar', payload, headers });
    expectErrorShape(response, 401);
  });

  it('judges by the bytes, not the name: a text file called photo.png is refused and nothing is stored', async () => {
    const before = storedFiles().length;
    const { payload, headers } = multipart(
      Buffer.from('<svg onload="alert(1)"></svg> not an image'),
      'photo.png',
      'image/png',
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { ...headers, cookie },
    });
    expect(expectErrorShape(response, 400)).toBe(MESSAGES.avatarUploadFailed);
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a truncated image', async () => {
    const png = await image('png');
    const { payload, headers } = multipart(png.subarray(0, Math.floor(png.length / 3)), 'cut.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { ...headers, cookie },
    });
    expect(expectErrorShape(response, 400)).toBe(MESSAGES.avatarUploadFailed);
  });

  it('refuses a file over 2 MB with the spec message and stores nothing', async () => {
    const before = storedFiles().length;
    const big = await bigPng();
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const { payload, headers } = multipart(big, 'big.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().message).toBe(MESSAGES.avatarUploadFailed);
    expect(storedFiles().length).toBe(before);
  });

  it('keeps a path in the name out of the file system', async () => {
    const { payload, headers } = multipart(await image('png'), '../../../etc/evil.png', 'image/png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().url).toMatch(/^\/uploads\/\d{13}-[0-9a-f]{16}-evil\.webp$/);
    expect(fs.existsSync(path.join(dataDir, 'etc'))).toBe(false);
    expect(storedFiles().every((f) => !f.endsWith('.tmp'))).toBe(true);
  });

  it('refuses multipart without the custom header (a cross-site form could send it)', async () => {
    const { payload, headers } = multipart(await image('png'), 'a.png');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { 'content-type': headers['content-type'], cookie },
    });
    expectErrorShape(response, 415);
  });

  it('names files by timestamp and sanitized original name', () => {
    expect(safeBaseName('..\\..\\Windows\\My Photo (1).JPG')).toBe('my-photo-1');
    expect(safeBaseName('.png')).toBe('avatar');
    expect(avatarFileName('résumé photo.png', 1_700_000_000_000, '0123456789abcdef')).toBe(
      '1700000000000-0123456789abcdef-resume-photo.webp',
    );
  });

  it('the default avatar is served locally', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/default-avatar.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
  });

  it(
    'DiskStorage writes whole files only: a concurrent reader never sees part of one',
    { timeout: 60_000 },
    async () => {
      const directory = path.join(dataDir, 'direct');
      const storage = new DiskStorage(directory);
      const target = path.join(directory, 'x.webp');
      // Two different contents, each of them large enough to take many write calls.
      const contents = [Buffer.alloc(4 * 1024 * 1024, 'a'), Buffer.alloc(5 * 1024 * 1024, 'b')];
      const whole = new Set(contents.map((c) => createHash('sha256').update(c).digest('hex')));
      // A reader in another thread, reading the file as fast as it can while it is written over and over.
      const reader = new Worker(
        `const { parentPort, workerData } = require('node:worker_threads');
       const fs = require('node:fs');
       const { createHash } = require('node:crypto');
       const seen = new Map();
       let stop = false;
       parentPort.on('message', () => { stop = true; });
       (function loop() {
         for (let i = 0; i < 20; i += 1) {
           let key;
           try { key = createHash('sha256').update(fs.readFileSync(workerData)).digest('hex'); }
           catch (error) { key = error.code; }
           seen.set(key, (seen.get(key) ?? 0) + 1);
         }
         if (stop) parentPort.postMessage([...seen]);
         else setImmediate(loop);
       })();`,
        { eval: true, workerData: target },
      );
      const seen = new Promise<Map<string, number>>((resolve) =>
        reader.once('message', (entries: [string, number][]) => resolve(new Map(entries))),
      );
      for (let i = 0; i < 30; i += 1) {
        // put never writes over a name (security review finding 9): the file goes, then comes back whole.
        fs.rmSync(target, { force: true });
        expect(await storage.put('x.webp', contents[i % 2] as Buffer, 'image/webp')).toBe('/uploads/x.webp');
      }
      reader.postMessage('stop');
      const reads = await seen;
      await reader.terminate();
      // Every read found no file yet, or one of the two contents whole.
      const partial = [...reads].filter(([key]) => key !== 'ENOENT' && !whole.has(key));
      expect(partial, 'reads of a partial file').toEqual([]);
      expect([...reads].filter(([key]) => whole.has(key)).reduce((n, [, count]) => n + count, 0)).toBeGreaterThan(0);
      expect(createHash('sha256').update(fs.readFileSync(target)).digest('hex')).toBe(
        createHash('sha256')
          .update(contents[1] as Buffer)
          .digest('hex'),
      );
    },
  );

  it('DiskStorage leaves no partial file after a crash at any point of a write', async () => {
    const directory = path.join(dataDir, 'crash');
    const storage = new DiskStorage(directory);
    const target = path.join(directory, 'y.webp');
    const before = Buffer.alloc(64 * 1024, 'o');
    const after = Buffer.alloc(96 * 1024, 'n');
    // A crash after the first N changes to the file system: from then on, nothing more reaches the disk.
    const mutating = [
      'writeFile',
      'appendFile',
      'rename',
      'copyFile',
      'truncate',
      'open',
      'write',
      'link',
      'symlink',
      'cp',
    ] as const;
    type FsFunction = (...args: unknown[]) => Promise<unknown>;
    const api = fsp as unknown as Record<string, FsFunction>;
    const names = mutating.filter((name) => typeof api[name] === 'function');
    const originals = new Map(names.map((name) => [name, (api[name] as FsFunction).bind(fsp)]));
    let crashPoints = 0;
    for (let allowed = 0; allowed < 20; allowed += 1) {
      fs.rmSync(directory, { recursive: true, force: true });
      await storage.put('y.webp', before, 'image/webp');
      let done = 0;
      let crashed = false;
      const spies = names.map((name) =>
        vi.spyOn(api, name).mockImplementation(async (...args: unknown[]) => {
          if (done >= allowed) {
            crashed = true;
            throw new Error('crashed');
          }
          done += 1;
          return (originals.get(name) as FsFunction)(...args);
        }),
      );
      try {
        await storage.put('y.webp', after, 'image/webp').catch(() => undefined);
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
      // The file is the old one or the new one, whole; never missing, never a mix or a part.
      const now = fs.readFileSync(target);
      expect(
        now.equals(before) || now.equals(after),
        `crash after ${allowed} file-system changes: ${now.length} bytes`,
      ).toBe(true);
      if (!crashed) break;
      crashPoints += 1;
    }
    expect(crashPoints).toBeGreaterThan(0);
  });
});

describe('avatar uploads to S3-compatible storage', () => {
  let s3: S3rver;
  let endpoint: string;
  let t: TestApp;
  let s3Dir: string;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'avatars-test' }],
    });
    const address = (await s3.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
    t = await buildTestApp('pglite', {
      s3: {
        bucket: 'avatars-test',
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        publicUrl: undefined,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores the re-encoded avatar in the bucket and answers its URL', async () => {
    const { cookie } = await signUpAndSignIn(t.app);
    const { payload, headers } = multipart(await image('jpeg'), 'face.jpg', 'image/jpeg');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode).toBe(201);
    const { url } = response.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^${endpoint}/avatars-test/avatars/\\d{13}-[0-9a-f]{16}-face\\.webp$`));
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    const meta = await sharp(Buffer.from(await fetched.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(256);
  });

  it('S3Storage builds path-style URLs from the endpoint', async () => {
    const storage = new S3Storage({
      bucket: 'avatars-test',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: 'https://cdn.example/a',
    });
    const url = await storage.put('n.webp', Buffer.from('x'), 'image/webp');
    expect(url).toBe('https://cdn.example/a/avatars/n.webp');
  });
});
