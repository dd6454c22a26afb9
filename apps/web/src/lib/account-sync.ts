import type { QueryCacheNotifyEvent, QueryClient } from '@tanstack/react-query';
import { setShownUser } from './api';
import { queryKeys } from './query-keys';
import { dropUserQueries, type SessionUser } from './session';

/**
 * Tabs of one browser share the session cookie, so a sign-in, sign-out or switch in one tab changes the account
 * of all. Loaded after the first render (app/layout/AccountSync.tsx), this keeps the id of the user the tab shows
 * for X-Expected-User (lib/api.ts) and announces this tab's changes to the others (BroadcastChannel; a localStorage
 * write, whose `storage` event the others get, where there is none). A tab that hears of one asks /me again and,
 * when the user changed, forgets the old user's data and says so.
 */

/** Another tab changed who is signed in: the user this tab now shows (null: nobody). */
export type AccountChange = { user: SessionUser | null };

const CHANNEL = 'jobboard-session';

function listenToOtherTabs(client: QueryClient): (userId: string | null) => void {
  const recheck = () => void client.invalidateQueries({ queryKey: queryKeys.me });
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
  if (channel) channel.onmessage = recheck;
  else window.addEventListener('storage', (event) => event.key === CHANNEL && recheck());
  return (userId) => {
    if (channel) channel.postMessage({ userId });
    else {
      try {
        localStorage.setItem(CHANNEL, JSON.stringify({ userId, at: Date.now() }));
      } catch {
        // Storage refused (private mode, full): the other tabs learn at their next focus or call.
      }
    }
  };
}

const started = new WeakSet<QueryClient>();

/**
 * Tells apart a change this tab made (sign-in, sign-out: a `setQueryData`, announced to the other tabs) from one
 * it found out by asking /me (another tab's, or a 409 from X-Expected-User): `onChanged` hears the latter.
 */
export function startAccountSync(client: QueryClient, onChanged: (change: AccountChange) => void): () => void {
  const me = client.getQueryCache().find<SessionUser | null>({ queryKey: queryKeys.me });
  let shown: string | null | undefined = me?.state.data === undefined ? undefined : (me.state.data?._id ?? null);
  if (shown !== undefined) setShownUser(shown);
  const announce = started.has(client) ? () => {} : listenToOtherTabs(client);
  started.add(client);
  return client.getQueryCache().subscribe((event: QueryCacheNotifyEvent) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (event.query.queryHash !== JSON.stringify(queryKeys.me)) return;
    const user = (event.query.state.data ?? null) as SessionUser | null;
    const id = user?._id ?? null;
    setShownUser(id);
    const before = shown;
    shown = id;
    if (before === undefined || before === id) return;
    if (event.action.manual) announce(id);
    else {
      dropUserQueries(client);
      onChanged({ user });
    }
  });
}
