/**
 * `npm run loadtest -- --cluster`: the cluster of the cluster test (test/cluster/cluster.ts: two instances,
 * nginx, PostgreSQL primary + streaming replica, PgBouncer, Redis, S3) with `--jobs` jobs seeded into the
 * primary, then the same read mix (bench/cluster-autocannon.ts, in a process of its own) against one instance
 * on the primary only, one instance with the replica, and the load balancer over two instances with the replica,
 * one after the other in the same run. Loopback only, bounded.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { openPostgres } from '../src/db/client.js';
import { seedBulk } from '../src/demo/seed.js';
import { queryOnce, repoRoot, startCluster, waitFor } from '../test/cluster/cluster.js';

interface Figures {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statuses: Record<string, number>;
}

function autocannonRun(url: string, seconds: number, connections: number, idsFile: string): Promise<Figures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(repoRoot, 'apps/server/bench/cluster-autocannon.ts'),
        url,
        String(seconds),
        String(connections),
        idsFile,
      ],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), (seconds + 60) * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        if (code !== 0) throw new Error(`exit ${code}`);
        resolve(JSON.parse(line) as Figures);
      } catch (error) {
        reject(new Error(`autocannon against ${url} failed (${String(error)}): ${out.slice(-500)}`));
      }
    });
  });
}

async function replicaStatements(url: string): Promise<number> {
  const [row] = await queryOnce<{ n: string }>(
    url,
    "SELECT coalesce(sum(calls), 0)::text AS n FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat%'",
  );
  return Number(row?.n ?? 0);
}

export async function runClusterLoad(options: { seconds: number; connections: number; jobs: number }): Promise<number> {
  const cluster = await startCluster({ env: { LOG_LEVEL: 'warn' } });
  try {
    const primary = openPostgres(cluster.primaryUrl);
    console.log(`seeding ${options.jobs} jobs into the primary...`);
    await seedBulk(primary, { jobs: options.jobs, users: 100, seed: 11 });
    const ids = (await primary.query<{ id: string }>('SELECT id FROM jobs ORDER BY seq LIMIT 5000')).map((r) => r.id);
    const [{ lsn = '' } = {}] = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    await primary.close();
    await waitFor(
      'the replica to replay the seed',
      async () => {
        const [row] = await queryOnce<{ caught: boolean }>(
          cluster.replicaUrl,
          'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught',
          [lsn],
        );
        return row?.caught === true;
      },
      60_000,
    );
    const idsFile = path.join(cluster.dir, 'job-ids.json');
    fs.writeFileSync(idsFile, JSON.stringify(ids));
    const [a] = cluster.instances;
    if (!a) throw new Error('no instance');
    // The baseline: one instance reading from the primary only (no replica), outside the load balancer.
    const alone = await cluster.startExtra('c', { DATABASE_READ_URL: '' });
    const targets = [
      ['one instance, primary only', alone.url],
      ['one instance, replica', a.url],
      ['two instances behind nginx, replica', cluster.lbUrl],
    ] as const;
    // A short warm-up of every path, so no run pays for cold caches the others do not.
    for (const [, url] of targets) await autocannonRun(url, 3, 4, idsFile);
    const runs: { name: string; figures: Figures; replica: number }[] = [];
    for (const [name, url] of targets) {
      const before = await replicaStatements(cluster.replicaUrl);
      const figures = await autocannonRun(url, options.seconds, options.connections, idsFile);
      runs.push({ name, figures, replica: (await replicaStatements(cluster.replicaUrl)) - before });
    }
    const lines = [
      `# Cluster load test (${options.jobs} jobs, ${options.connections} connections, ${options.seconds} s each, read mix: browse, search, job page)`,
      '',
      '| target | requests | req/s | p50 ms | p99 ms | max ms | errors | non-2xx | statements on the replica |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...runs.map(
        ({ name, figures: f, replica }) =>
          `| ${name} | ${f.requests} | ${f.rps.toFixed(0)} | ${f.p50} | ${f.p99} | ${f.max} | ${f.errors + f.timeouts} | ${f.non2xx} | ${replica} |`,
      ),
    ];
    console.log(`\n${lines.join('\n')}`);
    const bad = runs.filter((r) => r.figures.errors + r.figures.timeouts + r.figures.non2xx > 0);
    if (bad.length)
      console.error(`errors in: ${bad.map((r) => `${r.name} ${JSON.stringify(r.figures.statuses)}`).join('; ')}`);
    return bad.length === 0 ? 0 : 1;
  } finally {
    await cluster.stop();
  }
}
