import type { BanAnswer, BannedUsersPage, HiddenJobsPage, JobDecision, QueuePage } from '@jobboard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const queueKey = ['moderation', 'queue'] as const;
const listsKey = ['moderation', 'lists'] as const;

/** One page of the administrators' review queue (GET /api/admin/queue). */
export function useQueue(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...queueKey, page],
    queryFn: ({ signal }) => apiFetch<QueuePage>(`/api/admin/queue?page=${page}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export type Decision =
  | { kind: 'approve'; jobId: string }
  | { kind: 'hide'; jobId: string; reason: string }
  | { kind: 'ban'; userId: string; reason: string }
  | { kind: 'unban'; userId: string };

/** One page of the hidden jobs or the banned accounts (GET /api/admin/hidden-jobs, /api/admin/banned-users). */
export function useHiddenJobs(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...listsKey, 'hidden-jobs', page],
    queryFn: ({ signal }) => apiFetch<HiddenJobsPage>(`/api/admin/hidden-jobs?page=${page}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useBannedUsers(page: number, enabled: boolean) {
  return useQuery({
    queryKey: [...listsKey, 'banned-users', page],
    queryFn: ({ signal }) => apiFetch<BannedUsersPage>(`/api/admin/banned-users?page=${page}`, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Approve (which unhides a hidden job), hide, ban or unban; the queue, the lists and every cached job list are read again afterwards. */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision): Promise<JobDecision | BanAnswer> => {
      if (decision.kind === 'approve')
        return apiFetch<JobDecision>(`/api/admin/jobs/${encodeURIComponent(decision.jobId)}/approve`, {
          method: 'POST',
        });
      if (decision.kind === 'hide') {
        return apiFetch<JobDecision>(`/api/admin/jobs/${encodeURIComponent(decision.jobId)}/hide`, {
          method: 'POST',
          body: { reason: decision.reason },
        });
      }
      if (decision.kind === 'unban')
        return apiFetch<BanAnswer>(`/api/admin/users/${encodeURIComponent(decision.userId)}/unban`, { method: 'POST' });
      return apiFetch<BanAnswer>(`/api/admin/users/${encodeURIComponent(decision.userId)}/ban`, {
        method: 'POST',
        body: { reason: decision.reason },
      });
    },
    onSettled: async () => {
      // The lists are not waited for: the decision's own callbacks run first (a card that a refetch removes
      // first would never hear of its success).
      void client.invalidateQueries({ queryKey: listsKey });
      await Promise.all([
        client.invalidateQueries({ queryKey: queueKey }),
        client.invalidateQueries({ queryKey: queryKeys.jobs }),
      ]);
    },
  });
}
