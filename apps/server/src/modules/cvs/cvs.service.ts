import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import {
  CV_LIMITS,
  CV_MESSAGES,
  CV_MIME_TYPES,
  MESSAGES,
  PIPELINE_MESSAGES,
  type CvLink,
  type CvUpload,
} from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { safeBaseName } from '../uploads/avatar.service.js';
import type { PrivateStorage } from './cv-storage.js';
import {
  countCvsOfOwner,
  deleteCvRow,
  findApplicationCvFor,
  findCv,
  findOwnCv,
  findSecret,
  insertCv,
  isCvSent,
  lockOwnCv,
  lockOwner,
  toCvUpload,
  type CvRow,
} from './cvs.repository.js';

/** CV uploads and their signed links (decision record 23). */

/**
 * Deletes stored CV files whose rows are gone (a deleted account's), each tried once; answers the keys that could
 * not be deleted, for the log. A failure here never undoes what was deleted in the database.
 */
export async function removeStoredCvs(storage: PrivateStorage, keys: readonly string[]): Promise<string[]> {
  const results = await Promise.allSettled(keys.map((key) => storage.remove(key)));
  return keys.filter((_, i) => results[i]?.status === 'rejected');
}

const EXTENSIONS: Record<string, 'pdf' | 'docx'> = { [CV_MIME_TYPES.pdf]: 'pdf', [CV_MIME_TYPES.docx]: 'docx' };

/**
 * Stores a CV when its bytes are a PDF or a Word document (a DOCX: a zip whose [Content_Types].xml names the
 * Word main document; a macro-enabled .docm is another type and refused). The name is kept only as a label.
 * Only a confirmed address may upload (an unconfirmed account costs nothing to make). The file is written first,
 * then counted and recorded under a lock on the owner's row, so parallel uploads cannot pass CV_LIMITS.perUser
 * together; a refused or failed one has its file deleted (one a crash leaves behind is swept, housekeeping.ts).
 */
export async function storeCv(
  db: Db,
  storage: PrivateStorage,
  user: CurrentUser,
  bytes: Buffer,
  originalName: string,
): Promise<CvUpload> {
  if (!user.email_verified) throw new AppError('forbidden', CV_MESSAGES.unconfirmed);
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  const extension = type ? EXTENSIONS[type.mime] : undefined;
  if (!type || !extension || bytes.length === 0) throw new AppError('bad_request', CV_MESSAGES.wrongType);
  if ((await countCvsOfOwner(db, user.id)) >= CV_LIMITS.perUser) throw new AppError('conflict', CV_MESSAGES.tooMany);
  const storageKey = `${randomBytes(16).toString('hex')}.${extension}`;
  await storage.put(storageKey, bytes, type.mime);
  const base = safeBaseName(originalName);
  try {
    const row = await db.transaction(async (tx) => {
      if (!(await lockOwner(tx, user.id))) throw new AppError('not_found', MESSAGES.userNotFound);
      if ((await countCvsOfOwner(tx, user.id)) >= CV_LIMITS.perUser)
        throw new AppError('conflict', CV_MESSAGES.tooMany);
      return insertCv(tx, {
        owner_id: user.id,
        storage_key: storageKey,
        file_name: `${base === 'avatar' ? 'cv' : base}.${extension}`,
        content_type: type.mime as CvRow['content_type'],
        size: bytes.length,
      });
    });
    return toCvUpload(row);
  } catch (error) {
    await storage.remove(storageKey).catch(() => {});
    throw error;
  }
}

/**
 * Deletes the caller's CV, row and file, when no application carries it (409 then: the employer keeps what was
 * sent); anybody else's CV does not exist for them (404).
 */
export async function deleteOwnCv(db: Db, storage: PrivateStorage, user: CurrentUser, rawId: string): Promise<void> {
  const id = parseId(rawId, CV_MESSAGES.notFound);
  const key = await db.transaction(async (tx) => {
    // The row's lock: an application sent with this CV meanwhile is committed before the check below reads.
    const cv = await lockOwnCv(tx, id, user.id);
    if (!cv) throw new AppError('not_found', CV_MESSAGES.notFound);
    if (await isCvSent(tx, id)) throw new AppError('conflict', CV_MESSAGES.inUse);
    await deleteCvRow(tx, id);
    return cv.storage_key;
  });
  // A file that cannot be deleted now has no row any more: the orphan sweep deletes it later.
  await storage.remove(key).catch(() => {});
}

// ---------- signed links ----------

const SECRET_NAME = 'cv-links';
const keys = new WeakMap<Queryable, Promise<Buffer>>();

/** The database's CV link key (migration 013 made it), read once per database handle. */
function signingKey(db: Queryable): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = findSecret(db, SECRET_NAME).then((secret) => {
      if (!secret) throw new Error(`app_secrets has no ${SECRET_NAME} key (migration 013)`);
      return secret;
    });
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** A purpose label of its own, so no other signed value of the app can pass for a CV link. */
const mac = (key: Buffer, cvId: string, expires: number) =>
  createHmac('sha256', key).update(`cv-file:${cvId}:${expires}`).digest();

/** A link to the CV's bytes that works for CV_LIMITS.linkSeconds; `now` in milliseconds. */
export async function signCvLink(db: Queryable, cvId: string, now = Date.now()): Promise<CvLink> {
  const expires = Math.floor(now / 1000) + CV_LIMITS.linkSeconds;
  const sig = mac(await signingKey(db), cvId, expires).toString('base64url');
  return {
    url: `/api/cvs/${cvId}/file?expires=${expires}&sig=${sig}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** For the applicant and the job's managers: a fresh link to the CV sent with the application (404 to anyone else). */
export async function cvLinkForApplication(db: Queryable, user: CurrentUser, rawId: string): Promise<CvLink> {
  const id = parseId(rawId, PIPELINE_MESSAGES.applicationNotFound);
  const found = await findApplicationCvFor(db, user.id, id);
  if (!found) throw new AppError('not_found', PIPELINE_MESSAGES.applicationNotFound);
  if (!found.cvId) throw new AppError('not_found', CV_MESSAGES.noCv);
  return signCvLink(db, found.cvId);
}

/** For the CV's owner (to check an upload before sending it); anybody else's CV does not exist for them. */
export async function cvLinkForOwner(db: Queryable, user: CurrentUser, rawId: string): Promise<CvLink> {
  const id = parseId(rawId, CV_MESSAGES.notFound);
  if (!(await findOwnCv(db, id, user.id))) throw new AppError('not_found', CV_MESSAGES.notFound);
  return signCvLink(db, id);
}

/**
 * The CV a signed link names: 403 for a signature that is not ours or has expired (checked before the database
 * is asked, so a link cannot probe which CVs exist), 404 when the CV or its file is gone.
 */
export async function openSignedCv(
  db: Queryable,
  storage: PrivateStorage,
  rawId: string,
  expires: number,
  sig: string,
  now = Date.now(),
): Promise<{ cv: CvRow; body: Readable }> {
  const id = parseId(rawId, CV_MESSAGES.notFound);
  const given = Buffer.from(sig, 'base64url');
  const expected = mac(await signingKey(db), id, expires);
  if (given.length !== expected.length || !timingSafeEqual(given, expected) || expires * 1000 <= now) {
    throw new AppError('forbidden', CV_MESSAGES.badLink);
  }
  const cv = await findCv(db, id);
  const body = cv ? await storage.open(cv.storage_key) : undefined;
  if (!cv || !body) throw new AppError('not_found', CV_MESSAGES.notFound);
  return { cv, body };
}
