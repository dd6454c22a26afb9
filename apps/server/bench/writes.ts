/**
 * `npm run bench:writes -w @jobboard/server -- --jobs 100000 --change 43`: what a job write costs with and without
 * one migration (`--change`, default 43: the open-job count tables and their triggers dropped), measured in the same run on the same generated board: a job posted, edited and closed, one
 * statement each, the two schemas taking turns, and a bulk load of the board itself. Both databases (PostgreSQL when DATABASE_URL is
 * set). Prints a markdown table; figures go into docs/performance.md by hand.
 */
import { parseArgs } from 'node:util';
import { testDatabaseUrl } from '../src/config.js';
import type { Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { seedBulk } from '../src/demo/seed.js';
import { findJobRecord, insertJob, updateJobRecord, type JobRecord } from '../src/modules/jobs/jobs.repository.js';
import { createScratchPglite, createScratchPostgres, type ScratchDatabase } from '../test/support/scratch.js';
import { percentile } from './cold-mix.js';

const { values: args } = parseArgs({
  options: {
    jobs: { type: 'string', default: '100000' },
    writes: { type: 'string', default: '500' },
    change: { type: 'string', default: '43' },
  },
});
const JOBS = Number(args.jobs);
const WRITES = Number(args.writes);
/** The change being measured: the migration left out of the schema "before". */
const CHANGE = Number(args.change);
/** Writes of each kind per round; the two schemas take turns, so a busy moment slows both alike. */
const ROUND = 50;

interface Figures {
  loadJobsPerSecond: number;
  post: number;
  edit: number;
  close: number;
  writesPerSecond: number;
}

interface Prepared {
  db: Db;
  loadJobsPerSecond: number;
  records: (JobRecord & { poster_id: string; id: string })[];
  times: { post: number[]; edit: number[]; close: number[]; total: number };
}

async function prepare(db: Db, without: number[]): Promise<Prepared> {
  await migrate(db, { without });
  const loadStarted = performance.now();
  await seedBulk(db, { jobs: JOBS, users: 50, seed: 7 });
  const loadJobsPerSecond = JOBS / ((performance.now() - loadStarted) / 1000);
  const ids = await db.query<{ id: string }>(`SELECT id FROM jobs WHERE status = 'open' ORDER BY seq LIMIT $1`, [
    WRITES,
  ]);
  const records = (await Promise.all(ids.map(({ id }) => findJobRecord(db, id)))).filter((r) => r !== undefined);
  return { db, loadJobsPerSecond, records, times: { post: [], edit: [], close: [], total: 0 } };
}

/** One round of ROUND posts, edits and closes, from record `from` on. */
async function round(p: Prepared, from: number): Promise<void> {
  const batch = p.records.slice(from, from + ROUND);
  const time = async (into: number[], write: () => Promise<unknown>) => {
    const at = performance.now();
    await write();
    const took = performance.now() - at;
    into.push(took);
    p.times.total += took;
  };
  for (const [i, { id: _id, poster_id, ...job }] of batch.entries())
    await time(p.times.post, () =>
      insertJob(p.db, { ...job, job_title: `${job.job_title} ${from + i}`, posterId: poster_id }),
    );
  for (const { id, poster_id: _p, ...job } of batch)
    await time(p.times.edit, () => updateJobRecord(p.db, id, { ...job, description: `${job.description}\n\nEdited.` }));
  for (const { id, poster_id: _p, ...job } of batch)
    await time(p.times.close, () => updateJobRecord(p.db, id, { ...job, status: 'closed' }));
}

function figures(p: Prepared): Figures {
  const p95 = (times: number[]) =>
    percentile(
      [...times].sort((a, b) => a - b),
      95,
    );
  const writes = p.times.post.length + p.times.edit.length + p.times.close.length;
  return {
    loadJobsPerSecond: p.loadJobsPerSecond,
    post: p95(p.times.post),
    edit: p95(p.times.edit),
    close: p95(p.times.close),
    writesPerSecond: writes / (p.times.total / 1000),
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
  const databases = [await scratch(kind), await scratch(kind)] as const;
  try {
    const before = await prepare(databases[0].db, [CHANGE]);
    const after = await prepare(databases[1].db, []);
    for (let from = 0; from < WRITES; from += ROUND) {
      await round(before, from);
      await round(after, from);
    }
    for (const [label, prepared] of [
      ['before', before],
      ['after', after],
    ] as const) {
      const f = figures(prepared);
      rows.push(
        `| ${kind} | ${label} | ${JOBS.toLocaleString('en-US')} | ${Math.round(f.loadJobsPerSecond)} | ${f.post.toFixed(2)} | ${f.edit.toFixed(2)} | ${f.close.toFixed(2)} | ${Math.round(f.writesPerSecond)} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
  } finally {
    await Promise.all(databases.map((d) => d.drop()));
  }
}
process.stdout.write(
  [
    '| database | schema | jobs | bulk load jobs/s | post p95 ms | edit p95 ms | close p95 ms | writes/s |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n') + '\n',
);
