// `npm start`: build the web app and the server (scripts/build-server.mjs) where a build is missing or older than
// its sources, then run the server's compiled JavaScript (which applies migrations and loads demo data into an
// empty database). tsx runs the TypeScript directly only in development, scripts and tests.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild, newestMtime, serverBundle } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
// The server renderer of the home and job pages (apps/web/src/entry-server.tsx), built with the app.
const builtRenderer = path.join(root, 'apps/web/dist-ssr/entry-server.js');

const sources = ['apps/web/src', 'apps/web/public', 'apps/web/index.html', 'packages/shared/src'].map((p) =>
  path.join(root, p),
);
const sourceTime = Math.max(...sources.map(newestMtime));
if (!fs.existsSync(builtIndex) || !fs.existsSync(builtRenderer) || fs.statSync(builtIndex).mtimeMs < sourceTime) {
  console.log('Building the web app...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await ensureServerBuild();

const server = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
