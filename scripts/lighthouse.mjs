// Lighthouse on the built app served by the real server (fresh database with demo data): the home page and
// a job page, mobile (Lighthouse's default throttling) and desktop. Prints a markdown table and appends it to
// docs/performance.md. Targets (issue 31, docs/principles.md): mobile performance at least 95, accessibility 100,
// SEO 100; a missed one makes the script (and `npm run bench`) exit non-zero.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port.mjs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = process.argv.includes('--out')
  ? process.argv[process.argv.indexOf('--out') + 1]
  : path.join(root, 'docs/performance.md');

const MOBILE_PERFORMANCE = 95;
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const missed = [];
const server = spawn(process.execPath, [path.join(root, 'scripts/e2e-server.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
try {
  for (let i = 0; i < 120; i += 1) {
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const jobs = await (await fetch(`${base}/api/job/search`)).json();
  const jobId = jobs.items[0]._id;
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  const rows = [];
  try {
    for (const [label, url] of [
      ['home', `${base}/`],
      ['job page', `${base}/job/${jobId}`],
    ]) {
      for (const [form, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ]) {
        // A first navigation can fail to produce a trace (cold caches); one retry, and any error is reported.
        let result;
        for (let attempt = 0; attempt < 2; attempt += 1) {
          result = await lighthouse(
            url,
            {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            },
            config,
          );
          if (result.lhr.categories.performance?.score !== null && !result.lhr.runtimeError) break;
          process.stderr.write(
            `${label} ${form}: ${result.lhr.runtimeError?.message ?? 'no performance score'}, retrying\n`,
          );
        }
        const c = result.lhr.categories;
        const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
        const a = result.lhr.audits;
        rows.push(
          `| ${label} | ${form} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${a['first-contentful-paint']?.displayValue ?? '-'} | ${a['largest-contentful-paint']?.displayValue ?? '-'} | ${a['total-blocking-time']?.displayValue ?? '-'} | ${a['cumulative-layout-shift']?.displayValue ?? '-'} |`,
        );
        process.stderr.write(
          `${label} ${form}: performance ${score('performance')}, accessibility ${score('accessibility')}, SEO ${score('seo')}, LCP ${a['largest-contentful-paint']?.displayValue}\n`,
        );
        if (form === 'mobile' && score('performance') < MOBILE_PERFORMANCE)
          missed.push(`${label} mobile performance ${score('performance')} < ${MOBILE_PERFORMANCE}`);
        if (score('accessibility') < 100) missed.push(`${label} ${form} accessibility ${score('accessibility')} < 100`);
        if (score('seo') < 100) missed.push(`${label} ${form} SEO ${score('seo')} < 100`);
      }
    }
  } finally {
    chrome.kill();
  }
  const bundle = JSON.parse(fs.readFileSync(path.join(root, 'apps/web/dist/bundle-size.json'), 'utf8'));
  const markdown = [
    '',
    '## Lighthouse (`node scripts/lighthouse.mjs`)',
    '',
    `Built app on the real server, demo data, Chromium at ${process.env.CHROME_PATH || '/usr/bin/chromium'}, ${os.cpus().length} cores. Home page first-load JavaScript: **${(bundle.homeFirstLoadGzipBytes / 1024).toFixed(1)} KB gzipped** (the guard is in apps/web/vite.config.ts).`,
    '',
    '| page | form factor | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |',
    '|---|---|---:|---:|---:|---:|---|---|---|---|',
    ...rows,
    '',
    missed.length === 0
      ? `Targets (mobile performance at least ${MOBILE_PERFORMANCE}, accessibility 100, SEO 100): all met.`
      : `Targets missed: ${missed.join('; ')}.`,
    '',
  ].join('\n');
  fs.appendFileSync(out, markdown);
  process.stdout.write(markdown);
  if (missed.length > 0) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
