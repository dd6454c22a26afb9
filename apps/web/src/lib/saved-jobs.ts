import type { SavedJobIds, SavedJobState } from '@jobboard/shared';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';
import { unauthorizedRecheck, useCurrentUser } from './session';

/*
 * Saved jobs shared by the screens that show a save toggle (home cards, the job page, Saved Jobs): the ids the
 * signed-in user saved (GET /api/saved-jobs/ids) and the save/unsave call, which updates those ids at once and
 * puts them back if the server refuses.
 */

/** The ids of the jobs the signed-in user saved, as a set; empty for a visitor (nothing is asked). */
export function useSavedJobIds(): { ids: ReadonlySet<string>; pending: boolean } {
  const userId = useCurrentUser()?._id ?? '';
  const query = useQuery({
    queryKey: queryKeys.savedJobIds(userId),
    queryFn: ({ signal }) => apiFetch<SavedJobIds>('/api/saved-jobs/ids', { signal }),
    enabled: Boolean(userId),
    select: (data) => new Set(data.ids),
  });
  return { ids: query.data ?? EMPTY, pending: Boolean(userId) && query.isPending };
}

const EMPTY: ReadonlySet<string> = new Set();

export interface SaveToggle {
  jobId: string;
  /** true: save it; false: remove it from the saved jobs. */
  save: boolean;
}

function setSaved(client: QueryClient, userId: string, jobId: string, saved: boolean): void {
  client.setQueryData<SavedJobIds>(queryKeys.savedJobIds(userId), (old) => {
    const rest = (old?.ids ?? []).filter((id) => id !== jobId);
    return { ids: saved ? [jobId, ...rest] : rest };
  });
}

/** Toggles sent and not yet answered, in this tab: the last one to settle asks for the saved jobs again. */
let inFlight = 0;

/**
 * Saves or unsaves a job. Optimistic: the toggle shows the new state before the server answers; an error sets
 * that one job back (not a snapshot of every id, so a quick second toggle of another job is not undone with it)
 * and is thrown to the caller, a 401 ending the session the app's way. When the last toggle settles, the ids and
 * the Saved Jobs pages are asked for again. A plain call rather than useMutation: the toggle is on the home page's
 * cards, and the mutation observer would cost that page's first load about 1 KB (decision 8).
 */
export function useToggleSavedJob(): (toggle: SaveToggle) => Promise<SavedJobState> {
  const client = useQueryClient();
  const userId = useCurrentUser()?._id ?? '';
  return async ({ jobId, save }) => {
    await client.cancelQueries({ queryKey: queryKeys.savedJobIds(userId) });
    setSaved(client, userId, jobId, save);
    inFlight += 1;
    try {
      return await apiFetch<SavedJobState>(`/api/saved-jobs/${encodeURIComponent(jobId)}`, {
        method: save ? 'PUT' : 'DELETE',
      });
    } catch (error) {
      setSaved(client, userId, jobId, !save);
      unauthorizedRecheck(client, error);
      throw error;
    } finally {
      inFlight -= 1;
      // Not awaited: the caller hears of an error (and the toggle settles) without waiting for the refetch.
      if (inFlight === 0) void client.invalidateQueries({ queryKey: queryKeys.savedJobs });
    }
  };
}
