import { IMPORT_MESSAGES } from '@jobboard/shared';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import { refusalOf } from '../../http/outbound-address.js';
import type { CurrentUser } from '../../http/session.js';
import type { CompanyRow } from '../companies/companies.repository.js';
import { companyOrNotFound } from '../companies/companies.service.js';
import { isAdmin } from '../posting-policy/posting-policy.js';
import { runSource, type ImportDeps } from './import-runner.js';
import {
  claimSourceNow,
  deleteSource,
  findLatestRuns,
  findRuns,
  findSources,
  insertSource,
  type RunRow,
  type SourceRow,
} from './imports.repository.js';
import { BOARD_KINDS, MAX_SOURCES, type ImportRun, type ImportSourceCreateBody } from './imports.schemas.js';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function runView(row: RunRow): ImportRun {
  return {
    id: row.id,
    startedAt: iso(row.started_at) ?? '',
    finishedAt: iso(row.finished_at),
    added: row.added,
    updated: row.updated,
    closed: row.closed,
    refused: row.refused,
    error: row.error,
  };
}

function sourceView(row: SourceRow, lastRun: RunRow | undefined) {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    createdAt: iso(row.created_at) ?? '',
    lastRunAt: iso(row.last_run_at),
    lastRun: lastRun ? runView(lastRun) : null,
  };
}

/** The company `slug` when `user` owns it (created it) or is an administrator; 403 for anybody else. */
async function managedCompany(
  db: Queryable,
  user: CurrentUser,
  slug: string,
  adminEmails: readonly string[],
): Promise<CompanyRow> {
  const company = await companyOrNotFound(db, slug);
  if (company.created_by !== user.id && !isAdmin(adminEmails, user))
    throw new AppError('forbidden', IMPORT_MESSAGES.owner);
  return company;
}

async function managedSource(deps: ImportDeps, user: CurrentUser, slug: string, rawId: string): Promise<SourceRow> {
  const company = await managedCompany(deps.db, user, slug, deps.config.adminEmails);
  const id = parseId(rawId, IMPORT_MESSAGES.notFound);
  const source = (await findSources(deps.db, company.id)).find((row) => row.id === id);
  if (!source) throw new AppError('not_found', IMPORT_MESSAGES.notFound);
  return source;
}

export async function listSources(deps: ImportDeps, user: CurrentUser, slug: string) {
  const company = await managedCompany(deps.db, user, slug, deps.config.adminEmails);
  const sources = await findSources(deps.db, company.id);
  const latest = new Map(
    (
      await findLatestRuns(
        deps.db,
        sources.map((s) => s.id),
      )
    ).map((r) => [r.source_id, r]),
  );
  return sources.map((source) => sourceView(source, latest.get(source.id)));
}

/** A new source; a feed or page address must be one the importer would fetch (http/outbound-address.ts). */
export async function createSource(deps: ImportDeps, user: CurrentUser, slug: string, body: ImportSourceCreateBody) {
  const company = await managedCompany(deps.db, user, slug, deps.config.adminEmails);
  if (!BOARD_KINDS.includes(body.kind)) {
    const refusal = refusalOf(new URL(body.target), deps.config.importAllowedHosts);
    if (refusal) throw new AppError('bad_request', `target: ${refusal}`);
  }
  const db: Db = deps.db;
  return db.transaction(async (tx) => {
    // Counted under a lock on the company's row, so parallel creations cannot pass the limit together.
    await tx.query('SELECT id FROM companies WHERE id = $1 FOR UPDATE', [company.id]);
    if ((await findSources(tx, company.id)).length >= MAX_SOURCES)
      throw new AppError('conflict', IMPORT_MESSAGES.tooMany);
    const row = await insertSource(tx, { companyId: company.id, ...body, createdBy: user.id });
    if (!row) throw new AppError('conflict', IMPORT_MESSAGES.duplicate);
    return sourceView(row, undefined);
  });
}

/** The source goes with its runs; the jobs it brought in stay as they are (the company closes them if it wants). */
export async function removeSource(deps: ImportDeps, user: CurrentUser, slug: string, rawId: string) {
  const source = await managedSource(deps, user, slug, rawId);
  await deleteSource(deps.db, source.company_id, source.id);
  return sourceView(source, undefined);
}

/** A run now, answered with its report (bounded by the fetch's time cap and the entry cap). */
export async function runNow(deps: ImportDeps, user: CurrentUser, slug: string, rawId: string) {
  const source = await managedSource(deps, user, slug, rawId);
  const claimed = await claimSourceNow(deps.db, source.id);
  if (!claimed) throw new AppError('conflict', IMPORT_MESSAGES.busy);
  return runView(await runSource(deps, claimed));
}

export async function listRuns(deps: ImportDeps, user: CurrentUser, slug: string, rawId: string) {
  const source = await managedSource(deps, user, slug, rawId);
  return (await findRuns(deps.db, source.id, 20)).map(runView);
}
