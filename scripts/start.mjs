// `npm start`: build the web app if its build is missing or older than its sources, then run the server
// (which applies migrations and loads demo data into an empty database).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
// The server renderer of the home and job pages (apps/web/src/entry-server.tsx), built with the app.
const builtRenderer = path.join(root, 'apps/web/dist-ssr/entry-server.js');

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/shared/src'].map((p) => path.join(root, p));
const sourceTime = Math.max(
  ...sources.map((p) => (fs.existsSync(p) && fs.statSync(p).isFile() ? fs.statSync(p).mtimeMs : newestMtime(p))),
);
if (!fs.existsSync(builtIndex) || !fs.existsSync(builtRenderer) || fs.statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
