import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  toIsoDate,
  type Company,
  type CompanyPage,
  type Job,
  type JobCreateBody,
  type SearchResult,
} from '@jobboard/shared';
import { defaultRegion } from '../src/modules/jobs/places.js';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  jobBody,
  joinCompany,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';
import { DEFAULT_RATE_LIMITS } from '../src/config.js';

/** The job model of issue 11: open skills and places, workplace, pay, validity, companies, what + where. */

const DAY_MS = 86_400_000;
const inDays = (days: number) => toIsoDate(new Date(Date.now() + days * DAY_MS));

/** A job as a new client sends it: structured fields instead of the spec's flat ones. */
function modelBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const {
    companyName: _n,
    companyLogo: _l,
    minPrice: _a,
    maxPrice: _b,
    salaryType: _c,
    jobLocation: _d,
    ...rest
  } = jobBody();
  return {
    ...rest,
    salary: { min: 60000, max: 75000, currency: 'EUR', period: 'year' },
    location: { city: 'Berlin', country: 'DE' },
    workplace: 'hybrid',
    ...overrides,
  };
}

describeEachDb('job model API', (kind) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;
  let acme: Company;

  async function inject(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      ...(cookie ? { headers: { cookie } } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  async function post(body: Record<string, unknown>, cookie = alice.cookie): Promise<string> {
    const response = await inject('POST', '/api/job/post-job', cookie, body);
    if (response.statusCode !== 201) throw new Error(`post-job: ${response.statusCode} ${response.body}`);
    return response.json<{ insertedId: string }>().insertedId;
  }
  async function job(id: string): Promise<Job> {
    return (await inject('GET', `/api/job/all-jobs/${id}`)).json<Job>();
  }
  async function search(query: string): Promise<SearchResult> {
    const response = await inject('GET', `/api/job/search?${query}`);
    if (response.statusCode !== 200) throw new Error(`search ${query}: ${response.statusCode} ${response.body}`);
    return response.json<SearchResult>();
  }
  const ids = (result: SearchResult) => result.items.map((j) => j._id);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await signUpAndSignIn(t.app);
    bob = await signUpAndSignIn(t.app);
    const created = await inject('POST', '/api/companies', alice.cookie, {
      name: 'Acme Labs',
      website: 'https://acme.example',
      description: 'Rockets.',
    });
    expect(created.statusCode).toBe(201);
    acme = created.json<Company>();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('both forms of a job', () => {
    it('an old client sends only the spec fields and reads both forms back', async () => {
      const id = await postJob(t.app, alice.cookie, {
        jobLocation: 'London',
        minPrice: '$20k',
        maxPrice: '$40k',
        salaryType: 'Yearly',
        companyName: 'Old Client Co',
      });
      const read = await job(id);
      expect(read).toMatchObject({
        jobLocation: 'London',
        minPrice: '$20k',
        maxPrice: '$40k',
        salaryType: 'Yearly',
        companyName: 'Old Client Co',
      });
      expect(read.location).toEqual({ city: 'London', country: 'GB' });
      expect(read.salary).toEqual({ min: 20000, max: 40000, currency: 'USD', period: 'year' });
      expect(read.workplace).toBe('on-site');
      expect(read.company).toMatchObject({ name: 'Old Client Co' });
      expect(read.status).toBe('open');
      expect(read.validThrough).toBe(inDays(30));
      // A second job naming the same company goes under the same company.
      const again = await job(await postJob(t.app, alice.cookie, { companyName: 'old client co' }));
      expect(again.company.id).toBe(read.company.id);
    });

    it('a new client sends the structured fields; old clients read the flat ones derived from them', async () => {
      const id = await post(modelBody({ companyId: acme.id }));
      const read = await job(id);
      expect(read.salary).toEqual({ min: 60000, max: 75000, currency: 'EUR', period: 'year' });
      expect(read).toMatchObject({
        minPrice: '60000',
        maxPrice: '75000',
        salaryType: 'Yearly',
        jobLocation: 'Berlin',
        companyName: 'Acme Labs',
      });
      expect(read.location).toEqual({ city: 'Berlin', country: 'DE' });
      expect(read.company).toMatchObject({ id: acme.id, slug: acme.slug, name: 'Acme Labs' });
      // A weekly rate reads as the monthly equivalent for the spec's three salary types.
      const weekly = await job(
        await post(
          modelBody({ companyId: acme.id, salary: { min: 1000, max: 1200, currency: 'GBP', period: 'week' } }),
        ),
      );
      expect(weekly).toMatchObject({
        salaryType: 'Monthly',
        minPrice: String(Math.round(((1000 * 52) / 12) * 100) / 100),
      });
    });

    it('"Work remotely" from an old client makes a remote job', async () => {
      const read = await job(await postJob(t.app, alice.cookie, { employmentType: 'Work remotely' }));
      expect(read.workplace).toBe('remote');
    });
  });

  describe('validation names the field', () => {
    it.each([
      ['salary.currency', { salary: { min: 1, max: 2, currency: 'EURO', period: 'year' } }],
      ['salary.currency', { salary: { min: 1, max: 2, currency: 'XYZ', period: 'year' } }],
      ['salary.period', { salary: { min: 1, max: 2, currency: 'EUR', period: 'fortnight' } }],
      ['salary.max', { salary: { min: 90, max: 80, currency: 'EUR', period: 'year' } }],
      ['salary.min', { salary: { min: -1, max: 80, currency: 'EUR', period: 'year' } }],
      ['location.country', { location: { city: 'Berlin', country: 'XX' } }],
      ['location.country', { location: { city: 'Berlin', country: 'DEU' } }],
      ['remoteCountries', { workplace: 'remote', remoteCountries: ['ZZ'] }],
      ['workplace', { workplace: 'moon' }],
      ['skills', { skills: Array.from({ length: 21 }, (_, i) => ({ value: `S${i}`, label: `S${i}` })) }],
      ['skills', { skills: [{ value: 'x'.repeat(41), label: 'x' }] }],
      // Days counted when the test runs, not when the file loads: a run may cross midnight.
      ['validThrough', () => ({ validThrough: inDays(91) })],
      ['validThrough', () => ({ validThrough: inDays(-1) })],
      ['validThrough', { validThrough: '2026-02-30' }],
      ['companyName', { companyId: undefined }],
      ['companyId', { companyId: '00000000-0000-4000-8000-000000000000' }],
    ])('%s', async (field, given) => {
      const overrides = typeof given === 'function' ? given() : given;
      const response = await inject(
        'POST',
        '/api/job/post-job',
        alice.cookie,
        modelBody({ companyId: acme.id, ...overrides }),
      );
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(expectErrorShape(response, response.statusCode)).toContain(field);
    });

    it('a validThrough 90 days out is accepted', async () => {
      const read = await job(await post(modelBody({ companyId: acme.id, validThrough: inDays(90) })));
      expect(read.validThrough).toBe(inDays(90));
    });
  });

  describe('skills are open', () => {
    it('stores any skill, unique case-insensitively, the spec nine with their labels', async () => {
      const read = await job(
        await post(
          modelBody({
            companyId: acme.id,
            skills: [
              { value: ' Rust ' },
              { value: 'rust' },
              { value: 'react' },
              { value: 'Tax Law', label: 'ignored' },
            ],
          }),
        ),
      );
      expect(read.skills).toEqual([
        { value: 'Rust', label: 'Rust' },
        { value: 'React', label: 'React' },
        { value: 'Tax Law', label: 'Tax Law' },
      ]);
    });

    it('suggests the most used skills starting with the prefix, and filters by skill', async () => {
      for (let i = 0; i < 3; i += 1)
        await post(modelBody({ companyId: acme.id, skills: [{ value: 'Rustacean Ops' }] }));
      await post(modelBody({ companyId: acme.id, skills: [{ value: 'Rust' }] }));
      const suggestions = (await inject('GET', '/api/skills?q=RUS')).json<{ value: string; count: number }[]>();
      expect(suggestions.map((s) => s.value).slice(0, 2)).toEqual(['Rustacean Ops', 'Rust']);
      expect(suggestions[0]?.count).toBeGreaterThan(suggestions[1]?.count ?? Infinity);
      // Before any job uses them, the spec's nine are the suggestions.
      expect((await inject('GET', '/api/skills?q=mong')).json<{ value: string }[]>().map((s) => s.value)).toEqual([
        'MongoDB',
      ]);
      const found = await search('skill=rustacean%20ops');
      expect(found.total).toBe(3);
      expect(found.items.every((j) => j.skills.some((s) => s.value === 'Rustacean Ops'))).toBe(true);
      expect(found.topFacets.skills[0]).toMatchObject({ value: 'Rustacean Ops', count: 3 });
    });
  });

  describe('places', () => {
    it('suggests world cities by population and answers 400 for an over-long prefix', async () => {
      const places = (await inject('GET', '/api/places?q=lond')).json<
        { city: string; country: string; countryName: string }[]
      >();
      expect(places[0]).toMatchObject({ city: 'London', country: 'GB', countryName: 'United Kingdom' });
      expect(places.length).toBeLessThanOrEqual(8);
      expect(places.some((p) => p.country === 'CA')).toBe(true);
      expect(expectErrorShape(await inject('GET', `/api/places?q=${'x'.repeat(41)}`), 400)).toContain('q');
    });

    it('lookups from one address are limited by the shipped default (300 a minute), then 429; other addresses go on', async () => {
      const { limit } = DEFAULT_RATE_LIMITS.placeLookupsPerAddress;
      const lookup = (remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: '/api/places?q=zzq', remoteAddress });
      const statuses = await Promise.all(
        Array.from({ length: limit }, () => lookup('203.0.113.77').then((r) => r.statusCode)),
      );
      expect(new Set(statuses)).toEqual(new Set([200]));
      expectErrorShape(await lookup('203.0.113.77'), 429);
      expect((await lookup('203.0.113.78')).statusCode).toBe(200);
    });

    it('"where" finds a city, a country by name or code, "City, Country", and remote jobs', async () => {
      const lyon = await post(
        modelBody({ companyId: acme.id, jobTitle: 'Chef Lyon', location: { city: 'Lyon', country: 'FR' } }),
      );
      const remote = await post(
        modelBody({
          companyId: acme.id,
          jobTitle: 'Remote Chef',
          workplace: 'remote',
          location: { city: '', country: 'FR' },
          remoteCountries: ['FR', 'DE'],
        }),
      );
      expect(ids(await search('where=lyon'))).toEqual([lyon]);
      expect(ids(await search('q=chef&where=France')).sort()).toEqual([lyon, remote].sort());
      expect(ids(await search('q=chef&where=fr')).sort()).toEqual([lyon, remote].sort());
      expect(ids(await search('where=Lyon,%20France'))).toEqual([lyon]);
      expect(ids(await search('q=chef&where=remote'))).toEqual([remote]);
      expect(ids(await search('q=chef&remoteCountry=DE'))).toEqual([remote]);
      expect(ids(await search('q=chef&remoteCountry=US'))).toEqual([]);
      expect(ids(await search('q=chef&workplace=on-site')).includes(remote)).toBe(false);
      const places = (await search('q=chef')).topFacets.places;
      expect(places).toContainEqual({ city: 'Lyon', country: 'FR', count: 1 });
    });

    it('"City, ST" and "City, State" (United States, Canada, Australia) find the city; an unknown place answers 0 with the nearest places (issue 29)', async () => {
      const seattle = [
        await post(
          modelBody({ companyId: acme.id, jobTitle: 'Quagga Trainer', location: { city: 'Seattle', country: 'US' } }),
        ),
        await post(
          modelBody({ companyId: acme.id, jobTitle: 'Quagga Feeder', location: { city: 'Seattle', country: 'US' } }),
        ),
      ].sort();
      // An old client's text: 'MA' is Massachusetts here, not Morocco.
      const boston = await post({ ...jobBody({ jobTitle: 'Quagga Keeper', jobLocation: 'Boston, MA' }) });
      expect((await job(boston)).location).toEqual({ city: 'Boston', country: 'US' });
      const toronto = await post(
        modelBody({ companyId: acme.id, jobTitle: 'Quagga Vet', location: { city: 'Toronto', country: 'CA' } }),
      );
      const sydney = await post(
        modelBody({ companyId: acme.id, jobTitle: 'Quagga Diver', location: { city: 'Sydney', country: 'AU' } }),
      );
      expect(ids(await search('q=quagga&where=Seattle,%20WA')).sort()).toEqual(seattle);
      expect(ids(await search('q=quagga&where=seattle,%20washington')).sort()).toEqual(seattle);
      expect(ids(await search('q=quagga&where=Boston,%20MA'))).toEqual([boston]);
      expect(ids(await search('q=quagga&where=Boston,%20Massachusetts'))).toEqual([boston]);
      expect(ids(await search('q=quagga&where=Toronto,%20ON'))).toEqual([toronto]);
      expect(ids(await search('q=quagga&where=Sydney,%20NSW'))).toEqual([sydney]);
      const found = await search('q=quagga&where=Seattle,%20WA');
      expect(found.unknownPlace).toBeUndefined();

      const unknown = await search('q=quagga&where=Seatle');
      expect(unknown.total).toBe(0);
      expect(unknown.unknownPlace?.where).toBe('Seatle');
      expect(unknown.unknownPlace?.suggestions[0]).toBe('Seattle, WA');
      // A known place with nothing in it is not unknown.
      expect((await search('q=quagga&where=Lyon')).unknownPlace).toBeUndefined();
    });

    it('"Springfield, IL" finds Springfield in Illinois only, over the database and over the in-memory index (issue 29)', async () => {
      const off = await buildTestApp(kind, { searchIndex: 'off' });
      try {
        for (const [label, app] of [
          ['memory index', t.app],
          ['database', off.app],
        ] as const) {
          const poster = await signUpAndSignIn(app);
          const word = `springy${label.length}`;
          const send = async (body: Record<string, unknown>) => {
            const response = await app.inject({
              method: 'POST',
              url: '/api/job/post-job',
              headers: { cookie: poster.cookie },
              payload: body,
            });
            expect(response.statusCode, response.body).toBe(201);
            return response.json<{ insertedId: string }>().insertedId;
          };
          // An old client's text names the region; a new one sends it beside the city; a third names none.
          const illinois = await send(jobBody({ jobTitle: `${word} Illinois`, jobLocation: 'Springfield, IL' }));
          const massachusetts = await send({
            ...jobBody({ jobTitle: `${word} Massachusetts` }),
            location: { city: 'Springfield', country: 'US', region: 'Massachusetts' },
            workplace: 'on-site',
          });
          const unnamed = await send({
            ...jobBody({ jobTitle: `${word} Unnamed` }),
            location: { city: 'Springfield', country: 'US' },
            workplace: 'on-site',
          });
          // An edit sending the same place without its region (the form knows it only when picked) keeps it.
          const edited = await app.inject({
            method: 'PATCH',
            url: `/api/job/update-job/${massachusetts}`,
            headers: { cookie: poster.cookie },
            payload: { location: { city: 'Springfield', country: 'US' }, workplace: 'on-site' },
          });
          expect(edited.statusCode, edited.body).toBe(200);
          const found = async (where: string) => {
            if (app === t.app) {
              // The index answers once loaded (GET /api/ready), and reads the new jobs' changes before the search.
              await expect
                .poll(
                  async () =>
                    (await app.inject({ method: 'GET', url: '/api/ready' })).json<{ searchIndex?: string }>()
                      .searchIndex,
                  { timeout: 15_000 },
                )
                .toBe('ready');
            }
            const response = await app.inject({
              method: 'GET',
              url: `/api/job/search?q=${word}&where=${encodeURIComponent(where)}`,
            });
            expect(response.statusCode).toBe(200);
            return response
              .json<SearchResult>()
              .items.map((j) => j._id)
              .sort();
          };
          // A job naming no region is in its city's most populous namesake.
          const home = defaultRegion('Springfield', 'US');
          const inRegion = (region: string, named: string) => [named, ...(home === region ? [unnamed] : [])].sort();
          expect(await found('Springfield, IL'), label).toEqual(inRegion('IL', illinois));
          expect(await found('Springfield, Illinois'), label).toEqual(inRegion('IL', illinois));
          expect(await found('Springfield, MA'), label).toEqual(inRegion('MA', massachusetts));
          expect(await found('Springfield, IL, USA'), label).toEqual(inRegion('IL', illinois));
          expect(await found('Springfield'), label).toEqual([illinois, massachusetts, unnamed].sort());
          expect(await found('Springfield, United States'), label).toEqual([illinois, massachusetts, unnamed].sort());
        }
      } finally {
        await off.close();
      }
    });

    it("the where box's suggestions: countries first with countries=first, regions by name, no place twice", async () => {
      const germ = (await inject('GET', '/api/places?q=germ&countries=first')).json<
        { city: string; countryName: string; region: string }[]
      >();
      expect(germ[0]).toMatchObject({ city: '', countryName: 'Germany' });
      const labels = germ.map((p) => `${p.city}|${p.region}|${p.countryName}`);
      expect(new Set(labels).size).toBe(labels.length);
      expect(
        germ
          .filter((p) => p.city === 'Germantown')
          .map((p) => p.region)
          .sort(),
      ).toEqual(['Maryland', 'Tennessee', 'Wisconsin']);
      // Without the parameter (the job form picks cities) no country; a region known only by code is left out.
      const cities = (await inject('GET', '/api/places?q=germ')).json<{ city: string; region: string }[]>();
      expect(cities.every((p) => p.city !== '')).toBe(true);
      expect(cities.every((p) => !/^[A-Z0-9]{1,3}$/.test(p.region))).toBe(true);
      const montreal = (await inject('GET', '/api/places?q=montr')).json<{ city: string; region: string }[]>();
      expect(montreal[0]).toMatchObject({ city: 'Montréal', region: 'Quebec' });
      expectErrorShape(await inject('GET', '/api/places?q=germ&countries=yes'), 400);
    });

    it('a remote job open anywhere is found for every country', async () => {
      const anywhere = await post(
        modelBody({ companyId: acme.id, jobTitle: 'Anywhere Baker', workplace: 'remote', remoteCountries: [] }),
      );
      expect(ids(await search('q=baker&remoteCountry=JP'))).toEqual([anywhere]);
      expect((await job(anywhere)).remoteCountries).toEqual([]);
    });
  });

  describe('"what" reads title, company, skills and description', () => {
    it('finds a company, a skill with signs, a description word; the title match ranks first', async () => {
      const company = (await inject('POST', '/api/companies', alice.cookie, { name: 'Zyxwv Optics' })).json<Company>();
      const inTitle = await post(
        modelBody({ companyId: acme.id, jobTitle: 'Quokka Keeper', description: 'Care for animals every day.' }),
      );
      const inDescription = await post(
        modelBody({
          companyId: acme.id,
          jobTitle: 'Zoo Assistant',
          description: 'You will feed the quokka family and clean.',
        }),
      );
      const byCompany = await post(modelBody({ companyId: company.id, jobTitle: 'Lens Grinder' }));
      const cpp = await post(
        modelBody({ companyId: acme.id, jobTitle: 'Systems Programmer', skills: [{ value: 'C++' }] }),
      );
      expect(ids(await search('q=zyxwv'))).toEqual([byCompany]);
      expect(ids(await search('q=c%2B%2B'))).toEqual([cpp]);
      const quokka = await search('q=quokka');
      expect(quokka.sort).toBe('relevance');
      // The title match comes first although the description match is newer.
      expect(ids(quokka)).toEqual([inTitle, inDescription]);
      expect(ids(await search('q=quokka&sort=newest'))).toEqual([inDescription, inTitle]);
    });

    it('relevance pages run through the title matches, then the others, also when a page starts past the titles', async () => {
      // Seven title matches and eight others, posted interleaved (newest last), so neither order is the posting order.
      const titles: string[] = [];
      const others: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        if (i < 7) titles.push(await post(modelBody({ companyId: acme.id, jobTitle: `Numbat Ranger ${i}` })));
        others.push(
          await post(
            modelBody({
              companyId: acme.id,
              jobTitle: `Field Worker ${i}`,
              description: `Tracks every numbat in the park (${i}).`,
            }),
          ),
        );
      }
      const expected = [...titles.reverse(), ...others.reverse()];
      const pages = [];
      for (let page = 1; page <= 4; page += 1) pages.push(await search(`q=numbat&page=${page}`));
      expect(pages.map((p) => p.total)).toEqual([15, 15, 15, 15]);
      // Page 2 holds the last title match and the first five others; page 3 starts past every title match.
      expect(pages.flatMap(ids)).toEqual(expected);
      expect(ids(pages[3] as SearchResult)).toEqual([]);
      expect(ids(await search('q=numbat&page=3'))).toEqual(expected.slice(12, 18));
    });

    it('signs in the title: "c++" and "c#" match titles as well as skills, title matches first', async () => {
      const bySkill = await post(
        modelBody({ companyId: acme.id, jobTitle: 'Firmware Hacker', skills: [{ value: 'C#' }] }),
      );
      const byTitle = await post(
        modelBody({ companyId: acme.id, jobTitle: 'C# Game Developer', skills: [{ value: 'Unity' }] }),
      );
      const cppTitle = await post(
        modelBody({ companyId: acme.id, jobTitle: 'Embedded C++ Lead', skills: [{ value: 'Rust' }] }),
      );
      expect(ids(await search('q=c%23'))).toEqual([byTitle, bySkill]);
      expect(ids(await search('q=C%23&sort=newest'))).toEqual([byTitle, bySkill]);
      expect(ids(await search('q=c%2B%2B')).includes(cppTitle)).toBe(true);
      expect(ids(await search('q=c%2B%2B'))[0]).toBe(cppTitle);
      // After the title changes, the old title no longer matches.
      await inject('PATCH', `/api/job/update-job/${byTitle}`, alice.cookie, { jobTitle: 'Game Developer' });
      expect(ids(await search('q=c%23'))).toEqual([bySkill]);
    });
  });

  describe('typos', () => {
    it('"veterinarain" finds veterinarian jobs after the exact matches, and says what it also searched', async () => {
      // A fresh app: its words are read at its first search, after these jobs exist.
      const fresh = await buildTestApp(kind);
      try {
        const owner = await signUpAndSignIn(fresh.app);
        const company = (
          await fresh.app.inject({
            method: 'POST',
            url: '/api/companies',
            headers: { cookie: owner.cookie },
            payload: { name: 'Savanna Zoo' },
          })
        ).json<Company>();
        const postIn = async (body: Record<string, unknown>) => {
          const response = await fresh.app.inject({
            method: 'POST',
            url: '/api/job/post-job',
            headers: { cookie: owner.cookie },
            payload: modelBody({ companyId: company.id, ...body }),
          });
          expect(response.statusCode, response.body).toBe(201);
          return response.json<{ insertedId: string }>().insertedId;
        };
        // The description's misspelling matches as typed; the title's correct word is what the typo is corrected to.
        const asTyped = await postIn({ jobTitle: 'Zoo Keeper', description: 'Assist the veterinarain every morning.' });
        const corrected = await postIn({ jobTitle: 'Large Animal Veterinarian' });
        await postIn({ jobTitle: 'Ticket Seller' });
        const find = async (query: string) =>
          (await fresh.app.inject({ method: 'GET', url: `/api/job/search?${query}` })).json<SearchResult>();
        const relevance = await find('q=veterinarain');
        expect(relevance.correctedQuery, JSON.stringify(relevance)).toBe('veterinarian');
        expect(relevance.total).toBe(2);
        expect(ids(relevance)).toEqual([asTyped, corrected]);
        expect(ids(await find('q=veterinarain&sort=newest'))).toEqual([corrected, asTyped]);
        // A known word is not corrected, nor is a prefix of one.
        const exact = await find('q=veterinarian');
        expect(exact.correctedQuery).toBeUndefined();
        expect(ids(exact)).toEqual([corrected]);
        expect((await find('q=veterin')).correctedQuery).toBeUndefined();
        expect((await find('q=qwertyuiop')).total).toBe(0);
      } finally {
        await fresh.close();
      }
    });
  });

  type Send = (method: 'GET' | 'POST', url: string, payload?: object) => Promise<LightMyRequestResponse>;
  /** Runs `check` as a new signed-in poster on the index and on an app without it (SEARCH_INDEX=off). */
  async function onBothEngines(check: (send: Send) => Promise<void>): Promise<void> {
    const off = await buildTestApp(kind, { searchIndex: 'off' });
    try {
      for (const app of [t.app, off.app]) {
        const poster = await signUpAndSignIn(app);
        await check(async (method, url, payload) =>
          app.inject({ method, url, headers: { cookie: poster.cookie }, ...(payload ? { payload } : {}) }),
        );
      }
    } finally {
      await off.close();
    }
  }

  describe('a search of several words that no job holds all of', () => {
    it('keeps as many words as some job holds, the choice most jobs share; names it; index and database', async () => {
      await onBothEngines(async (send) => {
        const zoo = (await send('POST', '/api/companies', { name: 'Primate House' })).json<Company>();
        const posted: Record<string, string[]> = {};
        const titles = ['Ocelotine Marmoset', 'Ocelotine Marmoset', 'Ocelotine Tamarin Baboonish', 'Marmoset Tamarin'];
        for (const jobTitle of titles) {
          const response = await send('POST', '/api/job/post-job', modelBody({ companyId: zoo.id, jobTitle }));
          expect(response.statusCode, response.body).toBe(201);
          (posted[jobTitle] ??= []).push(response.json<{ insertedId: string }>().insertedId);
        }
        const find = async (q: string, page = 1) =>
          (
            await send('GET', `/api/job/search?q=${encodeURIComponent(q)}&sort=newest&page=${page}`)
          ).json<SearchResult>();
        // "zq9x" is no word of any job (and, with a digit, no typo to correct): the other word is searched.
        const unknownWord = await find('marmoset zq9x');
        expect(unknownWord.relaxedQuery).toBe('marmoset');
        expect(ids(unknownWord).sort()).toEqual(
          [...(posted['Ocelotine Marmoset'] ?? []), ...(posted['Marmoset Tamarin'] ?? [])].sort(),
        );
        // No job has all three; each pair is some job's: the pair most jobs share, wherever it was typed.
        const pair = await find('tamarin ocelotine marmoset');
        expect(pair.relaxedQuery).toBe('ocelotine marmoset');
        expect(ids(pair).sort()).toEqual([...(posted['Ocelotine Marmoset'] ?? [])].sort());
        // Past the last page: the same choice, and the page asked for (empty).
        expect(await find('tamarin ocelotine marmoset', 2)).toMatchObject({
          relaxedQuery: 'ocelotine marmoset',
          total: 2,
          page: 2,
          items: [],
        });
        // Three of four words in one job come before two that more jobs share.
        const most = await find('ocelotine marmoset tamarin baboonish');
        expect(most.relaxedQuery).toBe('ocelotine tamarin baboonish');
        expect(ids(most)).toEqual(posted['Ocelotine Tamarin Baboonish']);
        // A search whose words some job holds together is not widened; nor is one word, nor nonsense.
        const together = await find('ocelotine tamarin');
        expect(together.relaxedQuery).toBeUndefined();
        expect(ids(together)).toEqual(posted['Ocelotine Tamarin Baboonish']);
        expect(await find('zq9x')).toMatchObject({ total: 0 });
        const nonsense = await find('zq9x qz8y');
        expect(nonsense.total).toBe(0);
        expect(nonsense.relaxedQuery).toBeUndefined();
      });
    });
  });

  describe('the search box completes titles, skills and companies', () => {
    it('suggests by any word of a title or company, and a skill prefix; most open jobs first; closed jobs leave', async () => {
      const works = (await inject('POST', '/api/companies', alice.cookie, { name: 'Quasaria Works' })).json<Company>();
      const welders = [];
      for (let i = 0; i < 2; i += 1)
        welders.push(await post(modelBody({ companyId: works.id, jobTitle: 'Quasar Welder' })));
      const lead = await post(
        modelBody({ companyId: works.id, jobTitle: 'Lead Quasar Welder', skills: [{ value: 'Quasar Physics' }] }),
      );
      const suggest = async (q: string) => {
        const response = await inject('GET', `/api/job/suggest?q=${encodeURIComponent(q)}`);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ kind: string; value: string; count: number; slug?: string }[]>();
      };
      // The word two titles share comes first, with the open jobs of both (issue 32 item 3).
      expect(await suggest('QUAS')).toEqual([
        { kind: 'title', value: 'Quasar', label: 'Quasar', count: 3 },
        { kind: 'title', value: 'Quasar Welder', label: 'Quasar Welder', count: 2 },
        { kind: 'title', value: 'Lead Quasar Welder', label: 'Lead Quasar Welder', count: 1 },
        { kind: 'skill', value: 'Quasar Physics', label: 'Quasar Physics', count: 1 },
        { kind: 'company', value: 'Quasaria Works', label: 'Quasaria Works', count: 3, slug: works.slug },
      ]);
      // "Lead Quasar" completes from the middle of nothing else: a phrase must start a word.
      expect((await suggest('uasar')).length).toBe(0);
      await inject('PATCH', `/api/job/update-job/${welders[0]}`, alice.cookie, { status: 'closed' });
      expect(await suggest('quasar w')).toEqual([
        { kind: 'title', value: 'Lead Quasar Welder', label: 'Lead Quasar Welder', count: 1 },
        { kind: 'title', value: 'Quasar Welder', label: 'Quasar Welder', count: 1 },
      ]);
      // The last open job of a title, skill or company closes: it is suggested no more (nor is a word only one
      // title has left).
      await inject('PATCH', `/api/job/update-job/${lead}`, alice.cookie, { status: 'closed' });
      expect(await suggest('quas')).toEqual([
        { kind: 'title', value: 'Quasar Welder', label: 'Quasar Welder', count: 1 },
        { kind: 'company', value: 'Quasaria Works', label: 'Quasaria Works', count: 1, slug: works.slug },
      ]);
      // Wildcards are text; an empty or over-long prefix.
      expect(await suggest('%')).toEqual([]);
      expect(await suggest('  ')).toEqual([]);
      expect(expectErrorShape(await inject('GET', `/api/job/suggest?q=${'q'.repeat(41)}`), 400)).toContain('q');
    });

    it('folds accents: "wombatry" completes "Wömbatry" titles and skills, "wömbatry" "Wombatry"; index and database', async () => {
      await onBothEngines(async (send) => {
        const works = (await send('POST', '/api/companies', { name: 'Wömbatry Works' })).json<Company>();
        for (const jobTitle of ['Wömbatry Barista', 'Wömbatry Barista', 'Wombatry Manager']) {
          const skills = [{ value: 'Wömbatry Lore' }];
          const response = await send(
            'POST',
            '/api/job/post-job',
            modelBody({ companyId: works.id, jobTitle, skills }),
          );
          expect(response.statusCode, response.body).toBe(201);
        }
        const suggest = async (q: string) =>
          (await send('GET', `/api/job/suggest?q=${encodeURIComponent(q)}`)).json<
            { kind: string; value: string; count: number }[]
          >();
        const plain = await suggest('wombatry');
        expect(plain.map(({ kind: k, value, count }) => ({ k, value, count }))).toEqual(
          expect.arrayContaining([
            // The word both titles hold, as the title with more open jobs writes it (the database path too).
            { k: 'title', value: 'Wömbatry', count: 3 },
            { k: 'title', value: 'Wömbatry Barista', count: 2 },
            { k: 'skill', value: 'Wömbatry Lore', count: 3 },
            { k: 'title', value: 'Wombatry Manager', count: 1 },
            { k: 'company', value: 'Wömbatry Works', count: 3 },
          ]),
        );
        expect(await suggest('WÖMBATRY')).toEqual(plain);
        expect(await suggest('wömbatry m')).toEqual([
          { kind: 'title', value: 'Wombatry Manager', label: 'Wombatry Manager', count: 1 },
        ]);
      });
    });

    it('holds at most 8: four titles, two skills, two companies, and what one kind leaves goes to the others', async () => {
      const labs = (await inject('POST', '/api/companies', alice.cookie, { name: 'Zirconia Labs' })).json<Company>();
      await inject('POST', '/api/companies', alice.cookie, { name: 'Zircon Foundry' });
      for (let i = 0; i < 7; i += 1) {
        await post(
          modelBody({
            companyId: labs.id,
            jobTitle: `Zircon Cutter ${'I'.repeat(i + 1)}`,
            skills: i === 0 ? [{ value: 'Zirconium' }] : [{ value: 'Cutting' }],
          }),
        );
      }
      const kinds = (await inject('GET', '/api/job/suggest?q=zirc')).json<{ kind: string }[]>().map((s) => s.kind);
      // One skill and one company with open jobs (the foundry has none): the titles take the places left.
      expect(kinds).toEqual(['title', 'title', 'title', 'title', 'title', 'title', 'skill', 'company']);
    });
  });

  describe('pay', () => {
    it('filters by yearly pay in dollars and sorts by highest pay', async () => {
      const low = await post(
        modelBody({
          companyId: acme.id,
          jobTitle: 'Pay Probe Low',
          salary: { min: 20, max: 25, currency: 'USD', period: 'hour' },
        }),
      );
      const high = await post(
        modelBody({
          companyId: acme.id,
          jobTitle: 'Pay Probe High',
          salary: { min: 150000, max: 180000, currency: 'USD', period: 'year' },
        }),
      );
      const euro = await post(
        modelBody({
          companyId: acme.id,
          jobTitle: 'Pay Probe Euro',
          salary: { min: 90000, max: 100000, currency: 'EUR', period: 'year' },
        }),
      );
      // 25 an hour is 52,000 a year; 100,000 EUR is about 108,000 USD.
      expect(ids(await search('q=pay%20probe&payMin=100000&sort=newest'))).toEqual([euro, high]);
      expect(ids(await search('q=pay%20probe&payMin=50000&sort=pay'))).toEqual([high, euro, low]);
      expect(expectErrorShape(await inject('GET', '/api/job/search?payMin=-5'), 400)).toContain('payMin');
    });
  });

  describe('jobs close', () => {
    it('the poster closes, reopens and renews; closed and expired jobs leave search, keep their page and refuse applications', async () => {
      const id = await post(modelBody({ companyId: acme.id, jobTitle: 'Closable Walrus Trainer' }));
      expect(ids(await search('q=walrus'))).toEqual([id]);

      expect(
        expectErrorShape(await inject('PATCH', `/api/job/update-job/${id}`, bob.cookie, { status: 'closed' }), 403),
      ).toBeTruthy();
      expect((await inject('PATCH', `/api/job/update-job/${id}`, alice.cookie, { status: 'closed' })).statusCode).toBe(
        200,
      );
      expect(ids(await search('q=walrus'))).toEqual([]);
      expect((await job(id)).status).toBe('closed');
      expect(expectErrorShape(await inject('POST', '/api/apply/apply-job', bob.cookie, { job: id }), 409)).toContain(
        'no longer accepting',
      );

      expect((await inject('PATCH', `/api/job/update-job/${id}`, alice.cookie, { status: 'open' })).statusCode).toBe(
        200,
      );
      expect(ids(await search('q=walrus'))).toEqual([id]);

      // Past its closing date (the sweep has not run): out of search at once, expired, no applications.
      await t.db.query(`UPDATE jobs SET valid_through = CURRENT_DATE - 1 WHERE id = $1`, [id]);
      await inject('PATCH', `/api/job/update-job/${id}`, alice.cookie, { jobTitle: 'Closable Walrus Trainer' });
      expect((await job(id)).status).toBe('expired');
      expect(ids(await search('q=walrus'))).toEqual([]);
      expect(expectErrorShape(await inject('POST', '/api/apply/apply-job', bob.cookie, { job: id }), 409)).toContain(
        'no longer accepting',
      );
      expect(
        expectErrorShape(await inject('PATCH', `/api/job/update-job/${id}`, alice.cookie, { status: 'open' }), 400),
      ).toContain('validThrough');

      // Renew: a new closing date opens it again.
      expect(
        (await inject('PATCH', `/api/job/update-job/${id}`, alice.cookie, { status: 'open', validThrough: inDays(30) }))
          .statusCode,
      ).toBe(200);
      expect(await job(id)).toMatchObject({ status: 'open', validThrough: inDays(30) });
      expect((await inject('POST', '/api/apply/apply-job', bob.cookie, { job: id })).statusCode).toBe(201);
    });

    it('counts follow closing: the precomputed facets drop a closed job', async () => {
      const before = (await search('')).total;
      const id = await post(modelBody({ companyId: acme.id }));
      expect((await search('')).total).toBe(before + 1);
      await inject('PATCH', `/api/job/update-job/${id}`, alice.cookie, { status: 'closed' });
      const after = await search('');
      expect(after.total).toBe(before);
      expect(Object.values(after.facets.workplace).reduce((a, b) => a + b, 0)).toBe(before);
    });
  });

  describe('companies', () => {
    it('shows a company page with its open jobs to anyone', async () => {
      const page = (await inject('GET', `/api/companies/${acme.slug}`)).json<CompanyPage>();
      expect(page).toMatchObject({ name: 'Acme Labs', website: 'https://acme.example', canEdit: false });
      expect(page.jobs.length).toBe(page.openJobs);
      expect(page.jobs.every((j) => j.status === 'open' && j.company.id === acme.id)).toBe(true);
      expect((await inject('GET', `/api/companies/${acme.slug}`, alice.cookie)).json<CompanyPage>().canEdit).toBe(true);
      expect(expectErrorShape(await inject('GET', '/api/companies/no-such-company'), 404)).toContain(
        'Company not found',
      );
    });

    it('only owners edit; only the creator adds members; only members post under it', async () => {
      expect(
        expectErrorShape(
          await inject('PATCH', `/api/companies/${acme.slug}`, bob.cookie, { description: 'Hijacked' }),
          403,
        ),
      ).toBeTruthy();
      expect(
        expectErrorShape(
          await inject('PATCH', `/api/companies/${acme.slug}`, undefined, { description: 'Hijacked' }),
          401,
        ),
      ).toBeTruthy();
      expect(
        expectErrorShape(await inject('POST', '/api/job/post-job', bob.cookie, modelBody({ companyId: acme.id })), 403),
      ).toContain('companyId');
      expect(
        expectErrorShape(
          await inject('POST', `/api/companies/${acme.slug}/members`, bob.cookie, { email: bob.user.email }),
          403,
        ),
      ).toBeTruthy();

      // Adding invites (security review round 2): a member once the invitee accepts, and the same answer for
      // an address nobody uses.
      const invited = await inject('POST', `/api/companies/${acme.slug}/members`, alice.cookie, {
        email: bob.user.email,
      });
      expect(invited.statusCode).toBe(202);
      expect(invited.json<{ email: string }[]>().map((m) => m.email)).toEqual([alice.user.email]);
      // As an owner (decision 43): owners edit the company; a recruiter, the role an invitation gives by default, does not.
      await joinCompany(t.app, alice.cookie, acme.slug, bob, 'owner');
      const members = await inject('GET', `/api/companies/${acme.slug}/members`, alice.cookie);
      expect(members.json<{ email: string; isCreator: boolean }[]>()).toEqual([
        expect.objectContaining({ email: alice.user.email, isCreator: true }),
        expect.objectContaining({ email: bob.user.email, isCreator: false }),
      ]);
      const unknown = await inject('POST', `/api/companies/${acme.slug}/members`, alice.cookie, {
        email: 'nobody@example.com',
      });
      expect([unknown.statusCode, unknown.body]).toEqual([202, members.body]);
      const renamed = await inject('PATCH', `/api/companies/${acme.slug}`, bob.cookie, { name: 'Acme Rockets' });
      expect(renamed.json<Company>()).toMatchObject({ name: 'Acme Rockets', slug: acme.slug });
      // The rename reaches the jobs and their search.
      expect((await search('q=rockets')).total).toBeGreaterThan(0);
      expect(
        (await inject('POST', '/api/job/post-job', bob.cookie, modelBody({ companyId: acme.id }))).statusCode,
      ).toBe(201);
      // An owner, yet the creator stays a member whoever asks.
      expect(
        expectErrorShape(
          await inject('DELETE', `/api/companies/${acme.slug}/members/${alice.user.email}`, bob.cookie),
          400,
        ),
      ).toContain('creator');
      const removed = await inject('DELETE', `/api/companies/${acme.slug}/members/${bob.user.email}`, alice.cookie);
      expect(removed.json<{ email: string }[]>().map((m) => m.email)).toEqual([alice.user.email]);
      expect(
        expectErrorShape(await inject('PATCH', `/api/companies/${acme.slug}`, bob.cookie, { name: 'Again' }), 403),
      ).toBeTruthy();
    });

    it('slugs are unique; bad company input is 400 naming the field; unverified accounts cannot create', async () => {
      const second = (await inject('POST', '/api/companies', bob.cookie, { name: 'Acme Labs' })).json<Company>();
      expect(second.slug).not.toBe(acme.slug);
      expect(second.slug.startsWith('acme-labs')).toBe(true);
      expect(expectErrorShape(await inject('POST', '/api/companies', bob.cookie, { name: '' }), 400)).toContain('name');
      expect(
        expectErrorShape(
          await inject('POST', '/api/companies', bob.cookie, { name: 'X', website: 'javascript:alert(1)' }),
          400,
        ),
      ).toContain('website');
      const mine = (await inject('GET', '/api/companies/mine', bob.cookie)).json<Company[]>();
      expect(mine.map((c) => c.slug)).toEqual([second.slug]);
      const unverified = await signUpAndSignIn(t.app, {}, { verified: false });
      expect(
        expectErrorShape(await inject('POST', '/api/companies', unverified.cookie, { name: 'Spam Co' }), 403),
      ).toBeTruthy();
    });
  });

  it('job bodies typed as the create schema still compile for old callers', () => {
    const body: JobCreateBody = jobBody();
    expect(body.companyName).toBe('Acme Inc');
  });
});
