import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, testDatabaseUrl, type Config } from '../src/config.js';
import { openPglite, type Db } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { createBackup, knownSchemaVersion, restoreBackup } from '../src/modules/backups/backup.service.js';
import { MANIFEST, type Manifest } from '../src/modules/backups/manifest.js';
import { buildTestApp, describeEachDb, signUpAndSignIn, type DbKind, type TestApp } from './helpers.js';
import {
  backupCli,
  expectRestoredAppServes,
  expectWritesRestored,
  restoredConfig,
  startWriteLoad,
  type Write,
} from './support/backup-load.js';
import { createScratchPostgres, type ScratchDatabase } from './support/scratch.js';

const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `jobboard-${name}-`));
const UNLIMITED = { limit: 1_000_000, windowMs: 60_000 };
const loadLimits = {
  rateLimits: { ...DEFAULT_RATE_LIMITS, avatarUploadsPerAccount: UNLIMITED, cvUploadsPerAccount: UNLIMITED },
};

/** A copy of a backup to damage, so the good one stays for the other tests. */
function copyOf(backup: string): string {
  const copy = path.join(tempDir('backup-copy'), 'backup');
  fs.cpSync(backup, copy, { recursive: true });
  return copy;
}

function flipLastByte(file: string): void {
  const bytes = fs.readFileSync(file);
  bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
  fs.writeFileSync(file, bytes);
}

describeEachDb('backup and restore', (kind: DbKind) => {
  let t: TestApp;
  let backupDir: string;
  let writes: { before: Write[]; during: number; total: number };
  let target: ScratchDatabase | undefined;
  const targetDataDir = tempDir('restored');
  const cleanup: string[] = [targetDataDir];

  /** Where the backup command finds the source install: its database (PostgreSQL: this test's) and files. */
  async function sourceEnv(): Promise<Record<string, string>> {
    if (kind === 'pglite') return { DATA_DIR: t.config.dataDir };
    const [row] = await t.db.query<{ name: string }>('SELECT current_database() AS name');
    const url = new URL(testDatabaseUrl() ?? '');
    url.pathname = `/${row?.name}`;
    return { DATA_DIR: t.config.dataDir, DATABASE_URL: url.toString() };
  }

  /** A fresh empty install to restore into: an empty database (PostgreSQL) and an empty DATA_DIR. */
  async function emptyTargetEnv(): Promise<Record<string, string>> {
    if (kind === 'pglite') return { DATA_DIR: targetDataDir };
    target ??= await createScratchPostgres(testDatabaseUrl() ?? '', 'jobboard_restore', 2);
    return { DATA_DIR: targetDataDir, DATABASE_URL: target.url ?? '' };
  }

  beforeAll(async () => {
    t = await buildTestApp(kind, loadLimits);
    const people = await Promise.all([signUpAndSignIn(t.app), signUpAndSignIn(t.app)]);
    const load = startWriteLoad(t.app, people);
    // Writes are going on before the backup starts, and go on after it ends.
    while (load.acked.length < 12) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...load.acked];
    const out = tempDir('backup');
    cleanup.push(out);
    if (kind === 'pglite') {
      // PGlite is open in this process (the app's): the backup dumps it from here, between its transactions.
      backupDir = (await createBackup(t.config, out, t.db)).dir;
    } else {
      const run = await backupCli(['backup', '--out', out], await sourceEnv());
      expect(run.code, run.output).toBe(0);
      backupDir = out;
    }
    const during = load.acked.length - before.length;
    await load.stop();
    writes = { before, during, total: load.acked.length };
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await target?.drop();
    for (const dir of cleanup) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('takes the backup while writes go on: a manifest with the schema version, checksums and every file', () => {
    expect(writes.during).toBeGreaterThan(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, MANIFEST), 'utf8')) as Manifest;
    expect(manifest.schemaVersion).toBe(knownSchemaVersion());
    expect(manifest.database.kind).toBe(kind);
    const avatars = writes.before.filter((w) => w.kind === 'avatar').length;
    const cvs = writes.before.filter((w) => w.kind === 'cv').length;
    expect(manifest.files.count).toBeGreaterThanOrEqual(avatars + cvs);
    expect(manifest.files.entries.every((entry) => /^(avatars|cvs)\//.test(entry.path))).toBe(true);
  });

  it('refuses a damaged backup before touching the install', async () => {
    const env = await emptyTargetEnv();
    const damagedDump = copyOf(backupDir);
    const dumpName = kind === 'pglite' ? 'pglite.tar.gz' : 'database.dump';
    flipLastByte(path.join(damagedDump, dumpName));
    const dump = await backupCli(['restore', '--from', damagedDump], env);
    expect(dump.code).toBe(1);
    expect(dump.output).toContain(`the backup is damaged: ${dumpName} does not match its checksum`);

    const damagedFile = copyOf(backupDir);
    const [first] = fs.readdirSync(path.join(damagedFile, 'files', 'avatars'));
    flipLastByte(path.join(damagedFile, 'files', 'avatars', first ?? ''));
    const file = await backupCli(['restore', '--from', damagedFile], env);
    expect(file.output).toContain(`the backup is damaged: avatars/${first} does not match`);

    const unfinished = copyOf(backupDir);
    fs.rmSync(path.join(unfinished, MANIFEST));
    expect((await backupCli(['restore', '--from', unfinished], env)).output).toContain('it has no manifest.json');
    // Nothing was written: the target is as empty as it was.
    expect(fs.existsSync(path.join(targetDataDir, 'pglite'))).toBe(false);
    expect(fs.existsSync(path.join(targetDataDir, 'uploads'))).toBe(false);
    if (target) expect(await target.db.query('SELECT 1 FROM pg_tables WHERE schemaname = $1', ['public'])).toEqual([]);
  }, 60_000);

  it('refuses a backup of a newer schema than this code knows', async () => {
    const newer = copyOf(backupDir);
    const manifest = JSON.parse(fs.readFileSync(path.join(newer, MANIFEST), 'utf8')) as Manifest;
    fs.writeFileSync(path.join(newer, MANIFEST), JSON.stringify({ ...manifest, schemaVersion: 999 }));
    const run = await backupCli(['restore', '--from', newer], await emptyTargetEnv());
    expect(run.code).toBe(1);
    expect(run.output).toContain(`the backup's schema is version 999, newer than this code's ${knownSchemaVersion()}`);
  }, 30_000);

  it('restores into an empty install every write acknowledged before the backup began; the install starts and searches', async () => {
    const env = await emptyTargetEnv();
    const run = await backupCli(['restore', '--from', backupDir], env);
    expect(run.code, run.output).toBe(0);
    const config = restoredConfig(targetDataDir);
    const db: Db = target ? target.db : await openPglite(targetDataDir);
    try {
      expect(await migrate(db)).toEqual([]);
      await expectWritesRestored(db, writes.before, t.config, config);
      await expectRestoredAppServes(db, config, writes.before);
    } finally {
      if (!target) await db.close();
    }
  }, 60_000);

  it('refuses to restore into an install that is not empty, unless forced', async () => {
    const env = await emptyTargetEnv();
    const run = await backupCli(['restore', '--from', backupDir], env);
    expect(run.code).toBe(1);
    expect(run.output).toMatch(
      kind === 'pglite' ? /pglite already holds a database: restore into an empty DATA_DIR/ : /already has \d+ tables/,
    );
    const forced = await backupCli(['restore', '--from', backupDir, '--force'], env);
    expect(forced.code, forced.output).toBe(0);
    // PGlite's folder is moved aside, never deleted; PostgreSQL's tables are recreated by the dump.
    if (kind === 'pglite')
      expect(fs.readdirSync(targetDataDir).filter((name) => name.startsWith('pglite.replaced-'))).toHaveLength(1);
    const db: Db = target ? target.db : await openPglite(targetDataDir);
    try {
      await expectWritesRestored(db, writes.before, t.config, restoredConfig(targetDataDir));
    } finally {
      if (!target) await db.close();
    }
  }, 60_000);
});

describe('backup and restore of PGlite from the command line', () => {
  const dataDir = tempDir('pglite-source');
  const restoredDir = tempDir('pglite-restored');
  const out = tempDir('pglite-backup');
  afterAll(() => [dataDir, restoredDir, out].forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

  it('refuses while a server holds the database, and backs it up once stopped', async () => {
    const db = await openPglite(dataDir);
    await migrate(db);
    await db.query(`INSERT INTO schema_migrations (version, name) VALUES (0, 'backup-test marker')`);
    const held = await backupCli(['backup', '--out', out], { DATA_DIR: dataDir });
    expect(held.code).toBe(1);
    expect(held.output).toContain('is in use (postmaster.pid is there): stop the server first');
    await db.close();

    const done = await backupCli(['backup', '--out', out], { DATA_DIR: dataDir });
    expect(done.code, done.output).toBe(0);
    const restore = await backupCli(['restore', '--from', out], { DATA_DIR: restoredDir });
    expect(restore.code, restore.output).toBe(0);
    const restored = await openPglite(restoredDir);
    try {
      expect(await restored.query('SELECT name FROM schema_migrations WHERE version = 0')).toEqual([
        { name: 'backup-test marker' },
      ]);
    } finally {
      await restored.close();
    }
  }, 60_000);
});

describe('backup and restore with S3 storage', () => {
  let s3: S3rver;
  let t: TestApp;
  const s3Dir = tempDir('s3-backup');
  const out = tempDir('s3-backup-out');
  const bucket = (name: string, endpoint: string): Config['s3'] => ({
    bucket: name,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicUrl: undefined,
  });

  beforeAll(async () => {
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: s3Dir,
      configureBuckets: [{ name: 'source' }, { name: 'restored' }],
    });
    const { port } = (await s3.run()) as AddressInfo;
    const endpoint = `http://127.0.0.1:${port}`;
    t = await buildTestApp('pglite', { ...loadLimits, s3: bucket('source', endpoint) });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    for (const dir of [s3Dir, out]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('downloads every object of the bucket and uploads them into an empty one on restore', async () => {
    const load = startWriteLoad(t.app, [await signUpAndSignIn(t.app)]);
    while (load.acked.length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = [...load.acked];
    const { dir, manifest } = await createBackup(t.config, out, t.db);
    await load.stop();
    expect(manifest.files.storage).toBe('s3');
    const keys = manifest.files.entries.map((entry) => entry.path);
    for (const write of before) if (write.kind === 'avatar') expect(keys).toContain(`avatars/${write.name}`);
    expect(manifest.files.entries.find((e) => e.path.startsWith('avatars/'))?.contentType).toBe('image/webp');

    const target = restoredConfig(tempDir('s3-restored'), { s3: bucket('restored', t.config.s3?.endpoint ?? '') });
    await restoreBackup(target, dir);
    const restoredKeys = fs.readdirSync(path.join(s3Dir, 'restored'), { recursive: true }).map(String);
    for (const key of keys) expect(restoredKeys.some((file) => file.startsWith(key))).toBe(true);
    const db = await openPglite(target.dataDir);
    try {
      await expectWritesRestored(db, before, t.config, target);
    } finally {
      await db.close();
      fs.rmSync(target.dataDir, { recursive: true, force: true });
    }
    await expect(restoreBackup(target, dir)).rejects.toThrow('the bucket restored already holds files');
  }, 120_000);
});
