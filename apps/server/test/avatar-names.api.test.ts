import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { DiskStorage, S3Storage } from '../src/modules/uploads/storage.js';
import { buildTestApp, signUpAndSignIn, type TestApp } from './helpers.js';

/**
 * Security review finding 9: two avatars uploaded under the same name in the same millisecond got the same
 * URL, and the later one overwrote the earlier (which browsers and CDNs keep for a year: immutable).
 * Names are now unique (random), and neither storage ever writes over an existing object.
 */

function multipart(bytes: Buffer, filename: string) {
  const boundary = `----names${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

const solid = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

/** The colour of the middle pixel of a stored avatar. */
async function colourOf(bytes: Buffer): Promise<number[]> {
  const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return [data[0] ?? -1, data[1] ?? -1, data[2] ?? -1];
}

const near = (actual: number[], expected: number[]) => actual.every((v, i) => Math.abs(v - (expected[i] ?? 0)) <= 8);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('finding 9: avatar names never collide (disk storage)', () => {
  let t: TestApp;
  let dataDir: string;
  let cookie: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-names-'));
    t = await buildTestApp('pglite', { dataDir });
    ({ cookie } = await signUpAndSignIn(t.app));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, name: string) => {
    const { payload, headers } = multipart(bytes, name);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { ...headers, cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ url: string }>().url;
  };

  it('two uploads with the same name in the same millisecond get two URLs, each serving its own image', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const red = [220, 20, 20];
    const blue = [20, 20, 220];
    const [first, second] = await Promise.all([
      upload(await solid(220, 20, 20), 'me.png'),
      upload(await solid(20, 20, 220), 'me.png'),
    ]);
    expect(first).not.toBe(second);
    const served = await Promise.all([first, second].map((url) => t.app.inject({ method: 'GET', url: String(url) })));
    expect(served.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(
      near(await colourOf(served[0]?.rawPayload ?? Buffer.alloc(0)), red),
      'first URL still serves the first image',
    ).toBe(true);
    expect(
      near(await colourOf(served[1]?.rawPayload ?? Buffer.alloc(0)), blue),
      'second URL serves the second image',
    ).toBe(true);
    // Still named after the time and the original name (spec), now with a random part between them.
    expect(first).toMatch(/^\/uploads\/1700000000000-[0-9a-f]{16,}-me\.webp$/);
  });

  it('many uploads of the same name at once: all distinct, all kept', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_001);
    const urls = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => upload(await solid(i * 30, 100, 100), 'same.png')),
    );
    expect(new Set(urls).size).toBe(8);
    const files = fs.readdirSync(path.join(dataDir, 'uploads')).filter((f) => f.startsWith('1700000000001-'));
    expect(files).toHaveLength(8);
  });

  it('DiskStorage never writes over an existing file: a second put of a name fails and the first bytes stay', async () => {
    const storage = new DiskStorage(path.join(dataDir, 'direct'));
    const a = Buffer.from('first bytes');
    const b = Buffer.from('second bytes, longer');
    expect(await storage.put('taken.webp', a, 'image/webp')).toBe('/uploads/taken.webp');
    await expect(storage.put('taken.webp', b, 'image/webp')).rejects.toThrow(/exists/i);
    expect(fs.readFileSync(path.join(storage.directory, 'taken.webp')).equals(a)).toBe(true);
    // Racing writers of one name: exactly one wins, the file is its bytes, and no temporary file is left.
    const contents = Array.from({ length: 6 }, (_, i) => Buffer.alloc(256 * 1024, 65 + i));
    const outcomes = await Promise.allSettled(contents.map((c) => storage.put('race.webp', c, 'image/webp')));
    const winners = outcomes.flatMap((o, i) => (o.status === 'fulfilled' ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(
      fs.readFileSync(path.join(storage.directory, 'race.webp')).equals(contents[winners[0] ?? -1] as Buffer),
    ).toBe(true);
    expect(fs.readdirSync(storage.directory).sort()).toEqual(['race.webp', 'taken.webp']);
  });
});

describe('finding 9: avatar names never collide (S3-compatible storage)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-names-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'names-test' }],
    });
    endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
    t = await buildTestApp('pglite', {
      s3: {
        bucket: 'names-test',
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        publicUrl: undefined,
      },
    });
    ({ cookie } = await signUpAndSignIn(t.app));
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('same name, same millisecond: two objects, each URL serving its own image', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_002);
    const send = async (bytes: Buffer) => {
      const { payload, headers } = multipart(bytes, 'face.png');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/upload/avatar',
        payload,
        headers: { ...headers, cookie },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ url: string }>().url;
    };
    const [first, second] = await Promise.all([send(await solid(220, 20, 20)), send(await solid(20, 220, 20))]);
    expect(first).not.toBe(second);
    const bytes = await Promise.all(
      [first, second].map(async (url) => Buffer.from(await (await fetch(String(url))).arrayBuffer())),
    );
    expect(near(await colourOf(bytes[0] as Buffer), [220, 20, 20])).toBe(true);
    expect(near(await colourOf(bytes[1] as Buffer), [20, 220, 20])).toBe(true);
  });

  it('asks S3 to refuse an overwrite (If-None-Match: *) on every put', async () => {
    const storage = new S3Storage({
      bucket: 'names-test',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      publicUrl: undefined,
    });
    const sent: Record<string, unknown>[] = [];
    vi.spyOn(S3Client.prototype, 'send').mockImplementation((command: { input?: unknown }) => {
      sent.push(command.input as Record<string, unknown>);
      return Promise.resolve({}) as never;
    });
    await storage.put('x.webp', Buffer.from('x'), 'image/webp');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ Bucket: 'names-test', Key: 'avatars/x.webp', IfNoneMatch: '*' });
  });
});
