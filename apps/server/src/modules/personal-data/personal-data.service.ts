import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Db } from '../../db/client.js';
import type { PrivateStorage } from '../cvs/cv-storage.js';
import { readPersonalData } from './personal-data.repository.js';

const README = `This archive holds what the job board keeps about your account.

jobboard-data.json  your account, your headline, location and links, sign-ins, the jobs you posted and your drafts,
                    your applications with your answers to their questions, their messages and interviews, CVs
                    (those kept on your profile have onProfileSince), saved jobs, alerts, companies, reports, the
                    notes and messages you wrote as an employer and the interviews you proposed, and the API keys
                    you made
files/cvs/          the CV files you uploaded

Not included: your password and the links mailed to you (only their one-way hashes are kept), and private notes
a hiring team wrote about your applications (they belong to that team). Your picture is linked by its address.
`;

/** `files/cvs/<id>-<name>`: the id keeps two CVs with one name apart. */
const cvPath = (cv: Record<string, unknown>) => `files/cvs/${String(cv.id)}-${String(cv.fileName)}`;

/**
 * The account's data as a ZIP stream: README.txt, jobboard-data.json, then each CV file as stored (no second
 * compression of PDFs). Written as the reader takes it, so a hundred CVs never sit in memory at once.
 */
export async function personalDataArchive(
  db: Db,
  cvStorage: PrivateStorage,
  userId: string,
  site: string,
): Promise<Readable> {
  const data = await readPersonalData(db, userId);
  const { cvs, ...rest } = data;
  const listed = cvs.map(({ storageKey: _key, ...cv }) => ({ ...cv, file: cvPath(cv) }));
  const json = JSON.stringify({ exportedAt: new Date().toISOString(), site, ...rest, cvs: listed }, null, 2);

  const out = new PassThrough();
  const zip = new Zip((error, chunk, final) => {
    if (error) return void out.destroy(error);
    out.write(chunk);
    if (final) out.end();
  });
  const addText = (name: string, text: string) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(Buffer.from(text), true);
  };
  addText('README.txt', README);
  addText('jobboard-data.json', json);
  void (async () => {
    for (const cv of cvs) {
      const stream = await cvStorage.open(String(cv.storageKey));
      if (!stream) continue;
      const entry = new ZipPassThrough(cvPath(cv));
      zip.add(entry);
      for await (const chunk of stream) {
        entry.push(chunk as Uint8Array);
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      entry.push(new Uint8Array(0), true);
    }
    zip.end();
  })().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
