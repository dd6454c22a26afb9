import { afterAll, beforeAll, expect, it } from 'vitest';
import { FILTER_GROUPS, type SearchQuery } from '@jobboard/shared';
import { seedBulk } from '../src/db/seed.js';
import { countMatches, countMatchesAndFacets, findJobPage, findPageOfFewMatches } from '../src/modules/jobs/search.repository.js';
import { toCriteria } from '../src/modules/jobs/search.service.js';
import { buildTestApp, describeEachDb, type TestApp } from './helpers.js';

/** Larger than any count here: nothing is cut short. */
const NO_LIMIT = 1_000_000;

/**
 * The passes that gather every match by bitmaps (the exact count, the page of few matches) ask for the filters'
 * equalities as facet keys (migration 017, `job_facet_keys`); the page walk and countMatches keep the plain
 * conditions. Both must mean the same jobs, filter by filter.
 */
describeEachDb('facet keys', (kind) => {
  let t: TestApp;
  let queries: Omit<SearchQuery, 'page'>[];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedBulk(t.db, { jobs: 3_000, users: 20, seed: 17 });
    const [place] = await t.db.query<{ city: string; country: string }>(
      `SELECT city, country FROM jobs WHERE status = 'open' AND city <> '' GROUP BY city, country ORDER BY count(*) DESC, city LIMIT 1`,
    );
    const [remote] = await t.db.query<{ country: string }>(
      `SELECT unnest(remote_countries) AS country FROM jobs WHERE status = 'open' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    if (!place || !remote) throw new Error('the generated jobs have no city or no remote country');
    const keyed = ['location', 'salaryType', 'experience', 'employment', 'workplace'] as const;
    queries = [
      // Every option of every group a key stands for ("work remotely" is both an experience level and an employment type).
      ...keyed.flatMap((group) => FILTER_GROUPS[group].map((option) => ({ [group]: option.value }))),
      { location: place.city.toLowerCase() },
      // The job model's equalities.
      { where: 'remote' },
      { where: `${place.city}, ${place.country}` },
      { where: place.country },
      { country: place.country },
      { remoteCountry: remote.country },
      // Several keys at once, with text and with the filters no key stands for.
      { q: 'engineer', workplace: 'on-site', employment: 'full-time' },
      { q: 'manager', where: 'remote', salaryType: 'yearly', payMin: 40_000 },
      { experience: 'work remotely', employment: 'part-time', posted: '30d' },
      { q: 'engineer', where: place.country, maxPrice: '100' },
      { skill: 'python', where: 'remote', employment: 'full-time' },
    ];
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gather the jobs the plain conditions match, for every filter they stand for', async () => {
    const now = new Date();
    let nonEmpty = 0;
    for (const query of queries) {
      // Newest first: the order both reads give (relevance would be the default with text).
      const criteria = toCriteria({ ...query, sort: 'newest' });
      const label = JSON.stringify(query);
      const truth = await countMatches(t.db, criteria, now, NO_LIMIT);
      if (truth > 0) nonEmpty += 1;
      const counted = await countMatchesAndFacets(t.db, criteria, now, 'jobs', NO_LIMIT, { groupsInBase: true });
      expect(counted.total, label).toBe(truth);
      const gathered = await findPageOfFewMatches(t.db, criteria, now, { sort: 'newest', offset: 0, size: 20 }, NO_LIMIT);
      const walked = await findJobPage(t.db, criteria, { skipPages: 0, size: 20 }, now);
      expect(gathered, label).toEqual(walked.rows.map((row) => String(row.seq)));
    }
    // The comparisons are about jobs, not about empty sets (three of the spec's cities are in no generated job).
    expect(nonEmpty).toBeGreaterThanOrEqual(queries.length - 3);
  });

  it('searches run with room for exact bitmaps and index entries costed as measured', async () => {
    const reader = t.db.searches ?? t.db;
    const [memory] = await reader.query<{ work_mem: string }>('SHOW work_mem');
    const [cost] = await reader.query<{ cpu_index_tuple_cost: string }>('SHOW cpu_index_tuple_cost');
    expect(memory?.work_mem).toBe('32MB');
    expect(Number(cost?.cpu_index_tuple_cost)).toBe(0.05);
  });

  it('every GIN index keeps its pending list short: a search reads all of it', async () => {
    const rows = await t.db.query<{ name: string; options: string[] | null }>(
      `SELECT c.relname AS name, c.reloptions AS options FROM pg_class c JOIN pg_am a ON a.oid = c.relam
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE a.amname = 'gin' AND c.relkind = 'i' AND n.nspname = current_schema()`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const row of rows) expect(row.options ?? [], row.name).toContain('gin_pending_list_limit=64');
  });
});
