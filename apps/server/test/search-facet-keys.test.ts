import { afterAll, beforeAll, expect, it } from 'vitest';
import { FILTER_GROUPS, type SearchQuery } from '@jobboard/shared';
import { seedBulk } from '../src/demo/seed.js';
import {
  countMatches,
  countMatchesAndFacets,
  countSampleMatches,
  findJobPage,
  findPageOfFewMatches,
  findTextLists,
  type SearchCriteria,
} from '../src/modules/jobs/search.repository.js';
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
      const gathered = await findPageOfFewMatches(
        t.db,
        criteria,
        now,
        { sort: 'newest', offset: 0, size: 20 },
        NO_LIMIT,
      );
      const walked = await findJobPage(t.db, criteria, { skipPages: 0, size: 20 }, now);
      expect(gathered, label).toEqual(walked.rows.map((row) => String(row.seq)));
    }
    // The comparisons are about jobs, not about empty sets (three of the spec's cities are in no generated job).
    expect(nonEmpty).toBeGreaterThanOrEqual(queries.length - 3);
  });

  it('ask for the titles beyond a text\'s words instead of "title contains", and gather the same jobs', async () => {
    const now = new Date();
    // A fragment inside the most common title's longest word, not at its start: in titles beyond any word.
    const [common] = await t.db.query<{ title: string }>(
      `SELECT lower(job_title) AS title FROM jobs WHERE status = 'open' GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const word = (common?.title ?? '').split(/\s+/).sort((a, b) => b.length - a.length || a.localeCompare(b))[0] ?? '';
    const inside = word.slice(2);
    expect(inside.length, `a fragment of "${word}"`).toBeGreaterThanOrEqual(3);
    // The beginnings most job words share ('pro' for 'product', 'profession', 'program'...): several words each.
    const shared = await t.db.query<{ q: string }>(
      `SELECT left(lexeme, 3) AS q FROM search_lexemes GROUP BY 1
        HAVING to_tsquery('english', left(lexeme, 3) || ':*')::text = quote_literal(left(lexeme, 3)) || ':*'
        ORDER BY count(*) DESC, 1 LIMIT 3`,
    );
    expect(shared).toHaveLength(3);
    const texts: { q: string; correctedQ?: string; sort?: 'newest' | 'pay' }[] = [
      ...shared.map(({ q }) => ({ q })),
      { q: `${shared[0]?.q} ${shared[1]?.q}` },
      { q: inside },
      { q: word },
      { q: word.slice(0, 3) },
      { q: `${word} ${inside}` },
      { q: 'engineer' },
      { q: 'manager', sort: 'pay' },
      { q: 'c++' },
      { q: 'node.js' },
      { q: 'python developer' },
      { q: 'sql' },
      { q: `${inside}x`, correctedQ: inside },
    ];
    let beyond = 0;
    let named = 0;
    let several = 0;
    for (const { q, correctedQ, sort = 'newest' } of texts) {
      const textLists = await findTextLists(t.db, [q, correctedQ]);
      beyond += textLists.get(q)?.beyondWords?.length ?? 0;
      // A prefix asked for as the words it stands for: a quoted word not followed by ":*".
      if (/'[^']+'(?!:\*)/.test(textLists.get(q)?.wordsQuery ?? '')) named += 1;
      if ((textLists.get(q)?.wordsQuery ?? '').includes(' | ')) several += 1;
      for (const filters of [{}, { workplace: 'remote' as const }]) {
        const criteria: SearchCriteria = { ...toCriteria({ q, ...filters, sort }), correctedQ, textLists };
        const label = JSON.stringify({ q, correctedQ, filters, beyond: textLists.get(q)?.beyondWords?.length });
        const truth = await countMatches(t.db, { ...criteria, textLists: undefined }, now, NO_LIMIT);
        const counted = await countMatchesAndFacets(t.db, criteria, now, 'jobs', NO_LIMIT, { groupsInBase: true });
        expect(counted.total, label).toBe(truth);
        const sampleTruth = await countSampleMatches(t.db, { ...criteria, textLists: undefined }, now, 'fine');
        expect(await countSampleMatches(t.db, criteria, now, 'fine'), label).toBe(sampleTruth);
        const gathered = await findPageOfFewMatches(t.db, criteria, now, { sort, offset: 0, size: 20 }, NO_LIMIT);
        const walked = await findJobPage(t.db, { ...criteria, textLists: undefined }, { skipPages: 0, size: 20 }, now);
        expect(gathered, label).toEqual(walked.rows.map((row) => String(row.seq)));
      }
    }
    // Titles beyond the words were listed (the fragment's), so the lists, not only "no title", were compared; and
    // most texts' prefixes were asked for by their words.
    expect(beyond).toBeGreaterThan(0);
    expect(named).toBeGreaterThanOrEqual(6);
    expect(several).toBeGreaterThanOrEqual(4);
  });

  it('know a word as soon as a job has it: a prefix asked for by its words still finds a job just edited', async () => {
    const now = new Date();
    const [job] = await t.db.query<{ seq: string }>(
      `SELECT seq::text FROM jobs WHERE status = 'open' ORDER BY seq LIMIT 1`,
    );
    await t.db.query(`UPDATE jobs SET description = description || ' Quizzaciously zorbified.' WHERE seq = $1`, [
      job?.seq,
    ]);
    for (const q of ['quizzac', 'zorbif']) {
      const textLists = await findTextLists(t.db, [q]);
      expect(textLists.get(q)?.wordsQuery, q).toMatch(/^\('[a-z]+'\)$/);
      const criteria: SearchCriteria = { ...toCriteria({ q, sort: 'newest' }), textLists };
      const gathered = await findPageOfFewMatches(
        t.db,
        criteria,
        now,
        { sort: 'newest', offset: 0, size: 20 },
        NO_LIMIT,
      );
      expect(gathered, q).toEqual([job?.seq]);
    }
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
