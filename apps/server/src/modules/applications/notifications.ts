import { MESSAGES } from '@jobboard/shared';
import type { Db, Queryable, Transaction } from '../../db/client.js';
import { MANAGES_JOB, SEES_JOB_APPLICATIONS } from '../../db/job-access.js';
import { AppError } from '../../http/errors.js';
import { applicationDigestMail, newApplicationMail } from '../mail/templates.js';
import type { MailQueue } from '../mail/mail.queue.js';
import { recipientLanguage } from '../mail/mail-language.js';

export const APPLICATION_MAIL_MODES = ['each', 'daily', 'off'] as const;
export type ApplicationMailMode = (typeof APPLICATION_MAIL_MODES)[number];

const DIGEST_SECONDS = 86_400;

export interface NotifyDeps {
  mail: Pick<MailQueue, 'enqueue'>;
  siteOrigin: string;
}

interface AppliedJob {
  id: string;
  job_title: string;
  poster_id: string;
  company_id: string | null;
}

/** The job's team who hear of applications: its poster and its company's owners and recruiters, confirmed and not banned. */
function teamOf(tx: Queryable, job: AppliedJob, applicantId: string) {
  return tx.query<{ email: string; name: string }>(
    `SELECT u.email, u.name FROM users u
      WHERE (u.id = $1 OR u.id IN (SELECT m.user_id FROM company_members m WHERE m.company_id = $2 AND m.role <> 'viewer'))
        AND u.id <> $3 AND u.email_verified_at IS NOT NULL AND u.banned_at IS NULL`,
    [job.poster_id, job.company_id, applicantId],
  );
}

/**
 * Tells the job's team of a new application, in the application's transaction (the e-mails are queued with it, or
 * not at all): an e-mail each, or one digest a day (the first application after the last digest starts the next).
 */
export async function notifyTeamOfApplication(
  tx: Transaction,
  deps: NotifyDeps,
  job: AppliedJob,
  applicant: { id: string; name: string },
) {
  const [setting] = await tx.query<{ mode: ApplicationMailMode }>(
    'SELECT mode FROM job_application_mail WHERE job_id = $1',
    [job.id],
  );
  const mode = setting?.mode ?? 'each';
  if (mode === 'off') return;
  const link = `${deps.siteOrigin}/responses?job=${encodeURIComponent(job.id)}`;
  if (mode === 'daily') {
    const started = await tx.query(
      `UPDATE job_application_mail SET digest_due = now() + make_interval(secs => $2)
        WHERE job_id = $1 AND (digest_due IS NULL OR digest_due <= now()) RETURNING digest_due`,
      [job.id, DIGEST_SECONDS],
    );
    if (started.length === 0) return;
    for (const member of await teamOf(tx, job, applicant.id)) {
      await deps.mail.enqueue(
        applicationDigestMail(
          member.email,
          member.name,
          { jobTitle: job.job_title, link },
          await recipientLanguage(tx, member.email),
        ),
        tx,
        DIGEST_SECONDS,
      );
    }
    return;
  }
  for (const member of await teamOf(tx, job, applicant.id)) {
    await deps.mail.enqueue(
      newApplicationMail(
        member.email,
        member.name,
        { jobTitle: job.job_title, applicant: applicant.name, link },
        await recipientLanguage(tx, member.email),
      ),
      tx,
    );
  }
}

async function requireManaged(db: Queryable, userId: string, jobId: string, read = false): Promise<void> {
  const rows = await db.query(
    `SELECT 1 FROM jobs j WHERE j.id = $2 AND ${read ? SEES_JOB_APPLICATIONS : MANAGES_JOB}`,
    [userId, jobId],
  );
  if (rows.length === 0) throw new AppError('not_found', MESSAGES.jobNotFound);
}

export async function getApplicationMailMode(
  db: Queryable,
  userId: string,
  jobId: string,
): Promise<ApplicationMailMode> {
  await requireManaged(db, userId, jobId);
  const [setting] = await db.query<{ mode: ApplicationMailMode }>(
    'SELECT mode FROM job_application_mail WHERE job_id = $1',
    [jobId],
  );
  return setting?.mode ?? 'each';
}

export async function setApplicationMailMode(
  db: Queryable,
  userId: string,
  jobId: string,
  mode: ApplicationMailMode,
): Promise<void> {
  await requireManaged(db, userId, jobId);
  await db.query(
    `INSERT INTO job_application_mail (job_id, mode) VALUES ($1, $2)
     ON CONFLICT (job_id) DO UPDATE SET mode = EXCLUDED.mode`,
    [jobId, mode],
  );
}

/** Applications to the jobs the user manages that arrived after they last looked at that job's, per job. */
export async function unseenApplications(
  db: Queryable,
  userId: string,
): Promise<{ total: number; jobs: Record<string, number> }> {
  const rows = await db.query<{ job_id: string; n: number }>(
    `SELECT a.job_id, count(*)::int AS n
       FROM applications a JOIN jobs j ON j.id = a.job_id
       LEFT JOIN application_seen s ON s.user_id = $1 AND s.job_id = a.job_id
      WHERE ${SEES_JOB_APPLICATIONS} AND a.user_id <> $1 AND (s.seen_at IS NULL OR a.applied_at > s.seen_at)
      GROUP BY a.job_id`,
    [userId],
  );
  const jobs = Object.fromEntries(rows.map((row) => [row.job_id, row.n]));
  return { total: rows.reduce((sum, row) => sum + row.n, 0), jobs };
}

/** The user has looked at the applications of one job, or of every job they manage. */
export async function markApplicationsSeen(db: Db, userId: string, jobId: string | undefined): Promise<void> {
  if (jobId) await requireManaged(db, userId, jobId, true);
  await db.query(
    `INSERT INTO application_seen (user_id, job_id, seen_at)
     SELECT $1, j.id, now() FROM jobs j WHERE ${SEES_JOB_APPLICATIONS} AND ($2::uuid IS NULL OR j.id = $2::uuid)
     ON CONFLICT (user_id, job_id) DO UPDATE SET seen_at = EXCLUDED.seen_at`,
    [userId, jobId ?? null],
  );
}
