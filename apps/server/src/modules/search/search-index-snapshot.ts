/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length, as in the store */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../../db/client.js';
import type { IndexSnapshot, IndexState, SearchIndex } from './search-index.js';
import type { Store } from './search-index-store.js';
import {
  capture,
  CODE,
  pad8,
  restore,
  roomFor,
  Unusable,
  type Section,
  type SectionInfo,
  type SnapshotHeader,
} from './search-index-snapshot-store.js';

/**
 * The search index's store kept in one file under DATA_DIR, so a restart reads it back in a few seconds instead of
 * reading every open job again (decision record 37). The file: MAGIC, the header's length (uint32 LE), the header
 * (JSON), then the body: sections of raw typed-array bytes or NUL-joined UTF-8 strings (search-index-snapshot-store.ts),
 * each starting on 8 bytes. The header names the format, the code, the database and its schema, the last change
 * applied and the body's sha256: a file that does not match, or that job_changes cannot bring up to date, is not read.
 */

/** Bumped whenever what is written changes: a file of another format is not read. */
export const SNAPSHOT_FORMAT = 2;
const MAGIC = 'JBINDEX\n';
const PREFIX_BYTES = 12;
/** Hashing hands the event loop back after this many bytes: requests go on meanwhile (PGlite shares the thread). */
const TURN_BYTES = 16 << 20;
const TEMPORARY = '.tmp';

const turn = () => new Promise((resolve) => setImmediate(resolve));

/** Feeds `bytes` to `hash`, handing the event loop back every TURN_BYTES. */
async function hashInTurns(hash: ReturnType<typeof createHash>, bytes: Uint8Array, since: { n: number }) {
  for (let at = 0; at < bytes.byteLength; at += TURN_BYTES) {
    const part = bytes.subarray(at, at + TURN_BYTES);
    hash.update(part);
    since.n += part.byteLength;
    if (since.n >= TURN_BYTES) {
      since.n = 0;
      await turn();
    }
  }
}

/** Writes the sections to a temporary file beside `file`, then renames it over `file` (atomic: readers see one or the other). */
async function writeSections(
  file: string,
  header: Omit<SnapshotHeader, 'sections' | 'bodyBytes' | 'sha256'>,
  sections: Section[],
) {
  const hash = createHash('sha256');
  const since = { n: 0 };
  const infos: SectionInfo[] = [];
  const body: Uint8Array[] = [];
  let offset = 0;
  for (const { name, kind, parts, count } of sections) {
    const bytes = parts.reduce((sum, part) => sum + part.byteLength, 0);
    infos.push({ name, kind, offset, bytes, ...(count === undefined ? {} : { count }) });
    for (const part of [...parts, new Uint8Array(pad8(bytes))]) {
      body.push(part);
      await hashInTurns(hash, part, since);
    }
    offset += bytes + pad8(bytes);
  }
  const json = Buffer.from(
    JSON.stringify({ ...header, bodyBytes: offset, sha256: hash.digest('hex'), sections: infos }),
  );
  const prefix = Buffer.alloc(PREFIX_BYTES + json.byteLength + pad8(PREFIX_BYTES + json.byteLength));
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(json.byteLength, MAGIC.length);
  json.copy(prefix, PREFIX_BYTES);
  const temporary = `${file}.${process.pid}.${Date.now()}${TEMPORARY}`;
  try {
    const handle = await fs.open(temporary, 'w');
    try {
      const chunks = [prefix, ...body];
      // writev takes at most IOV_MAX (1,024) buffers at a time.
      for (let i = 0; i < chunks.length; i += 1_000) await handle.writev(chunks.slice(i, i + 1_000));
      await handle.datasync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, file);
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
  return prefix.byteLength + offset;
}

/** Removes the temporary files of writes that never finished (a process stopped mid-write): older than an hour. */
async function removeLeftovers(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir)) {
    if (!name.endsWith(TEMPORARY)) continue;
    const at = path.join(dir, name);
    const stat = await fs.stat(at).catch(() => undefined);
    if (stat && Date.now() - stat.mtimeMs > 3_600_000) await fs.rm(at, { force: true });
  }
}

async function readExactly(handle: fs.FileHandle, into: Uint8Array, position: number): Promise<void> {
  for (let done = 0; done < into.byteLength;) {
    const { bytesRead } = await handle.read(into, done, into.byteLength - done, position + done);
    if (bytesRead === 0) throw new Unusable('the file is truncated');
    done += bytesRead;
  }
}

async function readHeader(handle: fs.FileHandle): Promise<{ header: SnapshotHeader; bodyStart: number }> {
  const prefix = Buffer.alloc(PREFIX_BYTES);
  await readExactly(handle, prefix, 0);
  if (prefix.toString('latin1', 0, MAGIC.length) !== MAGIC)
    throw new Unusable('the file is not a search index snapshot');
  const length = prefix.readUInt32LE(MAGIC.length);
  if (length > 1 << 20) throw new Unusable('the header is corrupt');
  const json = Buffer.alloc(length);
  await readExactly(handle, json, PREFIX_BYTES);
  let header: SnapshotHeader;
  try {
    header = JSON.parse(json.toString('utf8')) as SnapshotHeader;
  } catch {
    throw new Unusable('the header is corrupt');
  }
  return { header, bodyStart: PREFIX_BYTES + length + pad8(PREFIX_BYTES + length) };
}

/** Every section, each in a buffer of its own (columns with room for the store's capacity), the body's checksum checked. */
async function readBody(handle: fs.FileHandle, header: SnapshotHeader, bodyStart: number) {
  const { size } = await handle.stat();
  if (size !== bodyStart + header.bodyBytes) throw new Unusable('the file is truncated');
  const hash = createHash('sha256');
  const since = { n: 0 };
  const sections = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const info of header.sections) {
    const room = roomFor(info, header.capacity);
    const padded = info.bytes + pad8(info.bytes);
    const buffer = new Uint8Array(Math.max(room, padded));
    await readExactly(handle, buffer.subarray(0, padded), bodyStart + info.offset);
    await hashInTurns(hash, buffer.subarray(0, padded), since);
    sections.set(info.name, buffer.subarray(0, info.bytes));
  }
  if (hash.digest('hex') !== header.sha256) throw new Unusable('the checksum does not match: the file is corrupt');
  return sections;
}

/** What identifies the database and its schema (written into the header, compared when read). */
async function identity(db: Queryable): Promise<{ database: string; schema: string }> {
  const [row] = await db.query<{ database: string | null; schema: string | null }>(
    `SELECT (SELECT value FROM schema_state WHERE key = 'database_id') || ':' ||
              (SELECT oid::text FROM pg_database WHERE datname = current_database()) AS database,
            (SELECT max(version)::text FROM schema_migrations) AS schema`,
  );
  return { database: row?.database ?? '', schema: row?.schema ?? '' };
}

/** Why job_changes cannot bring a store as of `lastChange` up to date, or undefined when it can. */
async function staleness(db: Queryable, lastChange: number): Promise<string | undefined> {
  const [row] = await db.query<{ oldest: string | number | null; issued: string | number }>(
    `SELECT (SELECT min(change_no) FROM job_changes) AS oldest,
            (SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM job_changes_change_no_seq) AS issued`,
  );
  const issued = Number(row?.issued ?? 0);
  if (issued < lastChange) return 'the database is behind the snapshot (restored from a backup?)';
  if (issued === lastChange) return undefined;
  if (row?.oldest === null || Number(row?.oldest) > lastChange + 1)
    return 'changes made after the snapshot were swept from job_changes';
  return undefined;
}

/** The app's logger (pino), as much of it as is used here. */
interface Log {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/**
 * The snapshot of one instance's index: read on the first load, written after every full load and then every
 * `everyMs` when changes were applied since, off the request path. Instances sharing a DATA_DIR each write a
 * temporary file and rename it: a reader sees one whole snapshot or another.
 */
export class SnapshotFile implements IndexSnapshot {
  readonly file: string;
  /** Why the last read did not use the file (undefined: it did). */
  lastReason: string | undefined;
  private writing: Promise<void> | undefined;
  private writtenChange: number | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Queryable,
    dir: string,
    private readonly everyMs: number,
    private readonly log: Log,
  ) {
    this.file = path.join(dir, 'snapshot.bin');
  }

  async read(): Promise<IndexState | { reason: string }> {
    const started = Date.now();
    try {
      const { store, header, holes } = await this.readChecked();
      this.lastReason = undefined;
      this.writtenChange = header.lastChange;
      this.log.info(
        { jobs: header.jobs, lastChange: header.lastChange, writtenAt: header.writtenAt, ms: Date.now() - started },
        'search index read from its snapshot',
      );
      return { store, lastChange: header.lastChange, holes };
    } catch (error) {
      const reason = error instanceof Unusable ? error.message : `it could not be read (${String(error)})`;
      this.lastReason = reason;
      this.log.info({ file: this.file, reason }, `search index snapshot not used: ${reason}; loading every job`);
      return { reason };
    }
  }

  private async readChecked(): Promise<{ store: Store; header: SnapshotHeader; holes: Map<number, number> }> {
    const handle = await fs.open(this.file, 'r').catch((error: unknown) => {
      throw (error as NodeJS.ErrnoException).code === 'ENOENT' ? new Unusable('there is none') : error;
    });
    try {
      const { header, bodyStart } = await readHeader(handle);
      if (header.format !== SNAPSHOT_FORMAT)
        throw new Unusable(`it is in format ${header.format}, this version reads ${SNAPSHOT_FORMAT}`);
      if (header.code !== CODE) throw new Unusable('it was written by a version that reads jobs differently');
      const current = await identity(this.db);
      if (header.database !== current.database) throw new Unusable('it was written for another database');
      if (header.schema !== current.schema) throw new Unusable('the schema changed since it was written');
      const stale = await staleness(this.db, header.lastChange);
      if (stale) throw new Unusable(stale);
      const sections = await readBody(handle, header, bodyStart);
      this.log.info({ bytes: bodyStart + header.bodyBytes }, 'search index snapshot read and checked');
      const pairs = new Float64Array(sections.get('holes')?.slice().buffer ?? new ArrayBuffer(0));
      const holes = new Map<number, number>();
      for (let i = 0; i + 1 < pairs.length; i += 2) holes.set(pairs[i]!, pairs[i + 1]!);
      return { store: restore(header, sections), header, holes };
    } finally {
      await handle.close();
    }
  }

  /** After each load: a full one is written at once; from then on every `everyMs` when changes were applied. */
  loaded(index: SearchIndex, from: 'jobs' | 'snapshot'): void {
    if (from === 'jobs') void this.save(index);
    this.timer ??= setInterval(() => {
      const state = index.snapshotState();
      if (state && state.lastChange !== this.writtenChange) void this.save(index);
    }, this.everyMs).unref();
  }

  /** Writes the index's state, once at a time; failures are logged (the next load is a full one). */
  save(index: SearchIndex): Promise<void> {
    this.writing ??= this.write(index)
      .catch((error: unknown) => this.log.warn({ err: error, file: this.file }, 'search index snapshot not written'))
      .finally(() => {
        this.writing = undefined;
      });
    return this.writing;
  }

  private async write(index: SearchIndex): Promise<void> {
    const started = Date.now();
    await this.db.query(
      `INSERT INTO schema_state (key, value) VALUES ('database_id', gen_random_uuid()::text) ON CONFLICT (key) DO NOTHING`,
    );
    const ids = await identity(this.db);
    await fs.mkdir(path.dirname(this.file), { recursive: true });
    await removeLeftovers(path.dirname(this.file));
    // Taken after the last await before it: the state of one moment.
    const state = index.snapshotState();
    if (!state) return;
    const { sections, header } = capture(state);
    const full = { format: SNAPSHOT_FORMAT, code: CODE, ...ids, writtenAt: new Date().toISOString() };
    const bytes = await writeSections(this.file, { ...full, ...header } as SnapshotHeader, sections);
    this.writtenChange = state.lastChange;
    this.log.info({ jobs: header.jobs, bytes, ms: Date.now() - started }, 'search index snapshot written');
  }

  /** Stops the timer and waits for a write under way. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.writing;
  }
}
