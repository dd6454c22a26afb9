import type { Application } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** Applications received for the user's own jobs: the server returns those made or received; keep the received. */
export function useResponses(email: string | undefined) {
  return useQuery({
    queryKey: [...queryKeys.applications, 'received', email ?? ''],
    queryFn: async ({ signal }) => {
      try {
        const all = await apiFetch<Application[]>('/api/apply/appliedJobs', { signal });
        return all.filter((application) => application.postedBy === email);
      } catch (error) {
        // Spec section 8: a failed applications load is only logged.
        console.error(error);
        throw error;
      }
    },
    enabled: Boolean(email),
  });
}
