import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.js';

/** Where uploaded files go. The disk driver suits one instance; S3 suits several sharing nothing. */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores the bytes under `name` (already safe) and answers the URL the browser loads it from. */
  put(name: string, bytes: Buffer, contentType: string): Promise<string>;
}

export class DiskStorage implements FileStorage {
  readonly kind = 'disk';

  constructor(
    readonly directory: string,
    private readonly urlPrefix = '/uploads/',
  ) {}

  async put(name: string, bytes: Buffer, _contentType?: string): Promise<string> {
    await fs.mkdir(this.directory, { recursive: true });
    const target = path.join(this.directory, name);
    // Write beside, then rename: a crash leaves either no file or the whole file, never half of one.
    const temporary = path.join(this.directory, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    await fs.writeFile(temporary, bytes, { flag: 'wx' });
    try {
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
    return `${this.urlPrefix}${encodeURIComponent(name)}`;
  }
}

export class S3Storage implements FileStorage {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly settings: S3Config) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: Boolean(settings.endpoint),
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
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
      }),
    );
    const base =
      this.settings.publicUrl ??
      `${(this.settings.endpoint ?? `https://${this.settings.bucket}.s3.${this.settings.region}.amazonaws.com`).replace(/\/$/, '')}${this.settings.endpoint ? `/${this.settings.bucket}` : ''}`;
    return `${base.replace(/\/$/, '')}/avatars/${encodeURIComponent(name)}`;
  }
}
