/**
 * The search index alone, in this process, over the kept probe database (PROBE_DB, default perf1m): how long it
 * takes to load, how much memory it holds, and how long each search of PROBE_ONLY (or a few standard ones) takes in
 * it, per pass. For working on the index (decision record 24); not part of `npm run bench` or CI.
 *
 *   npx tsx apps/server/bench/index-probe.ts
 */
import { openPostgres } from '../src/db/client.js';
import { SearchIndex } from '../src/modules/search/search-index.js';
import { SearchCache, searchJobs } from '../src/modules/search/search.service.js';
import type { SearchQuery } from '@jobboard/shared';

const name = process.env.PROBE_DB ?? 'perf1m';
const db = openPostgres(`postgres://postgres@127.0.0.1:5432/${name}`, { max: 4 });
const before = process.memoryUsage();
const started = performance.now();
const index = new SearchIndex(db);
await index.load();
const after = process.memoryUsage();
console.log(
  `loaded in ${((performance.now() - started) / 1000).toFixed(1)} s; heap +${((after.heapUsed - before.heapUsed) / 2 ** 20).toFixed(0)} MB, ` +
    `array buffers +${((after.arrayBuffers - before.arrayBuffers) / 2 ** 20).toFixed(0)} MB, rss ${(after.rss / 2 ** 20).toFixed(0)} MB`,
);
const cache = new SearchCache(0);
cache.index = index;
const queries = (
  process.env.PROBE_ONLY?.split('|') ?? [
    'page=47',
    'q=team',
    'q=team&page=30',
    'salaryType=hourly',
    'maxPrice=30&employment=temporary&page=8',
    'q=developer&sort=pay',
    'q=a',
    'payMin=100000&sort=pay&page=10',
  ]
).map(
  (q) =>
    ({
      page: 1,
      ...Object.fromEntries(
        [...new URLSearchParams(q)].map(([k, v]) => [k, k === 'page' || k === 'payMin' ? Number(v) : v]),
      ),
    }) as SearchQuery,
);
for (const query of queries) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < 5; i += 1) {
    const t0 = performance.now();
    const result = await searchJobs(db, cache, query, new Date());
    times.push(performance.now() - t0);
    total = result.total;
  }
  console.log(`${JSON.stringify(query)} total=${total} ms=${times.map((t) => t.toFixed(1)).join(' ')}`);
}
if (process.env.PROBE_PARTS) {
  // Each pass on its own, for the same searches.
  const { toCriteria } = await import('../src/modules/search/search.service.js');
  const { countMatchesAndFacets } = await import('../src/modules/search/search.repository.js');
  const time = async (label: string, fn: () => unknown) => {
    const ms: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const t0 = performance.now();
      await fn();
      ms.push(performance.now() - t0);
    }
    console.log(`  ${label}: ${ms.map((t) => t.toFixed(1)).join(' ')}`);
  };
  for (const query of queries) {
    const criteria = { ...toCriteria(query), textLists: await cache.prefixesOf(db, [query.q]) };
    const now = new Date();
    console.log(JSON.stringify(query));
    await time('index sample', () => index.countMatchesAndFacets({ ...criteria }, now, 'sample'));
    await time('index fine', () => index.countMatchesAndFacets({ ...criteria }, now, 'fine'));
    await time('index page', () => index.pageOf({ ...criteria }, { skipPages: query.page - 1 }, now));
    await time('sql precomputed counts', () => countMatchesAndFacets(db, criteria, now));
  }
}
if (process.env.PROBE_MIX) {
  // The bench's cold mix in this process, one search after another (answer cache off): the time spent per search,
  // without HTTP or other processes, for profiling (node --cpu-prof).
  const { coldMix, readVocabulary, percentile } = await import('./cold-mix.js');
  const { searchQuerySchema } = await import('@jobboard/shared');
  const mix = coldMix(await readVocabulary(db), Number(process.env.PROBE_MIX), Number(process.env.PROBE_SEED ?? 12));
  const rounds = Number(process.env.PROBE_ROUNDS ?? 1);
  for (let round = 0; round < rounds; round += 1) {
    const times: number[] = [];
    const started = performance.now();
    const cpu = process.cpuUsage();
    for (const q of mix) {
      const query = searchQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
      const t0 = performance.now();
      await searchJobs(db, cache, query, new Date());
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const used = process.cpuUsage(cpu);
    console.log(
      `mix of ${mix.length}: ${(performance.now() - started).toFixed(0)} ms, this process's CPU ${((used.user + used.system) / 1000).toFixed(0)} ms, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(2)} ms, ` +
        `p50 ${percentile(times, 50).toFixed(2)}, p95 ${percentile(times, 95).toFixed(2)}, p99 ${percentile(times, 99).toFixed(2)}`,
    );
  }
}
await index.close();
await db.close();
