import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MESSAGES } from '@jobboard/shared';
import { AppError } from '../../http/errors.js';
import type { Queryable } from '../../db/client.js';
import { findImageUrlsInUse } from './avatars.repository.js';
import type { FileStorage } from './storage.js';

const ACCEPTED = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
export const AVATAR_SIZE_PX = 256;
/** Refuses decompression bombs: a 2 MB file may not claim a gigapixel. */
const MAX_INPUT_PIXELS = 40_000_000;

/** '../../etc/passwd.png' -> 'passwd', 'My Photo (1).JPG' -> 'my-photo-1'. */
export function safeBaseName(originalName: string): string {
  const base = path.basename(originalName.replace(/\\/g, '/'));
  const withoutExtension = base.replace(/\.[^.]*$/, '');
  const cleaned = withoutExtension
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '') // é -> e, not e-
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return cleaned || 'avatar';
}

/**
 * Spec: the stored name is a timestamp plus the original file name; between them 64 random bits, because the
 * file is served as immutable for a year and two uploads of one name in one millisecond must never share a URL.
 */
export function avatarFileName(
  originalName: string,
  now = Date.now(),
  random = randomBytes(8).toString('hex'),
): string {
  return `${now}-${random}-${safeBaseName(originalName)}.webp`;
}

/**
 * How an accepted image is re-encoded: an avatar is cropped to a square around what matters; a company logo is
 * scaled to fit the square whole, its transparency kept (WebP has an alpha channel), and never enlarged.
 */
const SHAPES = {
  avatar: { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fit: 'cover', position: 'attention' },
  logo: { width: AVATAR_SIZE_PX, height: AVATAR_SIZE_PX, fit: 'inside', withoutEnlargement: true },
  // A company page's banner: 3:1, cropped around what matters, as wide as the page's card.
  cover: { width: 1200, height: 400, fit: 'cover', position: 'attention' },
} as const;

export type ImageKind = keyof typeof SHAPES;

/**
 * Checks the bytes (not the name) are a PNG, JPEG, WebP or GIF, re-encodes to a WebP of its kind's size
 * without metadata, stores it and answers its URL. Any failure is the spec's message and nothing is stored.
 */
export async function storeImage(
  storage: FileStorage,
  bytes: Buffer,
  originalName: string,
  kind: ImageKind,
): Promise<string> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError('bad_request', MESSAGES.avatarUploadFailed);
  let encoded: Buffer;
  try {
    encoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // honour EXIF orientation before the metadata is dropped
      .resize(SHAPES[kind])
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Truncated or corrupt image data.
    throw new AppError('bad_request', MESSAGES.avatarUploadFailed);
  }
  return storage.put(avatarFileName(originalName), encoded, 'image/webp');
}

/**
 * Deletes the uploaded image behind `url` (a replaced or deleted account's picture) unless something still shows it;
 * a URL that is not one of ours is left alone. A failure is only logged by the caller: the orphan sweep retries.
 */
export async function removeImageIfUnused(db: Queryable, storage: FileStorage, url: string | undefined): Promise<void> {
  const name = url ? storage.nameOf(url) : undefined;
  if (!url || !name) return;
  if ((await findImageUrlsInUse(db, [url])).size > 0) return;
  await storage.remove(name);
}
