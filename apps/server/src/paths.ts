import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server): the nearest folder above this module holding a package.json. This
 * module runs from src/ through tsx and from dist/ once bundled (scripts/build-server.mjs), so files read at run
 * time are found from here, never from a path relative to the module itself.
 */
function packageFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}

export const serverRoot = packageFolder();
export const repoRoot = path.resolve(serverRoot, '../..');
/** The SQL migrations, read from the sources in either case (the bundle holds code only). */
export const migrationsDir = path.join(serverRoot, 'src/db/migrations');
