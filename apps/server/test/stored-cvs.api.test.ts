import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANDIDATE_LIMITS,
  type CandidateProfile,
  type CvLink,
  type CvUpload,
  type ResponsesPage,
  type StoredCv,
  type StoredCvList,
} from '@jobboard/shared';
import { minimalPdf } from './support/documents.js';
import {
  buildTestApp,
  describeEachDb,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { unzipped } from './support/unzipped.js';

/** A seeker's profile keeps their CVs and a headline, location and links (issue 33, point 4; decision record 44). */

function multipart(bytes: Buffer, filename: string) {
  const boundary = `----stored${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="${filename}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-requested-with': 'XMLHttpRequest' },
  };
}

describeEachDb('Stored CVs and the candidate profile', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;
  let seeker: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    [poster, seeker, other] = (await Promise.all([1, 2, 3].map(() => signUpAndSignIn(t.app)))) as [
      SignedInUser,
      SignedInUser,
      SignedInUser,
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (
    person: SignedInUser | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    url: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: person ? { cookie: person.cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function upload(person: SignedInUser, name = 'My CV.pdf', text = name): Promise<CvUpload> {
    const { payload, headers } = multipart(minimalPdf(text), name);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/upload/cv',
      payload,
      headers: { ...headers, cookie: person.cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<CvUpload>();
  }

  async function store(person: SignedInUser, name: string, extra: Record<string, unknown> = {}): Promise<StoredCv> {
    const cv = await upload(person, name);
    const response = await call(person, 'POST', '/api/profile/cvs', { cvId: cv.id, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<StoredCv>();
  }

  const list = async (person: SignedInUser) => (await call(person, 'GET', '/api/profile/cvs')).json<StoredCvList>();
  const storageKey = async (id: string) =>
    (await t.db.query<{ storage_key: string }>('SELECT storage_key FROM cvs WHERE id = $1', [id]))[0]?.storage_key;
  const cvFile = (key: string) => path.join(t.config.dataDir, 'private', 'cvs', key);

  describe('stored CVs', () => {
    it('keeps uploads on the profile with a label; the first is the default; rename and choose another default', async () => {
      const me = await signUpAndSignIn(t.app);
      const first = await store(me, 'Design CV.pdf');
      expect(first).toMatchObject({ fileName: 'design-cv.pdf', label: 'design-cv.pdf', isDefault: true });
      const second = await store(me, 'Dev CV.pdf', { label: 'Developer roles' });
      expect(second).toMatchObject({ label: 'Developer roles', isDefault: false });

      const renamed = await call(me, 'PATCH', `/api/profile/cvs/${first.id}`, { label: '  Design roles  ' });
      expect(renamed.json<StoredCv>().label).toBe('Design roles');
      const chosen = await call(me, 'PATCH', `/api/profile/cvs/${second.id}`, { isDefault: true });
      expect(chosen.json<StoredCv>().isDefault).toBe(true);
      const { cvs, max } = await list(me);
      expect(max).toBe(CANDIDATE_LIMITS.storedCvs);
      expect(cvs.map((cv) => [cv.label, cv.isDefault])).toEqual([
        ['Design roles', false],
        ['Developer roles', true],
      ]);
    });

    it(`keeps at most ${CANDIDATE_LIMITS.storedCvs} CVs (409 naming cvId), even sent in parallel`, async () => {
      const me = await signUpAndSignIn(t.app);
      const uploads = await Promise.all(Array.from({ length: 7 }, (_, i) => upload(me, `cv ${i}.pdf`)));
      const answers = await Promise.all(uploads.map((cv) => call(me, 'POST', '/api/profile/cvs', { cvId: cv.id })));
      expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(CANDIDATE_LIMITS.storedCvs);
      for (const refused of answers.filter((a) => a.statusCode !== 201)) {
        expect(expectErrorShape(refused, 409)).toMatch(/^cvId: .*at most 5/);
      }
      expect((await list(me)).cvs).toHaveLength(CANDIDATE_LIMITS.storedCvs);
      expect((await list(me)).cvs.filter((cv) => cv.isDefault)).toHaveLength(1);
    });

    it("refuses someone else's CV, twice the same CV, bad labels and unknown fields with 4xx naming the field", async () => {
      const theirs = await upload(other, 'Theirs.pdf');
      expect(expectErrorShape(await call(seeker, 'POST', '/api/profile/cvs', { cvId: theirs.id }), 404)).toMatch(
        /^cvId: /,
      );
      const mine = await store(seeker, 'Mine.pdf');
      expect(expectErrorShape(await call(seeker, 'POST', '/api/profile/cvs', { cvId: mine.id }), 409)).toMatch(
        /^cvId: /,
      );
      expect(expectErrorShape(await call(seeker, 'POST', '/api/profile/cvs', { cvId: 'nope' }), 400)).toMatch(/cvId/);
      const long = 'x'.repeat(CANDIDATE_LIMITS.labelMaxLength + 1);
      expect(
        expectErrorShape(await call(seeker, 'PATCH', `/api/profile/cvs/${mine.id}`, { label: long }), 400),
      ).toMatch(/label/);
      expect(expectErrorShape(await call(seeker, 'PATCH', `/api/profile/cvs/${mine.id}`, { label: ' ' }), 400)).toMatch(
        /label/,
      );
      expect(expectErrorShape(await call(seeker, 'PATCH', `/api/profile/cvs/${mine.id}`, { size: 1 }), 400)).toMatch(
        /size|Unrecognized/i,
      );
      // Another's stored CV cannot be renamed or deleted: it does not exist for them.
      expectErrorShape(await call(other, 'PATCH', `/api/profile/cvs/${mine.id}`, { label: 'Mine now' }), 404);
      expectErrorShape(await call(other, 'DELETE', `/api/profile/cvs/${mine.id}`), 404);
      expectErrorShape(await call(undefined, 'GET', '/api/profile/cvs'), 401);
    });

    it('deletes a CV never sent, row and file; the next CV becomes the default', async () => {
      const me = await signUpAndSignIn(t.app);
      const first = await store(me, 'One.pdf');
      const second = await store(me, 'Two.pdf');
      const key = (await storageKey(first.id)) ?? '';
      expect(fs.existsSync(cvFile(key))).toBe(true);
      expect((await call(me, 'DELETE', `/api/profile/cvs/${first.id}`)).statusCode).toBe(200);
      expect(await storageKey(first.id)).toBeUndefined();
      expect(fs.existsSync(cvFile(key))).toBe(false);
      expect((await list(me)).cvs).toEqual([{ ...second, isDefault: true }]);
    });
  });

  describe('applying with a stored CV', () => {
    it("applies with a stored CV; someone else's CV id is refused; deleting the stored CV keeps the application's", async () => {
      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Stored CV role' });
      const me = await signUpAndSignIn(t.app);
      await store(me, 'General.pdf');
      const picked = await store(me, 'Backend.pdf', { label: 'Backend' });
      const theirs = await store(other, 'Other person.pdf');

      const stolen = await call(me, 'POST', '/api/apply/apply-job', { job, user: me.user._id, cvId: theirs.id });
      expect(expectErrorShape(stolen, 404)).toMatch(/^cvId: /);
      const applied = await call(me, 'POST', '/api/apply/apply-job', {
        job,
        user: me.user._id,
        coverNote: 'Hello',
        cvId: picked.id,
      });
      expect(applied.statusCode, applied.body).toBe(201);

      expect((await call(me, 'DELETE', `/api/profile/cvs/${picked.id}`)).statusCode).toBe(200);
      expect((await list(me)).cvs.map((cv) => cv.label)).toEqual(['general.pdf']);
      const page = (await call(poster, 'GET', `/api/applications/responses?job=${job}`)).json<ResponsesPage>();
      expect(page.items[0]?.cv).toEqual({ fileName: 'backend.pdf', size: picked.size });
      const link = await call(poster, 'GET', `/api/applications/${page.items[0]?._id}/cv-link`);
      expect(link.statusCode, link.body).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: link.json<CvLink>().url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(minimalPdf('Backend.pdf'))).toBe(true);
    });
  });

  describe('headline, location and links', () => {
    it('saves them, validates links (https, at most 5) and shows them to the employer on the application', async () => {
      const me = await signUpAndSignIn(t.app);
      expect((await call(me, 'GET', '/api/profile/candidate')).json()).toEqual({
        headline: '',
        location: '',
        links: [],
      });
      const body = {
        headline: ' Backend engineer, 8 years ',
        location: 'Lisbon',
        links: ['https://github.com/someone', 'https://someone.dev/'],
      };
      const saved = await call(me, 'PUT', '/api/profile/candidate', body);
      expect(saved.json<CandidateProfile>()).toEqual({ ...body, headline: 'Backend engineer, 8 years' });

      for (const links of [
        ['http://insecure.example.com'],
        ['javascript:alert(1)'],
        ['/relative'],
        Array.from({ length: 6 }, (_, i) => `https://example.com/${i}`),
        ['https://a.example.com', 'https://a.example.com'],
      ]) {
        const refused = await call(me, 'PUT', '/api/profile/candidate', { ...body, links });
        expect(expectErrorShape(refused, 400)).toMatch(/links/);
      }
      expectErrorShape(await call(me, 'PUT', '/api/profile/candidate', { ...body, extra: 1 }), 400);
      expect(
        expectErrorShape(await call(me, 'PUT', '/api/profile/candidate', { ...body, headline: 'x'.repeat(121) }), 400),
      ).toMatch(/headline/);

      const job = await postJob(t.app, poster.cookie, { jobTitle: 'Profile role' });
      await call(me, 'POST', '/api/apply/apply-job', { job, user: me.user._id });
      const page = (await call(poster, 'GET', `/api/applications/responses?job=${job}`)).json<ResponsesPage>();
      expect(page.items[0]?.candidate).toEqual({ ...body, headline: 'Backend engineer, 8 years' });
    });
  });

  describe('personal data', () => {
    it('the export lists stored CVs and the profile; account deletion removes both and the files', async () => {
      const me = await signUpAndSignIn(t.app);
      const stored = await store(me, 'Export.pdf', { label: 'For export' });
      await call(me, 'PUT', '/api/profile/candidate', { headline: 'Exporter', location: 'Porto', links: [] });
      const exported = await t.app.inject({
        method: 'GET',
        url: '/api/user/export',
        headers: { cookie: me.cookie, 'x-requested-with': 'XMLHttpRequest' },
      });
      expect(exported.statusCode).toBe(200);
      const files = unzipped(exported.rawPayload);
      const data = JSON.parse(files.get('jobboard-data.json')?.toString('utf8') ?? '{}') as {
        candidateProfile: Record<string, unknown>[];
        cvs: Record<string, unknown>[];
      };
      expect(data.candidateProfile).toEqual([expect.objectContaining({ headline: 'Exporter', location: 'Porto' })]);
      expect(data.cvs).toEqual([expect.objectContaining({ id: stored.id, label: 'For export', isDefault: true })]);
      expect(files.get(String(data.cvs[0]?.file))?.equals(minimalPdf('Export.pdf'))).toBe(true);
      expect(data.cvs[0]?.onProfileSince).toBeTruthy();

      const key = (await storageKey(stored.id)) ?? '';
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${me.user._id}`,
        headers: { cookie: me.cookie },
        payload: { currentPassword: me.password },
      });
      expect(deleted.statusCode, deleted.body).toBe(200);
      const left = await t.db.query('SELECT 1 FROM candidate_profiles WHERE user_id = $1', [me.user._id]);
      expect(left).toHaveLength(0);
      expect(await storageKey(stored.id)).toBeUndefined();
      expect(fs.existsSync(cvFile(key))).toBe(false);
    });
  });
});
