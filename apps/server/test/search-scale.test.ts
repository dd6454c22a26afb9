import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  FILTER_GROUPS,
  FILTER_GROUP_NAMES,
  HOME_PAGE_SIZE,
  postedWindowStart,
  type Facets,
  type FilterGroup,
  type SearchQuery,
  type SearchResult,
} from '@jobboard/shared';
import { mulberry32 } from '../src/demo/random.js';
import { seedBulk } from '../src/demo/seed.js';
import { SearchIndex } from '../src/modules/search/search-index.js';
import { countMatchesAndFacets } from '../src/modules/search/search.repository.js';
import {
  referenceSearch,
  SearchCache,
  searchCacheKey,
  searchJobs,
  toCriteria,
} from '../src/modules/search/search.service.js';
import { describeEachDb, buildTestApp, signUpAndSignIn, postJob, type TestApp } from './helpers.js';

/** The oracle: counts computed the slow, obvious way, one COUNT(*) over the jobs table per number. */
async function directCounts(t: TestApp, criteria: Partial<Record<FilterGroup, string>>) {
  const condition = (group: FilterGroup, value: string, params: unknown[]): string => {
    params.push(
      group === 'maxPrice' ? Number(value) : group === 'posted' ? postedWindowStart(value as '24h', new Date()) : value,
    );
    const p = `$${params.length}`;
    switch (group) {
      case 'location':
        return `lower(city) = ${p}`;
      case 'workplace':
        return `workplace = ${p}`;
      case 'salaryType':
        return `lower(salary_type) = ${p}`;
      case 'maxPrice':
        return `max_price_k <= ${p}`;
      case 'posted':
        return `posting_date >= ${p}::date`;
      // Either group's value matches the experience level or the employment type ("Work remotely" is both).
      case 'experience':
      case 'employment':
        return `(lower(experience_level) = ${p} OR lower(employment_type) = ${p})`;
    }
  };
  const count = async (chosen: Partial<Record<FilterGroup, string>>) => {
    const params: unknown[] = [];
    // Searches count open jobs: not closed, not past their closing date.
    const where = [
      "status = 'open'",
      'valid_through >= CURRENT_DATE',
      ...Object.entries(chosen).map(([g, v]) => condition(g as FilterGroup, v as string, params)),
    ];
    const rows = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM jobs WHERE ${where.join(' AND ')}`,
      params,
    );
    return rows[0]?.n ?? -1;
  };
  const facets = {} as Facets;
  for (const group of FILTER_GROUP_NAMES) {
    facets[group] = {};
    for (const option of FILTER_GROUPS[group])
      facets[group][option.value] = await count({ ...criteria, [group]: option.value });
  }
  return { total: await count(criteria), facets };
}

/** The total and facets the reference search and the index (counting every match) report. */
async function searchCounts(t: TestApp, index: SearchIndex, criteria: Partial<Record<FilterGroup, string>>) {
  const query = { ...criteria, page: 1 } as SearchQuery;
  const cache = Object.assign(new SearchCache(0), { index, exact: true });
  const [reference, indexed] = await Promise.all([
    referenceSearch(t.db, new SearchCache(0), query),
    searchJobs(t.db, cache, query),
  ]);
  expect({ total: indexed.total, facets: indexed.facets }).toEqual({
    total: reference.total,
    facets: reference.facets,
  });
  return { total: reference.total, facets: reference.facets };
}

describeEachDb('search at scale', (kind) => {
  let t: TestApp;
  let index: SearchIndex;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedBulk(t.db, { jobs: 1_500, users: 20, seed: 7 });
    index = new SearchIndex(t.db);
    await index.load();
  });
  afterAll(async () => {
    await index.close();
    await t.close();
  });

  it("the reference's and the index's counts equal counts over the jobs table, for many filter combinations", async () => {
    const random = mulberry32(3);
    const pick = (items: readonly { value: string }[]) => items[Math.floor(random() * items.length)];
    for (let round = 0; round < 25; round += 1) {
      const criteria: Record<string, string> = {};
      for (const group of FILTER_GROUP_NAMES) {
        if (random() < 0.4) criteria[group] = pick(FILTER_GROUPS[group])?.value ?? '';
      }
      const fromSummary = await searchCounts(t, index, criteria);
      const fromJobs = await directCounts(t, criteria);
      expect(fromSummary).toEqual(fromJobs);
    }
  });

  it('stay exact through updates, deletes and cascades', async () => {
    const { cookie } = await signUpAndSignIn(t.app);
    const ids = await Promise.all(
      [0, 1, 2].map(() => postJob(t.app, cookie, { jobLocation: 'Madrid', maxPrice: '$45k' })),
    );
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/job/update-job/${ids[0]}`,
      headers: { cookie },
      payload: { jobLocation: 'Boston', salaryType: 'Hourly', maxPrice: '200' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/job/delete/${ids[1]}`, headers: { cookie } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The changes happened: the counts below are checked against a database that moved.
    const rows = await t.db.query<{
      id: string;
      job_location: string;
      salary_type: string;
      max_price_k: string | null;
    }>('SELECT id, job_location, salary_type, max_price_k FROM jobs WHERE id = ANY($1::uuid[])', [ids.slice(0, 2)]);
    expect(rows.map((r) => ({ ...r, max_price_k: r.max_price_k === null ? null : Number(r.max_price_k) }))).toEqual([
      { id: ids[0], job_location: 'Boston', salary_type: 'Hourly', max_price_k: 200 },
    ]);
    await t.db.query('UPDATE jobs SET posting_date = posting_date - 90 WHERE id = $1', [ids[2]]);
    // A poster with jobs deleted as a whole (ON DELETE CASCADE fires the statement triggers too).
    const [poster] = await t.db.query<{ poster_id: string }>(
      'SELECT poster_id FROM jobs GROUP BY poster_id ORDER BY count(*) DESC LIMIT 1',
    );
    await t.db.query('DELETE FROM users WHERE id = $1', [poster?.poster_id]);
    const combos: Partial<Record<FilterGroup, string>>[] = [
      {},
      { location: 'madrid' },
      { location: 'boston', salaryType: 'hourly' },
      { posted: '30d', maxPrice: '50' },
    ];
    for (const criteria of combos) {
      expect(await searchCounts(t, index, criteria)).toEqual(await directCounts(t, criteria));
    }
    // The open jobs' titles and skills the index counts (completions, spelling) stay exact too.
    await index.current();
    const kept = index
      .vocabulary()
      .map((r) => `${r.text}:${r.n}`)
      .sort();
    expect(kept.length).toBeGreaterThan(10);
    const direct = await t.db.query<{ k: string }>(
      `SELECT lower(job_title) || ':' || count(*) AS k FROM jobs WHERE status = 'open' GROUP BY lower(job_title)
       UNION ALL SELECT key || ':' || count(*) FROM jobs, unnest(skill_keys) AS key WHERE status = 'open' GROUP BY key`,
    );
    expect(kept).toEqual(direct.map((r) => r.k).sort());
  });

  it("keyset pages read after their neighbours equal the reference's pages, and jumping ahead works", async () => {
    const withIndex = (cache: SearchCache) => Object.assign(cache, { index });
    const cache = withIndex(new SearchCache(60_000));
    const criteria = { workplace: 'remote' } as const;
    const { total } = await countMatchesAndFacets(t.db, criteria as never, new Date());
    const lastPage = Math.ceil(total / HOME_PAGE_SIZE);
    expect(lastPage).toBeGreaterThan(10);
    const seen = new Set<string>();
    for (let page = 1; page <= lastPage; page += 1) {
      const query = { ...criteria, page } as SearchQuery;
      const viaIndex: SearchResult = await searchJobs(t.db, cache, query);
      const viaReference = await referenceSearch(t.db, new SearchCache(0), query);
      expect(viaIndex.items.map((j) => j._id)).toEqual(viaReference.items.map((j) => j._id));
      for (const job of viaIndex.items) seen.add(job._id);
    }
    expect(seen.size).toBe(total);
    // Those pages were gathered from the few matches (at most EXACT_COUNT_LIMIT). A walked page opened directly (a
    // shared link) is found by skipping; read again, it starts from the boundary learnt the first time, with the
    // same rows (`fewMatches` 0: every search walks, as one with many matches does).
    const fresh = withIndex(new SearchCache(60_000, undefined, undefined, 0, 0));
    const direct = await searchJobs(t.db, fresh, { ...criteria, page: 7 } as SearchQuery);
    const again = await searchJobs(t.db, fresh, { ...criteria, page: 7 } as SearchQuery);
    expect(again.items).toEqual(direct.items);
    const [entry] = [
      fresh.entry(searchCacheKey(toCriteria(criteria), new Date().toISOString().slice(0, 10)), Date.now()),
    ];
    expect(entry && SearchCache.position(entry, 7).after).toBeDefined();
    const far = await searchJobs(t.db, cache, { ...criteria, page: lastPage + 3 } as SearchQuery);
    expect(far.items).toEqual([]);
    expect(far.total).toBe(total);
  });
});
