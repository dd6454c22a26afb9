/**
 * `npm run loadtest`: a realistic mix for 60 s at 50 connections against the real app on a fresh database
 * (PostgreSQL when DATABASE_URL is set, else PGlite): browse, search, open a job, sign in, apply, post.
 * Reports throughput, p50/p99 latency and errors (target: zero errors). Rate limits are raised for the run:
 * this measures the app under load, not the limiter (which has its own tests).
 *
 *   npm run loadtest -- --seconds 60 --connections 50
 *
 * `--cluster`: one instance vs two behind nginx with a read replica, same run (bench/cluster-load.ts; as root).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { buildApp } from '../src/app.js';
import { DEFAULT_RATE_LIMITS, testConfig, testDatabaseUrl } from '../src/config.js';
import { DEMO_PASSWORD } from '../src/demo/demo-data.js';
import { migrate } from '../src/db/migrate.js';
import { createScratchPglite, createScratchPostgres } from '../test/support/scratch.js';
import { insertUsersBulk, seedBulk } from '../src/demo/seed.js';
import { hashPassword } from '../src/modules/passwords/passwords.js';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    jobs: { type: 'string', default: '10000' },
    cluster: { type: 'boolean', default: false },
  },
});
if (args.cluster) {
  const { runClusterLoad } = await import('./cluster-load.js');
  process.exit(
    await runClusterLoad({
      seconds: Number(args.seconds),
      connections: Number(args.connections),
      jobs: Number(args.jobs),
    }),
  );
}
const seconds = Number(args.seconds);
const connections = Number(args.connections);
const jobCount = Number(args.jobs);
const APPLICANTS = 200;

const adminUrl = testDatabaseUrl();
const kind = adminUrl ? 'postgres' : 'pglite';
const { db, drop } = adminUrl
  ? await createScratchPostgres(adminUrl, 'jobboard_load', 20)
  : await createScratchPglite({ onDisk: true });
await migrate(db);
await seedBulk(db, { jobs: jobCount, users: 100, seed: 11 });
const stamp = Date.now().toString(36);
await insertUsersBulk(
  db,
  Array.from({ length: APPLICANTS }, (_, i) => ({
    name: `Load ${i}`,
    username: `load-${stamp}-${i}`,
    email: `load-${stamp}-${i}@example.com`,
    resume: '',
  })),
  await hashPassword(DEMO_PASSWORD),
);
const jobIds = (await db.query<{ id: string }>('SELECT id FROM jobs ORDER BY seq')).map((r) => r.id);
const raised = { limit: 1_000_000, windowMs: 60_000 };
const app = await buildApp({
  db,
  config: testConfig({
    rateLimits: { ...DEFAULT_RATE_LIMITS, signInPerAddress: raised, signUpPerAddress: raised },
    postsPerDay: 1_000_000,
  }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

let loop = 0;
const statuses = new Map<string, number>();
const tally = (name: string) => (status: number) => {
  const key = `${name} ${status}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
};
const json = { 'content-type': 'application/json' };
const job = {
  jobTitle: 'Load Test Engineer',
  companyName: 'Loadcorp',
  companyLogo: '/static/logos/orbit.svg',
  jobLocation: 'London',
  employmentType: 'Full-time',
  experienceLevel: 'Any Experience',
  salaryType: 'Yearly',
  minPrice: '$40k',
  maxPrice: '$60k',
  description: 'A job posted by the load test.',
  skills: [{ value: 'Node', label: 'Node' }],
};

type Ctx = { k?: number; cookie?: string };

const result = await autocannon({
  url: base,
  connections,
  duration: seconds,
  requests: [
    {
      method: 'GET',
      setupRequest: (req: autocannon.Request, ctx: Ctx) => {
        ctx.k = loop++;
        return { ...req, path: `/api/job/search${ctx.k % 3 === 0 ? '' : `?page=${(ctx.k % 40) + 1}`}` };
      },
      onResponse: tally('browse'),
    },
    {
      method: 'GET',
      setupRequest: (req: autocannon.Request, ctx: Ctx) => {
        const locations = ['london', 'seattle', 'madrid', 'boston'];
        return { ...req, path: `/api/job/search?q=dev&location=${locations[(ctx.k ?? 0) % 4]}&posted=30d` };
      },
      onResponse: tally('search'),
    },
    {
      method: 'GET',
      setupRequest: (req: autocannon.Request, ctx: Ctx) => ({
        ...req,
        path: `/api/job/all-jobs/${jobIds[(ctx.k ?? 0) % jobIds.length]}`,
      }),
      onResponse: tally('open job'),
    },
    {
      method: 'POST',
      path: '/api/auth/signin',
      headers: json,
      setupRequest: (req: autocannon.Request, ctx: Ctx) => ({
        ...req,
        body: JSON.stringify({
          email: `load-${stamp}-${(ctx.k ?? 0) % APPLICANTS}@example.com`,
          password: DEMO_PASSWORD,
        }),
      }),
      onResponse: (status: number, _body: string, ctx: Ctx, headers: IncomingHttpHeaders | undefined) => {
        tally('sign in')(status);
        // autocannon hands a header seen once as a string, one seen twice as an array.
        const setCookie: unknown = headers?.['set-cookie'];
        const first = Array.isArray(setCookie)
          ? String(setCookie[0])
          : typeof setCookie === 'string'
            ? setCookie
            : undefined;
        ctx.cookie = first?.split(';')[0];
      },
    },
    {
      method: 'POST',
      path: '/api/apply/apply-job',
      setupRequest: (req: autocannon.Request, ctx: Ctx) => {
        const k = ctx.k ?? 0;
        // (applicant, job) pairs never repeat within a run: no expected 409s.
        const jobId = jobIds[Math.floor(k / APPLICANTS) % jobIds.length];
        return { ...req, headers: { ...json, cookie: ctx.cookie ?? '' }, body: JSON.stringify({ job: jobId }) };
      },
      onResponse: tally('apply'),
    },
    {
      method: 'POST',
      path: '/api/job/post-job',
      setupRequest: (req: autocannon.Request, ctx: Ctx) => ({
        ...req,
        headers: { ...json, cookie: ctx.cookie ?? '' },
        body: JSON.stringify(job),
      }),
      onResponse: tally('post'),
    },
  ],
});

await app.close();
await drop();

const failures = [...statuses].filter(([key]) => !/ 20[01]$/.test(key));
const lines = [
  `# Load test (${kind}, ${jobCount} jobs, ${connections} connections, ${seconds} s)`,
  '',
  `- requests: ${result.requests.total} (${result.requests.average.toFixed(0)} req/s average)`,
  `- latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
  `- errors: ${result.errors} connection errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`,
  '',
  '| step and status | answers |',
  '|---|---:|',
  ...[...statuses].sort().map(([key, n]) => `| ${key} | ${n} |`),
];
console.log(lines.join('\n'));
const errorCount = result.errors + result.timeouts + result.non2xx;
if (errorCount > 0 || failures.length > 0) {
  console.error(`\n${errorCount} errors: ${failures.map(([k, n]) => `${k} x${n}`).join(', ')}`);
  process.exit(1);
}
