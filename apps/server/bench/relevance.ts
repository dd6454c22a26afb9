/**
 * `npm run bench` (after the search benchmark): the judged relevance set (test/fixtures/relevance) through
 * GET /api/job/search on PGlite with the search index, scored with NDCG@10 and precision@6 for today's order and for
 * the order before relevance tiers (title matches first, then newest; emulated from sort=newest, see rankBefore).
 * Prints the table and writes it into docs/performance.md under "## Relevance", replacing the section of a run before.
 *
 *   npm run bench:relevance -w @jobboard/server [-- --out file.md]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildTestApp, signUpAndSignIn } from '../test/helpers.js';
import { figuresTable, scoreQuery, summarize, type QueryScore } from '../test/support/relevance-eval.js';
import { loadJobs, loadQueries, postCorpus, rankBefore, rankNow } from '../test/support/relevance-corpus.js';

const { values: args } = parseArgs({
  options: {
    out: {
      type: 'string',
      default: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/performance.md'),
    },
  },
});
const HEADING = '## Relevance';
const log = (message: string) => process.stderr.write(`[relevance] ${message}\n`);

const started = Date.now();
const app = await buildTestApp('pglite');
const jobs = loadJobs();
const queries = loadQueries();
const poster = await signUpAndSignIn(app.app, { name: 'Relevance Poster' });
log(`posting ${jobs.length} jobs`);
const keys = await postCorpus(app.app, poster.cookie, jobs);
const now: QueryScore[] = [];
const before: QueryScore[] = [];
for (const query of queries) {
  now.push(scoreQuery(query, await rankNow(app.app, query, keys)));
  before.push(scoreQuery(query, await rankBefore(app.app, query, keys)));
}
await app.close();

const table = figuresTable([
  { name: 'now', scores: now },
  { name: 'before', scores: before },
]);
const [today, todayBefore] = [summarize(now).all, summarize(before).all];
const section = [
  `${HEADING} (\`npm run bench\`: apps/server/bench/relevance.ts)`,
  '',
  `The judged set of test/fixtures/relevance: ${jobs.length} jobs, ${queries.length} queries with grades 0-3 written by reading the`,
  'jobs (3 exactly what the person wants, 2 good, 1 marginal). NDCG@10: gain (2^grade - 1) / log2(rank + 1), over that of the',
  'best order the judgments allow. P@6: the share of the first page (six jobs) graded 2 or more; "best P@6" is what a perfect',
  'order reaches (below 1 where fewer than six jobs are good, as in most what + where queries). "before": title matches',
  'first (every word begins a title word, or the title contains the text), then newest, emulated on the same matches.',
  'test/relevance-judged.test.ts fails when NDCG@10 over every query falls under its floor.',
  '',
  `- Run: ${new Date().toISOString()}, PGlite, search index; ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  `- Every query: NDCG@10 **${today.ndcg.toFixed(3)}** (before ${todayBefore.ndcg.toFixed(3)}), P@6 **${today.precision.toFixed(3)}** (before ${todayBefore.precision.toFixed(3)}).`,
  '',
  table,
  '',
].join('\n');
process.stdout.write(`\n${section}\n`);

// The queries furthest from their best order, with what came first: where a ranking change would help most.
const named = new Map(jobs.map((job) => [job.key, `${job.title} @${job.location.city || 'remote'}`]));
for (const score of [...now].sort((a, b) => a.ndcg - b.ndcg).slice(0, 30)) {
  const { q = '', where = '', group } = score.query;
  const firsts = score.ranked.slice(0, 4).map((key) => `${key} ${named.get(key)} (${score.query.judgments[key] ?? 0})`);
  log(`${score.ndcg.toFixed(3)} ${group} q="${q}" where="${where}": ${firsts.join('; ') || 'nothing'}`);
}

/** The file with this section in place of the one before it (up to the next "## "), or appended. */
function withSection(text: string): string {
  const at = text.indexOf(`\n${HEADING}`);
  if (at < 0) return `${text.trimEnd()}\n\n${section}`;
  const next = text.indexOf('\n## ', at + 1);
  return `${text.slice(0, at + 1)}${section}${next < 0 ? '' : `\n${text.slice(next + 1)}`}`;
}
const existing = fs.existsSync(args.out) ? fs.readFileSync(args.out, 'utf8') : '# Performance\n';
fs.writeFileSync(args.out, withSection(existing));
log(`written to ${args.out}`);
