import type {
  AdminActionAnswer,
  AdminCompaniesPage,
  AdminJobFilter,
  AdminJobsPage,
  AdminReportsPage,
  AdminUserDetail,
  AdminUsersPage,
} from '@jobboard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The console's lists and actions (issue 34); everything under one key, read again after every action. */
const consoleKey = ['moderation', 'console'] as const;

const queryOf = (entries: Record<string, string | number>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(entries)) {
    if (value !== '' && value !== 1 && value !== 'all') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function useAdminUsers(q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...consoleKey, 'users', q, page],
    queryFn: ({ signal }) => apiFetch<AdminUsersPage>(`/api/admin/users${queryOf({ q, page })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAdminUser(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...consoleKey, 'user', id],
    queryFn: ({ signal }) => apiFetch<AdminUserDetail>(`/api/admin/users/${encodeURIComponent(id)}`, { signal }),
    enabled,
    retry: false,
  });
}

export function useAdminJobs(status: AdminJobFilter, q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...consoleKey, 'jobs', status, q, page],
    queryFn: ({ signal }) => apiFetch<AdminJobsPage>(`/api/admin/jobs${queryOf({ status, q, page })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAdminCompanies(q: string, page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...consoleKey, 'companies', q, page],
    queryFn: ({ signal }) => apiFetch<AdminCompaniesPage>(`/api/admin/companies${queryOf({ q, page })}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useAdminReports(state: 'open' | 'closed', page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...consoleKey, 'reports', state, page],
    queryFn: ({ signal }) =>
      apiFetch<AdminReportsPage>(`/api/admin/reports${queryOf({ state: state === 'open' ? '' : state, page })}`, {
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type ConsoleActionKind =
  | 'ban'
  | 'unban'
  | 'resend-confirmation'
  | 'grant-admin'
  | 'revoke-admin'
  | 'delete'
  | 'hide'
  | 'approve'
  | 'close'
  | 'feature'
  | 'unfeature'
  | 'merge';

export interface ConsoleAction {
  kind: ConsoleActionKind;
  /** The account's id (ban ... delete) or the job's (hide, approve, close, feature, unfeature). */
  id: string;
  reason: string;
  /** feature: the last featured day (YYYY-MM-DD). */
  until?: string;
  /** merge: the slug of the company kept. */
  into?: string;
}

const JOB_ACTIONS: readonly ConsoleActionKind[] = ['hide', 'approve', 'close'];

/** One administrator action through its route; the console's lists, the review queue and job lists are read again. */
export function useConsoleAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id, reason, until, into }: ConsoleAction): Promise<{ message: string }> => {
      const body = reason ? { reason } : {};
      if (kind === 'merge')
        return apiFetch<AdminActionAnswer>(`/api/admin/companies/${encodeURIComponent(id)}/merge`, {
          method: 'POST',
          body: { ...body, into },
        });
      const featured = `/api/admin/jobs/${encodeURIComponent(id)}/featured`;
      if (kind === 'feature') return apiFetch<AdminActionAnswer>(featured, { method: 'PUT', body: { ...body, until } });
      if (kind === 'unfeature') return apiFetch<AdminActionAnswer>(featured, { method: 'DELETE', body });
      if (kind === 'delete')
        return apiFetch<AdminActionAnswer>(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE', body });
      const base = JOB_ACTIONS.includes(kind) ? '/api/admin/jobs' : '/api/admin/users';
      return apiFetch<{ message: string }>(`${base}/${encodeURIComponent(id)}/${kind}`, { method: 'POST', body });
    },
    onSettled: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['moderation'] }),
        client.invalidateQueries({ queryKey: queryKeys.jobs }),
      ]);
    },
  });
}
