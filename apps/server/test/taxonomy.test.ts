import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCATION_OPTIONS, MAX_PRICE_OPTIONS } from '@jobboard/shared';
import { migrate } from '../src/db/migrate.js';
import { SHARED_TAXONOMY, taxonomySql } from '../src/db/taxonomy.js';
import { buildTestApp, describeEachDb, postJob, signUpAndSignIn, type TestApp } from './helpers.js';

async function search(
  t: TestApp,
  query: string,
): Promise<{ total: number; facets: Record<string, Record<string, number>> }> {
  const response = await t.app.inject({ method: 'GET', url: `/api/job/search?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

it('the SQL taxonomy is generated from the shared options: every city and every price cap', () => {
  const sql = taxonomySql();
  for (const option of LOCATION_OPTIONS) expect(sql).toContain(`'${option.value}'`);
  for (const option of MAX_PRICE_OPTIONS)
    expect(sql).toContain(`WHEN max_price_k <= ${option.value} THEN ${option.value}`);
  expect(taxonomySql({ locations: [{ value: "O'Fallon" }], maxPrices: [{ value: '40' }] })).toContain("'o''fallon'");
});

describeEachDb('filter taxonomy', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { housekeepingIntervalMs: 0, searchCacheTtlMs: 0 });
    const poster = await signUpAndSignIn(t.app);
    await postJob(t.app, poster.cookie, { jobLocation: 'Paris', maxPrice: '40k' });
    await postJob(t.app, poster.cookie, { jobLocation: 'London', maxPrice: '40k' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is applied once: a second migrate changes nothing', async () => {
    expect(await migrate(t.db)).toEqual([]);
  });

  it('a changed option list redefines the keys and recounts, so counts follow the new options', async () => {
    // The shipped options: Paris is no option, and 40k falls in the 50 bucket.
    const before = await t.db.query<{ location_key: string; price_bucket: number; n: number }>(
      'SELECT location_key, price_bucket, n FROM job_facet_counts ORDER BY location_key',
    );
    expect(before.map((r) => [r.location_key, r.price_bucket])).toEqual([
      ['', 50],
      ['london', 50],
    ]);

    const widened = {
      locations: [...SHARED_TAXONOMY.locations, { value: 'paris' }],
      maxPrices: [...SHARED_TAXONOMY.maxPrices, { value: '40' }],
    };
    expect(await migrate(t.db, widened)).toEqual(['taxonomy']);
    const after = await t.db.query<{ location_key: string; price_bucket: number; n: number }>(
      'SELECT location_key, price_bucket, n FROM job_facet_counts ORDER BY location_key',
    );
    expect(after.map((r) => [r.location_key, r.price_bucket, r.n])).toEqual([
      ['london', 40, 1],
      ['paris', 40, 1],
    ]);
    // Searches read the recounted table: London still counts one job under "< 50000k".
    expect((await search(t, 'location=london&maxPrice=50')).total).toBe(1);
    // Back to the shipped options.
    expect(await migrate(t.db)).toEqual(['taxonomy']);
    const restored = await t.db.query<{ location_key: string }>(
      'SELECT location_key FROM job_facet_counts ORDER BY location_key',
    );
    expect(restored.map((r) => r.location_key)).toEqual(['', 'london']);
  });
});
