import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { SearchQuery } from '@jobboard/shared';
import { seedBulk } from '../src/demo/seed.js';
import { SearchIndex } from '../src/modules/search/search-index.js';
import { referenceSearch, SearchCache, searchJobs } from '../src/modules/search/search.service.js';
import { buildTestApp, describeEachDb, type TestApp } from './helpers.js';

/** `npm test` compares at 20,000 jobs; `npm run bench` also at 10,000 and 100,000 (SEARCH_COMPARE_JOBS). */
const JOBS = Number(process.env.SEARCH_COMPARE_JOBS ?? 20_000);
const slower = (ms: number) => ms * Math.max(1, JOBS / 20_000);

/**
 * The search index (decision record 36) answers searches from memory. Counting every match (`exact`), every answer,
 * counts, facets, top lists and page, must be the one the plain SQL reference gives, before and after jobs change;
 * as the product runs it, its estimates must be within 10% of the reference's exact figures.
 */
describeEachDb(`the search index (${JOBS.toLocaleString('en')} jobs)`, (kind) => {
  let t: TestApp;
  let index: SearchIndex;
  /** The same index, but every page walked for in its order (GATHER_MOST 0), and every page gathered. */
  let walking: SearchIndex;
  let gathering: SearchIndex;
  let queries: SearchQuery[];
  /** No answer cache: every search is worked out afresh, by the reference or by the index. */
  const reference = (query: SearchQuery, now: Date) => referenceSearch(t.db, new SearchCache(0), query, now);
  const indexCache = (over = index, exact = true) => {
    const cache = new SearchCache(0);
    cache.index = over;
    cache.exact = exact;
    return cache;
  };

  beforeAll(async () => {
    // The app's own index stays off: this file builds and drives one.
    t = await buildTestApp(kind, { searchIndex: 'off' });
    await seedBulk(t.db, { jobs: JOBS, users: 20, seed: 29 });
    // Titles with signs the text parser drops, and a title only the title-contains rule finds.
    await t.db.query(
      `UPDATE jobs SET job_title = 'C++ Developer' WHERE seq IN (SELECT seq FROM jobs ORDER BY seq LIMIT 7)`,
    );
    await t.db.query(
      `UPDATE jobs SET job_title = 'Senior .NET Engineer' WHERE seq IN (SELECT seq FROM jobs ORDER BY seq OFFSET 7 LIMIT 5)`,
    );
    await t.db.query(
      `UPDATE jobs SET job_title = 'DevOps Lead' WHERE seq IN (SELECT seq FROM jobs ORDER BY seq OFFSET 12 LIMIT 9)`,
    );
    const [place] = await t.db.query<{ city: string; country: string }>(
      `SELECT city, country FROM jobs WHERE status = 'open' AND city <> '' GROUP BY city, country ORDER BY count(*) DESC, city LIMIT 1`,
    );
    const [remote] = await t.db.query<{ country: string }>(
      `SELECT unnest(remote_countries) AS country FROM jobs WHERE status = 'open' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const [word] = await t.db.query<{ w: string }>(
      `SELECT split_part(lower(job_title), ' ', 1) AS w FROM jobs WHERE status = 'open' GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    if (!place || !remote || !word) throw new Error('the generated jobs have no city, remote country or title');
    const common = word.w;
    queries = [
      {},
      { q: common },
      { q: common, sort: 'newest' },
      { q: common, sort: 'pay' },
      { q: common, page: 3 },
      { q: common, page: 40 },
      { q: common.slice(0, 3) },
      { q: common.slice(0, 1) },
      // Broad prefixes, whose sets the index keeps (Store.prefixSets) and must keep up to date.
      { q: 'co' },
      { q: 're', sort: 'newest', page: 4 },
      { q: `${common.slice(0, 2)}${common.slice(3)}` },
      { q: 'engineer manager' },
      { q: 'devloper' },
      { q: 'devloper', page: 3 },
      { q: 'devloper', where: 'remote', page: 2 },
      { q: 'c++' },
      { q: '.net' },
      { q: 'ops' },
      { q: 'the' },
      { q: 'python' },
      { q: 'machine learning' },
      { q: 'zzzzqx' },
      { q: 'e-mail' },
      { q: 'engineer', location: place.city.toLowerCase(), page: 2 },
      { q: 'engineer', workplace: 'on-site', employment: 'full-time' },
      { q: 'manager', where: 'remote', salaryType: 'yearly', payMin: 40_000, sort: 'pay' },
      { q: 'engineer', where: place.country, maxPrice: '100' },
      { q: common, posted: '30d', experience: 'work remotely' },
      { where: `${place.city}, ${place.country}` },
      { where: place.country, sort: 'pay', page: 2 },
      { remoteCountry: remote.country },
      { skill: 'python', where: 'remote', employment: 'full-time' },
      { payMin: 100_000, sort: 'pay' },
      { payMin: 50_000, page: 5 },
      { payMin: 1, page: 2 },
      { posted: '30d', payMin: 1, sort: 'pay' },
      { country: place.country, posted: '7d' },
      { experience: 'work remotely', employment: 'part-time', posted: '30d' },
    ].map((q) => ({ page: 1, ...q }) as SearchQuery);
    index = new SearchIndex(t.db);
    walking = new SearchIndex(t.db, { gatherMost: 0 });
    gathering = new SearchIndex(t.db, { gatherMost: Number.POSITIVE_INFINITY });
    await Promise.all([index.load(), walking.load(), gathering.load()]);
  }, slower(300_000));
  afterAll(async () => {
    await Promise.all([index?.close(), walking?.close(), gathering?.close()]);
    await t?.close();
  });

  const compareAll = async (label: string) => {
    const now = new Date();
    // Every answer below is the index's own, not the database's passes behind it: each search calls into the index.
    const answered = [
      vi.spyOn(index, 'countMatchesAndFacets'),
      vi.spyOn(index, 'pageOf'),
      vi.spyOn(index, 'pageOfFewMatches'),
    ];
    let exact = 0;
    let withItems = 0;
    for (const query of queries) {
      const fromDb = await reference(query, now);
      const fromIndex = await searchJobs(t.db, indexCache(), query, now);
      expect(fromIndex, `${label}: ${JSON.stringify(query)}`).toEqual(fromDb);
      for (const other of [walking, gathering]) {
        expect(
          await searchJobs(t.db, indexCache(other), query, now),
          `${label}, ${other === walking ? 'walked' : 'gathered'}: ${JSON.stringify(query)}`,
        ).toEqual(fromDb);
      }
      if (fromDb.total > 0) exact += 1;
      if (fromDb.items.length > 0) withItems += 1;
    }
    // The comparisons cover counts and pages with jobs, not only empty answers.
    expect(exact, label).toBeGreaterThanOrEqual(25);
    expect(withItems, label).toBeGreaterThanOrEqual(20);
    const calls = answered.reduce((n, spy) => n + spy.mock.calls.length, 0);
    for (const spy of answered) spy.mockRestore();
    // Searches without text or job-model filters take their counts from the precomputed table, and "e-mail" is not
    // plain prefixes: every other search reaches the index at least once.
    expect(calls, label).toBeGreaterThanOrEqual(queries.length - 3);
  };

  it(
    'gives the answers the reference gives: counts, facets, top lists, flags and pages',
    async () => {
      expect(index.ready).toBe(true);
      await compareAll('loaded');
    },
    slower(120_000),
  );

  it(
    'estimates broad searches from its samples within 10% of the exact figures, and pages them exactly',
    async () => {
      const now = new Date();
      let estimated = 0;
      for (const query of queries) {
        const fromReference = await reference(query, now);
        const fromIndex = await searchJobs(t.db, indexCache(index, false), query, now);
        expect(fromIndex.items, JSON.stringify(query)).toEqual(fromReference.items);
        if (!fromIndex.totalIsEstimate) {
          expect(fromIndex.total, JSON.stringify(query)).toBe(fromReference.total);
          continue;
        }
        estimated += 1;
        const error = Math.abs(fromIndex.total - fromReference.total) / fromReference.total;
        expect(error, `${JSON.stringify(query)}: ${fromIndex.total} for ${fromReference.total}`).toBeLessThanOrEqual(
          0.1,
        );
      }
      expect(estimated).toBeGreaterThanOrEqual(3);
    },
    slower(120_000),
  );

  it(
    'follows jobs as they are edited, closed, deleted and posted',
    async () => {
      const [first] = await t.db.query<{ seq: string }>(
        `SELECT seq FROM jobs WHERE status = 'open' ORDER BY seq DESC LIMIT 1`,
      );
      await t.db.query(`UPDATE jobs SET job_title = 'Zzzzqx Wrangler', pay_yearly_usd = 999999 WHERE seq = $1`, [
        first?.seq,
      ]);
      await t.db.query(
        `UPDATE jobs SET status = 'closed' WHERE seq IN (SELECT seq FROM jobs WHERE status = 'open' ORDER BY seq LIMIT 40)`,
      );
      await t.db.query(`DELETE FROM jobs WHERE seq IN (SELECT seq FROM jobs ORDER BY seq DESC OFFSET 5 LIMIT 30)`);
      await t.db.query(
        `UPDATE jobs SET city = 'Zzzville', country = 'DE' WHERE seq IN (SELECT seq FROM jobs WHERE status = 'open' ORDER BY seq OFFSET 100 LIMIT 25)`,
      );
      await seedBulk(t.db, { jobs: 200, users: 2, seed: 31 });
      await compareAll('after changes');
      const found = await searchJobs(t.db, indexCache(), { q: 'zzzzqx', page: 1 } as SearchQuery, new Date());
      expect(found.total).toBe(1);
      expect(found.items[0]?.jobTitle).toBe('Zzzzqx Wrangler');
    },
    slower(120_000),
  );

  it(
    'follows jobs closed when none is added (what it keeps of the samples is worked out again)',
    async () => {
      await t.db.query(
        `UPDATE jobs SET status = 'closed' WHERE seq IN (SELECT seq FROM jobs WHERE status = 'open' AND job_in_fine_sample(seq) ORDER BY seq LIMIT 1500)`,
      );
      await compareAll('after closing only');
    },
    slower(120_000),
  );

  it('sees every change committed before a search began, with no notice (another instance, a script)', async () => {
    const [job] = await t.db.query<{ seq: string }>(`SELECT seq FROM jobs WHERE status = 'open' ORDER BY seq LIMIT 1`);
    const search = (q = 'qqqxyz') => searchJobs(t.db, indexCache(), { q, page: 1 } as SearchQuery, new Date());
    // A search just before (the index has just caught up), then the change, then a search at once.
    expect((await search()).total).toBe(0);
    // Text inside a title but at no word's start: only the title-contains rule finds it (titles kept per text). No job
    // holds it yet, so the answer is widened to the word some jobs hold (fewer-words.ts).
    expect((await search('qxyz keep')).relaxedQuery).toBe('keep');
    await t.db.query(`UPDATE jobs SET job_title = 'Qqqxyz Keeper' WHERE seq = $1`, [job?.seq]);
    const found = await search();
    expect(found.total).toBe(1);
    expect(found.items[0]?.jobTitle).toBe('Qqqxyz Keeper');
    const held = await search('qxyz keep');
    expect(held.items.map((item) => item.jobTitle)).toEqual(['Qqqxyz Keeper']);
    expect(held.relaxedQuery).toBeUndefined();
  });

  it('makes a search that arrives while changes are being read wait for a read begun after it', async () => {
    // An index whose reads of job_changes can be held after the statement ran (a read begun before a write) or
    // frozen (nothing more read: the search answers from what was applied).
    let hold: Promise<void> | undefined;
    let frozen = false;
    const gated = {
      query: async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
        if (!sql.includes('FROM job_changes')) return t.db.query<T>(sql, params);
        if (frozen) return [];
        const rows = await t.db.query<T>(sql, params);
        await hold;
        return rows;
      },
    };
    const held = new SearchIndex(gated);
    try {
      await held.load();
      let release = () => {};
      hold = new Promise<void>((resolve) => (release = resolve));
      const first = held.current();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const [job] = await t.db.query<{ seq: string }>(
        `SELECT seq FROM jobs WHERE status = 'open' ORDER BY seq LIMIT 1 OFFSET 1`,
      );
      await t.db.query(`UPDATE jobs SET job_title = 'Wwqxzy Keeper' WHERE seq = $1`, [job?.seq]);
      const second = held.current();
      release();
      hold = undefined;
      expect(await first).toBe(true);
      expect(await second).toBe(true);
      frozen = true;
      const found = await searchJobs(t.db, indexCache(held), { q: 'wwqxzy', page: 1 } as SearchQuery, new Date());
      expect(found.total).toBe(1);
    } finally {
      await held.close();
    }
  });

  it('answers a search that arrives once loaded but while the load still reads the changes made meanwhile', async () => {
    // The load's last step (the changes made while it read the jobs) is held: the store is in place, and a search
    // arrives. It must wait for those changes and use the index, not drop it (which left it loading for good).
    let release = () => {};
    const hold = new Promise<void>((resolve) => (release = resolve));
    const gated = {
      query: async <T>(sql: string, params?: unknown[]): Promise<T[]> => {
        const rows = await t.db.query<T>(sql, params);
        if (sql.includes('FROM job_changes WHERE change_no >')) await hold;
        return rows;
      },
    };
    const held = new SearchIndex(gated);
    try {
      const loading = held.load();
      for (let i = 0; i < 3_000 && held.state !== 'ready'; i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(held.state).toBe('ready');
      const answered = held.current();
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      expect(await answered).toBe(true);
      await loading;
      expect(held.state).toBe('ready');
      expect(await held.current()).toBe(true);
    } finally {
      release();
      await held.close();
    }
  });

  it('starts on an empty board and follows the first jobs posted', async () => {
    // A board of its own: the index loads with nothing in it (every list empty), then jobs arrive.
    const fresh = await buildTestApp(kind, { searchIndex: 'off' });
    const empty = new SearchIndex(fresh.db);
    try {
      await empty.load();
      await seedBulk(fresh.db, { jobs: 400, users: 3, seed: 37 });
      const now = new Date();
      let withSkills = 0;
      for (const query of [
        { q: 'engineer' },
        { skill: 'python' },
        { where: 'remote' },
        { q: 'senior', sort: 'pay' },
        { payMin: 1 },
      ]) {
        const full = { page: 1, ...query } as SearchQuery;
        const cache = new SearchCache(0);
        cache.index = empty;
        cache.exact = true;
        const fromIndex = await searchJobs(fresh.db, cache, full, now);
        expect(fromIndex, JSON.stringify(query)).toEqual(
          await referenceSearch(fresh.db, new SearchCache(0), full, now),
        );
        if (fromIndex.topFacets.skills.length > 0) withSkills += 1;
      }
      expect(withSkills).toBeGreaterThanOrEqual(3);
    } finally {
      await empty.close();
      await fresh.close();
    }
  });
});
