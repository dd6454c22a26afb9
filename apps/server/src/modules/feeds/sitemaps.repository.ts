import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { toIsoDate } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';

/** A W3C datetime in UTC to the second ('2026-11-24T09:30:00Z'), made by the database so both drivers agree. */
const W3C = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Open jobs: not closed or expired, and not past their closing date even before the sweep marks them. */
const OPEN = `j.status = 'open' AND j.valid_through >= $1::date`;

/** Rows read per statement while a sitemap file is written: the file streams out batch by batch. */
export const SITEMAP_BATCH = 5_000;

/**
 * Block n (from 0) of `size` insertion numbers: seq in (n * size, (n + 1) * size]. Written exactly as the index
 * of migration 011 is for the protocol's 50,000 (a smaller test size reads without the index).
 */
function blockOf(size: number): string {
  return `((j.seq - 1) / ${Math.trunc(size)})`;
}

export interface SitemapFileInfo {
  /** The file's number, from 1. */
  file: number;
  /** The newest change among its entries, a W3C datetime. */
  lastmod: string;
}

/**
 * Every block of jobs holding an open job, with the newest change of its open jobs: one probe per block of the
 * index jobs_open_sitemap_block_idx (20 probes at a million jobs), never a pass over the jobs.
 */
export async function findJobSitemapFiles(db: Queryable, size: number): Promise<SitemapFileInfo[]> {
  const rows = await db.query<{ block: string | number; lastmod: string | null }>(
    `SELECT b.block, (SELECT ${W3C('max(j.updated_at)')} FROM jobs j WHERE j.status = 'open' AND ${blockOf(size)} = b.block) AS lastmod
       FROM generate_series(0::bigint, (SELECT coalesce((max(seq) - 1) / ${Math.trunc(size)}, -1) FROM jobs)) AS b(block)`,
  );
  return rows.flatMap((row) => (row.lastmod ? [{ file: Number(row.block) + 1, lastmod: row.lastmod }] : []));
}

/** Whether block `file - 1` can hold jobs at all (its first number has been handed out). */
export async function jobSitemapFileExists(db: Queryable, size: number, file: number): Promise<boolean> {
  const rows = await db.query<{ top: string | number | null }>('SELECT max(seq) AS top FROM jobs');
  const top = Number(rows[0]?.top ?? 0);
  return file >= 1 && (file - 1) * size < top;
}

export interface SitemapEntry {
  /** The job's id or the company's slug. */
  key: string;
  lastmod: string;
}

/** The open jobs of one file, in insertion order, SITEMAP_BATCH rows per statement (a keyset walk of jobs_seq_key). */
export async function* streamJobSitemapEntries(
  db: Queryable,
  size: number,
  file: number,
  now: Date,
): AsyncGenerator<SitemapEntry[]> {
  let after = (file - 1) * size;
  const last = file * size;
  for (;;) {
    const rows = await db.query<{ key: string; lastmod: string; seq: string | number }>(
      `SELECT j.id::text AS key, ${W3C('j.updated_at')} AS lastmod, j.seq FROM jobs j
        WHERE ${OPEN} AND j.seq > $2 AND j.seq <= $3 ORDER BY j.seq LIMIT $4`,
      [toIsoDate(now), after, last, SITEMAP_BATCH],
    );
    yield rows.map(({ key, lastmod }) => ({ key, lastmod }));
    const end = rows.at(-1);
    if (!end || rows.length < SITEMAP_BATCH) return;
    after = Number(end.seq);
    await yieldToEventLoop();
  }
}

/**
 * Companies with an open job, by slug, and when their page last changed: the company's own edit or its newest
 * open job's, whichever is later (one probe of jobs_company_idx per company).
 */
const COMPANIES_WITH_OPEN_JOBS = `SELECT c.slug AS key, ${W3C('greatest(c.updated_at, newest.updated_at)')} AS lastmod
  FROM companies c
  CROSS JOIN LATERAL (
    SELECT j.updated_at FROM jobs j WHERE j.company_id = c.id AND ${OPEN}
     ORDER BY j.posting_date DESC, j.seq DESC LIMIT 1
  ) newest`;

/** The company files: `size` companies each, in slug order, with the newest change among each file's companies. */
export async function findCompanySitemapFiles(db: Queryable, size: number, now: Date): Promise<SitemapFileInfo[]> {
  const rows = await db.query<{ file: string | number; lastmod: string }>(
    `SELECT (n - 1) / ${Math.trunc(size)} + 1 AS file, max(lastmod) AS lastmod
       FROM (SELECT lastmod, row_number() OVER (ORDER BY key) AS n FROM (${COMPANIES_WITH_OPEN_JOBS}) listed) numbered
      GROUP BY 1 ORDER BY 1`,
    [toIsoDate(now)],
  );
  return rows.map((row) => ({ file: Number(row.file), lastmod: row.lastmod }));
}

/** The companies of one file: skip to its first slug, then a keyset walk by slug, SITEMAP_BATCH at a time. */
export async function* streamCompanySitemapEntries(
  db: Queryable,
  size: number,
  file: number,
  now: Date,
): AsyncGenerator<SitemapEntry[]> {
  let left = size;
  let after: string | undefined;
  while (left > 0) {
    const take = Math.min(left, SITEMAP_BATCH);
    const rows = await db.query<SitemapEntry>(
      after === undefined
        ? `${COMPANIES_WITH_OPEN_JOBS} ORDER BY c.slug OFFSET $2 LIMIT $3`
        : `${COMPANIES_WITH_OPEN_JOBS} WHERE c.slug > $2 ORDER BY c.slug LIMIT $3`,
      [toIsoDate(now), after ?? (file - 1) * size, take],
    );
    yield rows;
    const end = rows.at(-1);
    if (!end || rows.length < take) return;
    left -= rows.length;
    after = end.key;
    await yieldToEventLoop();
  }
}

/** When the home page last changed: the newest open job's last change (one step of jobs_open_newest_idx). */
export async function findNewestJobChange(db: Queryable, now: Date): Promise<string | undefined> {
  const rows = await db.query<{ lastmod: string }>(
    `SELECT ${W3C('j.updated_at')} AS lastmod FROM jobs j WHERE ${OPEN} ORDER BY j.posting_date DESC, j.seq DESC LIMIT 1`,
    [toIsoDate(now)],
  );
  return rows[0]?.lastmod;
}
