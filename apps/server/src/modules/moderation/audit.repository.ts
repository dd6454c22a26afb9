import type { Queryable } from '../../db/client.js';

export const ADMIN_ACTIONS = [
  'job.approve',
  'job.hide',
  'job.close',
  'job.feature',
  'job.unfeature',
  'user.ban',
  'user.unban',
  'user.delete',
  'user.resend-confirmation',
  'admin.grant',
  'admin.revoke',
  'company.merge',
  'settings.update',
  'page.update',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  at: string;
  adminEmail: string;
  action: AdminAction;
  targetId: string | null;
  targetLabel: string;
  reason: string;
}

/**
 * One line of the audit log, in the transaction of the decision it records (so a decision rolled back leaves no
 * line, and one made always has its line). The target's label is read here, as it is at the time.
 */
export async function recordAdminAction(
  db: Queryable,
  entry: {
    admin: { id: string | null; email: string };
    action: AdminAction;
    targetId: string | null;
    /** What changed, for an action with no job or account as its target (a setting, a site page). */
    targetLabel?: string;
    reason?: string | undefined;
  },
): Promise<void> {
  const label =
    entry.targetLabel !== undefined
      ? '$6::text'
      : entry.action.startsWith('job.')
        ? 'SELECT job_title FROM jobs WHERE id = $4'
        : 'SELECT email FROM users WHERE id = $4';
  await db.query(
    `INSERT INTO admin_actions (admin_id, admin_email, action, target_id, target_label, reason)
     VALUES ($1, $2, $3, $4, coalesce((${label}), ''), $5)`,
    [
      entry.admin.id,
      entry.admin.email,
      entry.action,
      entry.targetId,
      entry.reason ?? '',
      ...(entry.targetLabel !== undefined ? [entry.targetLabel] : []),
    ],
  );
}

export interface AuditFilter {
  action?: AdminAction | undefined;
  /** Part of the administrator's e-mail. */
  admin?: string | undefined;
  /** Part of the target's label (a job's title, an account's e-mail): everything done to one job or account. */
  target?: string | undefined;
}

function where(filter: AuditFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const parts: string[] = [];
  if (filter.action) parts.push(`action = $${params.push(filter.action)}`);
  if (filter.admin) parts.push(`strpos(admin_email, $${params.push(filter.admin.toLowerCase())}) > 0`);
  if (filter.target) parts.push(`strpos(lower(target_label), $${params.push(filter.target.toLowerCase())}) > 0`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export async function findAuditEntries(
  db: Queryable,
  filter: AuditFilter,
  limit: number,
  offset: number,
): Promise<{ items: AuditEntry[]; total: number }> {
  const { sql, params } = where(filter);
  const [count] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_actions ${sql}`, params);
  const items = await db.query<AuditEntry>(
    `SELECT id::text, at, admin_email AS "adminEmail", action, target_id AS "targetId", target_label AS "targetLabel",
            reason
       FROM admin_actions ${sql} ORDER BY at DESC, id DESC LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { items: items.map((item) => ({ ...item, at: new Date(item.at).toISOString() })), total: count?.n ?? 0 };
}
