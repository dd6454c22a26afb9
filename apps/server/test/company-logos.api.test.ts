import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import sharp from 'sharp';
import { MESSAGES } from '@jobboard/shared';
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
 * Company logos uploaded as avatars are (issue 33 item 9, issue 29): the same checks, re-encoding and limits,
 * fitted whole rather than cropped; set, replaced and removed by the company's members; swept once orphaned. And
 * the rest of a company's identity: a cover image, the about text in the safe Markdown subset, its links.
 */

function multipart(bytes: Buffer, filename: string) {
  const boundary = `----logos${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

/** A wide logo with a transparent background: 600 x 200, a teal bar in the middle. */
async function wideLogo(): Promise<Buffer> {
  const bar = await sharp({ create: { width: 400, height: 100, channels: 4, background: '#0f766e' } })
    .png()
    .toBuffer();
  return sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: bar, left: 100, top: 50 }])
    .png()
    .toBuffer();
}

describeEachDb('company logos', (kind) => {
  let t: TestApp;
  let manager: SignedInUser;
  let slug: string;
  const uploadsDir = () => path.join(t.config.dataDir, 'uploads');
  const nameOf = (url: string) => decodeURIComponent(url.replace('/uploads/', ''));

  const upload = async (person: SignedInUser | undefined, bytes: Buffer, filename = 'logo.png', kind = 'logo') => {
    const { payload, headers } = multipart(bytes, filename);
    return t.app.inject({
      method: 'POST',
      url: `/api/upload/${kind}`,
      payload,
      headers: { ...headers, ...(person ? { cookie: person.cookie } : {}) },
    });
  };
  const newLogo = async (person: SignedInUser) => {
    const response = await upload(person, await wideLogo());
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ url: string }>().url;
  };
  const setLogo = (person: SignedInUser, logo: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${slug}`,
      headers: { cookie: person.cookie },
      payload: { logo },
    });
  const page = async () =>
    (await t.app.inject({ method: 'GET', url: `/api/companies/${slug}` })).json<{
      logo: string;
      cover: string;
      links: string[];
      descriptionHtml: string;
    }>();
  const edit = (person: SignedInUser, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/companies/${slug}`, headers: { cookie: person.cookie }, payload });

  beforeAll(async () => {
    t = await buildTestApp(kind);
    manager = await signUpAndSignIn(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: manager.cookie },
      payload: { name: 'Logo Works' },
    });
    expect(created.statusCode, created.body).toBe(201);
    slug = created.json<{ slug: string }>().slug;
  });
  afterAll(async () => {
    await t.close();
  });

  it('stores a logo fitted whole into 256 px, its transparency kept, as a WebP without metadata', async () => {
    const url = await newLogo(manager);
    expect(url).toMatch(/^\/uploads\/\d{13}-[0-9a-f]{16}-logo\.webp$/);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['webp', 256, 85, true]);
    expect(meta.exif).toBeUndefined();
    // A corner is still transparent: not cropped, not flattened onto a colour.
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  it('never enlarges a small logo', async () => {
    const small = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const response = await upload(manager, small);
    expect(response.statusCode).toBe(201);
    const served = await t.app.inject({ method: 'GET', url: response.json<{ url: string }>().url });
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it('refuses what an avatar is refused: a visitor, an unconfirmed address, a file that is no image', async () => {
    const png = await wideLogo();
    expectErrorShape(await upload(undefined, png), 401);
    const unconfirmed = await signUpAndSignIn(t.app, {}, { verified: false });
    const refused = await upload(unconfirmed, png);
    expectErrorShape(refused, 403);
    expect(refused.json<{ message: string }>().message).toBe(MESSAGES.avatarUnconfirmed);
    const text = await upload(manager, Buffer.from('not an image at all, just text'), 'logo.png');
    expectErrorShape(text, 400);
  });

  it("a company's member sets, replaces and removes its logo; nobody else can", async () => {
    const first = await newLogo(manager);
    expect((await setLogo(manager, first)).statusCode).toBe(200);
    expect((await page()).logo).toBe(first);
    const stranger = await signUpAndSignIn(t.app);
    expectErrorShape(await setLogo(stranger, await newLogo(stranger)), 403);
    const second = await newLogo(manager);
    expect((await setLogo(manager, second)).statusCode).toBe(200);
    expect((await page()).logo).toBe(second);
    expect((await setLogo(manager, '')).statusCode).toBe(200);
    expect((await page()).logo).toBe('');
    expect((await setLogo(manager, second)).statusCode).toBe(200);
  });

  it('the sweep deletes a replaced logo once it is an hour old, and keeps the one in use', async () => {
    const replaced = await newLogo(manager);
    expect((await setLogo(manager, replaced)).statusCode).toBe(200);
    const current = await newLogo(manager);
    expect((await setLogo(manager, current)).statusCode).toBe(200);
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    for (const url of [replaced, current]) fs.utimesSync(path.join(uploadsDir(), nameOf(url)), old, old);
    const files = {
      storage: new DiskStorage(uploadsDir()),
      cvStorage: new DiskPrivateStorage(path.join(t.config.dataDir, 'private', 'cvs')),
    };
    await sweepOrphanFiles(t.db, files);
    const left = fs.readdirSync(uploadsDir());
    expect(left).toContain(nameOf(current));
    expect(left).not.toContain(nameOf(replaced));
  });

  it('a cover image is cropped to a 3:1 banner of 1200 x 400, set and shown on the page, and kept by the sweep', async () => {
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#345678' } })
      .jpeg()
      .toBuffer();
    const response = await upload(manager, photo, 'office.jpg', 'cover');
    expect(response.statusCode, response.body).toBe(201);
    const cover = response.json<{ url: string }>().url;
    const meta = await sharp((await t.app.inject({ method: 'GET', url: cover })).rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 400]);
    expectErrorShape(await upload(undefined, photo, 'office.jpg', 'cover'), 401);

    expect((await edit(manager, { cover })).statusCode).toBe(200);
    expect((await page()).cover).toBe(cover);
    const old = new Date(Date.now() - ORPHAN_GRACE_MS - 60_000);
    fs.utimesSync(path.join(uploadsDir(), nameOf(cover)), old, old);
    await sweepOrphanFiles(t.db, {
      storage: new DiskStorage(uploadsDir()),
      cvStorage: new DiskPrivateStorage(path.join(t.config.dataDir, 'private', 'cvs')),
    });
    expect(fs.readdirSync(uploadsDir())).toContain(nameOf(cover));
    expect((await edit(manager, { cover: '' })).statusCode).toBe(200);
    expect((await page()).cover).toBe('');
  });

  it('the about text is rendered in the safe Markdown subset, and the links are kept in order', async () => {
    const description = 'We make **boats**.\n\n- See https://boats.example/jobs\n- <script>alert(1)</script>';
    const links = ['https://boats.example/careers', 'https://www.linkedin.com/company/boats'];
    const saved = await edit(manager, { description, links });
    expect(saved.statusCode, saved.body).toBe(200);
    const shown = await page();
    expect(shown.links).toEqual(links);
    expect(shown.descriptionHtml).toContain('<strong>boats</strong>');
    expect(shown.descriptionHtml).toContain('<a href="https://boats.example/jobs" rel="nofollow ugc noopener">');
    expect(shown.descriptionHtml).not.toContain('<script>');
    expect(shown.descriptionHtml).toContain('&lt;script&gt;');
    expect((await edit(manager, { links: [] })).statusCode).toBe(200);
    expect((await page()).links).toEqual([]);
  });

  it('refuses a link that is no http(s) URL, and more than five, with 400 naming links', async () => {
    for (const links of [['javascript:alert(1)'], Array.from({ length: 6 }, (_, i) => `https://a.example/${i}`)]) {
      const refused = await edit(manager, { links });
      expectErrorShape(refused, 400);
      expect(refused.json<{ message: string }>().message).toMatch(/links/);
    }
    const cover = await edit(manager, { cover: 'javascript:alert(1)' });
    expectErrorShape(cover, 400);
    expect(cover.json<{ message: string }>().message).toMatch(/cover/);
  });
});
