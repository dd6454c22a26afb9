// `npm run backup -- --out DIR`, `npm run restore -- --from DIR`: the backup command (apps/server/src/backup-cli.ts),
// run from the compiled server (built first when missing or older than the sources), as `npm run admin` is.
import { spawnSync } from 'node:child_process';
import { backupBundle, ensureServerBuild } from './build-server.mjs';

await ensureServerBuild();
const run = spawnSync(process.execPath, [backupBundle, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
