/**
 * `npm run bench:writes -w @jobboard/server -- --jobs 100000`: what a job write costs with the schema before and after
 * migration 035 (one search engine), measured in the same run on the same generated board: a job posted, edited and
 * closed, one statement each, and a bulk load of the board itself. Both databases (PostgreSQL when DATABASE_URL is
 * set). Prints a markdown table; figures go into docs/performance.md by hand.
 */
import { parseArgs } from 'node:util';
import { testDatabaseUrl } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedBulk } from '../src/demo/seed.js';
import { findJobRecord, insertJob, updateJobRecord } from '../src/modules/jobs/jobs.repository.js';
import { createScratchPglite, createScratchPostgres, type ScratchDatabase } from '../test/support/scratch.js';
import { percentile } from './cold-mix.js';

const { values: args } = parseArgs({
  options: { jobs: { type: 'string', default: '100000' }, writes: { type: 'string', default: '500' } },
});
const JOBS = Number(args.jobs);
const WRITES = Number(args.writes);
/** The schema before the change being measured: every migration up to this one. */
const BEFORE = 34;

interface Figures {
  loadJobsPerSecond: number;
  post: number;
  edit: number;
  close: number;
  writesPerSecond: number;
}

async function timed(count: number, write: (i: number) => Promise<unknown>): Promise<{ p95: number; total: number }> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const at = performance.now();
    await write(i);
    times.push(performance.now() - at);
  }
  return {
    p95: percentile(
      times.sort((a, b) => a - b),
      95,
    ),
    total: performance.now() - started,
  };
}

async function measure(db: Db, through: number): Promise<Figures> {
  await migrate(db, { through });
  const loadStarted = performance.now();
  await seedBulk(db, { jobs: JOBS, users: 50, seed: 7 });
  const loadJobsPerSecond = JOBS / ((performance.now() - loadStarted) / 1000);
  const ids = await db.query<{ id: string }>(`SELECT id FROM jobs WHERE status = 'open' ORDER BY seq LIMIT $1`, [
    WRITES,
  ]);
  const records = await Promise.all(ids.map(({ id }) => findJobRecord(db, id)));
  const existing = records.filter((r) => r !== undefined);
  const record = (i: number) => {
    const found = existing[i];
    if (!found) throw new Error(`no job ${i}`);
    return found;
  };
  const post = await timed(existing.length, async (i) => {
    const { id: _id, poster_id, ...job } = record(i);
    await insertJob(db, { ...job, job_title: `${job.job_title} ${i}`, posterId: poster_id });
  });
  const edit = await timed(existing.length, (i) => {
    const { id, poster_id: _p, ...job } = record(i);
    return updateJobRecord(db, id, { ...job, description: `${job.description}\n\nEdited ${i}.` });
  });
  const close = await timed(existing.length, (i) => {
    const { id, poster_id: _p, ...job } = record(i);
    return updateJobRecord(db, id, { ...job, status: 'closed' });
  });
  const all = post.total + edit.total + close.total;
  return {
    loadJobsPerSecond,
    post: post.p95,
    edit: edit.p95,
    close: close.p95,
    writesPerSecond: (3 * existing.length) / (all / 1000),
  };
}

async function scratch(kind: 'pglite' | 'postgres'): Promise<ScratchDatabase> {
  return kind === 'pglite'
    ? createScratchPglite({ onDisk: true })
    : createScratchPostgres(testDatabaseUrl() ?? '', 'jobboard_writes', 4);
}

const rows: string[] = [];
const kinds = testDatabaseUrl() ? (['postgres', 'pglite'] as const) : (['pglite'] as const);
for (const kind of kinds) {
  for (const [label, through] of [
    ['before', BEFORE],
    ['after', Number.POSITIVE_INFINITY],
  ] as const) {
    const database = await scratch(kind);
    try {
      const f = await measure(database.db, through);
      rows.push(
        `| ${kind} | ${label} | ${JOBS.toLocaleString('en-US')} | ${Math.round(f.loadJobsPerSecond)} | ${f.post.toFixed(2)} | ${f.edit.toFixed(2)} | ${f.close.toFixed(2)} | ${Math.round(f.writesPerSecond)} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    } finally {
      await database.drop();
    }
  }
}
process.stdout.write(
  [
    '| database | schema | jobs | bulk load jobs/s | post p95 ms | edit p95 ms | close p95 ms | writes/s |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n') + '\n',
);
