import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SearchQuery } from '@jobboard/shared';
import { seedBulk } from '../src/demo/seed.js';
import { SearchIndex } from '../src/modules/search/search-index.js';
import { SNAPSHOT_FORMAT, SnapshotFile } from '../src/modules/search/search-index-snapshot.js';
import type { U32List } from '../src/modules/search/search-index-bits.js';
import type { Store } from '../src/modules/search/search-index-store.js';
import { referenceSearch, SearchCache, searchJobs } from '../src/modules/search/search.service.js';
import { buildTestApp, describeEachDb, type TestApp } from './helpers.js';

/** A digest of each part of a store (a part's name with it, so a difference names the part). */
function partsOf(store: Store): Record<string, string> {
  const n = store.count;
  const list = (l: U32List | undefined) => (l ? Array.from(l.data.subarray(0, l.length)) : null);
  const keyed = (map: ReadonlyMap<string, U32List>) => [...map].map(([key, l]) => [key, list(l)]).sort();
  const parts: Record<string, unknown> = {
    count: [n, store.dead],
    skills: list(store.skills),
    skillStart: Array.from(store.skillStart.subarray(0, n + 1)),
    optionSets: store.optionSets.map((bits) => Array.from(bits)),
    placeCities: store.placeCities,
    titleWords: store.titleWords,
    lexemes: keyed(store.lexemes),
    // Which words have a set of their own depends on the count when the store was trimmed: each set is its list.
    denseLexemes: [...store.denseLexemes].every(([key, bits]) => {
      const expected = new Uint32Array(bits.length);
      store.bitsOf(store.lexemes.get(key), expected);
      return expected.every((word, i) => word === bits[i]);
    }),
    byRemoteCountry: keyed(store.byRemoteCountry),
    byCityRegion: keyed(store.byCityRegion),
    docOf: [...store.docOf].sort((a, b) => a[0] - b[0]),
    orders: store.orders && [Array.from(store.orders.newest), Array.from(store.orders.pay)],
    recent: store.recent,
  };
  for (const name of ['byTitle', 'byCityKey', 'byCountry', 'bySkill'] as const)
    parts[name] = Array.from(store[name], list);
  for (const name of ['strings', 'titles', 'skillKeys', 'places'] as const) parts[name] = store[name].values;
  for (const name of ['alive', 'coarse', 'fine', 'noRemoteCountrySet'] as const) parts[name] = Array.from(store[name]);
  for (const name of ['seq', 'postingDay', 'validDay', 'pay', 'maxPrice', 'city', 'cityKey', 'country'] as const)
    parts[name] = Array.from(store[name].subarray(0, n), String);
  for (const name of ['salary', 'experience', 'employment', 'workplace', 'title', 'place', 'optionBits'] as const)
    parts[name] = Array.from(store[name].subarray(0, n));
  return Object.fromEntries(
    Object.entries(parts).map(([name, part]) => [
      name,
      createHash('sha256').update(JSON.stringify(part)).digest('hex'),
    ]),
  );
}

/**
 * The search index's snapshot on disk (decision record 37): an index read back from it gives exactly the answers of
 * the SQL reference, catches up with the changes made since, and a file that is corrupt, truncated, of another
 * format, of another database or older than job_changes reaches is not read: every job is loaded, for that reason.
 */
describeEachDb('the search index snapshot', (kind) => {
  let t: TestApp;
  let dir: string;
  const messages: string[] = [];
  const log = { info: (_: object, message: string) => void messages.push(message), warn: () => {} };
  const files: SnapshotFile[] = [];
  const indexes: SearchIndex[] = [];
  const queries = [
    {},
    { q: 'engineer' },
    { q: 'engineer', sort: 'newest', page: 2 },
    { q: 'manager', sort: 'pay' },
    { q: 'de' },
    { q: 'c++' },
    { q: 'devloper' },
    { q: 'python', where: 'remote' },
    { q: 'zzzzqx' },
    { skill: 'python', employment: 'full-time' },
    { payMin: 50_000, sort: 'pay', page: 3 },
    { where: 'DE' },
    { remoteCountry: 'US' },
    { q: 'engineer', workplace: 'on-site', posted: '30d' },
    { experience: 'work remotely', maxPrice: '100' },
  ].map((q) => ({ page: 1, ...q }) as SearchQuery);

  const fileOf = () => {
    const file = new SnapshotFile(t.db, dir, 3_600_000, log);
    files.push(file);
    return file;
  };
  /** An index loaded with `file` as its snapshot (every job when the file is not used). */
  const loaded = async (file = fileOf()) => {
    const index = new SearchIndex(t.db, { snapshot: file });
    indexes.push(index);
    await index.load();
    return index;
  };
  /** A snapshot of the jobs as they are now, written by an index loaded from the jobs. */
  const written = async () => {
    fs.rmSync(path.join(dir, 'snapshot.bin'), { force: true });
    const file = fileOf();
    const index = await loaded(file);
    await file.save(index);
    return path.join(dir, 'snapshot.bin');
  };
  const expectSameAnswers = async (index: SearchIndex, label: string) => {
    const now = new Date();
    let matched = 0;
    for (const query of queries) {
      const cache = new SearchCache(0);
      cache.index = index;
      cache.exact = true;
      const fromIndex = await searchJobs(t.db, cache, query, now);
      const fromDb = await referenceSearch(t.db, new SearchCache(0), query, now);
      expect(fromIndex, `${label}: ${JSON.stringify(query)}`).toEqual(fromDb);
      if (fromDb.items.length) matched += 1;
    }
    expect(matched, label).toBeGreaterThanOrEqual(10);
  };

  beforeAll(async () => {
    t = await buildTestApp(kind, { searchIndex: 'off' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-snapshot-'));
    await seedBulk(t.db, { jobs: 6_000, users: 10, seed: 37 });
    await t.db.query(
      `UPDATE jobs SET job_title = 'C++ Developer' WHERE seq IN (SELECT seq FROM jobs ORDER BY seq LIMIT 5)`,
    );
  }, 300_000);
  afterAll(async () => {
    await Promise.all(files.map((file) => file.stop()));
    await Promise.all(indexes.map((index) => index.close()));
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is written after a full load and read back into an index that answers exactly as the reference', async () => {
    const file = fileOf();
    const first = await loaded(file);
    expect(file.lastReason).toBe('there is none');
    await file.save(first);
    const reader = fileOf();
    const index = await loaded(reader);
    expect(reader.lastReason).toBeUndefined();
    expect(messages).toContain('search index read from its snapshot');
    // Every part of the store as the full load made it (the lists a load makes from the columns too).
    const storeOf = (of: SearchIndex) => {
      const state = of.snapshotState();
      if (!state) throw new Error('not loaded');
      return state.store;
    };
    expect(partsOf(storeOf(index))).toEqual(partsOf(storeOf(first)));
    const [open] = await t.db.query<{ n: string }>(`SELECT count(*) AS n FROM jobs WHERE status = 'open'`);
    const store = index.snapshotState()?.store;
    expect(store && store.count - store.dead).toBe(Number(open?.n));
    await expectSameAnswers(index, 'from the snapshot');
  }, 120_000);

  it('catches up with the jobs changed since the snapshot was written', async () => {
    await written();
    const [last] = await t.db.query<{ seq: string }>(
      `SELECT seq FROM jobs WHERE status = 'open' ORDER BY seq DESC LIMIT 1`,
    );
    await t.db.query(`UPDATE jobs SET job_title = 'Zzzzqx Wrangler' WHERE seq = $1`, [last?.seq]);
    await t.db.query(
      `UPDATE jobs SET status = 'closed' WHERE seq IN (SELECT seq FROM jobs WHERE status = 'open' ORDER BY seq LIMIT 30)`,
    );
    await t.db.query(`DELETE FROM jobs WHERE seq IN (SELECT seq FROM jobs ORDER BY seq DESC OFFSET 3 LIMIT 20)`);
    await seedBulk(t.db, { jobs: 150, users: 2, seed: 38 });
    const reader = fileOf();
    const index = await loaded(reader);
    expect(reader.lastReason).toBeUndefined();
    await expectSameAnswers(index, 'from the snapshot, then the changes');
    const cache = new SearchCache(0);
    cache.index = index;
    const found = await searchJobs(t.db, cache, { q: 'zzzzqx', page: 1 } as SearchQuery, new Date());
    expect(found.items.map((item) => item.jobTitle)).toEqual(['Zzzzqx Wrangler']);
  }, 120_000);

  it('is written again every SEARCH_SNAPSHOT_MS when changes were applied since, and not otherwise', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'jobboard-snapshot-'));
    const file = new SnapshotFile(t.db, own, 100, log);
    files.push(file);
    const headerOf = () => {
      const bytes = fs.readFileSync(file.file);
      return JSON.parse(bytes.subarray(12, 12 + bytes.readUInt32LE(8)).toString()) as { lastChange: number };
    };
    const index = await loaded(file);
    await file.save(index);
    const first = headerOf().lastChange;
    const written = fs.statSync(file.file).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fs.statSync(file.file).mtimeMs).toBe(written);
    await t.db.query(
      `UPDATE jobs SET job_title = 'Rewritten' WHERE seq = (SELECT max(seq) FROM jobs WHERE status = 'open')`,
    );
    expect(await index.current()).toBe(true);
    const until = Date.now() + 5_000;
    while (headerOf().lastChange === first && Date.now() < until)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(headerOf().lastChange).toBeGreaterThan(first);
    fs.rmSync(own, { recursive: true, force: true });
  }, 120_000);

  it('removes the temporary files of writes that never finished, once they are an hour old', async () => {
    const old = path.join(dir, 'snapshot.bin.1.1.tmp');
    const recent = path.join(dir, 'snapshot.bin.2.2.tmp');
    fs.writeFileSync(old, 'partial');
    fs.writeFileSync(recent, 'another instance writing now');
    const hoursAgo = (Date.now() - 2 * 3_600_000) / 1000;
    fs.utimesSync(old, hoursAgo, hoursAgo);
    await written();
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(recent)).toBe(true);
    fs.rmSync(recent);
  }, 120_000);

  /** Writes a snapshot, spoils it with `spoil`, and expects a full load for `reason`, answering as the reference. */
  const fallsBack = async (spoil: (file: string) => Promise<void> | void, reason: RegExp) => {
    await spoil(await written());
    const reader = fileOf();
    const index = await loaded(reader);
    expect(reader.lastReason).toMatch(reason);
    expect(messages.at(-1)).toMatch(/^search index snapshot not used: .*; loading every job$/);
    await expectSameAnswers(index, `after a full load (${reader.lastReason})`);
  };

  it('loads every job when the file is corrupt: bytes flipped in its body', async () => {
    await fallsBack((file) => {
      const bytes = fs.readFileSync(file);
      for (const at of [0.5, 0.75, 0.9].map((share) => Math.floor(bytes.length * share)))
        bytes[at] = (bytes[at] ?? 0) ^ 0xff;
      fs.writeFileSync(file, bytes);
    }, /checksum does not match/);
  }, 120_000);

  it('loads every job when the file is truncated', async () => {
    await fallsBack((file) => fs.truncateSync(file, fs.statSync(file).size - 1_000), /truncated/);
    await fallsBack((file) => fs.truncateSync(file, 5), /truncated/);
  }, 120_000);

  it('loads every job when the file is of another format', async () => {
    await fallsBack(
      (file) => {
        const text = fs.readFileSync(file).toString('latin1').replace(`"format":${SNAPSHOT_FORMAT},`, '"format":7,');
        fs.writeFileSync(file, Buffer.from(text, 'latin1'));
      },
      new RegExp(`in format 7, this version reads ${SNAPSHOT_FORMAT}`),
    );
  }, 120_000);

  it('loads every job when the changes made since the snapshot were swept from job_changes', async () => {
    await fallsBack(async () => {
      await t.db.query(
        `UPDATE jobs SET job_title = 'Swept Away' WHERE seq = (SELECT min(seq) FROM jobs WHERE status = 'open')`,
      );
      await t.db.query('DELETE FROM job_changes');
    }, /swept from job_changes/);
  }, 120_000);

  it('loads every job when the snapshot was written for another database', async () => {
    await fallsBack(async () => {
      await t.db.query(`UPDATE schema_state SET value = 'another' WHERE key = 'database_id'`);
    }, /another database/);
  }, 120_000);
});

describeEachDb('the app with SEARCH_SNAPSHOT_MS', (kind) => {
  it('writes the snapshot under DATA_DIR once the index is loaded', async () => {
    const t = await buildTestApp(kind, { searchSnapshotMs: 3_600_000 });
    try {
      const file = path.join(t.config.dataDir, 'search-index', 'snapshot.bin');
      const until = Date.now() + 10_000;
      while (!fs.existsSync(file) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(fs.readFileSync(file).subarray(0, 8).toString('latin1')).toBe('JBINDEX\n');
    } finally {
      await t.close();
    }
  }, 60_000);
});
