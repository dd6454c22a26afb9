import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { BackupError, createBackup, restoreBackup } from './modules/backups/backup.service.js';

// A command of its own, not one of `npm run admin`'s: that one migrates the database before any command, and a
// restore needs the database empty until pg_restore (or PGlite) fills it.
const USAGE = `Usage:
  npm run backup -- --out <dir>                 the database and the uploaded files into <dir> (a new folder inside it when it is not empty)
  npm run restore -- --from <backup> [--force]  a backup into this install, which must be empty (--force: restore over it)`;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

async function run(command: string | undefined, options: { out?: string; from?: string; force?: boolean }) {
  const config = loadConfig();
  if (command === 'backup' && options.out) {
    const { dir, manifest } = await createBackup(config, options.out);
    console.log(
      `Backed up to ${dir}: the ${manifest.database.kind} database (${megabytes(manifest.database.bytes)}, schema ` +
        `${manifest.schemaVersion}) and ${manifest.files.count} files (${megabytes(manifest.files.bytes)}).`,
    );
    return 0;
  }
  if (command === 'restore' && options.from) {
    const manifest = await restoreBackup(config, options.from, { force: options.force });
    console.log(
      `Restored the backup of ${manifest.createdAt}: the ${manifest.database.kind} database (schema ` +
        `${manifest.schemaVersion}) and ${manifest.files.count} files. Start the server as usual.`,
    );
    return 0;
  }
  console.error(USAGE);
  return 2;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, from: { type: 'string' }, force: { type: 'boolean' } },
});
run(positionals[0], values).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof BackupError ? `Refused: ${error.message}` : error instanceof Error ? error.message : error,
    );
    process.exit(1);
  },
);
