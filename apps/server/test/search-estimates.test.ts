import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOME_PAGE_SIZE, LOCATION_OPTIONS, type SearchQuery } from '@jobboard/shared';
import type { Db, Queryable } from '../src/db/client.js';
import { seedBulk } from '../src/demo/seed.js';
import {
  countMatches,
  countSampleMatches,
  EXACT_COUNT_LIMIT,
  findJobPage,
  SAMPLE_RATES,
} from '../src/modules/jobs/search.repository.js';
import { mightMatchOften, SearchCache, searchJobs, toCriteria } from '../src/modules/jobs/search.service.js';
import { buildTestApp, describeEachDb, type TestApp } from './helpers.js';

/**
 * Enough jobs (about two thirds of them open) that the broad searches match more than the sample leaves to an exact
 * count (about 32,000).
 */
const JOBS = 100_000;

/** Every statement a search sends (and its parameters), through `Db.searches` when the database has one. */
function recording(db: Db): { db: Db; statements: string[]; calls: { sql: string; params: unknown[] }[] } {
  const statements: string[] = [];
  const calls: { sql: string; params: unknown[] }[] = [];
  const wrap = (q: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql);
      calls.push({ sql, params: params ?? [] });
      return q.query(sql, params);
    },
  });
  return { db: { ...db, ...wrap(db), searches: db.searches && wrap(db.searches) } as Db, statements, calls };
}

/**
 * A counting pass over the jobs themselves (not a sample, not the precomputed counts): its matches' first FROM is
 * the jobs table. (The columns it reads hold parentheses: `lower(j.city)`.)
 */
const COUNTING_OVER_JOBS = /MATERIALIZED \(SELECT (?:(?!\bFROM\b)[\s\S])*\bFROM jobs j\b/;
/** A page walked for: the cards of the jobs read in the page's order (a page gathered by seq has no ORDER BY). */
const WALKED_PAGE = /FROM jobs j JOIN users u[\s\S]*ORDER BY/;

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
      ...words.flatMap((q) => [
        { q },
        { q: q.slice(0, 3) },
        { q, workplace: 'hybrid' as const },
        { q, sort: 'newest' as const },
      ]),
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
        expect(
          Math.abs(result.total - truth) / truth,
          `${JSON.stringify(query)}: ${result.total} for ${truth}`,
        ).toBeLessThanOrEqual(0.1);
        // Scaled up from a sample: one job in 32 or one in 4 (both rates are multiples of 4).
        expect(result.total % SAMPLE_RATES.fine).toBe(0);
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
    expect(narrow.total).toBe(
      await countMatches(t.db, toCriteria({ q: broad, location: 'london' }), new Date(), 10 * JOBS),
    );
  }, 120_000);

  it('estimates a search of some thousands of matches from the fine sample, with no counting pass over the jobs', async () => {
    // A word between the two samples' thresholds: past about 4,000 matches (the fine sample's) and under about
    // 32,000 (the coarse sample's), which the coarse sample alone left to an exact pass over up to 48,000 jobs.
    let chosen: { q: string; truth: number } | undefined;
    for (const q of words) {
      const truth = await countMatches(t.db, toCriteria({ q }), new Date(), 10 * JOBS);
      if (truth >= 6_000 && truth <= 20_000) {
        chosen = { q, truth };
        break;
      }
    }
    expect(chosen, 'a word with 6,000 to 20,000 matches').toBeDefined();
    const { db, statements } = recording(t.db);
    const result = await searchJobs(db, new SearchCache(0), { q: chosen?.q, page: 1 } as SearchQuery);
    expect(result.totalIsEstimate).toBe(true);
    expect(Math.abs(result.total - (chosen?.truth ?? 0)) / (chosen?.truth ?? 1)).toBeLessThanOrEqual(0.1);
    expect(statements.some((sql) => sql.includes('job_sample_fine'))).toBe(true);
    expect(statements.filter((sql) => COUNTING_OVER_JOBS.test(sql))).toEqual([]);
    expect(result.items).toHaveLength(HOME_PAGE_SIZE);
  }, 120_000);

  it('counts exactly, without the fine sample, a search the coarse sample sees too rarely for the fine one to estimate', async () => {
    const now = new Date();
    const coarse = (query: Omit<SearchQuery, 'page'>) => countSampleMatches(t.db, toCriteria(query), now, 'sample');
    const rarelySeen: Omit<SearchQuery, 'page'>[] = [];
    // Few matches in all (the coarse sample's count before the filter groups decides) ...
    const rarer = await t.db.query<{ word: string }>(
      `SELECT word FROM ts_stat('SELECT search_doc FROM job_sample') WHERE length(word) > 3 AND ndoc BETWEEN 20 AND 60
        ORDER BY ndoc DESC, word LIMIT 10`,
    );
    for (const q of rarer.map((r) => r.word)) {
      const seen = await coarse({ q });
      if (seen > 0 && !mightMatchOften(seen, 'sample', 'fine')) {
        rarelySeen.push({ q });
        break;
      }
    }
    // ... and many matches, few once a filter applies (its count after the filter groups decides).
    const broad = words[0] ?? '';
    for (const { value: location } of LOCATION_OPTIONS) {
      const base = await coarse({ q: broad });
      const seen = await coarse({ q: broad, location });
      if (base >= 1_000 && seen > 0 && !mightMatchOften(seen, 'sample', 'fine')) {
        rarelySeen.push({ q: broad, location });
        break;
      }
    }
    expect(rarelySeen.map((query) => Object.keys(query).length)).toEqual([1, 2]);
    for (const query of rarelySeen) {
      const { db, statements } = recording(t.db);
      const result = await searchJobs(db, new SearchCache(0), { ...query, page: 1 } as SearchQuery);
      expect(result.totalIsEstimate, JSON.stringify(query)).toBe(false);
      expect(result.total, JSON.stringify(query)).toBe(await countMatches(t.db, toCriteria(query), now, 10 * JOBS));
      // No pass over the fine sample (the check that it is large enough to estimate from is no pass).
      expect(
        statements.filter((sql) => /FROM job_sample_fine j\b/.test(sql)),
        JSON.stringify(query),
      ).toEqual([]);
      expect(
        statements.filter((sql) => COUNTING_OVER_JOBS.test(sql)),
        JSON.stringify(query),
      ).toHaveLength(1);
    }
  }, 120_000);

  it('estimates from the skipped fine sample after all when the coarse sample saw a search far too rarely by chance', async () => {
    const now = new Date();
    let chosen: { q: string; truth: number } | undefined;
    for (const q of words) {
      const truth = await countMatches(t.db, toCriteria({ q }), now, 10 * JOBS);
      if (truth >= 10_000 && truth <= 25_000) {
        chosen = { q, truth };
        break;
      }
    }
    expect(chosen, 'a word with 10,000 to 25,000 matches').toBeDefined();
    const { q, truth } = chosen ?? { q: '', truth: 0 };
    // Chance at its worst: the coarse sample holds none of the word's jobs.
    await t.db.query(
      `CREATE TABLE held_sample AS SELECT * FROM job_sample
        WHERE search_doc @@ to_tsquery('english', $1) OR lower(job_title) LIKE $2 OR skill_keys @> ARRAY[$3]::text[]`,
      [`${q}:*`, `%${q}%`, q],
    );
    try {
      await t.db.query('DELETE FROM job_sample WHERE seq IN (SELECT seq FROM held_sample)');
      expect(await countSampleMatches(t.db, toCriteria({ q }), now, 'sample')).toBe(0);
      const { db, statements } = recording(t.db);
      const result = await searchJobs(db, new SearchCache(0), { q, page: 1 } as SearchQuery);
      expect(result.totalIsEstimate).toBe(true);
      expect(Math.abs(result.total - truth) / truth, `${result.total} for ${truth}`).toBeLessThanOrEqual(0.1);
      expect(statements.some((sql) => sql.includes('job_sample_fine'))).toBe(true);
    } finally {
      await t.db.query('INSERT INTO job_sample SELECT * FROM held_sample');
      await t.db.query('DROP TABLE held_sample');
    }
  }, 120_000);

  it('reads the page of a search with few matches from the pass that counted them, and walks for none', async () => {
    const rare = words.at(-1) ?? '';
    const searches: Omit<SearchQuery, 'page'>[] = [
      // Text and a filter: counted exactly over the jobs, the page taken from the same pass, in each order.
      { q: rare, workplace: 'hybrid', sort: 'pay' },
      { q: rare, workplace: 'hybrid', sort: 'newest' },
      { q: rare, workplace: 'hybrid', sort: 'relevance' },
      // No text: precomputed counts, then the few matches gathered; a combination nothing has reads no page.
      { payMin: 250_000, workplace: 'hybrid', sort: 'pay' },
      {
        experience: 'internship',
        employment: 'temporary',
        workplace: 'hybrid',
        salaryType: 'hourly',
        maxPrice: '30',
        sort: 'pay',
      },
    ];
    for (const query of searches) {
      const criteria = toCriteria(query);
      const truth = await countMatches(t.db, criteria, new Date(), 10 * JOBS);
      expect(truth, JSON.stringify(query)).toBeLessThan(EXACT_COUNT_LIMIT);
      for (const page of [1, 2]) {
        const { db, statements } = recording(t.db);
        const result = await searchJobs(db, new SearchCache(0), { ...query, page } as SearchQuery);
        expect(result.total, JSON.stringify(query)).toBe(truth);
        const walked = await findJobPage(
          t.db,
          { ...criteria, correctedQ: result.correctedQuery },
          { skipPages: page - 1 },
          new Date(),
        );
        expect(
          result.items.map((j) => j._id),
          JSON.stringify(query),
        ).toEqual(walked.rows.map((r) => r.id));
        expect(
          statements.filter((sql) => WALKED_PAGE.test(sql)),
          JSON.stringify(query),
        ).toEqual([]);
      }
    }
  }, 120_000);

  it('keeps the order of few matches with their counts: the next pages read cards by seq, no pass and no walk', async () => {
    const rare = words.at(-1) ?? '';
    const searches: Omit<SearchQuery, 'page'>[] = [
      { q: rare, workplace: 'hybrid', sort: 'newest' },
      { q: rare, workplace: 'hybrid', sort: 'relevance' },
      { payMin: 250_000, workplace: 'hybrid', sort: 'pay' },
    ];
    for (const query of searches) {
      const cache = new SearchCache(600_000);
      const first = await searchJobs(t.db, cache, { ...query, page: 1 } as SearchQuery);
      const pages = Math.min(3, Math.ceil(first.total / HOME_PAGE_SIZE));
      expect(pages, JSON.stringify(query)).toBeGreaterThan(1);
      for (let page = 2; page <= pages; page += 1) {
        const { db, statements } = recording(t.db);
        const result = await searchJobs(db, cache, { ...query, page } as SearchQuery);
        const criteria = { ...toCriteria(query), correctedQ: result.correctedQuery };
        const walked = await findJobPage(t.db, criteria, { skipPages: page - 1 }, new Date());
        expect(
          result.items.map((j) => j._id),
          JSON.stringify({ query, page }),
        ).toEqual(walked.rows.map((r) => r.id));
        expect(result.total).toBe(first.total);
        // Only the cards: no counting pass (over jobs or a sample), no gathering of matches, no walk.
        const reads = statements.filter((sql) => /\bFROM (jobs|job_sample\w*|job_facet_counts)\b/.test(sql));
        expect(
          reads.filter((sql) => !/WHERE j\.seq = ANY/.test(sql)),
          JSON.stringify({ query, page }),
        ).toEqual([]);
      }
    }
  }, 120_000);

  it('lists the titles a word is in: a word in many jobs and no title is not looked for in titles job by job', async () => {
    const inNoTitle: string[] = [];
    for (const q of words.slice(0, 40)) {
      const titles = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM job_title_counts WHERE n > 0 AND (title_doc @@ to_tsquery('english', $1) OR title_key LIKE $2)`,
        [`${q}:*`, `%${q}%`],
      );
      if (Number(titles[0]?.n) === 0) inNoTitle.push(q);
    }
    expect(inNoTitle.length, 'words of descriptions that no title holds').toBeGreaterThan(0);
    for (const q of inNoTitle.slice(0, 3)) {
      const { db, calls } = recording(t.db);
      const result = await searchJobs(db, new SearchCache(0), { q, sort: 'relevance', page: 3 } as SearchQuery);
      expect(result.items.length, q).toBeGreaterThan(0);
      // The page's walk does not ask for the title words' condition ('word:*A' over search_doc), which the planner
      // could not estimate: the (empty) list of titles stands for it.
      const walks = calls.filter((call) => WALKED_PAGE.test(call.sql));
      expect(walks.length, q).toBeGreaterThan(0);
      expect(
        walks.flatMap((call) => call.params).filter((p) => typeof p === 'string' && p.endsWith(':*A')),
        q,
      ).toEqual([]);
      const walked = await findJobPage(
        t.db,
        { ...toCriteria({ q, sort: 'relevance' }), correctedQ: result.correctedQuery },
        { skipPages: 2 },
        new Date(),
      );
      expect(
        result.items.map((j) => j._id),
        q,
      ).toEqual(walked.rows.map((r) => r.id));
    }
  }, 120_000);
});
