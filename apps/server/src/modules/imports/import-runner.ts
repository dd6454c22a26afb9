import { toIsoDate, type JobCreateBody, type JobUpdateBody } from '@jobboard/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { CurrentUser } from '../../http/session.js';
import { createJob, ExternalIdTaken, updateJob, type JobWriteDeps } from '../jobs/jobs.service.js';
import { findCompanyById } from '../companies/companies.repository.js';
import { findUserById } from '../users/users.repository.js';
import { boundedFetch } from './bounded-fetch.js';
import { toJobBody } from './import-mapping.js';
import { PARSERS, type ParsedSource, type Refusal } from './import-sources.js';
import { MAX_ENTRIES } from './imports.schemas.js';
import {
  finishRun,
  findItems,
  insertRun,
  releaseSource,
  saveItem,
  type ItemRow,
  type RunRow,
  type SourceRow,
} from './imports.repository.js';
import { jsonLdPostings } from './json-ld-source.js';

export interface ImportDeps {
  db: Db;
  searchCounts: JobWriteDeps['searchCounts'];
  config: Config;
  log: FastifyBaseLogger;
  /** The posting rules in effect (site settings); the configuration's when not given. */
  posting?: JobWriteDeps['posting'];
}

/** Where a source's entries are read from: the ATS's public board API (config) or the address given. */
export function sourceUrl(source: Pick<SourceRow, 'kind' | 'target'>, apis: Config['importApiUrls']): string {
  const name = encodeURIComponent(source.target);
  const base = (url: string) => url.replace(/\/+$/, '');
  if (source.kind === 'greenhouse') return `${base(apis.greenhouse)}/v1/boards/${name}/jobs?content=true`;
  if (source.kind === 'lever') return `${base(apis.lever)}/v0/postings/${name}?mode=json`;
  if (source.kind === 'ashby') return `${base(apis.ashby)}/posting-api/job-board/${name}?includeCompensation=true`;
  return source.target;
}

async function readSource(source: SourceRow, config: Config): Promise<ParsedSource> {
  const url = sourceUrl(source, config.importApiUrls);
  const body = await boundedFetch(url, {
    maxBytes: config.importMaxBytes,
    timeoutMs: config.importTimeoutMs,
    maxRedirects: 3,
    allowedHosts: config.importAllowedHosts,
  });
  return source.kind === 'json-ld' ? jsonLdPostings(body, url) : PARSERS[source.kind](body);
}

const EXTERNAL_ID = /^[\x21-\x7e]{1,200}$/;
/** An unchanged entry is written again only to keep it from expiring: when under this many days are left. */
const RENEW_DAYS = 23;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
const asUpdate = ({ status: _status, ...rest }: JobCreateBody): JobUpdateBody => ({ ...rest, status: 'open' });

interface Tally {
  added: number;
  updated: number;
  closed: number;
  refused: Refusal[];
}

/** One entry written through the jobs service: created, updated (reopened), or left alone when unchanged. */
async function writeEntry(
  writes: JobWriteDeps,
  poster: CurrentUser,
  source: SourceRow,
  entry: { sourceJobId: string; body: JobCreateBody; fingerprint: string },
  item: ItemRow | undefined,
  tally: Tally,
  now: Date,
): Promise<void> {
  const save = (jobId: string) => saveItem(writes.db, { sourceId: source.id, jobId, ...entry });
  if (item) {
    const renewBy = toIsoDate(new Date(now.getTime() + RENEW_DAYS * 86_400_000));
    const same = item.fingerprint === entry.fingerprint && item.status === 'open';
    if (same && item.valid_through >= renewBy) return;
    await updateJob(writes, poster, item.job_id, asUpdate(entry.body), now, source.company_id);
    await save(item.job_id);
    if (!same) tally.updated += 1;
    return;
  }
  const candidate = `${source.kind}:${entry.sourceJobId}`;
  const externalId = EXTERNAL_ID.test(candidate) ? candidate : undefined;
  try {
    await save(await createJob(writes, poster, entry.body, now, undefined, externalId));
    tally.added += 1;
  } catch (error) {
    // The company's job with this reference (posted through the jobs API) becomes this entry's job.
    if (!(error instanceof ExternalIdTaken)) throw error;
    await updateJob(writes, poster, error.jobId, asUpdate(entry.body), now, source.company_id);
    await save(error.jobId);
    tally.updated += 1;
  }
}

/** The company's owner, as whom imported jobs are posted (an API key acts for them the same way). */
async function posterOf(db: Db, companyId: string): Promise<CurrentUser> {
  const company = await findCompanyById(db, companyId);
  const owner = company?.created_by ? await findUserById(db, company.created_by) : undefined;
  if (!owner) throw new Error('the company has no owner to post the imported jobs as');
  if (!owner.email_verified) throw new Error("the company owner's e-mail address is not confirmed yet");
  return owner;
}

/** Each entry mapped and written; one that fails is refused with its reason and the run goes on. */
async function importEntries(deps: ImportDeps, source: SourceRow, parsed: ParsedSource, tally: Tally, now: Date) {
  const writes: JobWriteDeps = { db: deps.db, searchCounts: deps.searchCounts, posting: deps.posting ?? deps.config };
  const poster = await posterOf(deps.db, source.company_id);
  const items = new Map((await findItems(deps.db, source.id)).map((item) => [item.source_job_id, item]));
  const seen = new Set<string>();
  for (const [index, job] of parsed.jobs.entries()) {
    if (index >= MAX_ENTRIES) {
      tally.refused.push({ sourceId: job.id, reason: `a source is read up to ${MAX_ENTRIES} entries` });
      continue;
    }
    if (seen.has(job.id)) {
      tally.refused.push({ sourceId: job.id, reason: 'another entry of the source has the same id' });
      continue;
    }
    seen.add(job.id);
    const mapped = toJobBody(job, source.company_id, now);
    if ('reason' in mapped) {
      tally.refused.push({ sourceId: job.id, reason: mapped.reason });
      continue;
    }
    try {
      const entry = { sourceJobId: job.id, body: mapped.body, fingerprint: mapped.fingerprint };
      await writeEntry(writes, poster, source, entry, items.get(job.id), tally, now);
    } catch (error) {
      tally.refused.push({ sourceId: job.id, reason: messageOf(error) });
    }
  }
  // Jobs that left the source close (a refused entry is still in the source: its job stays as it was).
  const present = new Set([...seen, ...tally.refused.map((refusal) => refusal.sourceId)]);
  for (const item of items.values()) {
    if (present.has(item.source_job_id) || item.status !== 'open') continue;
    try {
      await updateJob(writes, poster, item.job_id, { status: 'closed' }, now, source.company_id);
      tally.closed += 1;
    } catch (error) {
      tally.refused.push({ sourceId: item.source_job_id, reason: `could not be closed: ${messageOf(error)}` });
    }
  }
}

/**
 * One run of a source this instance has claimed: fetched within bounds, each entry mapped and written through the
 * jobs service, the jobs that left it closed, and the report saved. A source that cannot be fetched or read fails
 * the run with its reason and closes nothing.
 */
export async function runSource(deps: ImportDeps, source: SourceRow, now = new Date()): Promise<RunRow> {
  const runId = await insertRun(deps.db, source.id);
  const tally: Tally = { added: 0, updated: 0, closed: 0, refused: [] };
  let error: string | null = null;
  try {
    const parsed = await readSource(source, deps.config);
    tally.refused.push(...parsed.refused);
    await importEntries(deps, source, parsed, tally, now);
  } catch (failure) {
    error = messageOf(failure);
    deps.log.info({ source: source.id, err: failure }, 'job import run failed');
  } finally {
    await releaseSource(deps.db, source.id);
  }
  return finishRun(deps.db, { id: runId, sourceId: source.id, ...tally }, error);
}
