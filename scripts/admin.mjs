// `npm run admin -- <command>`: the operators' command (apps/server/src/admin-cli.ts), run from the compiled server
// (built first when missing or older than the sources), so it works on a production install without tsx.
import { spawnSync } from 'node:child_process';
import { adminBundle, ensureServerBuild } from './build-server.mjs';

await ensureServerBuild();
const run = spawnSync(process.execPath, [adminBundle, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
