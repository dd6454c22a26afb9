// The npm registry this project is built from carries only the Linux builds of unrs-resolver's native bindings
// (used by the lint's import resolver). `npm install` records all 21 as optional dependencies but can fetch only
// 4, and `npm ci` then refuses the lock as incomplete. This keeps, in package-lock.json, only the optional
// bindings the lock actually holds. Run it after `npm install` changes the lock: `node scripts/prune-lock.mjs`.
import fs from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
let pruned = 0;
for (const [name, entry] of Object.entries(lock.packages)) {
  if (!name.endsWith('node_modules/unrs-resolver') || !entry.optionalDependencies) continue;
  const base = name.slice(0, name.lastIndexOf('node_modules/') + 'node_modules/'.length).replace(/[^/]+\/$/, '');
  for (const dependency of Object.keys(entry.optionalDependencies)) {
    const nested = `${name}/node_modules/${dependency}`;
    const hoisted = `${base}node_modules/${dependency}`;
    if (!lock.packages[nested] && !lock.packages[hoisted] && !lock.packages[`node_modules/${dependency}`]) {
      delete entry.optionalDependencies[dependency];
      pruned += 1;
    }
  }
}
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${pruned} optional dependencies the lock does not hold were dropped`);
