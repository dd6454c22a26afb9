import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FILTER_GROUPS,
  FILTER_GROUP_NAMES,
  HOME_PAGE_SIZE,
  toIsoDate,
  type FilterGroup,
  type JobCreateBody,
  type SearchResult,
} from '@jobboard/shared';
import {
  describeEachDb,
  buildTestApp,
  expectErrorShape,
  postJob,
  signUpAndSignIn,
  type SignedInUser,
  type TestApp,
} from './helpers.js';

type Criteria = Partial<Record<FilterGroup | 'q' | 'sort', string>>;

interface Fixture {
  title: string;
  location: string;
  salaryType: NonNullable<JobCreateBody['salaryType']>;
  employment: JobCreateBody['employmentType'];
  experience: JobCreateBody['experienceLevel'];
  maxPrice: string;
  /** maxPrice in thousands as a person reads it; null when the text has no number. */
  maxK: number | null;
  daysAgo: number;
  id?: string;
  seq?: number;
}

const TITLES = [
  'Senior React Developer',
  'react native dev',
  '100% Remote Designer',
  'data_engineer',
  'Dataxengineer',
  'Web Developer',
  'Python Engineer',
  '50 percent Manager',
];
const LOCATIONS = ['London', 'Seattle', 'MADRID', 'boston', 'Paris', 'london'];
const SALARY_TYPES = ['Hourly', 'Monthly', 'Yearly'] as const;
const EMPLOYMENT = ['Full-time', 'Part-time', 'Temporary', 'Work remotely'] as const;
const EXPERIENCE = ['No Experience', 'Any Experience', 'Internship', 'Work remotely'] as const;
const PRICES: [string, number | null][] = [
  ['$20k', 20],
  ['120', 120],
  ['120,000', 120],
  ['30', 30],
  ['$30,000', 30],
  ['50k', 50],
  ['80,000', 80],
  ['100', 100],
  ['negotiable', null],
  ['$25.5k', 25.5],
  ['79.9k', 79.9],
  ['101', 101],
];
const DAYS_AGO = [0, 1, 2, 3, 6, 7, 8, 15, 29, 30, 31, 60];

const FIXTURES: Fixture[] = Array.from({ length: 29 }, (_, i) => {
  const [maxPrice, maxK] = PRICES[i % PRICES.length] ?? ['0', 0];
  return {
    title: `${TITLES[i % TITLES.length]} ${i}`,
    location: LOCATIONS[i % LOCATIONS.length] ?? 'London',
    salaryType: SALARY_TYPES[i % SALARY_TYPES.length] ?? 'Yearly',
    employment: EMPLOYMENT[i % EMPLOYMENT.length] ?? 'Full-time',
    experience: EXPERIENCE[Math.floor(i / 2) % EXPERIENCE.length] ?? 'Internship',
    maxPrice,
    maxK,
    daysAgo: DAYS_AGO[(i * 5) % DAYS_AGO.length] ?? 0,
  };
});

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_DAYS = { '24h': 1, '7d': 7, '30d': 30 } as const;

/** The spec's semantics, written independently of the server: what a search must answer. */
function referenceMatches(f: Fixture, c: Criteria): boolean {
  if (c.q && !f.title.toLowerCase().includes(c.q.toLowerCase())) return false;
  if (c.location && f.location.toLowerCase() !== c.location) return false;
  if (c.salaryType && f.salaryType.toLowerCase() !== c.salaryType) return false;
  if (c.maxPrice && (f.maxK === null || f.maxK > Number(c.maxPrice))) return false;
  if (c.posted && f.daysAgo > WINDOW_DAYS[c.posted as keyof typeof WINDOW_DAYS]) return false;
  // A Work Experience or Job Type value matches the experience level or the employment type.
  const either = (v: string) => f.experience.toLowerCase() === v || f.employment.toLowerCase() === v;
  if (c.experience && !either(c.experience)) return false;
  if (c.employment && !either(c.employment)) return false;
  // An old client's job is remote when it says "Work remotely" (job model, issue 11), else on-site.
  if (c.workplace && (either('work remotely') ? 'remote' : 'on-site') !== c.workplace) return false;
  return true;
}

/** Newest posting date first, then the later insertion first. */
function referenceIds(c: Criteria, fixtures: Fixture[] = FIXTURES): string[] {
  return fixtures
    .filter((f) => referenceMatches(f, c))
    .sort((a, b) => a.daysAgo - b.daysAgo || (b.seq ?? 0) - (a.seq ?? 0))
    .map((f) => f.id ?? '');
}

describeEachDb('search API', (kind) => {
  let t: TestApp;
  let poster: SignedInUser;

  async function search(criteria: Criteria & { page?: string | number } = {}) {
    const params = new URLSearchParams(Object.entries(criteria).map(([k, v]): [string, string] => [k, String(v)]));
    const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${params.toString()}` });
    if (response.statusCode !== 200)
      throw new Error(`search ${params.toString()}: ${response.statusCode} ${response.body}`);
    return response.json<SearchResult>();
  }

  /** Every matching id, page after page. */
  async function searchAllIds(criteria: Criteria): Promise<{ ids: string[]; total: number }> {
    const ids: string[] = [];
    let total = -1;
    for (let page = 1; page <= 20; page += 1) {
      const result = await search({ ...criteria, page });
      total = result.total;
      ids.push(...result.items.map((j) => j._id));
      if (result.items.length < HOME_PAGE_SIZE) break;
    }
    return { ids, total };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    poster = await signUpAndSignIn(t.app);
    const now = Date.now();
    for (const f of FIXTURES) {
      f.id = await postJob(t.app, poster.cookie, {
        jobTitle: f.title,
        jobLocation: f.location,
        salaryType: f.salaryType,
        employmentType: f.employment,
        experienceLevel: f.experience,
        maxPrice: f.maxPrice,
        description: `${f.title}: ${'a long description of the role. '.repeat(10)}`,
        // A skill none of the queries below starts: the text search also reads skills (job-model.api.test.ts).
        skills: [{ value: 'Go', label: 'Go' }],
      });
      await t.db.query('UPDATE jobs SET posting_date = $1::date WHERE id = $2', [
        toIsoDate(new Date(now - f.daysAgo * DAY_MS)),
        f.id,
      ]);
      const row = (await t.db.query<{ seq: string }>('SELECT seq::text AS seq FROM jobs WHERE id = $1', [f.id]))[0];
      f.seq = Number(row?.seq);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers {items, total, page, pageSize, facets} to a visitor, newest first, page of 6', async () => {
    const result = await search();
    // The spec's fields, and beside them the job model's and the estimates' flags (false: a few jobs are counted).
    expect(Object.keys(result).sort()).toEqual([
      'facets',
      'facetsAreEstimates',
      'items',
      'page',
      'pageSize',
      'sort',
      'topFacets',
      'total',
      'totalIsEstimate',
    ]);
    expect(result.totalIsEstimate).toBe(false);
    expect(result.facetsAreEstimates).toBe(false);
    expect(result.total).toBe(FIXTURES.length);
    expect(result.page).toBe(1);
    expect(result.pageSize).toBe(6);
    expect(result.items.map((j) => j._id)).toEqual(referenceIds({}).slice(0, 6));
    const first = result.items[0];
    expect(first && Object.keys(first).sort()).toEqual(
      [
        '_id',
        'companyLogo',
        'companyName',
        'description',
        'employmentType',
        'experienceLevel',
        'jobLocation',
        'jobTitle',
        'maxPrice',
        'minPrice',
        'postedBy',
        'postingDate',
        'salaryType',
        'skills',
        'company',
        'language',
        'location',
        'posterName',
        'remoteCountries',
        'salary',
        'status',
        'validThrough',
        'workplace',
      ].sort(),
    );
    // A visitor reads the poster's public name, not their address (posted-by.api.test.ts).
    expect(first?.postedBy).toBe(poster.user.name);
    // Cards get a shortened description.
    for (const item of result.items) {
      expect(item.description.length).toBeGreaterThan(50);
      expect(item.description.length).toBeLessThanOrEqual(110);
    }
  });

  it('orders by posting date, then by insertion (the later first) on the same date', async () => {
    const { ids } = await searchAllIds({});
    expect(ids).toEqual(referenceIds({}));
    const sameDay = FIXTURES.filter((f) => f.daysAgo === 0);
    expect(sameDay.length).toBeGreaterThan(1);
  });

  // q is "what" (title, company, skills, description words); these fixtures mention the queries in titles only,
  // so the reference is the title match. The broader reach is tested in job-model.api.test.ts.
  describe('title query', () => {
    it.each(['react', 'REACT', 'Developer', 'dev', 'engineer', 'x'])(
      'q=%s is a case-insensitive substring match',
      async (q) => {
        // Newest first, to compare the order too; relevance (the default with a text) ranks the same matches.
        const { ids, total } = await searchAllIds({ q, sort: 'newest' });
        expect(ids).toEqual(referenceIds({ q }));
        expect(total).toBe(ids.length);
        expect(total).toBeGreaterThan(0);
        const ranked = await searchAllIds({ q });
        expect([...ranked.ids].sort()).toEqual([...ids].sort());
      },
    );

    it('takes % and _ literally', async () => {
      const percent = await searchAllIds({ q: '0%' });
      expect(percent.ids).toEqual(referenceIds({ q: '0%' }));
      expect(percent.ids.length).toBeGreaterThan(0);
      const all = await searchAllIds({ q: '%' });
      expect(all.total).toBe(FIXTURES.filter((f) => f.title.includes('%')).length);
      const underscore = await searchAllIds({ q: 'a_e' });
      expect(underscore.ids).toEqual(referenceIds({ q: 'a_e' }));
      // 'Dataxengineer' would match an unescaped 'a_e'.
      expect(underscore.ids).not.toContain(FIXTURES.find((f) => f.title.startsWith('Dataxengineer'))?.id);
      expect((await searchAllIds({ q: '_' })).total).toBe(FIXTURES.filter((f) => f.title.includes('_')).length);
      expect((await searchAllIds({ q: '\\' })).total).toBe(0);
    });

    it('treats an empty or blank q as no query, and finds nothing for an absent title', async () => {
      expect((await search({ q: '' })).total).toBe(FIXTURES.length);
      expect((await search({ q: '   ' })).total).toBe(FIXTURES.length);
      const none = await search({ q: 'astronaut' });
      expect(none.total).toBe(0);
      expect(none.items).toEqual([]);
    });
  });

  describe('each filter group alone', () => {
    const cases = FILTER_GROUP_NAMES.flatMap((group) => FILTER_GROUPS[group].map((o) => [group, o.value] as const));
    it.each(cases)('%s=%s matches the spec semantics', async (group, value) => {
      const { ids, total } = await searchAllIds({ [group]: value });
      expect(ids).toEqual(referenceIds({ [group]: value }));
      expect(total).toBe(ids.length);
    });

    it('matches location case-insensitively and by equality only', async () => {
      const london = await searchAllIds({ location: 'london' });
      const expected = FIXTURES.filter((f) => f.location.toLowerCase() === 'london');
      expect(expected.map((f) => f.location)).toEqual(expect.arrayContaining(['London', 'london']));
      expect(london.total).toBe(expected.length);
      expect((await search({ location: 'LONDON' })).total).toBe(expected.length);
      expect((await search({ location: 'madrid' })).total).toBe(FIXTURES.filter((f) => f.location === 'MADRID').length);
    });

    it('matches maxPrice at or below the value, reading $20k, 120, 120,000 and $30,000 as thousands', async () => {
      const at30 = await searchAllIds({ maxPrice: '30' });
      const texts = new Set(FIXTURES.filter((f) => at30.ids.includes(f.id ?? '')).map((f) => f.maxPrice));
      expect([...texts].sort()).toEqual(['$20k', '$25.5k', '$30,000', '30']);
      const at100 = await searchAllIds({ maxPrice: '100' });
      const texts100 = new Set(FIXTURES.filter((f) => at100.ids.includes(f.id ?? '')).map((f) => f.maxPrice));
      expect(texts100.has('100')).toBe(true);
      expect(texts100.has('101')).toBe(false);
      expect(texts100.has('120')).toBe(false);
      expect(texts100.has('120,000')).toBe(false);
      expect(texts100.has('negotiable')).toBe(false);
    });

    it('matches posted windows on or after the window start (24h: today and yesterday)', async () => {
      const days = async (posted: string) => {
        const { ids } = await searchAllIds({ posted });
        return [...new Set(FIXTURES.filter((f) => ids.includes(f.id ?? '')).map((f) => f.daysAgo))].sort(
          (a, b) => a - b,
        );
      };
      expect(await days('24h')).toEqual([0, 1]);
      expect(await days('7d')).toEqual([0, 1, 2, 3, 6, 7]);
      expect(await days('30d')).toEqual([0, 1, 2, 3, 6, 7, 8, 15, 29, 30]);
    });

    it('matches experience "work remotely" and "internship", and employment types', async () => {
      // "Work remotely" is both an experience level and an employment type: the option finds either.
      const remote = await searchAllIds({ experience: 'work remotely' });
      const remoteFixtures = FIXTURES.filter(
        (f) => f.experience === 'Work remotely' || f.employment === 'Work remotely',
      );
      expect(remote.total).toBe(remoteFixtures.length);
      expect(remote.ids).toEqual(referenceIds({ experience: 'work remotely' }));
      const remoteByEmploymentOnly = FIXTURES.filter(
        (f) => f.employment === 'Work remotely' && f.experience !== 'Work remotely',
      );
      expect(remoteByEmploymentOnly.length).toBeGreaterThan(0);
      for (const f of remoteByEmploymentOnly) expect(remote.ids).toContain(f.id);
      expect(remote.total).toBeGreaterThan(0);
      const intern = await searchAllIds({ experience: 'internship' });
      expect(intern.total).toBe(FIXTURES.filter((f) => f.experience === 'Internship').length);
      const fullTime = await searchAllIds({ employment: 'full-time' });
      expect(fullTime.total).toBe(FIXTURES.filter((f) => f.employment === 'Full-time').length);
    });

    it("treats 'all', 'any' and empty values as no filter", async () => {
      expect((await search({ location: 'all', employment: 'any', posted: '' })).total).toBe(FIXTURES.length);
    });
  });

  describe('groups combined', () => {
    const combos: Criteria[] = [
      { location: 'london', employment: 'full-time' },
      { maxPrice: '80', posted: '30d', salaryType: 'yearly' },
      { q: 'dev', posted: '7d' },
      { location: 'seattle', salaryType: 'monthly', experience: 'internship' },
      { q: 'engineer', maxPrice: '100', employment: 'part-time' },
      {
        location: 'boston',
        salaryType: 'hourly',
        maxPrice: '50',
        posted: '30d',
        experience: 'work remotely',
        employment: 'temporary',
      },
    ];
    it.each(combos)('%o combines with AND', async (criteria) => {
      const { ids, total } = await searchAllIds(criteria);
      expect(ids).toEqual(referenceIds(criteria));
      expect(total).toBe(ids.length);
      // AND: the intersection of each filter alone.
      for (const [key, value] of Object.entries(criteria)) {
        const alone = await searchAllIds({ [key]: value });
        for (const id of ids) expect(alone.ids).toContain(id);
      }
    });

    it('has at least one combination with results and one without (the fixture is meaningful)', async () => {
      const totals = await Promise.all(combos.map(async (c) => (await search(c)).total));
      expect(totals.some((n) => n > 0)).toBe(true);
      expect(totals.some((n) => n === 0)).toBe(true);
    });
  });

  describe('paging', () => {
    it('pages by 6; the last page is partial; a page past the end is empty with the right total', async () => {
      const total = FIXTURES.length;
      const lastPage = Math.ceil(total / HOME_PAGE_SIZE);
      expect(total % HOME_PAGE_SIZE).not.toBe(0);
      const all = referenceIds({});
      for (let page = 1; page <= lastPage; page += 1) {
        const result = await search({ page });
        expect(result.page).toBe(page);
        expect(result.total).toBe(total);
        expect(result.items.map((j) => j._id)).toEqual(all.slice((page - 1) * 6, page * 6));
      }
      const last = await search({ page: lastPage });
      expect(last.items).toHaveLength(total - (lastPage - 1) * 6);
      const past = await search({ page: lastPage + 1 });
      expect(past.items).toEqual([]);
      expect(past.total).toBe(total);
      expect(past.page).toBe(lastPage + 1);
      const far = await search({ page: 10_000 });
      expect(far.items).toEqual([]);
      expect(far.total).toBe(total);
    });

    it('pages a filtered search', async () => {
      const criteria = { q: 'e', sort: 'newest' };
      const expected = referenceIds(criteria);
      expect(expected.length).toBeGreaterThan(6);
      const page2 = await search({ ...criteria, page: 2 });
      expect(page2.total).toBe(expected.length);
      expect(page2.items.map((j) => j._id)).toEqual(expected.slice(6, 12));
    });
  });

  describe('facets', () => {
    const currents: Criteria[] = [
      {},
      { q: 'dev' },
      { location: 'london', employment: 'full-time' },
      { maxPrice: '80', posted: '30d', salaryType: 'yearly' },
      { q: 'e', experience: 'internship', location: 'seattle' },
    ];
    it.each(currents)('with %o, every option counts what searching with it would find', async (current) => {
      const result = await search(current);
      expect(Object.keys(result.facets).sort()).toEqual([...FILTER_GROUP_NAMES].sort());
      for (const group of FILTER_GROUP_NAMES) {
        expect(Object.keys(result.facets[group]).sort()).toEqual(FILTER_GROUPS[group].map((o) => o.value).sort());
        for (const option of FILTER_GROUPS[group]) {
          const criteria = { ...current, [group]: option.value };
          const actual = await search(criteria);
          expect(result.facets[group][option.value], `${group}=${option.value} with ${JSON.stringify(current)}`).toBe(
            actual.total,
          );
          expect(actual.total).toBe(referenceIds(criteria).length);
        }
      }
      expect(result.total).toBe(referenceIds(current).length);
    });

    it('the facets of the empty search are not all zero (the check above can fail)', async () => {
      const { facets } = await search();
      const counts = FILTER_GROUP_NAMES.flatMap((g) => Object.values(facets[g]));
      expect(counts.filter((n) => n > 0).length).toBeGreaterThan(10);
    });
  });

  describe('bad values', () => {
    it.each([
      [`location=${'x'.repeat(101)}`, 'location'],
      ['salaryType=weekly', 'salaryType'],
      ['maxPrice=31', 'maxPrice'],
      ['posted=1y', 'posted'],
      ['experience=guru', 'experience'],
      ['employment=forever', 'employment'],
      ['page=0', 'page'],
      ['page=-1', 'page'],
      ['page=abc', 'page'],
      ['page=1.5', 'page'],
      ['page=10001', 'page'],
      ['sort=asc', 'sort'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ])('%s -> 400 naming %s', async (query, field) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${query}` });
      expect(expectErrorShape(response, 400)).toContain(field);
    });
  });

  describe('count cache', () => {
    it('is invalidated by posting, updating and deleting a job', async () => {
      const before = await search({ location: 'boston' });
      const beforeSeattle = before.facets.location.seattle ?? -1;
      const beforeBoston = before.facets.location.boston ?? -1;
      const id = await postJob(t.app, poster.cookie, { jobLocation: 'Boston', jobTitle: 'Fresh Boston Job' });
      const afterPost = await search({ location: 'boston' });
      expect(afterPost.total).toBe(before.total + 1);
      expect(afterPost.facets.location.boston).toBe(beforeBoston + 1);
      expect(afterPost.items[0]?._id).toBe(id);

      const update = await t.app.inject({
        method: 'PATCH',
        url: `/api/job/update-job/${id}`,
        headers: { cookie: poster.cookie },
        payload: { jobLocation: 'Seattle' },
      });
      expect(update.statusCode).toBe(200);
      const afterUpdate = await search({ location: 'boston' });
      expect(afterUpdate.total).toBe(before.total);
      expect(afterUpdate.facets.location.seattle).toBe(beforeSeattle + 1);

      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/job/delete/${id}`,
        headers: { cookie: poster.cookie },
      });
      expect(del.statusCode).toBe(200);
      const afterDelete = await search({ location: 'boston' });
      expect(afterDelete.facets.location.seattle).toBe(beforeSeattle);
      expect(afterDelete.total).toBe(before.total);
    });

    it('is invalidated by deleting a user with jobs', async () => {
      const other = await signUpAndSignIn(t.app);
      await postJob(t.app, other.cookie, { jobTitle: 'Soon gone', jobLocation: 'Madrid' });
      await postJob(t.app, other.cookie, { jobTitle: 'Soon gone too', jobLocation: 'Madrid' });
      const before = await search({ location: 'madrid' });
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/user/delete/${other.user._id}`,
        headers: { cookie: other.cookie },
        payload: { currentPassword: other.password },
      });
      expect(deleted.statusCode).toBe(200);
      const after = await search({ location: 'madrid' });
      expect(after.total).toBe(before.total - 2);
      expect(after.facets.location.madrid).toBe((before.facets.location.madrid ?? -1) - 2);
      expect((await search()).total).toBe(FIXTURES.length);
    });
  });
});
