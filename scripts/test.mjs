// `npm test`: lint, typecheck, unit and API tests (PGlite, and PostgreSQL when DATABASE_URL is set), build,
// then the browser suite. Every step runs; the last line is the total, `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePorts } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-test-'));
let passed = 0;
let failed = 0;
const summary = [];

/** How long each step took, in the summary: CI has a time limit, and this says which step to look at. */
const minutes = (since) => `${((Date.now() - since) / 60_000).toFixed(1)} min`;

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  summary.push(`     ${name}: ${minutes(started)}`);
  return result.status === 0;
}

function check(name, ok) {
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
  if (ok) passed += 1;
  else failed += 1;
}

/** One failed test in the summary, so the last lines of a CI log name it: file, test, its message's first line. */
function failure(file, title, message = '') {
  const first =
    message
      // eslint-disable-next-line no-control-regex -- the terminal's colour codes in a failure message
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .find((line) => line.trim()) ?? '';
  return `       ${file} > ${title}: ${first.trim().slice(0, 300)}`;
}

/** The tests of a Playwright JSON report that ended unexpectedly, with their files and first error. */
function unexpectedTests(suites, file = '') {
  const found = [];
  for (const suite of suites) {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const error = test.results?.flatMap((r) => r.errors ?? [r.error ?? {}]).find((e) => e?.message);
        found.push({ file: here, title: spec.title, message: error?.message });
      }
    }
    found.push(...unexpectedTests(suite.suites ?? [], here));
  }
  return found;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

check('lint', run('lint', 'npm', ['run', 'lint', '--silent']));
check('typecheck', run('typecheck', 'npm', ['run', 'typecheck', '--silent']));

const vitestReport = path.join(reports, 'vitest.json');
const vitestOk = run('unit and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  summary.push(
    `${vitestOk ? 'ok  ' : 'FAIL'} vitest: ${vitest.numPassedTests} passed, ${vitest.numFailedTests} failed`,
  );
  for (const file of vitest.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed')
        summary.push(failure(path.relative(root, file.name), test.fullName, test.failureMessages?.[0]));
    }
  }
  if (!vitestOk && vitest.numFailedTests === 0) check('vitest run', false);
} else {
  check('vitest run (no report)', false);
}

const built = run('build', 'npm', ['run', 'build', '--silent']);
check('build', built);

// Ports nothing listens on now, so the browser suite never meets a stray server: one per worker (playwright.config.ts).
if (built) {
  const playwrightReport = path.join(reports, 'playwright.json');
  const e2eOk = run('end-to-end tests', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    E2E_PORT: String(await freePorts(Number(process.env.E2E_WORKERS ?? 2))),
    // A trace is recorded for every test and kept only for a failed one, which costs about a fifth of the suite's
    // time; this run prints each failure's error, and a failing spec run on its own keeps its trace.
    E2E_TRACE: process.env.E2E_TRACE ?? 'off',
  });
  const e2e = readJson(playwrightReport);
  if (e2e?.stats) {
    const ok = e2e.stats.expected + (e2e.stats.flaky ?? 0);
    passed += ok;
    failed += e2e.stats.unexpected;
    summary.push(
      `${e2eOk ? 'ok  ' : 'FAIL'} playwright: ${ok} passed, ${e2e.stats.unexpected} failed, ${e2e.stats.skipped} skipped`,
    );
    for (const failed of unexpectedTests(e2e.suites ?? []))
      summary.push(failure(failed.file, failed.title, failed.message));
    if (!e2eOk && e2e.stats.unexpected === 0) check('playwright run', false);
  } else {
    check('playwright run (no report)', false);
  }
}

// The cluster test (issue 15): two instances behind nginx on a PostgreSQL primary with a streaming replica,
// PgBouncer, Redis and S3, all started by the test on free ports; its checks count in the total. It needs the
// build and root (it runs PostgreSQL as the postgres user); bounded to 5 minutes.
if (built) {
  if (process.getuid?.() !== 0) {
    check('cluster test (needs root: run npm run test:cluster as root)', false);
  } else {
    // Its report stays in reports/cluster/report.md (requests per instance, replica reads, writes lost, retries).
    const clusterReport = path.join(root, 'reports/cluster/report.md');
    fs.rmSync(clusterReport, { force: true });
    console.log('\n=== cluster test: npm run test:cluster');
    const clusterStarted = Date.now();
    const cluster = spawnSync(
      'node',
      ['--import', 'tsx', 'apps/server/test/cluster/run.ts', '--report', clusterReport],
      {
        cwd: root,
        stdio: 'inherit',
        timeout: 300_000,
        killSignal: 'SIGTERM',
      },
    );
    summary.push(`     cluster test: ${minutes(clusterStarted)}`);
    const totals = /(\d+) passed, (\d+) failed\s*$/.exec(
      fs.existsSync(clusterReport) ? fs.readFileSync(clusterReport, 'utf8') : '',
    );
    if (totals) {
      passed += Number(totals[1]);
      failed += Number(totals[2]);
      summary.push(`${cluster.status === 0 ? 'ok  ' : 'FAIL'} cluster: ${totals[1]} passed, ${totals[2]} failed`);
      if (cluster.status !== 0 && Number(totals[2]) === 0) check('cluster run', false);
    } else {
      check(`cluster run (no report; exit ${cluster.status ?? cluster.signal})`, false);
    }
  }
}

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\n${summary.join('\n')}`);
const totals = `${passed} passed, ${failed} failed`;
fs.writeFileSync(path.join(root, '.test-totals'), `${totals}\n`);
console.log(`\n${totals}`);
process.exit(failed === 0 ? 0 : 1);
