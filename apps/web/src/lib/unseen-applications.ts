import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';

/** Per job id, the applications that arrived after the signed-in user last looked at that job's. */
export interface UnseenApplications {
  total: number;
  jobs: Record<string, number>;
}

/** GET /api/applications/unseen: shared by My Jobs (a count per row) and Responses (which marks them seen). */
export function useUnseenApplications(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.unseenApplications(userId ?? ''),
    queryFn: ({ signal }) => apiFetch<UnseenApplications>('/api/applications/unseen', { signal }),
    enabled: Boolean(userId),
  });
}

/**
 * Marks the applications shown as seen (POST /api/applications/seen): one job's, or every job's when `jobId` is
 * undefined. Once per job and page view, after they have been shown.
 */
export function useMarkApplicationsSeen(userId: string | undefined, jobId: string | undefined, shown: boolean) {
  const client = useQueryClient();
  const marked = useRef<string | null>(null);
  const mark = useMutation({
    mutationFn: () =>
      apiFetch<UnseenApplications>('/api/applications/seen', { method: 'POST', body: jobId ? { jobId } : {} }),
    onSuccess: (unseen) => client.setQueryData(queryKeys.unseenApplications(userId ?? ''), unseen),
  });
  const key = jobId ?? '*';
  useEffect(() => {
    if (!userId || !shown || marked.current === key) return;
    marked.current = key;
    mark.mutate();
  }, [userId, shown, key, mark]);
}
