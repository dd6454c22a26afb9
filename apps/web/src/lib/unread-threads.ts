import type { UnreadThreads } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/** A new message shows within this long on a page left open; coming back to the tab asks at once. */
const POLL_MS = 60_000;

/**
 * Unread messages for the signed-in user (none for a visitor): the header's counts beside Applied Jobs and
 * Responses, and each row's. Opening a thread puts the new counts here (the conversations feature's useMarkRead).
 */
export function useUnreadThreads(): UnreadThreads | undefined {
  const { user } = useSession();
  const unread = useQuery({
    queryKey: queryKeys.unreadThreads(user?._id ?? ''),
    queryFn: ({ signal }) => apiFetch<UnreadThreads>('/api/applications/threads/unread', { signal }),
    enabled: Boolean(user),
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
  return user ? unread.data : undefined;
}
