import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SearchResult } from '@jobboard/shared';
import { foldAccents } from '../src/modules/search/relevance.js';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type TestApp } from './helpers.js';

/**
 * Relevance (issue 32, items 1 and 2), on both engines: the index and the SQL reference it is compared with. The
 * jobs are posted oldest first in the order below, so "newest first" alone would put them the other way round.
 */
const JOBS: { title: string; description?: string; skills?: string[]; company?: string }[] = [
  { title: 'Senior Developer' },
  { title: 'Software Developers Wanted' },
  { title: 'Web Developer' },
  { title: 'Junior Business Development Representative' },
  { title: 'Data Analyst', description: 'You will work with our developer tools team.' },
  { title: 'Registered Nurse' },
  { title: 'Summer Intern' },
  { title: 'Front End Engineer' },
  { title: 'Frontend Engineer' },
  { title: 'JavaScript Engineer' },
  { title: 'Platform Engineer', skills: ['Kubernetes'] },
  { title: 'Software Engineer, Payments' },
  { title: 'Engineer in Software Tooling' },
  { title: 'Café Manager' },
  { title: 'Cafe Supervisor' },
  { title: 'RN - Emergency Department' },
  { title: 'C# Programmer' },
  { title: '.NET Programmer' },
  { title: 'UX Designer' },
  { title: 'UI Designer' },
  { title: 'Account Executive', company: 'Stripe' },
  { title: 'Sales Lead', description: 'You will sell our payments software to Stripe users.' },
  { title: 'Barista', description: 'Pancakes and coffee in our Crêperie near the Straße.' },
  { title: 'JS Tooling Lead' },
  { title: 'Node.js Backend Lead', skills: ['Node.js'] },
];

/** Letters and words fold_accents (migration 046) and foldAccents must fold alike. */
const FOLD_SAMPLES = [
  'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿĀāĂăĄąĆćČčĎďĐđĒēĘęĚěĞğĪīİıŁłŃńŇňŌōŐőŘřŚśŞşŠšŢţŤťŪūŮůŰűŸŹźŻżŽž',
  'Straße Æsir œuvre Œil Müller Łódź Zürich Crème brûlée',
  'مطور برمجيات ﺏ Ω ж 日本 C# .NET',
];

describeEachDb('search relevance', (kind) => {
  it('folds accents in SQL as the search index does', async () => {
    const t = await buildTestApp(kind, { searchIndex: 'off' });
    try {
      for (const text of FOLD_SAMPLES) {
        const [row] = await t.db.query<{ folded: string }>('SELECT fold_accents($1) AS folded', [text]);
        expect(row?.folded, text).toBe(foldAccents(text));
      }
      expect(foldAccents(FOLD_SAMPLES[0] ?? '')).toMatch(/^[A-Za-z]+$/);
    } finally {
      await t.close();
    }
  });

  for (const engine of ['memory', 'off'] as const) {
    let t: TestApp;
    const titles = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchResult>().items.map((job) => job.jobTitle);
    };

    beforeAll(async () => {
      t = await buildTestApp(kind, { searchIndex: engine });
      const poster = await signUpAndSignIn(t.app, { name: 'Relevance Poster' });
      for (const job of JOBS) {
        await postJob(t.app, poster.cookie, {
          jobTitle: job.title,
          ...(job.description ? { description: job.description } : {}),
          ...(job.company ? { companyName: job.company } : {}),
          ...(job.skills ? { skills: job.skills.map((s) => ({ value: s.toLowerCase(), label: s })) } : {}),
        });
      }
      if (engine === 'memory') {
        for (let i = 0; i < 200 && (await t.app.inject({ url: '/api/ready' })).statusCode !== 200; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
    afterAll(async () => t?.close());

    it(`ranks a word as typed above its stem-only relatives, and the title above the description (${engine})`, async () => {
      expect([...(await titles('q=developer')), ...(await titles('q=developer&page=2'))]).toEqual([
        'Web Developer',
        'Software Developers Wanted',
        'Senior Developer',
        // Related titles (synonyms.ts RELATED), newest first, before the words that only share a stem.
        '.NET Programmer',
        'C# Programmer',
        'Engineer in Software Tooling',
        'Software Engineer, Payments',
        'Junior Business Development Representative',
        'Data Analyst',
      ]);
      // Newest first when asked.
      expect((await titles('q=developer&sort=newest'))[0]).toBe('.NET Programmer');
    });

    it(`finds related titles only in titles, and not for another word (${engine})`, async () => {
      expect(await titles('q=programmer')).toEqual(['.NET Programmer', 'C# Programmer']);
      // "web developer" relates to "web software engineer" and "web programmer", which no title holds.
      const web = await titles('q=web%20developer');
      expect(web[0]).toBe('Web Developer');
      expect(web).not.toContain('Software Engineer, Payments');
    });

    it(`ranks the phrase above the same words apart (${engine})`, async () => {
      const found = await titles('q=software%20engineer');
      expect(found.slice(0, 2)).toEqual(['Software Engineer, Payments', 'Engineer in Software Tooling']);
    });

    it(`treats front-end, front end and frontend as one word, and knows a few abbreviations (${engine})`, async () => {
      for (const q of ['front-end', 'front%20end', 'frontend']) {
        expect((await titles(`q=${q}`)).sort(), q).toEqual(['Front End Engineer', 'Frontend Engineer']);
      }
      expect(await titles('q=js')).toContain('JavaScript Engineer');
      expect(await titles('q=k8s')).toEqual(['Platform Engineer']);
    });

    it(`folds accents: "cafe" finds "Café" and "café" finds "Cafe", in titles and descriptions (${engine})`, async () => {
      for (const q of ['cafe', 'caf%C3%A9', 'CAF%C3%89']) {
        expect((await titles(`q=${q}`)).sort(), q).toEqual(['Cafe Supervisor', 'Café Manager']);
      }
      expect(await titles('q=cafe%20manager')).toEqual(['Café Manager']);
      expect(await titles('q=creperie')).toEqual(['Barista']);
      expect(await titles('q=strasse')).toEqual(['Barista']);
    });

    it(`puts "rn" inside "Intern" last, after the registered nurse (${engine})`, async () => {
      expect(await titles('q=rn')).toEqual(['RN - Emergency Department', 'Registered Nurse', 'Summer Intern']);
    });

    it(`finds whole words only when asked (match=words), as the web app does (${engine})`, async () => {
      expect(await titles('q=rn&match=words')).toEqual(['RN - Emergency Department', 'Registered Nurse']);
      expect(await titles('q=intern&match=words')).toEqual(['Summer Intern']);
      expect(await titles('q=rn&match=text')).toContain('Summer Intern');
      const bad = await t.app.inject({ method: 'GET', url: '/api/job/search?q=rn&match=letters' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/^match: /);
    });

    it(`finds a phrase written short, but not inside other words (${engine})`, async () => {
      expect(await titles('q=registered%20nurse')).toEqual(['RN - Emergency Department', 'Registered Nurse']);
    });

    it(`ranks the company's name above the description (${engine})`, async () => {
      expect(await titles('q=stripe')).toEqual(['Account Executive', 'Sales Lead']);
      expect(await titles('q=stripe&sort=newest')).toEqual(['Sales Lead', 'Account Executive']);
    });

    it(`ranks JavaScript and a bare JS above the "js" of Node.js, which "node.js" and "nodejs" find (${engine})`, async () => {
      // Every job but two has the skill JavaScript (jobBody): those rank after the titles, newest first.
      const ranked: string[] = [];
      for (let page = 1; page <= 10; page += 1) ranked.push(...(await titles(`q=js&page=${page}`)));
      expect(ranked.slice(0, 2)).toEqual(['JS Tooling Lead', 'JavaScript Engineer']);
      expect(ranked.at(-1)).toBe('Node.js Backend Lead');
      for (const q of ['node.js', 'nodejs', 'node'])
        expect(await titles(`q=${q}`), q).toEqual(['Node.js Backend Lead']);
    });

    it(`reads a slash as either side (${engine})`, async () => {
      expect((await titles('q=c%23%2F.net')).sort()).toEqual(['.NET Programmer', 'C# Programmer']);
      expect((await titles('q=ux%2Fui%20designer')).sort()).toEqual(['UI Designer', 'UX Designer']);
    });
  }
});
