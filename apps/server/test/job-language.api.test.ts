import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Job, SearchResult } from '@jobboard/shared';
import { buildTestApp, describeEachDb, expectErrorShape, postJob, signUpAndSignIn, type TestApp } from './helpers.js';

/**
 * A job's language (issue 35, item 6): asked by the form, the poster's by default, returned to mark the text, and
 * the language search stems the job's words in, on both engines: "Entwicklern" finds a German job asking for an
 * "Entwickler" (German stems both "entwickl"), not an English job holding the same word (English stems the query
 * "entwicklern"); "Buchhaltung" finds a German "Buchhalter" (both "buchhalt" in German).
 */
describeEachDb('job language', (kind) => {
  for (const engine of ['memory', 'off'] as const) {
    let t: TestApp;
    let germanId = '';
    let defaultedId = '';
    const titles = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response
        .json<SearchResult>()
        .items.map((job) => job.jobTitle)
        .sort();
    };

    beforeAll(async () => {
      t = await buildTestApp(kind, { searchIndex: engine });
      const poster = await signUpAndSignIn(t.app, { name: 'Sprach Poster' });
      germanId = await postJob(t.app, poster.cookie, {
        jobTitle: 'Pflegekraft Nachtdienst',
        description: 'Wir suchen Entwickler für die Buchhaltung der Station.',
        language: 'de',
      });
      await postJob(t.app, poster.cookie, {
        jobTitle: 'Night nurse',
        description: 'An Entwickler for our night shift in Berlin.',
        language: 'en',
      });
      // A poster whose account speaks German posts in German unless they say otherwise.
      const german = await signUpAndSignIn(t.app, { name: 'Deutsch Poster' });
      const set = await t.app.inject({
        method: 'POST',
        url: `/api/user/update/${german.user._id}`,
        headers: { cookie: german.cookie },
        payload: { locale: 'de' },
      });
      expect(set.statusCode, set.body).toBe(200);
      defaultedId = await postJob(t.app, german.cookie, { jobTitle: 'Buchhalter', description: 'Buchhalter gesucht.' });
      if (engine === 'memory') {
        for (let i = 0; i < 200 && (await t.app.inject({ url: '/api/ready' })).statusCode !== 200; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
    afterAll(async () => t?.close());

    it(`keeps the language posted in, the poster's by default (${engine})`, async () => {
      const job = async (id: string) => (await t.app.inject({ url: `/api/job/all-jobs/${id}` })).json<Job>();
      expect((await job(germanId)).language).toBe('de');
      expect((await job(defaultedId)).language).toBe('de');
      const items = (await t.app.inject({ url: '/api/job/search?q=nurse' })).json<SearchResult>().items;
      expect(items.map((j) => j.language)).toEqual(['en']);
    });

    it(`stems each job's words in its language (${engine})`, async () => {
      expect(await titles('q=Entwicklern')).toEqual(['Pflegekraft Nachtdienst']);
      expect(await titles('q=Buchhaltung')).toEqual(['Buchhalter', 'Pflegekraft Nachtdienst']);
      expect(await titles('q=entwickler')).toEqual(['Night nurse', 'Pflegekraft Nachtdienst']);
      expect(await titles('q=nurses')).toEqual(['Night nurse']);
    });

    it(`narrows by the job's language (${engine})`, async () => {
      expect(await titles('language=de')).toEqual(['Buchhalter', 'Pflegekraft Nachtdienst']);
      expect(await titles('language=en')).toEqual(['Night nurse']);
      expect(await titles('q=entwickler&language=en')).toEqual(['Night nurse']);
      expect(await titles('language=fr')).toEqual([]);
      const response = await t.app.inject({ url: '/api/job/search?language=klingon' });
      expect(expectErrorShape(response, 400)).toMatch(/language/);
    });

    it(`refuses a language it does not know, naming the field, and changes it on an edit (${engine})`, async () => {
      const poster = await signUpAndSignIn(t.app, { name: 'Edit Poster' });
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/job/post-job',
        headers: { cookie: poster.cookie },
        payload: { jobTitle: 'X', language: 'xx' },
      });
      expect(expectErrorShape(bad, 400)).toMatch(/language/);
      const id = await postJob(t.app, poster.cookie, { jobTitle: 'Développeur web', language: 'fr' });
      const edit = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: poster.cookie },
        payload: { language: 'es' },
      });
      expect(edit.statusCode, edit.body).toBe(200);
      expect((await t.app.inject({ url: `/api/job/all-jobs/${id}` })).json<Job>().language).toBe('es');
    });
  }
});
