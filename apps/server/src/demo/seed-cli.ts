import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedBulk } from './seed.js';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '1000' },
    users: { type: 'string', default: '100' },
    seed: { type: 'string', default: '42' },
  },
});

const jobs = Number(values.jobs);
const users = Number(values.users);
if (!Number.isInteger(jobs) || jobs < 0 || !Number.isInteger(users) || users < 1) {
  console.error('Usage: npm run seed -- --jobs N --users M   (N >= 0, M >= 1)');
  process.exit(2);
}

const config = loadConfig();
// Without the request pool's timeouts: one batch's inserts and their triggers may take longer than a request may.
const db = await openDatabase({ ...config, bulk: true });
await migrate(db);
const bar = new cliProgress.SingleBar(
  {
    format: 'jobs {bar} {percentage}% | {value}/{total} | {duration_formatted} so far, about {eta_formatted} left',
    etaBuffer: 20,
    noTTYOutput: true,
    notTTYSchedule: 2000,
  },
  cliProgress.Presets.shades_classic,
);
const started = Date.now();
await seedBulk(db, {
  jobs,
  users,
  seed: Number(values.seed),
  onStart: (done) => {
    if (done > 0) console.log(`Resuming a load of these options that stopped at ${done} jobs`);
    bar.start(jobs, done);
  },
  onProgress: (done) => bar.update(done),
});
bar.stop();
console.log(
  `Loaded ${jobs} jobs and ${users} users into ${db.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
await db.close();
