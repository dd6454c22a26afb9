// `npm run bench`: the search benchmark (arguments are passed to it), then Lighthouse on the built app.
// Both write into docs/performance.md: the search tables first, the Lighthouse section appended.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const step = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
step('npm', ['run', 'bench', '-w', '@jobboard/server', '--', ...process.argv.slice(2)]);
step('npm', ['run', 'build', '--silent']);
const out = process.argv.includes('--out') ? ['--out', process.argv[process.argv.indexOf('--out') + 1]] : [];
step(process.execPath, [path.join(root, 'scripts/lighthouse.mjs'), ...out]);
