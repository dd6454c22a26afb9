import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** A backup is a directory: this manifest, the database's part and `files/` (docs/deploy.md, "Backups"). */
export const MANIFEST = 'manifest.json';
export const FILES_DIR = 'files';

const part = z.strictObject({
  path: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const storedFile = part.extend({
  contentType: z.string().optional(),
  cacheControl: z.string().optional(),
});
export type StoredFile = z.infer<typeof storedFile>;

export const manifestSchema = z.strictObject({
  format: z.literal('jobboard-backup'),
  formatVersion: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The highest applied migration: a restore refuses a backup newer than the code restoring it. */
  schemaVersion: z.number().int().min(0),
  database: part.extend({ kind: z.enum(['pglite', 'postgres']) }),
  files: z.strictObject({
    storage: z.enum(['disk', 's3']),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
    /** Paths under files/: `avatars/<name>` and `cvs/<key>` on disk; an S3 object's key as it is. */
    entries: z.array(storedFile),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export class BackupError extends Error {}

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function sha256OfBytes(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * A relative path that stays inside its directory (no `..`, no absolute path, no empty or dot segment): S3 keys and
 * a manifest's entries are data, and never decide where a file is written.
 */
export function isSafeRelativePath(relative: string): boolean {
  if (relative.startsWith('/') || relative.includes('\\') || relative.includes('\0')) return false;
  return relative.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Written last, under a temporary name then renamed: a directory with a manifest is a whole backup. */
export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const temporary = path.join(dir, `.${MANIFEST}.tmp`);
  await fs.writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`);
  await fs.rename(temporary, path.join(dir, MANIFEST));
}

/** The manifest of the backup in `dir`, checked against every byte it describes, or a BackupError saying what is wrong. */
export async function readVerifiedManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, MANIFEST), 'utf8');
  } catch {
    throw new BackupError(`${dir} is not a backup: it has no ${MANIFEST} (an unfinished backup has none)`);
  }
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(text));
  } catch (error) {
    const detail = error instanceof z.ZodError ? error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) : [];
    throw new BackupError(`${MANIFEST} of ${dir} is not a backup manifest ${detail.join('; ')}`.trim());
  }
  await checkPart(dir, manifest.database);
  const listed = new Set<string>();
  for (const entry of manifest.files.entries) {
    if (!isSafeRelativePath(entry.path))
      throw new BackupError(`${MANIFEST} names a file outside the backup: ${entry.path}`);
    listed.add(entry.path);
    await checkPart(path.join(dir, FILES_DIR), entry);
  }
  const total = manifest.files.entries.reduce((sum, entry) => sum + entry.bytes, 0);
  if (listed.size !== manifest.files.count || total !== manifest.files.bytes)
    throw new BackupError(`${MANIFEST}: the files' count or size does not add up`);
  for (const found of await filesUnder(path.join(dir, FILES_DIR)))
    if (!listed.has(found)) throw new BackupError(`files/${found} is in the backup but not in ${MANIFEST}`);
  return manifest;
}

async function checkPart(dir: string, entry: { path: string; bytes: number; sha256: string }): Promise<void> {
  const file = path.join(dir, entry.path);
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new BackupError(`the backup is incomplete: ${entry.path} is missing`);
  if (stat.size !== entry.bytes || (await sha256Of(file)) !== entry.sha256)
    throw new BackupError(`the backup is damaged: ${entry.path} does not match its checksum in ${MANIFEST}`);
}

/** Every regular file under `dir`, as paths relative to it with `/` separators. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}
