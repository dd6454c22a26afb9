import { msg } from '@lingui/core/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';

export const AUDIT_ACTIONS = [
  { action: 'job.hide', label: msg`Job hidden` },
  { action: 'job.approve', label: msg`Job approved` },
  { action: 'job.close', label: msg`Job closed` },
  { action: 'job.feature', label: msg`Job featured` },
  { action: 'job.unfeature', label: msg`Job no longer featured` },
  { action: 'company.merge', label: msg`Companies merged` },
  { action: 'user.ban', label: msg`Account banned` },
  { action: 'user.unban', label: msg`Account unbanned` },
  { action: 'user.resend-confirmation', label: msg`Confirmation link resent` },
  { action: 'user.delete', label: msg`Account deleted` },
  { action: 'admin.grant', label: msg`Administrator added` },
  { action: 'admin.revoke', label: msg`Administrator removed` },
  { action: 'settings.update', label: msg`Site settings changed` },
  { action: 'page.update', label: msg`Site page edited` },
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number]['action'];

export interface AuditEntry {
  id: string;
  at: string;
  adminEmail: string;
  action: AuditAction;
  targetId: string | null;
  targetLabel: string;
  reason: string;
}

export interface AuditFilter {
  action: string;
  admin: string;
  /** Part of a job's title or an account's e-mail. */
  target: string;
}

/** The filter as the API's query string (empty parts left out), with the page when there is one. */
export function auditQuery(filter: AuditFilter, page?: number): string {
  const params = new URLSearchParams();
  if (filter.action) params.set('action', filter.action);
  if (filter.admin.trim()) params.set('admin', filter.admin.trim());
  if (filter.target.trim()) params.set('target', filter.target.trim());
  if (page && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** One page of the audit log (GET /api/admin/audit), newest first. */
export function useAuditLog(filter: AuditFilter, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['moderation', 'audit', filter.action, filter.admin, filter.target, page],
    queryFn: ({ signal }) =>
      apiFetch<{ items: AuditEntry[]; total: number; page: number; pageSize: number }>(
        `/api/admin/audit${auditQuery(filter, page)}`,
        { signal },
      ),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
