import type { AlertFrequency } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';
import { CARD_COLUMNS, JOB_FROM, type JobRow } from '../jobs/jobs.repository.js';
import type { SqlQuery } from '../search/search.repository.js';

export interface AlertRow {
  id: string;
  user_id: string;
  query: string;
  frequency: AlertFrequency;
  origin: string;
  created_at: Date;
  last_checked_at: Date;
  last_sent_at: Date | null;
}

const ALERT_COLUMNS =
  'a.id, a.user_id, a.query, a.frequency, a.origin, a.created_at, a.last_checked_at, a.last_sent_at';

/** Gives the user's alert for this search a new frequency; undefined when the user has no alert for it. */
export async function updateAlertFrequency(
  db: Queryable,
  userId: string,
  query: string,
  frequency: AlertFrequency,
): Promise<AlertRow | undefined> {
  const rows = await db.query<AlertRow>(
    `UPDATE job_alerts a SET frequency = $3 WHERE a.user_id = $1 AND a.query = $2 RETURNING ${ALERT_COLUMNS}`,
    [userId, query, frequency],
  );
  return rows[0];
}

/** Locks the user's row for the transaction, so two requests of one user count and insert alerts in turn. */
export async function lockUserAlerts(db: Queryable, userId: string): Promise<number> {
  await db.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [userId]);
  const rows = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM job_alerts WHERE user_id = $1', [userId]);
  return Number(rows[0]?.n ?? 0);
}

export async function insertAlert(
  db: Queryable,
  userId: string,
  query: string,
  frequency: AlertFrequency,
  origin: string,
): Promise<AlertRow> {
  const rows = await db.query<AlertRow>(
    `INSERT INTO job_alerts AS a (user_id, query, frequency, origin) VALUES ($1, $2, $3, $4) RETURNING ${ALERT_COLUMNS}`,
    [userId, query, frequency, origin],
  );
  const row = rows[0];
  if (!row) throw new Error('INSERT ... RETURNING gave no row');
  return row;
}

export async function findAlertsOfUser(db: Queryable, userId: string): Promise<AlertRow[]> {
  return db.query<AlertRow>(
    `SELECT ${ALERT_COLUMNS} FROM job_alerts a WHERE a.user_id = $1 ORDER BY a.created_at DESC, a.id`,
    [userId],
  );
}

export async function findAlert(db: Queryable, id: string): Promise<AlertRow | undefined> {
  const rows = await db.query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM job_alerts a WHERE a.id = $1`, [id]);
  return rows[0];
}

/** Deletes an alert; with `userId`, only if it is that user's. Answers whether one was deleted. */
export async function deleteAlert(db: Queryable, id: string, userId?: string): Promise<boolean> {
  const rows = userId
    ? await db.query('DELETE FROM job_alerts WHERE id = $1 AND user_id = $2 RETURNING id', [id, userId])
    : await db.query('DELETE FROM job_alerts WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** The key the unsubscribe links are signed with (migration 010 generates it once per database). */
export async function findSecret(db: Queryable, name: string): Promise<Buffer | undefined> {
  const rows = await db.query<{ secret: Uint8Array }>('SELECT secret FROM app_secrets WHERE name = $1', [name]);
  const secret = rows[0]?.secret;
  return secret ? Buffer.from(secret) : undefined;
}

/** A due alert (of a confirmed address: mail goes only to proven mailboxes), locked for this transaction, with the address and name its e-mail goes to. */
export interface DueAlert extends AlertRow {
  email: string;
  name: string;
  not_before: Date;
  checked_through: Date;
  /** The database's time at the start of this transaction: the new `checked_through`. */
  now: Date;
}

/**
 * Takes the next due alert and locks it for the transaction. Instant alerts are due half an interval after their
 * last check (so a tick that fires a little early does not skip a round), daily ones a day after it, less the
 * same half interval. SKIP LOCKED: an alert another instance is checking right now is left to it; when that
 * instance commits, the alert is no longer due (the row is re-read under the lock). `skip`: alerts whose check
 * failed in this round, not taken again before the next.
 */
export async function takeDueAlert(
  db: Queryable,
  halfIntervalMs: number,
  skip: readonly string[] = [],
): Promise<DueAlert | undefined> {
  const rows = await db.query<DueAlert>(
    `SELECT ${ALERT_COLUMNS}, a.not_before, a.checked_through, u.email, u.name, now() AS now
       FROM job_alerts a JOIN users u ON u.id = a.user_id
      WHERE u.email_verified_at IS NOT NULL AND NOT (a.id = ANY($2::uuid[])) AND ((a.frequency = 'instant' AND a.last_checked_at <= now() - make_interval(secs => $1::double precision / 1000))
         OR (a.frequency = 'daily' AND a.last_checked_at <= now() - interval '1 day' + make_interval(secs => $1::double precision / 1000)))
      ORDER BY a.last_checked_at
      LIMIT 1
      FOR UPDATE OF a SKIP LOCKED`,
    [halfIntervalMs, skip],
  );
  return rows[0];
}

/**
 * A job whose transaction began up to this long before a check, but committed after it, is still read by the
 * next check (its created_at is its transaction's start). job_alert_sent keeps it from being mailed twice.
 */
export const LATE_COMMIT_GRACE = "interval '10 minutes'";

export type AlertJobRow = JobRow & { created_at: Date };

/**
 * The new matches of an alert's search, newest first, at most `limit`: jobs created since the alert began (and
 * since what a capped e-mail left out), since a little before its last check, and never mailed by it before.
 * `match` is the search's own condition (search.repository.ts matchCondition); created_at is indexed
 * (migration 010), so the scan covers only the jobs created since the last check.
 */
export async function findNewMatches(
  db: Queryable,
  alert: DueAlert,
  match: SqlQuery,
  limit: number,
): Promise<AlertJobRow[]> {
  const values = [...match.values];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = [
    match.text,
    `j.created_at >= ${add(alert.not_before)}::timestamptz`,
    `j.created_at > ${add(alert.checked_through)}::timestamptz - ${LATE_COMMIT_GRACE}`,
    `NOT EXISTS (SELECT 1 FROM job_alert_sent s WHERE s.alert_id = ${add(alert.id)} AND s.job_id = j.id)`,
  ].filter(Boolean);
  return db.query<AlertJobRow>(
    `SELECT ${CARD_COLUMNS}, j.created_at FROM ${JOB_FROM} WHERE ${conditions.join(' AND ')}
      ORDER BY j.created_at DESC, j.seq DESC LIMIT ${add(limit)}`,
    values,
  );
}

export async function recordSentJobs(db: Queryable, alertId: string, jobIds: string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await db.query('INSERT INTO job_alert_sent (alert_id, job_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING', [
    alertId,
    jobIds,
  ]);
}

/** After a check: when it looked, up to when it read, and (when it mailed) when, and what older jobs it skips for good. */
export async function markChecked(
  db: Queryable,
  alertId: string,
  checkedThrough: Date,
  sent: { notBefore?: Date | undefined } | undefined,
): Promise<void> {
  await db.query(
    `UPDATE job_alerts SET last_checked_at = now(), checked_through = $2,
        last_sent_at = CASE WHEN $3::boolean THEN now() ELSE last_sent_at END,
        not_before = greatest(not_before, coalesce($4::timestamptz, not_before))
      WHERE id = $1`,
    [alertId, checkedThrough, sent !== undefined, sent?.notBefore ?? null],
  );
}

/** A failed check's alert, put off to its next interval (its last check is now): nothing else changes. */
export async function postponeAlert(db: Queryable, alertId: string): Promise<void> {
  await db.query('UPDATE job_alerts SET last_checked_at = now() WHERE id = $1', [alertId]);
}
