import { createHmac, randomBytes } from 'node:crypto';
import { MESSAGES, type JobStats } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { parseId } from '../../http/ids.js';
import type { CurrentUser } from '../../http/session.js';
import { isMember } from '../companies/companies.repository.js';
import {
  deletePastViewDays,
  findDayKey,
  findJobStats,
  findStatsOfPoster,
  insertDayKey,
  jobExists,
  managesJob,
  recordView,
  type JobStatsRow,
} from './job-stats.repository.js';

/** The UTC day of `now`, YYYY-MM-DD: views are counted once per visitor per such day. */
export const viewDay = (now: Date): string => now.toISOString().slice(0, 10);

const isForeignKeyViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

/**
 * Counts job views once per visitor per UTC day, with no cookie and no stored address (decision record 18):
 * the visitor is HMAC-SHA-256(the day's random key, address, user agent, job), cut to 128 bits. The day's key
 * lives in the database (every instance counts alike) and is deleted with the day's visitor hashes by the first
 * view of the next day; one per app instance keeps the current key in memory.
 */
export class ViewCounter {
  private key: { day: string; secret: Buffer } | undefined;

  constructor(private readonly db: Db) {}

  private async keyOf(day: string): Promise<Buffer> {
    if (this.key?.day === day) return this.key.secret;
    if (await insertDayKey(this.db, day, randomBytes(32))) await deletePastViewDays(this.db, day);
    const secret = await findDayKey(this.db, day);
    if (!secret) throw new Error(`no view key for ${day}`);
    this.key = { day, secret };
    return secret;
  }

  /**
   * True when this visitor's view of the job was the first today and `admit` let it count; 404 for a job that does
   * not exist; false, unrecorded, for the job's poster or a member of its company (`visitor.userId`). `admit` is asked only for a first view, inside the transaction that records it: answering false
   * rolls the view back, so a cap `admit` keeps (an atomic counter) holds however many views arrive at once.
   */
  async count(
    rawJobId: string,
    visitor: { address: string; userAgent: string; userId?: string | undefined },
    now: Date = new Date(),
    admit: () => Promise<boolean> = async () => true,
  ): Promise<boolean> {
    const jobId = parseId(rawJobId, MESSAGES.jobNotFound);
    if (!(await jobExists(this.db, jobId))) throw new AppError('not_found', MESSAGES.jobNotFound);
    if (visitor.userId && (await managesJob(this.db, jobId, visitor.userId))) return false;
    const day = viewDay(now);
    const hash = createHmac('sha256', await this.keyOf(day))
      .update(`${visitor.address}\n${visitor.userAgent}\n${jobId}`)
      .digest()
      .subarray(0, 16);
    try {
      return await this.db.transaction(async (tx) => {
        if (!(await recordView(tx, jobId, day, hash))) return false;
        if (!(await admit())) throw NOT_ADMITTED;
        return true;
      });
    } catch (error) {
      if (error === NOT_ADMITTED) return false;
      // The job was deleted between the check and the insert.
      if (isForeignKeyViolation(error)) throw new AppError('not_found', MESSAGES.jobNotFound);
      throw error;
    }
  }
}

/** Thrown to roll back a first view its cap refused. */
const NOT_ADMITTED = new Error('view not admitted');

function toStats(row: JobStatsRow): JobStats {
  const views = Number(row.views);
  const applications = Number(row.applications);
  const clicks = row.apply_clicks === null ? {} : { applyClicks: Number(row.apply_clicks) };
  return { jobId: row.id, views, applications, conversion: views > 0 ? applications / views : null, ...clicks };
}

/** One job's figures, for its poster and its company's members; anybody else hears "Job not found". */
export async function getJobStats(db: Db, caller: CurrentUser, rawJobId: string): Promise<JobStats> {
  const row = await findJobStats(db, parseId(rawJobId, MESSAGES.jobNotFound));
  const allowed =
    row &&
    (row.poster_id === caller.id || (row.company_id !== null && (await isMember(db, row.company_id, caller.id))));
  if (!row || !allowed) throw new AppError('not_found', MESSAGES.jobNotFound);
  return toStats(row);
}

/** The figures of every job the caller posted: the My Jobs list. */
export async function listMyJobStats(db: Db, caller: CurrentUser): Promise<JobStats[]> {
  return (await findStatsOfPoster(db, caller.id)).map(toStats);
}
