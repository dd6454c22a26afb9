import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { buildTestApp, signUpAndSignIn, type TestApp } from './helpers.js';
import { figuresTable, scoreQuery, summarize, type QueryScore } from './support/relevance-eval.js';
import { loadJobs, loadQueries, postCorpus, rankNow } from './support/relevance-corpus.js';

/**
 * The judged query set (issue 32, item 6; test/fixtures/relevance): 268 jobs, 148 queries with graded judgments
 * written by reading the jobs, through GET /api/job/search on PGlite with the search index. Fails when the mean
 * NDCG@10 over every query falls under FLOOR. `npm run bench` reports the same set beside the order before.
 *
 * The floor is the target, 0.90: the set measures 0.905 (P@6 0.675, best the judgments allow 0.750); 0.896
 * when a search no job holds every word of finds nothing (fewer-words.ts); per group in docs/performance.md,
 * "Relevance".
 */
const FLOOR = 0.9;

describe('judged relevance set', () => {
  let t: TestApp;
  const scores: QueryScore[] = [];

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const poster = await signUpAndSignIn(t.app, { name: 'Relevance Poster' });
    const keys = await postCorpus(t.app, poster.cookie, loadJobs());
    for (const query of loadQueries()) scores.push(scoreQuery(query, await rankNow(t.app, query, keys)));
    // Posting 268 jobs through the API: about 80 s on a loaded 2-core machine, much less on a quiet one.
  }, 300_000);
  afterAll(async () => t?.close());

  it('keeps NDCG@10 over every query above its floor', () => {
    console.log(`\nJudged relevance set, PGlite, search index:\n${figuresTable([{ name: 'now', scores }])}\n`);
    const worst = [...scores].sort((a, b) => a.ndcg - b.ndcg).slice(0, 15);
    console.log(
      worst
        .map(
          (s) =>
            `${s.ndcg.toFixed(3)} ${s.query.group}: q=${s.query.q ?? ''} where=${s.query.where ?? ''} -> ${s.ranked.join(' ')}`,
        )
        .join('\n'),
    );
    expect(scores.length).toBeGreaterThanOrEqual(80);
    expect(summarize(scores).all.ndcg).toBeGreaterThanOrEqual(FLOOR);
  });
});
