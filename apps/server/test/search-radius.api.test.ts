import { afterAll, beforeAll, expect, it } from 'vitest';
import type { JobCreateBody, SearchResult } from '@jobboard/shared';
import { buildTestApp, describeEachDb, expectErrorShape, postJob, signUpAndSignIn, type TestApp } from './helpers.js';

/**
 * Radius searches (issue 32, item 5) on both engines: the jobs within so many kilometres of a city, from the
 * coordinates of the city list, with the distance on each card; remote jobs open to the city's country by a switch.
 */
const JOBS: { title: string; body: Partial<JobCreateBody> }[] = [
  { title: 'Barista Seattle', body: { location: { city: 'Seattle', country: 'US', region: 'WA' } } },
  { title: 'Barista Bellevue', body: { location: { city: 'Bellevue', country: 'US', region: 'WA' } } },
  { title: 'Barista Tacoma', body: { location: { city: 'Tacoma', country: 'US' } } },
  { title: 'Barista Portland', body: { location: { city: 'Portland', country: 'US', region: 'OR' } } },
  // Bellevue, Nebraska: the same name, another state, far away.
  { title: 'Barista Bellevue NE', body: { location: { city: 'Bellevue', country: 'US', region: 'NE' } } },
  // New York as people write it, and as GeoNames names it.
  { title: 'Barista New York', body: { location: { city: 'New York', country: 'US', region: 'NY' } } },
  { title: 'Barista New York City', body: { location: { city: 'New York City', country: 'US' } } },
  { title: 'Barista Brooklyn', body: { location: { city: 'Brooklyn', country: 'US', region: 'NY' } } },
  {
    title: 'Barista Remote US',
    body: { workplace: 'remote', location: { city: '', country: '' }, remoteCountries: ['US'] },
  },
  {
    title: 'Barista Remote Germany',
    body: { workplace: 'remote', location: { city: '', country: '' }, remoteCountries: ['DE'] },
  },
];

describeEachDb('radius search', (kind) => {
  for (const engine of ['memory', 'off'] as const) {
    let t: TestApp;
    const search = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<SearchResult>();
    };
    const found = async (query: string) =>
      Object.fromEntries((await search(query)).items.map((job) => [job.jobTitle, job.distanceKm]));

    beforeAll(async () => {
      t = await buildTestApp(kind, { searchIndex: engine });
      const poster = await signUpAndSignIn(t.app, { name: 'Radius Poster' });
      for (const job of JOBS) await postJob(t.app, poster.cookie, { jobTitle: job.title, ...job.body });
      if (engine === 'memory') {
        for (let i = 0; i < 200 && (await t.app.inject({ url: '/api/ready' })).statusCode !== 200; i += 1)
          await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
    afterAll(async () => t?.close());

    it(`finds the jobs within the radius, nearest reported (${engine})`, async () => {
      const within25 = await found('q=barista&where=Seattle%2C%20WA&radius=25');
      expect(Object.keys(within25).sort()).toEqual(['Barista Bellevue', 'Barista Seattle']);
      expect(within25['Barista Seattle']).toBe(0);
      expect(within25['Barista Bellevue']).toBeGreaterThan(5);
      expect(within25['Barista Bellevue']).toBeLessThan(15);
      const within50 = await found('q=barista&where=Seattle%2C%20WA&radius=50');
      expect(Object.keys(within50).sort()).toEqual(['Barista Bellevue', 'Barista Seattle', 'Barista Tacoma']);
      const within300 = await found('where=Seattle&radius=300');
      expect(Object.keys(within300)).toContain('Barista Portland');
      expect(Object.keys(within300)).not.toContain('Barista Bellevue NE');
      expect((await search('where=Seattle%2C%20WA&radius=300')).total).toBe(4);
    });

    it(`adds the remote jobs open to the country by a switch (${engine})`, async () => {
      const withRemote = await found('where=Seattle%2C%20WA&radius=25&withRemote=1');
      expect(Object.keys(withRemote).sort()).toEqual(['Barista Bellevue', 'Barista Remote US', 'Barista Seattle']);
      expect(withRemote['Barista Remote US']).toBeUndefined();
    });

    it(`reads a region by its name and remote work open to a country (${engine})`, async () => {
      expect(Object.keys(await found('where=Oregon'))).toEqual(['Barista Portland']);
      expect(Object.keys(await found('where=washington%20state'))).toEqual([]);
      expect(Object.keys(await found('where=Remote%20US'))).toEqual(['Barista Remote US']);
      expect(Object.keys(await found('where=Remote%2C%20Germany'))).toEqual(['Barista Remote Germany']);
      expect(Object.keys(await found('where=remote')).sort()).toEqual(['Barista Remote Germany', 'Barista Remote US']);
      const response = await t.app.inject({ method: 'GET', url: '/api/job/search?where=Oregon&radius=10' });
      expect(expectErrorShape(response, 400)).toMatch(/radius/);
    });

    it(`finds a city under each name people write for it (${engine})`, async () => {
      const newYork = ['Barista New York', 'Barista New York City'];
      for (const where of ['New York', 'new york, ny', 'NYC', 'New York City', 'New York, New York, USA'])
        expect(Object.keys(await found(`where=${encodeURIComponent(where)}`)).sort(), where).toEqual(newYork);
      const within25 = await found('where=New%20York&radius=25');
      expect(Object.keys(within25).sort()).toEqual(['Barista Brooklyn', ...newYork]);
      expect(within25['Barista New York']).toBe(0);
    });

    it(`refuses a radius it cannot measure, naming the field (${engine})`, async () => {
      for (const query of ['radius=25', 'where=Germany&radius=25', 'where=remote&radius=10']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${query}` });
        expect(expectErrorShape(response, 400), query).toMatch(/radius/);
      }
      for (const query of ['where=Seattle&radius=0', 'where=Seattle&radius=501', 'where=Seattle&radius=ten']) {
        const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${query}` });
        expect(expectErrorShape(response, 400), query).toMatch(/radius/);
      }
    });
  }
});
