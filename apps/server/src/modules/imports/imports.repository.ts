import type { Queryable } from '../../db/client.js';
import type { Refusal } from './import-sources.js';
import { RUNS_KEPT, type ImportKind } from './imports.schemas.js';

export interface SourceRow {
  id: string;
  company_id: string;
  kind: ImportKind;
  target: string;
  created_at: Date | string;
  last_run_at: Date | string | null;
}

export interface RunRow {
  id: string;
  source_id: string;
  started_at: Date | string;
  finished_at: Date | string | null;
  added: number;
  updated: number;
  closed: number;
  refused: Refusal[];
  error: string | null;
}

export interface ItemRow {
  source_job_id: string;
  job_id: string;
  fingerprint: string;
  status: string;
  valid_through: string;
}

const SOURCE = 'id, company_id, kind, target, created_at, last_run_at';
const RUN = 'id, source_id, started_at, finished_at, added, updated, closed, refused, error';
/** Long enough for the longest run (fetch time cap plus the writes); a run that dies lets the source fall due. */
const CLAIM = "interval '15 minutes'";

export async function findSources(db: Queryable, companyId: string): Promise<SourceRow[]> {
  return db.query(`SELECT ${SOURCE} FROM job_import_sources WHERE company_id = $1 ORDER BY created_at, id`, [
    companyId,
  ]);
}

export async function insertSource(
  db: Queryable,
  source: { companyId: string; kind: ImportKind; target: string; createdBy: string },
): Promise<SourceRow | undefined> {
  const [row] = await db.query<SourceRow>(
    `INSERT INTO job_import_sources (company_id, kind, target, created_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (company_id, kind, target) DO NOTHING RETURNING ${SOURCE}`,
    [source.companyId, source.kind, source.target, source.createdBy],
  );
  return row;
}

export async function deleteSource(db: Queryable, companyId: string, id: string): Promise<void> {
  await db.query('DELETE FROM job_import_sources WHERE company_id = $1 AND id = $2', [companyId, id]);
}

/** The source that has waited longest of those not run for `minAge`, taken by this instance (SKIP LOCKED). */
export async function claimDueSource(db: Queryable): Promise<SourceRow | undefined> {
  const [row] = await db.query<SourceRow>(
    `UPDATE job_import_sources SET claimed_until = now() + ${CLAIM}, last_run_at = now()
      WHERE id = (SELECT id FROM job_import_sources
                   WHERE (last_run_at IS NULL OR last_run_at <= now() - interval '1 hour')
                     AND (claimed_until IS NULL OR claimed_until < now())
                   ORDER BY last_run_at NULLS FIRST LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING ${SOURCE}`,
  );
  return row;
}

/** The source taken for a run asked for now: not while it runs, nor within a minute of its last run. */
export async function claimSourceNow(db: Queryable, id: string): Promise<SourceRow | undefined> {
  const [row] = await db.query<SourceRow>(
    `UPDATE job_import_sources SET claimed_until = now() + ${CLAIM}, last_run_at = now()
      WHERE id = $1 AND (claimed_until IS NULL OR claimed_until < now())
        AND (last_run_at IS NULL OR last_run_at <= now() - interval '1 minute')
      RETURNING ${SOURCE}`,
    [id],
  );
  return row;
}

export async function releaseSource(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE job_import_sources SET claimed_until = NULL WHERE id = $1', [id]);
}

export async function insertRun(db: Queryable, sourceId: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('INSERT INTO job_import_runs (source_id) VALUES ($1) RETURNING id', [
    sourceId,
  ]);
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row.id;
}

/** The run's report written, and the source's runs beyond the latest RUNS_KEPT deleted. */
export async function finishRun(
  db: Queryable,
  run: { id: string; sourceId: string; added: number; updated: number; closed: number; refused: Refusal[] },
  error: string | null,
): Promise<RunRow> {
  const [row] = await db.query<RunRow>(
    `UPDATE job_import_runs SET finished_at = now(), added = $2, updated = $3, closed = $4, refused = $5, error = $6
      WHERE id = $1 RETURNING ${RUN}`,
    [run.id, run.added, run.updated, run.closed, JSON.stringify(run.refused), error],
  );
  await db.query(
    `DELETE FROM job_import_runs WHERE source_id = $1 AND id NOT IN (
       SELECT id FROM job_import_runs WHERE source_id = $1 ORDER BY started_at DESC LIMIT ${RUNS_KEPT})`,
    [run.sourceId],
  );
  if (!row) throw new Error('the run row is gone');
  return row;
}

export async function findRuns(db: Queryable, sourceId: string, limit: number): Promise<RunRow[]> {
  return db.query(`SELECT ${RUN} FROM job_import_runs WHERE source_id = $1 ORDER BY started_at DESC, id LIMIT $2`, [
    sourceId,
    limit,
  ]);
}

/** The latest run of each of these sources. */
export async function findLatestRuns(db: Queryable, sourceIds: string[]): Promise<RunRow[]> {
  if (sourceIds.length === 0) return [];
  return db.query(
    `SELECT DISTINCT ON (source_id) ${RUN} FROM job_import_runs WHERE source_id = ANY($1::uuid[])
      ORDER BY source_id, started_at DESC, id`,
    [sourceIds],
  );
}

export async function findItems(db: Queryable, sourceId: string): Promise<ItemRow[]> {
  return db.query(
    `SELECT i.source_job_id, i.job_id, i.fingerprint, j.status, j.valid_through::text AS valid_through
       FROM job_import_items i JOIN jobs j ON j.id = i.job_id WHERE i.source_id = $1`,
    [sourceId],
  );
}

export async function saveItem(
  db: Queryable,
  item: { sourceId: string; sourceJobId: string; jobId: string; fingerprint: string },
): Promise<void> {
  await db.query(
    `INSERT INTO job_import_items (source_id, source_job_id, job_id, fingerprint) VALUES ($1, $2, $3, $4)
     ON CONFLICT (source_id, source_job_id) DO UPDATE SET job_id = EXCLUDED.job_id, fingerprint = EXCLUDED.fingerprint`,
    [item.sourceId, item.sourceJobId, item.jobId, item.fingerprint],
  );
}
