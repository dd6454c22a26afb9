import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { MESSAGES } from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { DiskPrivateStorage } from '../src/modules/cvs/cv-storage.js';
import { ORPHAN_GRACE_MS, sweepOrphanFiles } from '../src/modules/housekeeping/orphan-files.js';
import { DiskStorage } from '../src/modules/uploads/storage.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

/**
 * Disk use by accounts (issue 28, finding 6): avatar uploads need a confirmed address and are limited per account
 * and hour; a replaced or deleted account's picture is deleted unless something else shows it; files no row points
 * at are swept after an hour. CVs' own rules are in cv.api.test.ts.
 */

function multipart(bytes: Buffer, filename: string) {
  const boundary = `----diskuse${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

describeEachDb('disk use by accounts', (kind) => {
  let t: TestApp;
  let png: Buffer;
  const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
  const cvDir = () => path.join(t.config.dataDir, 'private', 'cvs');
  const stored = () =>
    fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()).filter((name) => !name.startsWith('.')) : [];
  const nameOf = (url: string) => decodeURIComponent(url.replace('/uploads/', ''));

  async function uploadAvatar(person: SignedInUser) {
    const { payload, headers } = multipart(png, 'face.png');
    return t.app.inject({
      method: 'POST',
      url: '/api/upload/avatar',
      payload,
      headers: { ...headers, cookie: person.cookie },
    });
  }
  async function newAvatar(person: SignedInUser): Promise<string> {
    const response = await uploadAvatar(person);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ url: string }>().url;
  }
  const setAvatar = (person: SignedInUser, avatar: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/user/update/${person.user._id}`,
      headers: { cookie: person.cookie },
      payload: { avatar },
    });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses an avatar from an account whose address is not confirmed with 403 saying so, and stores nothing', async () => {
    const unconfirmed = await signUpAndSignIn(t.app, {}, { verified: false });
    const before = stored().length;
    expect(expectErrorShape(await uploadAvatar(unconfirmed), 403)).toBe(MESSAGES.avatarUnconfirmed);
    expect(stored()).toHaveLength(before);
  });

  it('limits avatar uploads per account and hour (the default, 20): the next is 429', async () => {
    const busy = await signUpAndSignIn(t.app);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.avatarUploadsPerAccount.limit; i += 1) await newAvatar(busy);
    expectErrorShape(await uploadAvatar(busy), 429);
  });

  it('a replaced picture is deleted; one another account shows too is kept', async () => {
    const [owner, copier] = await Promise.all([signUpAndSignIn(t.app), signUpAndSignIn(t.app)]);
    const first = await newAvatar(owner);
    expect((await setAvatar(owner, first)).statusCode).toBe(200);
    const second = await newAvatar(owner);
    expect((await setAvatar(owner, second)).statusCode).toBe(200);
    expect(stored()).not.toContain(nameOf(first));
    expect(stored()).toContain(nameOf(second));
    // Another account shows the second picture too: replacing it keeps the file.
    expect((await setAvatar(copier, second)).statusCode).toBe(200);
    expect((await setAvatar(owner, await newAvatar(owner))).statusCode).toBe(200);
    expect(stored()).toContain(nameOf(second));
    // A profile saved without touching the picture deletes nothing.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/user/update/${copier.user._id}`,
          headers: { cookie: copier.cookie },
          payload: { name: 'Copier' },
        })
      ).statusCode,
    ).toBe(200);
    expect(stored()).toContain(nameOf(second));
  });

  it("deleting an account deletes its picture's file", async () => {
    const leaving = await signUpAndSignIn(t.app);
    const url = await newAvatar(leaving);
    expect((await setAvatar(leaving, url)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/delete/${leaving.user._id}`,
      headers: { cookie: leaving.cookie },
      payload: { currentPassword: leaving.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(stored()).not.toContain(nameOf(url));
  });

  it('the sweep deletes files no row points at once they are an hour old, and keeps the rest', async () => {
    const person = await signUpAndSignIn(t.app);
    const used = await newAvatar(person);
    expect((await setAvatar(person, used)).statusCode).toBe(200);
    const unused = await newAvatar(person);
    const fresh = await newAvatar(person);
    // A CV with its row, and a CV file whose row was never written.
    fs.mkdirSync(cvDir(), { recursive: true });
    const orphanCv = `${'a'.repeat(32)}.pdf`;
    fs.writeFileSync(path.join(cvDir(), orphanCv), '%PDF-1.4\n%%EOF\n');
    const keptCv = `${'b'.repeat(32)}.pdf`;
    fs.writeFileSync(path.join(cvDir(), keptCv), '%PDF-1.4\n%%EOF\n');
    await t.db.query(
      `INSERT INTO cvs (owner_id, storage_key, file_name, content_type, size) VALUES ($1, $2, 'cv.pdf', 'application/pdf', 15)`,
      [person.user._id, keptCv],
    );
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    for (const file of [
      path.join(uploadsDir(), nameOf(used)),
      path.join(uploadsDir(), nameOf(unused)),
      path.join(cvDir(), orphanCv),
      path.join(cvDir(), keptCv),
    ]) {
      fs.utimesSync(file, old, old);
    }
    const files = { storage: new DiskStorage(uploadsDir()), cvStorage: new DiskPrivateStorage(cvDir()) };
    const swept = await sweepOrphanFiles(t.db, files);
    expect(swept.avatars).toBeGreaterThanOrEqual(1);
    expect(swept.cvs).toBe(1);
    expect(stored()).toEqual(expect.arrayContaining([nameOf(used), nameOf(fresh)]));
    expect(stored()).not.toContain(nameOf(unused));
    expect(fs.readdirSync(cvDir())).toContain(keptCv);
    expect(fs.readdirSync(cvDir())).not.toContain(orphanCv);
  });
});
