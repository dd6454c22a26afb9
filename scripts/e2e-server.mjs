// The server the Playwright suite drives: the built app on the real server, a fresh database with demo data.
// Expects apps/web/dist (npm test builds it first). PORT comes from playwright.config.ts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first');
  process.exit(1);
}
// E2E_DATA_DIR (playwright.config.ts sets it): a known place, emptied first, so the specs can read the mail the
// server writes to DATA_DIR/outbox. Only a directory named like ours is ever emptied.
const known = process.env.E2E_DATA_DIR;
if (known && !path.basename(known).startsWith('jobboard-e2e')) {
  console.error(`E2E_DATA_DIR must name a directory jobboard-e2e*, not ${known}`);
  process.exit(1);
}
if (known) fs.rmSync(known, { recursive: true, force: true });
const dataDir = known
  ? (fs.mkdirSync(known, { recursive: true }), known)
  : fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-e2e-'));
// Job alerts are checked every 2 s, so the alerts spec reads an alert's e-mail without waiting a minute.
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  DEMO_DATA: 'on',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  HOST: '127.0.0.1',
  ALERTS_INTERVAL_MS: process.env.ALERTS_INTERVAL_MS ?? '2000',
  // Dan (a demo account, verified address) is the administrator of the moderation spec; the specs together post
  // more than a day's worth of jobs from Alice's account.
  ADMIN_EMAILS: process.env.ADMIN_EMAILS ?? 'dan@example.com',
  POSTS_PER_DAY: process.env.POSTS_PER_DAY ?? '500',
  // A stage e-mail's undo window: short, so the specs that read one wait seconds, not half a minute.
  STAGE_MAIL_DELAY_SECONDS: process.env.STAGE_MAIL_DELAY_SECONDS ?? '5',
  // Every spec signs in from 127.0.0.1: the whole suite passes the shipped 100 per 15 minutes (tested in the API
  // suite's default-limits test).
  SIGN_IN_PER_ADDRESS: process.env.SIGN_IN_PER_ADDRESS ?? '2000',
  // The footer's social links are configuration: two of the three set, so the suite sees both kinds.
  SOCIAL_GITHUB_URL: process.env.SOCIAL_GITHUB_URL ?? 'https://github.com/jobboard-e2e',
  SOCIAL_LINKEDIN_URL: process.env.SOCIAL_LINKEDIN_URL ?? 'https://www.linkedin.com/company/jobboard-e2e',
  CONTACT_EMAIL: process.env.CONTACT_EMAIL ?? 'help@jobboard-e2e.example',
  // The webhooks spec's receiver listens on loopback over http; deliveries are looked for every half second.
  WEBHOOK_ALLOWED_HOSTS: process.env.WEBHOOK_ALLOWED_HOSTS ?? '127.0.0.1',
  WEBHOOK_POLL_MS: process.env.WEBHOOK_POLL_MS ?? '500',
  // The job imports spec's feed is served on loopback over http.
  IMPORT_ALLOWED_HOSTS: process.env.IMPORT_ALLOWED_HOSTS ?? '127.0.0.1',
};
// The browser suite always runs on a fresh embedded database, whatever DATABASE_URL the API suite used.
delete env.DATABASE_URL;
// The server as `npm start` runs it: its compiled bundle, rebuilt when the sources changed.
await ensureServerBuild();
const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
  env,
});
const cleanup = () => fs.rmSync(dataDir, { recursive: true, force: true });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
