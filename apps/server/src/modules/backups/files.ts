import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config, S3Config } from '../../config.js';
import { loadS3Sdk, s3Client, writeNewFile } from '../uploads/storage.js';
import { BackupError, isSafeRelativePath, sha256OfBytes, type StoredFile } from './manifest.js';

/**
 * Where uploaded files live on disk, and their folder in a backup: the same names S3 gives them as key prefixes
 * (`avatars/`, `cvs/`), so a backup's files/ reads alike from either storage.
 */
const DISK_FOLDERS = {
  // Avatars, company logos and covers (modules/uploads), served from /uploads/.
  avatars: { dir: (dataDir: string) => path.join(dataDir, 'uploads'), modes: {} },
  // CVs (modules/cvs), readable by the server's user only.
  cvs: { dir: (dataDir: string) => path.join(dataDir, 'private', 'cvs'), modes: { directory: 0o700, file: 0o600 } },
} as const;
type Folder = keyof typeof DISK_FOLDERS;

/** The stored files of a folder: not the temporary `.<name>.tmp` an upload writes before linking it into place. */
async function namesIn(directory: string): Promise<string[]> {
  const entries = await fs.readdir(directory, { withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).map((entry) => entry.name);
}

async function keep(filesDir: string, entry: string, bytes: Buffer, extra: Partial<StoredFile> = {}) {
  const target = path.join(filesDir, entry);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, bytes, { flag: 'wx' });
  return { path: entry, bytes: bytes.length, sha256: sha256OfBytes(bytes), ...extra };
}

/** Copies every uploaded file into `filesDir`; answers what it copied. Uploads are never rewritten, only added. */
export async function copyFilesOut(config: Config, filesDir: string): Promise<StoredFile[]> {
  await fs.mkdir(filesDir, { recursive: true });
  if (config.s3) return copyBucketOut(config.s3, filesDir);
  const stored: StoredFile[] = [];
  for (const [folder, { dir }] of Object.entries(DISK_FOLDERS)) {
    for (const name of await namesIn(dir(config.dataDir))) {
      const bytes = await fs.readFile(path.join(dir(config.dataDir), name)).catch(() => undefined);
      // Deleted since it was listed (the orphan sweep): it is no longer part of the install.
      if (bytes) stored.push(await keep(filesDir, `${folder}/${name}`, bytes));
    }
  }
  return stored;
}

/** Every key of the bucket; `firstPageOnly`: those of the first page (is it empty?). */
async function* bucketKeys(settings: S3Config, firstPageOnly = false): AsyncIterable<string> {
  const [client, { ListObjectsV2Command }] = await Promise.all([s3Client(settings), loadS3Sdk()]);
  let token: string | undefined;
  do {
    const answer = await client.send(new ListObjectsV2Command({ Bucket: settings.bucket, ContinuationToken: token }));
    for (const object of answer.Contents ?? []) if (object.Key) yield object.Key;
    token = answer.IsTruncated && !firstPageOnly ? answer.NextContinuationToken : undefined;
  } while (token);
}

async function copyBucketOut(settings: S3Config, filesDir: string): Promise<StoredFile[]> {
  const [client, { GetObjectCommand }] = await Promise.all([s3Client(settings), loadS3Sdk()]);
  const stored: StoredFile[] = [];
  for await (const key of bucketKeys(settings)) {
    if (!isSafeRelativePath(key)) throw new BackupError(`the bucket holds a key no file can be named after: ${key}`);
    const answer = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key }));
    const bytes = Buffer.from((await answer.Body?.transformToByteArray()) ?? []);
    stored.push(
      await keep(filesDir, key, bytes, { contentType: answer.ContentType, cacheControl: answer.CacheControl }),
    );
  }
  return stored;
}

/** How many uploaded files the configured storage holds already (a restore goes into an empty one); at most 1 for S3. */
export async function filesInTarget(config: Config): Promise<number> {
  if (config.s3) {
    for await (const key of bucketKeys(config.s3, true)) return key ? 1 : 0;
    return 0;
  }
  let count = 0;
  for (const { dir } of Object.values(DISK_FOLDERS)) count += (await namesIn(dir(config.dataDir))).length;
  return count;
}

/** On disk, each file of a backup goes to its folder's directory; refused before anything is written if one cannot. */
export function checkFilesFit(config: Config, entries: StoredFile[]): void {
  if (config.s3) return;
  for (const entry of entries) {
    const [folder, name, ...more] = entry.path.split('/');
    if (!(folder && folder in DISK_FOLDERS) || !name || more.length > 0)
      throw new BackupError(
        `files/${entry.path} has no place in DATA_DIR (only avatars/ and cvs/ do): restore it into S3`,
      );
  }
}

/** Writes the backup's files into the configured storage, never over a file already there (`skipExisting`: leaves it). */
export async function copyFilesIn(config: Config, filesDir: string, entries: StoredFile[], skipExisting: boolean) {
  if (config.s3) return copyBucketIn(config.s3, filesDir, entries);
  for (const entry of entries) {
    const [folder, name] = entry.path.split('/') as [Folder, string];
    const { dir, modes } = DISK_FOLDERS[folder];
    const bytes = await fs.readFile(path.join(filesDir, entry.path));
    try {
      await writeNewFile(dir(config.dataDir), name, bytes, modes);
    } catch (error) {
      const exists = await fs.stat(path.join(dir(config.dataDir), name)).catch(() => undefined);
      if (!(skipExisting && exists)) throw error;
    }
  }
}

async function copyBucketIn(settings: S3Config, filesDir: string, entries: StoredFile[]): Promise<void> {
  const [client, { PutObjectCommand }] = await Promise.all([s3Client(settings), loadS3Sdk()]);
  for (const entry of entries) {
    await client.send(
      new PutObjectCommand({
        Bucket: settings.bucket,
        Key: entry.path,
        Body: await fs.readFile(path.join(filesDir, entry.path)),
        ContentType: entry.contentType,
        CacheControl: entry.cacheControl,
      }),
    );
  }
}
