import type { JobStats, JobView, MyJobStats } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The figures of the signed-in poster's jobs, by job id (GET /api/job/my-stats). */
export function useMyJobStats(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.myJobStats(userId ?? ''),
    queryFn: async ({ signal }) => {
      const answer = await apiFetch<MyJobStats>('/api/job/my-stats', { signal });
      return new Map<string, JobStats>(answer.items.map((item) => [item.jobId, item]));
    },
    enabled: Boolean(userId),
  });
}

/**
 * Counts one view of the job page once it has shown the job (POST /api/job/:id/view). The server counts each
 * visitor once a day without a cookie (decision record 18); a failure is of no concern to the reader.
 */
export function useCountJobView(jobId: string | undefined) {
  const counted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!jobId || counted.current === jobId) return;
    counted.current = jobId;
    apiFetch<JobView>(`/api/job/${encodeURIComponent(jobId)}/view`, { method: 'POST' }).catch(() => undefined);
  }, [jobId]);
}
