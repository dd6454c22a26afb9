import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';

/** Where uploaded files go. The disk driver suits one instance; S3 suits several sharing nothing. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /**
   * Stores the bytes under `name` (already safe and unique) and answers the URL the browser loads it from. Never
   * writes over an existing object (its URL may be cached as immutable): a name in use is an error.
   */
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
}

export class DiskStorage implements FileStorage {
  readonly kind = 'disk';

  constructor(
    readonly directory: string,
    private readonly urlPrefix = '/uploads/',
  ) {}

  async put(name: string, bytes: Buffer, _contentType?: string): Promise<string> {
    await writeNewFile(this.directory, name, bytes);
    return `${this.urlPrefix}${encodeURIComponent(name)}`;
  }
}

/**
 * Writes `bytes` to `directory/name`, never over an existing file: written beside, then linked into place, so a
 * crash leaves either no file or the whole file, never half of one, and link(2), unlike rename, fails when the name
 * exists. `modes` for private files (the CVs: 0o700 directory, 0o600 file).
 */
export async function writeNewFile(directory: string, name: string, bytes: Buffer, modes: { directory?: number; file?: number } = {}): Promise<void> {
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
export function s3Client(settings: S3Config): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
}

export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Config) {
    this.client = s3Client(settings);
  }

  async put(name: string, bytes: Buffer, contentType: string): Promise<string> {
    // A PUT is atomic in S3: readers see the old state or the whole new object.
    await this.client.send(
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
    const base =
      this.settings.publicUrl ??
      `${(this.settings.endpoint ?? `https://${this.settings.bucket}.s3.${this.settings.region}.amazonaws.com`).replace(/\/$/, '')}${this.settings.endpoint ? `/${this.settings.bucket}` : ''}`;
    return `${base.replace(/\/$/, '')}/avatars/${encodeURIComponent(name)}`;
  }
}
