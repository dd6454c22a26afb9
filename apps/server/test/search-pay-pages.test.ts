import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOME_PAGE_SIZE, type SearchQuery } from '@jobboard/shared';
import { seedBulk } from '../src/demo/seed.js';
import { findJobPage, findPayPageAboveFloor, findPayPageWithin } from '../src/modules/jobs/search.repository.js';
import { toCriteria } from '../src/modules/jobs/search.service.js';
import { buildTestApp, describeEachDb, type TestApp } from './helpers.js';

/**
 * A page in pay order is walked through a bounded number of open jobs, then looked for above a pay floor the fine
 * sample sets (search.service.ts, manyMatchesPage). Either way it must be the page a walk to the end gives.
 */
describeEachDb('pages in pay order', (kind) => {
  let t: TestApp;
  let queries: Omit<SearchQuery, 'page'>[];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedBulk(t.db, { jobs: 4_000, users: 20, seed: 23 });
    const [place] = await t.db.query<{ country: string }>(
      `SELECT country FROM jobs WHERE status = 'open' AND country <> '' GROUP BY country ORDER BY count(*) DESC, country LIMIT 1`,
    );
    if (!place) throw new Error('the generated jobs have no country');
    queries = [
      {},
      { workplace: 'remote' },
      { where: place.country },
      { q: 'engineer' },
      { q: 'manager', salaryType: 'yearly' },
      { employment: 'full-time', posted: '30d' },
    ];
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  const walked = async (query: Omit<SearchQuery, 'page'>, start: number) => {
    const { rows } = await findJobPage(
      t.db,
      toCriteria({ ...query, sort: 'pay' }),
      { skipPages: start / HOME_PAGE_SIZE },
      new Date(),
    );
    return rows.map((row) => String(row.seq));
  };

  it('above the pay floor is the walked page, and the floor holds for most pages', async () => {
    let found = 0;
    let tried = 0;
    for (const query of queries) {
      for (const start of [0, 5 * HOME_PAGE_SIZE, 20 * HOME_PAGE_SIZE]) {
        const page = await findPayPageAboveFloor(
          t.db,
          toCriteria({ ...query, sort: 'pay' }),
          new Date(),
          'fine',
          start,
        );
        tried += 1;
        if (!page) continue;
        found += 1;
        expect(page, `${JSON.stringify(query)} from ${start}`).toEqual(await walked(query, start));
      }
    }
    expect(found).toBeGreaterThanOrEqual(tried / 2);
  });

  it('a bounded walk is the walked page when it fills within its bound, and gives up when it does not', async () => {
    let filled = 0;
    for (const query of queries) {
      for (const start of [0, 5 * HOME_PAGE_SIZE]) {
        const page = await findPayPageWithin(t.db, toCriteria({ ...query, sort: 'pay' }), new Date(), start, 1_000);
        if (!page) continue;
        filled += 1;
        expect(page, `${JSON.stringify(query)} from ${start}`).toEqual(await walked(query, start));
      }
    }
    expect(filled).toBeGreaterThanOrEqual(6);
    // Through 3 pages' worth of open jobs, the fourth page of anything is out of reach; through 4, that of every open job is there.
    const fourth = 3 * HOME_PAGE_SIZE;
    expect(await findPayPageWithin(t.db, toCriteria({ sort: 'pay' }), new Date(), fourth, fourth)).toBeUndefined();
    expect(
      await findPayPageWithin(t.db, toCriteria({ sort: 'pay' }), new Date(), fourth, fourth + HOME_PAGE_SIZE),
    ).toEqual(await walked({}, fourth));
  });
});
