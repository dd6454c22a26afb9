import type { BanAnswer, JobDecision, QueuePage } from '@jobboard/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const queueKey = ['moderation', 'queue'] as const;

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

export type Decision = { kind: 'approve'; jobId: string } | { kind: 'hide'; jobId: string; reason: string } | { kind: 'ban'; userId: string; reason: string };

/** Approve, hide or ban; the queue and every cached job list are read again afterwards. */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision): Promise<JobDecision | BanAnswer> => {
      if (decision.kind === 'approve') return apiFetch<JobDecision>(`/api/admin/jobs/${encodeURIComponent(decision.jobId)}/approve`, { method: 'POST' });
      if (decision.kind === 'hide') {
        return apiFetch<JobDecision>(`/api/admin/jobs/${encodeURIComponent(decision.jobId)}/hide`, { method: 'POST', body: { reason: decision.reason } });
      }
      return apiFetch<BanAnswer>(`/api/admin/users/${encodeURIComponent(decision.userId)}/ban`, { method: 'POST', body: { reason: decision.reason } });
    },
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: queueKey }), client.invalidateQueries({ queryKey: queryKeys.jobs })]);
    },
  });
}
