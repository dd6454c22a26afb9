/**
 * One autocannon run in a process of its own (npm run loadtest -- --cluster starts it twice: one instance
 * directly, then the load balancer): a read mix of browse, search and job pages. Prints its figures as JSON.
 *
 *   node --import tsx bench/cluster-autocannon.ts <url> <seconds> <connections> <job-ids.json>
 */
import fs from 'node:fs';
import autocannon from 'autocannon';

const [url = '', seconds = '10', connections = '20', idsFile = ''] = process.argv.slice(2);
const jobIds = JSON.parse(fs.readFileSync(idsFile, 'utf8')) as string[];
const words = ['engineer', 'designer', 'developer', 'manager', 'analyst', 'nurse', 'teacher', 'sales'];
const places = ['london', 'seattle', 'madrid', 'boston'];
const statuses = new Map<string, number>();
const tally = (name: string) => (status: number) =>
  statuses.set(`${name} ${status}`, (statuses.get(`${name} ${status}`) ?? 0) + 1);
let loop = 0;
type Ctx = { k?: number };

const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
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
        const k = ctx.k ?? 0;
        return { ...req, path: `/api/job/search?q=${words[k % words.length]}&location=${places[k % places.length]}` };
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
  ],
});

console.log(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statuses: Object.fromEntries(statuses),
  }),
);
