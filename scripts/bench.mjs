// `npm run bench`: the search benchmark (arguments are passed to it), the judged relevance set, the index compared
// with the SQL reference at 10,000 and 100,000 jobs, then Lighthouse on the built app. All write into docs/performance.md: the search tables first, the Relevance and Lighthouse sections after.
// Every step runs; the command exits non-zero when any of them failed: the search benchmark when a target is
// missed (it names each one), the build when the home page's JavaScript is over its budget.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const failed = [];
const step = (name, command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed.push(`${name} (exit ${result.status ?? result.signal})`);
  return result.status === 0;
};
step('search benchmark: targets missed, listed above', 'npm', [
  'run',
  'bench',
  '-w',
  '@jobboard/server',
  '--',
  ...process.argv.slice(2),
]);
const out = process.argv.includes('--out') ? ['--out', process.argv[process.argv.indexOf('--out') + 1]] : [];
// After the search benchmark, which writes performance.md afresh: this one puts its "Relevance" section in it.
step('relevance: the judged query set', 'npm', ['run', 'bench:relevance', '-w', '@jobboard/server', '--', ...out]);
// The index against the plain SQL reference at the issue's two sizes (npm test compares at 20,000), both databases.
for (const jobs of ['10000', '100000']) {
  const compared = spawnSync('npx', ['vitest', 'run', '--project', 'server', 'apps/server/test/search-index.test.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SEARCH_COMPARE_JOBS: jobs },
  });
  if (compared.status !== 0) failed.push(`the index against the reference at ${jobs} jobs`);
}
const built = step('build: home page JavaScript over its budget, or the build broke', 'npm', [
  'run',
  'build',
  '--silent',
]);
if (built) step('lighthouse', process.execPath, [path.join(root, 'scripts/lighthouse.mjs'), ...out]);
else failed.push('lighthouse (not run: no build)');
if (failed.length > 0) {
  console.error(`\nbench failed:\n${failed.map((f) => `  - ${f}`).join('\n')}`);
  process.exit(1);
}
