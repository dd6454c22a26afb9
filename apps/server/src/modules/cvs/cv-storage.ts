import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { filesBefore, loadS3Sdk, objectsBefore, s3Client, writeNewFile } from '../uploads/storage.js';
import type { Config, S3Config } from '../../config.js';

/**
 * Where CVs go (decision record 23). Unlike avatars (FileStorage answers a public URL), a CV has no URL at all:
 * the server reads it back and streams it to whoever holds a signed link.
 */
export interface PrivateStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under `key` (random, never reused); never writes over an existing object. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The stored bytes as a stream, or undefined when nothing is stored under `key`. */
  open(key: string): Promise<Readable | undefined>;
  /** Deletes what is stored under `key`; nothing stored there is not an error. */
  remove(key: string): Promise<void>;
  /** The keys of the files stored before `before`, a page at a time (for the orphan sweep). */
  listBefore(before: Date): AsyncIterable<string[]>;
}

/** Keys are ours (`<random hex>.<ext>`); anything else is refused before it reaches a path or an object name. */
const SAFE_KEY = /^[0-9a-f]{32}\.(pdf|docx)$/;
function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`Not a CV storage key: ${key}`);
  return key;
}

/** DATA_DIR/private/cvs: outside DATA_DIR/uploads, which is the only directory of DATA_DIR served over HTTP. */
export class DiskPrivateStorage implements PrivateStorage {
  readonly kind = 'disk';

  constructor(readonly directory: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    // As DiskStorage: whole file or none, never over an existing one; readable by this process's user only.
    await writeNewFile(this.directory, checkKey(key), bytes, { directory: 0o700, file: 0o600 });
  }

  async open(key: string): Promise<Readable | undefined> {
    try {
      // Opened before any header is sent, so a missing file is a 404, not a broken 200.
      const handle = await fs.open(path.join(this.directory, checkKey(key)), 'r');
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(path.join(this.directory, checkKey(key)), { force: true });
  }

  listBefore(before: Date): AsyncIterable<string[]> {
    return filesBefore(this.directory, before, SAFE_KEY);
  }
}

/** The `cvs/` prefix of the avatars' bucket, written without a public ACL and read back with GetObject only. */
export class S3PrivateStorage implements PrivateStorage {
  readonly kind = 's3';
  private connection: Promise<S3Client> | undefined;

  constructor(private readonly settings: S3Config) {}

  private client(): Promise<S3Client> {
    this.connection ??= s3Client(this.settings);
    return this.connection;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const [client, { PutObjectCommand }] = await Promise.all([this.client(), loadS3Sdk()]);
    await client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: `cvs/${checkKey(key)}`,
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'private, no-store',
        IfNoneMatch: '*',
      }),
    );
  }

  async open(key: string): Promise<Readable | undefined> {
    const [client, { GetObjectCommand, NoSuchKey }] = await Promise.all([this.client(), loadS3Sdk()]);
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: this.settings.bucket, Key: `cvs/${checkKey(key)}` }),
      );
      const body = answer.Body;
      if (body instanceof Readable) return body;
      if (!body) return undefined;
      return Readable.from(Buffer.from(await body.transformToByteArray()));
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const [client, { DeleteObjectCommand }] = await Promise.all([this.client(), loadS3Sdk()]);
    // S3 answers 204 whether or not the object was there.
    await client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: `cvs/${checkKey(key)}` }));
  }

  listBefore(before: Date): AsyncIterable<string[]> {
    return objectsBefore(() => this.client(), this.settings.bucket, 'cvs/', before, SAFE_KEY);
  }
}

export function createPrivateStorage(config: Config): PrivateStorage {
  return config.s3
    ? new S3PrivateStorage(config.s3)
    : new DiskPrivateStorage(path.join(config.dataDir, 'private', 'cvs'));
}
