import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import S3rver from 's3rver';
import {
  CV_LIMITS,
  CV_MESSAGES,
  CV_MIME_TYPES,
  MESSAGES,
  type Application,
  type CvLink,
  type CvUpload,
  type ResponsesPage,
} from '@jobboard/shared';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';
import { signCvLink } from '../src/modules/cvs/cvs.service.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  joinCompany,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { minimalPdf } from './support/documents.js';

/** Applications with a cover note and a CV; private, signed CV links (issue 14, point 1; decision record 23). */

// ---------- fixtures, built here so the test controls every byte ----------

/** A zip of stored (uncompressed) entries, by hand: local headers, central directory, end record. */
function zip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(entries)) {
    const data = Buffer.from(text, 'utf8');
    const fileName = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(entries).length, 8);
  end.writeUInt16LE(Object.keys(entries).length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal DOCX: the content types naming the Word main document, the package relation, the document. */
function minimalDocx(
  mainType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
): Buffer {
  return zip({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      `<Override PartName="/word/document.xml" ContentType="${mainType}"/></Types>`,
    '_rels/.rels':
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml':
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>CV</w:t></w:r></w:p></w:body></w:document>',
  });
}

const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), Buffer.alloc(120, 1)]);
const MZ = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0), Buffer.from('PE\0\0'), Buffer.alloc(200, 7)]);

function multipart(bytes: Buffer, filename: string, field = 'cv', contentType = 'application/pdf') {
  const boundary = `----cv${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

async function upload(t: TestApp, person: SignedInUser | undefined, bytes: Buffer, filename: string, field = 'cv') {
  const { payload, headers } = multipart(bytes, filename, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/upload/cv',
    payload,
    headers: { ...headers, ...(person ? { cookie: person.cookie } : {}) },
  });
}

async function uploaded(
  t: TestApp,
  person: SignedInUser,
  bytes = minimalPdf(),
  filename = 'My CV.pdf',
): Promise<CvUpload> {
  const response = await upload(t, person, bytes, filename);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CvUpload>();
}

async function applyWith(t: TestApp, person: SignedInUser, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/apply/apply-job', headers: { cookie: person.cookie }, payload });
}

const headersOf = (person: SignedInUser | undefined) => (person ? { cookie: person.cookie } : {});

describeEachDb('CV uploads and applications with substance', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  let member: SignedInUser;
  let otherPoster: SignedInUser;
  let seeker: SignedInUser;
  let otherSeeker: SignedInUser;
  let companyId: string;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [poster, member, otherPoster, seeker, otherSeeker] = (await Promise.all(
      Array.from({ length: 5 }, () => signUpAndSignIn(t.app)),
    )) as [SignedInUser, SignedInUser, SignedInUser, SignedInUser, SignedInUser];
    const company = await t.app.inject({
      method: 'POST',
      url: '/api/companies',
      headers: { cookie: poster.cookie },
      payload: { name: 'CV Co' },
    });
    const { id, slug } = company.json<{ id: string; slug: string }>();
    companyId = id;
    await joinCompany(t.app, poster.cookie, slug, member);
    await postJob(t.app, otherPoster.cookie, { jobTitle: 'Other poster job' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const cvDir = () => path.join(t.config.dataDir, 'private', 'cvs');
  const storedCvFiles = () => (fs.existsSync(cvDir()) ? fs.readdirSync(cvDir()).filter((f) => !f.startsWith('.')) : []);
  const cvRows = async () => Number((await t.db.query<{ n: number | string }>('SELECT count(*) AS n FROM cvs'))[0]?.n);

  describe('POST /api/upload/cv', () => {
    it('stores a PDF privately: its row, a file outside the served uploads, no URL in the answer', async () => {
      const pdf = minimalPdf();
      const response = await upload(t, seeker, pdf, '../../etc/My CV (final).pdf');
      expect(response.statusCode, response.body).toBe(201);
      const cv = response.json<CvUpload>();
      expect(cv).toEqual({
        id: expect.any(String),
        fileName: 'my-cv-final.pdf',
        size: pdf.length,
        contentType: CV_MIME_TYPES.pdf,
      });
      expect(response.body).not.toMatch(/url|uploads|private/i);
      const [row] = await t.db.query<{ owner_id: string; storage_key: string }>(
        'SELECT owner_id, storage_key FROM cvs WHERE id = $1',
        [cv.id],
      );
      expect(row?.owner_id).toBe(seeker.user._id);
      expect(row?.storage_key).toMatch(/^[0-9a-f]{32}\.pdf$/);
      expect(fs.readFileSync(path.join(cvDir(), row?.storage_key ?? '')).equals(pdf)).toBe(true);
      // Neither the key nor the directory is reachable by URL.
      for (const url of [
        `/uploads/${row?.storage_key}`,
        `/private/cvs/${row?.storage_key}`,
        `/uploads/../private/cvs/${row?.storage_key}`,
      ]) {
        const served = await t.app.inject({ method: 'GET', url });
        expect(served.rawPayload.equals(pdf), url).toBe(false);
      }
    });

    it('stores a DOCX (a zip whose content types name a Word document)', async () => {
      const docx = minimalDocx();
      const cv = await uploaded(t, seeker, docx, 'Lebenslauf Müller.docx');
      expect(cv).toMatchObject({
        fileName: 'lebenslauf-muller.docx',
        size: docx.length,
        contentType: CV_MIME_TYPES.docx,
      });
    });

    it.each([
      ['an ELF executable named cv.pdf', ELF, 'cv.pdf'],
      ['a Windows executable named cv.pdf', MZ, 'cv.pdf'],
      ['a plain zip named cv.docx', zip({ 'a.txt': 'hello' }), 'cv.docx'],
      [
        'a macro-enabled Word document named cv.docx',
        minimalDocx('application/vnd.ms-word.document.macroEnabled.main+xml'),
        'cv.docx',
      ],
      ['a PNG named cv.pdf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'cv.pdf'],
      ['an empty file', Buffer.alloc(0), 'cv.pdf'],
    ])('refuses %s with 400 naming the field cv, and stores nothing', async (_label, bytes, name) => {
      const [rowsBefore, filesBefore] = [await cvRows(), storedCvFiles().length];
      const response = await upload(t, seeker, bytes, name);
      expect(expectErrorShape(response, 400)).toBe('cv: CV must be a PDF or DOCX document');
      expect([await cvRows(), storedCvFiles().length]).toEqual([rowsBefore, filesBefore]);
    });

    it('refuses a file over 5 MB with 413 naming the field cv, and stores nothing', async () => {
      const [rowsBefore, filesBefore] = [await cvRows(), storedCvFiles().length];
      const big = Buffer.concat([minimalPdf(), Buffer.alloc(CV_LIMITS.maxBytes, 0x20)]);
      const response = await upload(t, seeker, big, 'big.pdf');
      expect(expectErrorShape(response, 413)).toBe('cv: A CV is at most 5 MB');
      expect([await cvRows(), storedCvFiles().length]).toEqual([rowsBefore, filesBefore]);
      // Exactly 5 MB is allowed.
      const exact = Buffer.concat([minimalPdf(), Buffer.alloc(CV_LIMITS.maxBytes - minimalPdf().length, 0x20)]);
      expect((await upload(t, seeker, exact, 'exact.pdf')).statusCode).toBe(201);
    });

    it('refuses visitors (401), the wrong field (400 naming cv) and a body that is not multipart', async () => {
      expectErrorShape(await upload(t, undefined, minimalPdf(), 'cv.pdf'), 401);
      expect(expectErrorShape(await upload(t, seeker, minimalPdf(), 'cv.pdf', 'file'), 400)).toMatch(/^cv: /);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/upload/cv',
        headers: { cookie: seeker.cookie },
        payload: { cv: 'x' },
      });
      expect(expectErrorShape(json, 400)).toMatch(/^cv: /);
    });

    it(`keeps at most ${CV_LIMITS.perUser} CVs per account (409)`, async () => {
      const hoarder = await signUpAndSignIn(t.app);
      const cv = await uploaded(t, hoarder);
      const [row] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM cvs WHERE id = $1', [cv.id]);
      await t.db.query(
        `INSERT INTO cvs (owner_id, storage_key, file_name, content_type, size)
         SELECT $1, md5(random()::text || g::text) || '.pdf', 'cv.pdf', 'application/pdf', 10 FROM generate_series(2, $2::int) g`,
        [hoarder.user._id, CV_LIMITS.perUser],
      );
      expect(row).toBeDefined();
      expect(expectErrorShape(await upload(t, hoarder, minimalPdf(), 'cv.pdf'), 409)).toMatch(/^cv: /);
    });
  });

  describe('disk use (issue 28, finding 6)', () => {
    it('refuses an account whose address is not confirmed with 403 saying so, and stores nothing', async () => {
      const unconfirmed = await signUpAndSignIn(t.app, {}, { verified: false });
      const [rowsBefore, filesBefore] = [await cvRows(), storedCvFiles().length];
      expect(expectErrorShape(await upload(t, unconfirmed, minimalPdf(), 'cv.pdf'), 403)).toBe(CV_MESSAGES.unconfirmed);
      expect([await cvRows(), storedCvFiles().length]).toEqual([rowsBefore, filesBefore]);
    });

    it(`20 parallel uploads with room for 5 store 5: the count is taken under a lock (files of the refused deleted)`, async () => {
      const racer = await signUpAndSignIn(t.app);
      await t.db.query(
        `INSERT INTO cvs (owner_id, storage_key, file_name, content_type, size)
         SELECT $1, md5(random()::text || g::text) || '.pdf', 'cv.pdf', 'application/pdf', 10 FROM generate_series(1, $2::int) g`,
        [racer.user._id, CV_LIMITS.perUser - 5],
      );
      const filesBefore = storedCvFiles().length;
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => upload(t, racer, minimalPdf(), `race-${i}.pdf`).then((r) => r.statusCode)),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status !== 201).every((status) => status === 409)).toBe(true);
      const [{ n } = { n: 0 }] = await t.db.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM cvs WHERE owner_id = $1',
        [racer.user._id],
      );
      expect(Number(n)).toBe(CV_LIMITS.perUser);
      expect(storedCvFiles().length).toBe(filesBefore + 5);
    });

    it('limits uploads per account and hour (the default, 20): the next is 429; another account goes on', async () => {
      const busy = await signUpAndSignIn(t.app);
      const { limit } = DEFAULT_RATE_LIMITS.cvUploadsPerAccount;
      for (let i = 0; i < limit; i += 1)
        expect((await upload(t, busy, minimalPdf(), `n${i}.pdf`)).statusCode).toBe(201);
      expectErrorShape(await upload(t, busy, minimalPdf(), 'one-more.pdf'), 429);
      expect((await upload(t, otherSeeker, minimalPdf(), 'other.pdf')).statusCode).toBe(201);
    });

    it('DELETE /api/cvs/:cvId deletes an unsent CV of its owner, row and file; a sent one is 409; others 404, visitors 401', async () => {
      const keyOf = async (id: string) =>
        (await t.db.query<{ storage_key: string }>('SELECT storage_key FROM cvs WHERE id = $1', [id]))[0]?.storage_key;
      const remove = (person: SignedInUser | undefined, id: string) =>
        t.app.inject({ method: 'DELETE', url: `/api/cvs/${id}`, headers: headersOf(person) });
      const unsent = await uploaded(t, otherSeeker);
      const key = await keyOf(unsent.id);
      expect(storedCvFiles()).toContain(key);
      expect(expectErrorShape(await remove(undefined, unsent.id), 401)).toBe(MESSAGES.notSignedIn);
      expect(expectErrorShape(await remove(seeker, unsent.id), 404)).toBe(CV_MESSAGES.notFound);
      expect((await remove(otherSeeker, 'nope')).statusCode).toBe(404);
      const deleted = await remove(otherSeeker, unsent.id);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
      expect(await keyOf(unsent.id)).toBeUndefined();
      expect(storedCvFiles()).not.toContain(key);
      expect((await remove(otherSeeker, unsent.id)).statusCode).toBe(404);

      const job = await postJob(t.app, otherPoster.cookie, { jobTitle: 'Keeps its CVs' });
      const sent = await uploaded(t, otherSeeker);
      expect((await applyWith(t, otherSeeker, { job, cvId: sent.id })).statusCode).toBe(201);
      expect(expectErrorShape(await remove(otherSeeker, sent.id), 409)).toBe(CV_MESSAGES.inUse);
      expect(storedCvFiles()).toContain(await keyOf(sent.id));
    });
  });

  describe('applying with a cover note and a CV', () => {
    it('stores both; the poster (Responses, the spec list) and the applicant (Applied Jobs) see the note and the CV', async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Note and CV job', companyId });
      const cv = await uploaded(t, seeker);
      const note = `  I would love to work with you.\nLine two.  `;
      const response = await applyWith(t, seeker, { job, coverNote: note, cvId: cv.id.toUpperCase() });
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json<{ insertedId: string }>().insertedId;
      const [row] = await t.db.query<{ cover_note: string; cv_id: string }>(
        'SELECT cover_note, cv_id FROM applications WHERE id = $1',
        [id],
      );
      expect(row).toEqual({ cover_note: note.trim(), cv_id: cv.id });

      const responses = await t.app.inject({
        method: 'GET',
        url: `/api/applications/responses?job=${job}`,
        headers: { cookie: member.cookie },
      });
      const item = responses.json<ResponsesPage>().items.find((x) => x._id === id);
      expect(item).toMatchObject({ coverNote: note.trim(), cv: { fileName: 'my-cv.pdf', size: cv.size } });
      for (const [person, url] of [
        [poster, '/api/apply/appliedJobs'],
        [seeker, '/api/apply/appliedJobs'],
        [seeker, `/api/apply/appliedJobs/${seeker.user._id}`],
      ] as const) {
        const list = await t.app.inject({ method: 'GET', url, headers: { cookie: person.cookie } });
        expect(
          list.json<Application[]>().find((x) => x._id === id),
          url,
        ).toMatchObject({ coverNote: note.trim(), cv: { fileName: 'my-cv.pdf', size: cv.size } });
      }
    });

    it("keeps the spec's one-click apply: the body { job } alone (and a stray user) is 201, with no note and no CV", async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'One-click job' });
      const response = await applyWith(t, otherSeeker, { job, user: 'ignored' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/apply/appliedJobs',
        headers: { cookie: otherSeeker.cookie },
      });
      expect(list.json<Application[]>().find((x) => x.job === job)).toMatchObject({ coverNote: null, cv: null });
      // A blank note is no note.
      const other = await postJob(t.app, poster.cookie, { jobTitle: 'Blank note job' });
      const blank = await applyWith(t, otherSeeker, { job: other, coverNote: '   \n ' });
      expect(blank.statusCode).toBe(201);
      const [row] = await t.db.query<{ cover_note: string | null }>(
        'SELECT cover_note FROM applications WHERE id = $1',
        [blank.json<{ insertedId: string }>().insertedId],
      );
      expect(row?.cover_note).toBeNull();
    });

    it("refuses someone else's CV (404 naming cvId), a malformed cvId and a note over 5,000 characters (400 naming the field); nothing is applied", async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Refusals job' });
      const theirs = await uploaded(t, otherSeeker);
      const count = async () => (await t.db.query('SELECT 1 FROM applications WHERE job_id = $1', [job])).length;
      expect(expectErrorShape(await applyWith(t, seeker, { job, cvId: theirs.id }), 404)).toMatch(/^cvId: /);
      expect(
        expectErrorShape(await applyWith(t, seeker, { job, cvId: '00000000-0000-4000-8000-000000000000' }), 404),
      ).toMatch(/^cvId: /);
      expect(expectErrorShape(await applyWith(t, seeker, { job, cvId: 'not-an-id' }), 400)).toMatch(/cvId/);
      expect(
        expectErrorShape(
          await applyWith(t, seeker, { job, coverNote: 'x'.repeat(CV_LIMITS.coverNoteMaxLength + 1) }),
          400,
        ),
      ).toMatch(/coverNote/);
      expect(expectErrorShape(await applyWith(t, seeker, { job, coverNote: 42 }), 400)).toMatch(/coverNote/);
      expect(await count()).toBe(0);
      // Exactly 5,000 characters is a note.
      expect(
        (await applyWith(t, seeker, { job, coverNote: 'y'.repeat(CV_LIMITS.coverNoteMaxLength) })).statusCode,
      ).toBe(201);
    });
  });

  describe('signed CV links', () => {
    let application: string;
    let cv: CvUpload;
    const pdf = minimalPdf('Signed link CV');

    beforeAll(async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Signed link job', companyId });
      cv = await uploaded(t, seeker, pdf, 'signed.pdf');
      const response = await applyWith(t, seeker, { job, coverNote: 'Hello', cvId: cv.id });
      application = response.json<{ insertedId: string }>().insertedId;
    });

    const linkFor = (person: SignedInUser | undefined, id = application) =>
      t.app.inject({ method: 'GET', url: `/api/applications/${id}/cv-link`, headers: headersOf(person) });

    it('gives the applicant, the poster and a company member a link that streams the file privately, a PDF inline (it opens in a tab)', async () => {
      for (const person of [seeker, poster, member]) {
        const response = await linkFor(person);
        expect(response.statusCode, response.body).toBe(200);
        const link = response.json<CvLink>();
        expect(link.url).toMatch(new RegExp(`^/api/cvs/${cv.id}/file\\?expires=\\d+&sig=[A-Za-z0-9_-]{43}$`));
        const expiresIn = Date.parse(link.expiresAt) - Date.now();
        expect(expiresIn).toBeGreaterThan((CV_LIMITS.linkSeconds - 5) * 1000);
        expect(expiresIn).toBeLessThanOrEqual(CV_LIMITS.linkSeconds * 1000);
        // The link alone is the authority: no cookie is sent with it.
        const file = await t.app.inject({ method: 'GET', url: link.url });
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(pdf)).toBe(true);
        expect(file.headers['content-type']).toBe('application/pdf');
        expect(file.headers['content-disposition']).toBe('inline; filename="signed.pdf"');
        expect(file.headers['x-content-type-options']).toBe('nosniff');
        expect(file.headers['content-security-policy']).toMatch(/default-src 'none'/);
        expect(file.headers['cache-control']).toBe('private, no-store');
      }
    });

    it('streams a DOCX as an attachment, in a sandbox (no browser shows one inline)', async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'DOCX link job', companyId });
      const docx = await uploaded(t, seeker, minimalDocx(), 'letter.docx');
      const sent = (await applyWith(t, seeker, { job, cvId: docx.id })).json<{ insertedId: string }>().insertedId;
      const file = await t.app.inject({ method: 'GET', url: (await linkFor(poster, sent)).json<CvLink>().url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe('attachment; filename="letter.docx"');
      expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    });

    it('refuses everyone else: a visitor 401, another seeker and another poster 404', async () => {
      expectErrorShape(await linkFor(undefined), 401);
      for (const person of [otherSeeker, otherPoster])
        expect(expectErrorShape(await linkFor(person), 404)).toBe('Application not found');
      expectErrorShape(await linkFor(seeker, 'not-an-id'), 404);
      expectErrorShape(await linkFor(seeker, '00000000-0000-4000-8000-000000000000'), 404);
    });

    it('answers 404 for an application without a CV', async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'No CV job' });
      const bare = (await applyWith(t, seeker, { job })).json<{ insertedId: string }>().insertedId;
      expect(expectErrorShape(await linkFor(poster, bare), 404)).toBe('This application has no CV');
    });

    it('refuses a tampered, a moved, an expired and a missing signature with 403; an unknown CV with a good signature is 404', async () => {
      const { url } = (await linkFor(poster)).json<CvLink>();
      const parsed = new URL(url, 'http://x');
      const expires = Number(parsed.searchParams.get('expires'));
      const sig = parsed.searchParams.get('sig') ?? '';
      const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
      const other = await uploaded(t, otherSeeker);
      const refusals = [
        `/api/cvs/${cv.id}/file?expires=${expires}&sig=${flip(sig)}`,
        `/api/cvs/${cv.id}/file?expires=${expires + 3600}&sig=${sig}`,
        `/api/cvs/${other.id}/file?expires=${expires}&sig=${sig}`,
        `/api/cvs/${cv.id}/file?expires=${expires}&sig=`,
        `/api/cvs/${cv.id}/file?expires=${expires}&sig=${sig.slice(0, 20)}`,
      ];
      for (const bad of refusals)
        expect(expectErrorShape(await t.app.inject({ method: 'GET', url: bad }), 403), bad).toMatch(
          /invalid or has expired/,
        );
      // Signed with the right key ten minutes and a second ago: expired.
      const stale = await signCvLink(t.db, cv.id, Date.now() - (CV_LIMITS.linkSeconds + 1) * 1000);
      expectErrorShape(await t.app.inject({ method: 'GET', url: stale.url }), 403);
      // A well-signed link to a CV that is gone.
      const ghost = await signCvLink(t.db, '00000000-0000-4000-8000-000000000000');
      expect(expectErrorShape(await t.app.inject({ method: 'GET', url: ghost.url }), 404)).toBe('CV not found');
      expectErrorShape(await t.app.inject({ method: 'GET', url: `/api/cvs/${cv.id}/file` }), 400);
      expectErrorShape(
        await t.app.inject({ method: 'GET', url: `/api/cvs/nope/file?expires=${expires}&sig=${sig}` }),
        404,
      );
    });

    it('lets the owner open their own upload (GET /api/cvs/:cvId/link), nobody else', async () => {
      const own = await t.app.inject({
        method: 'GET',
        url: `/api/cvs/${cv.id}/link`,
        headers: { cookie: seeker.cookie },
      });
      expect(own.statusCode).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: own.json<CvLink>().url });
      expect(file.rawPayload.equals(pdf)).toBe(true);
      expectErrorShape(await t.app.inject({ method: 'GET', url: `/api/cvs/${cv.id}/link` }), 401);
      // Not even the poster it was sent to: they read it through the application.
      for (const person of [poster, otherSeeker]) {
        expectErrorShape(
          await t.app.inject({ method: 'GET', url: `/api/cvs/${cv.id}/link`, headers: { cookie: person.cookie } }),
          404,
        );
      }
    });
  });

  describe('deleting the account', () => {
    it("deletes the account's CV files with their rows; other people's stay, and an old link finds nothing", async () => {
      const [leaving, staying] = await Promise.all([signUpAndSignIn(t.app), signUpAndSignIn(t.app)]);
      const mine = await Promise.all([
        uploaded(t, leaving, minimalPdf('one')),
        uploaded(t, leaving, minimalPdf('two')),
      ]);
      const theirs = await uploaded(t, staying);
      const keyOf = async (id: string) =>
        (await t.db.query<{ storage_key: string }>('SELECT storage_key FROM cvs WHERE id = $1', [id]))[0]?.storage_key;
      const myKeys = await Promise.all(mine.map((cv) => keyOf(cv.id)));
      const theirKey = await keyOf(theirs.id);
      expect(storedCvFiles()).toEqual(expect.arrayContaining([...myKeys, theirKey]));
      const link = await t.app.inject({
        method: 'GET',
        url: `/api/cvs/${mine[0]?.id}/link`,
        headers: { cookie: leaving.cookie },
      });

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${leaving.user._id}`,
        headers: { cookie: leaving.cookie },
        payload: { currentPassword: leaving.password },
      });
      expect(deleted.statusCode).toBe(200);
      const left = storedCvFiles();
      for (const key of myKeys) expect(left).not.toContain(key);
      expect(left).toContain(theirKey);
      expect((await t.app.inject({ method: 'GET', url: link.json<CvLink>().url })).statusCode).toBe(404);
    });
  });
});

describe('CVs in S3-compatible storage', () => {
  let s3: S3rver;
  let s3Dir: string;
  let endpoint: string;
  let t: TestApp;

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-s3-cv-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'cv-test' }],
    });
    const address = (await s3.run()) as AddressInfo;
    endpoint = `http://127.0.0.1:${address.port}`;
    t = await buildTestApp('pglite', {
      s3: {
        bucket: 'cv-test',
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        publicUrl: undefined,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it('stores the CV under cvs/ in the bucket and serves it only through a signed link', async () => {
    const [poster, seeker] = await Promise.all([signUpAndSignIn(t.app), signUpAndSignIn(t.app)]);
    const pdf = minimalPdf('S3 CV');
    const cv = await uploaded(t, seeker, pdf, 'cloud.pdf');
    const [row] = await t.db.query<{ storage_key: string }>('SELECT storage_key FROM cvs WHERE id = $1', [cv.id]);
    // The object is there, under the private prefix (read here with the server's credentials, as the app does).
    const stored = fs.readdirSync(path.join(s3Dir, 'cv-test', 'cvs'));
    expect(stored.some((name) => name.startsWith(row?.storage_key ?? '?'))).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'private'))).toBe(false);

    const job = await postJob(t.app, poster.cookie, { jobTitle: 'S3 CV job' });
    const applied = await applyWith(t, seeker, { job, cvId: cv.id });
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${applied.json<{ insertedId: string }>().insertedId}/cv-link`,
      headers: { cookie: poster.cookie },
    });
    const file = await t.app.inject({ method: 'GET', url: link.json<CvLink>().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
    expect(file.headers['content-disposition']).toBe('inline; filename="cloud.pdf"');
  });

  it("deletes the account's CV objects from the bucket when the account is deleted", async () => {
    const [leaving, staying] = await Promise.all([signUpAndSignIn(t.app), signUpAndSignIn(t.app)]);
    const [mine, theirs] = await Promise.all([
      uploaded(t, leaving, minimalPdf('gone')),
      uploaded(t, staying, minimalPdf('kept')),
    ]);
    const keyOf = async (id: string) =>
      (await t.db.query<{ storage_key: string }>('SELECT storage_key FROM cvs WHERE id = $1', [id]))[0]?.storage_key ??
      '?';
    const [myKey, theirKey] = await Promise.all([keyOf(mine.id), keyOf(theirs.id)]);
    // s3rver keeps an object as files named after its key (the bytes and their metadata).
    const objects = () => fs.readdirSync(path.join(s3Dir, 'cv-test', 'cvs'));
    expect(objects().some((name) => name.startsWith(myKey))).toBe(true);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/user/delete/${leaving.user._id}`,
      headers: { cookie: leaving.cookie },
      payload: { currentPassword: leaving.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(objects().some((name) => name.startsWith(myKey))).toBe(false);
    expect(objects().some((name) => name.startsWith(theirKey))).toBe(true);
  });
});
