// The production server: apps/server/src bundled by esbuild into apps/server/dist (decision record 30). Packages
// stay in node_modules; the workspace's own @jobboard/shared is TypeScript, so it is bundled in. Modules the server
// imports only when configured (the demo data's generator) become chunks of their own, loaded on first use.
//   node scripts/build-server.mjs                 build when missing or older than the sources (as npm start does)
//   node scripts/build-server.mjs --outdir DIR    build now into DIR (under apps/server; the start test's own copy)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverDist = path.join(root, 'apps/server/dist');
export const serverBundle = path.join(serverDist, 'server.js');
export const adminBundle = path.join(serverDist, 'admin-cli.js');
export const backupBundle = path.join(serverDist, 'backup-cli.js');
const sources = ['apps/server/src', 'apps/server/package.json', 'packages/shared/src', 'scripts/build-server.mjs'].map(
  (p) => path.join(root, p),
);

/** The newest modification time of a file, or of any file under a directory. */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Resolves @jobboard/shared to its TypeScript source, which esbuild then bundles like the server's own. */
const bundleShared = {
  name: 'bundle-shared',
  setup(build) {
    build.onResolve({ filter: /^@jobboard\/shared$/ }, () => ({
      path: path.join(root, 'packages/shared/src/index.ts'),
    }));
  },
};

/**
 * Builds into `outdir` (under apps/server, so the bundle finds its package folder and node_modules). Earlier
 * chunks are left in place: a server still running from them may yet load one.
 */
export async function buildServer(outdir = serverDist) {
  // Imported only to build: a production install without development packages runs an existing build.
  const { build } = await import('esbuild');
  await build({
    // The server, and the operators' commands (npm run admin; npm run backup and restore), sharing chunks.
    entryPoints: ['server.ts', 'admin-cli.ts', 'backup-cli.ts'].map((file) => path.join(root, 'apps/server/src', file)),
    outdir,
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    plugins: [bundleShared],
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  });
}

export async function ensureServerBuild() {
  if (
    fs.existsSync(adminBundle) &&
    fs.existsSync(backupBundle) &&
    fs.existsSync(serverBundle) &&
    fs.statSync(serverBundle).mtimeMs >= Math.max(...sources.map(newestMtime))
  )
    return false;
  console.log('Building the server...');
  await buildServer();
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf('--outdir');
  if (at > 0) await buildServer(path.resolve(process.argv[at + 1]));
  else await ensureServerBuild();
}
