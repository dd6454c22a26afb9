import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SearchQuery } from '@jobboard/shared';
import type { Db, Queryable } from '../src/db/client.js';
import { seedBulk } from '../src/db/seed.js';
import { countMatches, SAMPLE_RATE } from '../src/modules/jobs/search.repository.js';
import { SearchCache, searchJobs, toCriteria } from '../src/modules/jobs/search.service.js';
import { buildTestApp, describeEachDb, type TestApp } from './helpers.js';

/**
 * Enough jobs (about two thirds of them open) that the broad searches match more than the sample leaves to an exact
 * count (about 32,000).
 */
const JOBS = 100_000;

/** Every statement a search sends, through `Db.searches` when the database has one. */
function recording(db: Db): { db: Db; statements: string[] } {
  const statements: string[] = [];
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql);
      return q.query(sql, params);
    },
  });
  return { db: { ...db, ...wrap(db), searches: db.searches && wrap(db.searches) } as Db, statements };
}

describeEachDb('search totals above the exact-count threshold', (kind) => {
  let t: TestApp;
  let words: string[];
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await seedBulk(t.db, { jobs: JOBS, users: 50, seed: 11 });
    // The data's own vocabulary: the words (stems) of titles, skills and descriptions in the most jobs, then
    // every fourth of the next ones, rarer and rarer.
    const rows = await t.db.query<{ word: string }>(
      `SELECT word FROM ts_stat('SELECT search_doc FROM job_sample') WHERE length(word) > 3 ORDER BY ndoc DESC, word LIMIT 60`,
    );
    words = [...rows.slice(0, 8), ...rows.slice(8).filter((_, i) => i % 4 === 0)].map((r) => r.word);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  it('are exact below it, estimated within 10% above it, and no statement reads every match', async () => {
    const queries: Omit<SearchQuery, 'page'>[] = [
      {},
      { workplace: 'remote' },
      { payMin: 50_000 },
      { payMin: 250_000 },
      { where: 'remote' },
      { country: 'US' },
      ...words.flatMap((q) => [{ q }, { q: q.slice(0, 3) }, { q, workplace: 'hybrid' as const }, { q, sort: 'newest' as const }]),
      { q: `${words[0]} ${words[1]}` },
      // A typo of the most used word: corrected, its matches counted with the word's.
      { q: `${words[0]?.slice(0, 2)}${words[0]?.slice(3)}` },
    ];
    let estimated = 0;
    let exact = 0;
    for (const query of queries) {
      const { db, statements } = recording(t.db);
      const result = await searchJobs(db, new SearchCache(0), { ...query, page: 1 } as SearchQuery);
      const criteria = { ...toCriteria(query), correctedQ: result.correctedQuery };
      const truth = await countMatches(t.db, criteria, new Date(), 10 * JOBS);
      if (result.totalIsEstimate) {
        estimated += 1;
        expect(Math.abs(result.total - truth) / truth, `${JSON.stringify(query)}: ${result.total} for ${truth}`).toBeLessThanOrEqual(0.1);
        expect(result.total % SAMPLE_RATE).toBe(0);
      } else {
        exact += 1;
        expect(result.total, JSON.stringify(query)).toBe(truth);
      }
      // Bounded work: every statement over the jobs table stops at a LIMIT no larger than the exact count's.
      for (const sql of statements.filter((text) => /\bFROM jobs\b/.test(text))) {
        expect(sql, JSON.stringify(query)).toMatch(/\bLIMIT\b/);
      }
    }
    // Both kinds were met, so both checks above ran (the vocabulary's top words match a third of the jobs or so).
    expect(estimated, `estimated ${estimated} of ${queries.length}`).toBeGreaterThanOrEqual(8);
    expect(exact).toBeGreaterThanOrEqual(8);
  }, 600_000);

  it('estimates only what the sample sees often enough: a rare filter under a broad word is counted exactly', async () => {
    const broad = words[0] ?? '';
    const all = await searchJobs(t.db, new SearchCache(0), { q: broad, page: 1 } as SearchQuery);
    expect(all.totalIsEstimate).toBe(true);
    expect(all.facetsAreEstimates).toBe(true);
    const narrow = await searchJobs(t.db, new SearchCache(0), { q: broad, location: 'london', page: 1 } as SearchQuery);
    expect(narrow.totalIsEstimate).toBe(false);
    expect(narrow.facetsAreEstimates).toBe(true);
    expect(narrow.total).toBeGreaterThan(0);
    expect(narrow.total).toBe(await countMatches(t.db, toCriteria({ q: broad, location: 'london' }), new Date(), 10 * JOBS));
  }, 120_000);
});
