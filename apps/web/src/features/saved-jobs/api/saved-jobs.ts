import type { SavedJobsPage } from '@jobboard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';

/** One page of the signed-in user's saved jobs (GET /api/saved-jobs?page=N), newest saved first. */
export function useSavedJobsPage(page: number) {
  const userId = useCurrentUser()?._id ?? '';
  return useQuery({
    queryKey: queryKeys.savedJobsPage(userId, page),
    queryFn: ({ signal }) => apiFetch<SavedJobsPage>(`/api/saved-jobs?page=${page}`, { signal }),
    enabled: Boolean(userId),
    // The page being left stays on screen while the next one loads (no flash of the spinner between pages).
    placeholderData: keepPreviousData,
  });
}
