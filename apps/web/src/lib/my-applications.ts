import type { Application } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';

/**
 * The signed-in user's applications (GET /api/apply/appliedJobs/{userId}, self only): the Applied Jobs list,
 * and the job page, which disables 'Apply Now' once applied. One query for both.
 */
export function useMyApplications(userId: string | undefined) {
  return useQuery({
    queryKey: queryKeys.myApplications(userId ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<Application[]>(`/api/apply/appliedJobs/${encodeURIComponent(userId ?? '')}`, { signal });
      } catch (error) {
        // Spec section 8: a failed applications load is only logged.
        console.error(error);
        throw error;
      }
    },
    enabled: Boolean(userId),
  });
}
