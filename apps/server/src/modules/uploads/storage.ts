import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type * as S3SdkModule from '@aws-sdk/client-s3';
import type { S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';

/** Where uploaded files go. The disk driver suits one instance; S3 suits several sharing nothing. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /**
   * Stores the bytes under `name` (already safe and unique) and answers the URL the browser loads it from. Never
   * writes over an existing object (its URL may be cached as immutable): a name in use is an error.
   */
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
  /** The name `put` stored under for a URL it answered; undefined for any other URL (a link to elsewhere). */
  nameOf(url: string): string | undefined;
  /** The URL `put` answers for a name. */
  urlOf(name: string): string;
  /** Deletes what is stored under `name`; nothing stored there is not an error. */
  remove(name: string): Promise<void>;
  /** The names of the files stored before `before`, a page at a time (for the orphan sweep). */
  listBefore(before: Date): AsyncIterable<string[]>;
}

/** Names are ours (avatarFileName: `<ms>-<hex>-<name>.webp`); anything else never reaches a path or a key. */
const SAFE_NAME = /^\d{13}-[0-9a-f]{16}-[a-z0-9-]+\.webp$/;

/** The files of a directory written before `before` whose names pass `safe`, in pages (skips temporary files). */
export async function* filesBefore(
  directory: string,
  before: Date,
  safe: RegExp,
  pageSize = 2000,
): AsyncIterable<string[]> {
  let names: string[];
  try {
    names = (await fs.readdir(directory)).filter((name) => safe.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (let start = 0; start < names.length; start += pageSize) {
    const page: string[] = [];
    for (const name of names.slice(start, start + pageSize)) {
      const stat = await fs.stat(path.join(directory, name)).catch(() => undefined);
      if (stat && stat.mtime < before) page.push(name);
    }
    if (page.length) yield page;
  }
}

type S3Sdk = typeof S3SdkModule;
let sdk: Promise<S3Sdk> | undefined;
/** The AWS SDK, loaded on first use: a server without S3_BUCKET never reads its many modules (decision record 26). */
export function loadS3Sdk(): Promise<S3Sdk> {
  sdk ??= import('@aws-sdk/client-s3');
  return sdk;
}

/** The keys under `prefix` of a bucket last written before `before`, without the prefix, in pages. */
export async function* objectsBefore(
  connect: () => Promise<S3Client>,
  bucket: string,
  prefix: string,
  before: Date,
  safe: RegExp,
): AsyncIterable<string[]> {
  const [client, { ListObjectsV2Command }] = await Promise.all([connect(), loadS3Sdk()]);
  let token: string | undefined;
  do {
    const answer = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    const page = (answer.Contents ?? [])
      .filter((object) => object.Key && object.LastModified && object.LastModified < before)
      .map((object) => (object.Key ?? '').slice(prefix.length))
      .filter((name) => safe.test(name));
    if (page.length) yield page;
    token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
  } while (token);
}

export class DiskStorage implements FileStorage {
  readonly kind = 'disk';

  constructor(
    readonly directory: string,
    private readonly urlPrefix = '/uploads/',
  ) {}

  async put(name: string, bytes: Buffer, _contentType?: string): Promise<string> {
    await writeNewFile(this.directory, name, bytes);
    return this.urlOf(name);
  }

  urlOf(name: string): string {
    return `${this.urlPrefix}${encodeURIComponent(name)}`;
  }

  nameOf(url: string): string | undefined {
    if (!url.startsWith(this.urlPrefix)) return undefined;
    const name = decodeURIComponent(url.slice(this.urlPrefix.length));
    return SAFE_NAME.test(name) ? name : undefined;
  }

  async remove(name: string): Promise<void> {
    if (SAFE_NAME.test(name)) await fs.rm(path.join(this.directory, name), { force: true });
  }

  listBefore(before: Date): AsyncIterable<string[]> {
    return filesBefore(this.directory, before, SAFE_NAME);
  }
}

/**
 * Writes `bytes` to `directory/name`, never over an existing file: written beside, then linked into place, so a
 * crash leaves either no file or the whole file, never half of one, and link(2), unlike rename, fails when the name
 * exists. `modes` for private files (the CVs: 0o700 directory, 0o600 file).
 */
export async function writeNewFile(
  directory: string,
  name: string,
  bytes: Buffer,
  modes: { directory?: number; file?: number } = {},
): Promise<void> {
  await fs.mkdir(directory, { recursive: true, mode: modes.directory });
  const target = path.join(directory, name);
  const temporary = path.join(directory, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  await fs.writeFile(temporary, bytes, { flag: 'wx', mode: modes.file });
  try {
    await fs.link(temporary, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw new Error(`Upload name already exists, not overwritten: ${name}`, { cause: error });
    }
    throw error;
  } finally {
    await fs.rm(temporary, { force: true });
  }
}

/** An S3 client for the configured bucket (path-style addressing with a custom endpoint, as s3rver and MinIO need). */
export async function s3Client(settings: S3Config): Promise<S3Client> {
  const { S3Client } = await loadS3Sdk();
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
}

export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private connection: Promise<S3Client> | undefined;

  constructor(private readonly settings: S3Config) {}

  private client(): Promise<S3Client> {
    this.connection ??= s3Client(this.settings);
    return this.connection;
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<string> {
    const [client, { PutObjectCommand }] = await Promise.all([this.client(), loadS3Sdk()]);
    // A PUT is atomic in S3: readers see the old state or the whole new object.
    await client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: `avatars/${name}`,
        Body: bytes,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
        // Never over an existing object (S3 answers 412 when the key is taken); names are random anyway.
        IfNoneMatch: '*',
      }),
    );
    return this.urlOf(name);
  }

  urlOf(name: string): string {
    return `${this.base()}/avatars/${encodeURIComponent(name)}`;
  }

  /** Where the bucket's objects are read from, without a trailing slash. */
  private base(): string {
    const base =
      this.settings.publicUrl ??
      `${(this.settings.endpoint ?? `https://${this.settings.bucket}.s3.${this.settings.region}.amazonaws.com`).replace(/\/$/, '')}${this.settings.endpoint ? `/${this.settings.bucket}` : ''}`;
    return base.replace(/\/$/, '');
  }

  nameOf(url: string): string | undefined {
    const prefix = `${this.base()}/avatars/`;
    if (!url.startsWith(prefix)) return undefined;
    const name = decodeURIComponent(url.slice(prefix.length));
    return SAFE_NAME.test(name) ? name : undefined;
  }

  async remove(name: string): Promise<void> {
    if (!SAFE_NAME.test(name)) return;
    const [client, { DeleteObjectCommand }] = await Promise.all([this.client(), loadS3Sdk()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: `avatars/${name}` }));
  }

  listBefore(before: Date): AsyncIterable<string[]> {
    return objectsBefore(() => this.client(), this.settings.bucket, 'avatars/', before, SAFE_NAME);
  }
}
