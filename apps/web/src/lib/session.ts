import type { Account, MessageBody, User } from '@jobboard/shared';
import { MutationCache, QueryCache, QueryClient, useQuery } from '@tanstack/react-query';
import { ApiError, apiFetch } from './api';
import { queryKeys } from './query-keys';

/**
 * Who is signed in has one owner: the `/api/auth/me` query. Sign-in, sign-out, profile update and account
 * deletion write to it (setQueryData); a 401 from any call clears it and tells the app the session ended,
 * so the person is sent to sign in and brought back afterwards (see app/guards.tsx).
 */

/**
 * The signed-in user as the `me` query holds it: an Account (the user, whether the address is confirmed and an
 * address waiting for its link) from /me, sign-in, profile updates and verification. Answers that carry only the
 * User fields (Google sign-in) leave the two flags out until /me is asked again, so "unverified" is
 * `emailVerified === false`, never a missing flag.
 */
export type SessionUser = User & Partial<Pick<Account, 'emailVerified' | 'pendingEmail' | 'isAdmin'>>;

/** Calls that may answer 401 without meaning "the session ended" (a wrong password) carry this meta. */
export const SIGN_IN_ATTEMPT = { signInAttempt: true } as const;
/** Calls whose screen says itself that the session ended (and keeps what was typed) carry this meta. */
export const SESSION_END_SHOWN_HERE = { sessionEndShownHere: true } as const;

type Listener = () => void;
const sessionEndedListeners = new Set<Listener>();

/** Called when a session the app believed in turns out to be gone (signed out elsewhere, expired). */
export function onSessionEnded(listener: Listener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** What was cached for one user: their applications, own jobs and drafts, alerts and saved jobs. */
export function dropUserQueries(client: QueryClient): void {
  client.removeQueries({ queryKey: queryKeys.applications });
  client.removeQueries({ queryKey: [...queryKeys.jobs, 'mine'] });
  client.removeQueries({ queryKey: queryKeys.alerts });
  client.removeQueries({ queryKey: queryKeys.savedJobs });
  client.removeQueries({ queryKey: queryKeys.drafts });
  client.removeQueries({ queryKey: queryKeys.candidate });
}

/** Nobody is signed in any more: forget the user and what was cached for them. */
export function forgetUser(client: QueryClient): void {
  client.setQueryData(queryKeys.me, null);
  dropUserQueries(client);
}

/**
 * A deliberate exit (sign out, account deletion): nobody is signed in, and the guard of the screen being left
 * sends the person to `to` instead of to sign in with a way back (lib/session + app/guards.tsx).
 */
export function signOutTo(client: QueryClient, to: string): void {
  client.setQueryData(queryKeys.exitTo, to);
  forgetUser(client);
}

/** Where the current deliberate exit goes, if one is under way. */
export function exitTarget(client: QueryClient): string | null {
  return client.getQueryData<string | null>(queryKeys.exitTo) ?? null;
}

/** The exit has arrived (or a new session began): guards go back to remembering the page. */
export function clearExit(client: QueryClient): void {
  if (exitTarget(client) !== null) client.setQueryData(queryKeys.exitTo, null);
}

/**
 * The session is gone. `shownHere`: the screen that made the call tells the person itself (the apply dialog keeps
 * its draft and links to sign in), so the app does not move them to the sign-in page.
 */
function sessionEnded(client: QueryClient, shownHere = false): void {
  clearExit(client);
  forgetUser(client);
  if (shownHere) return;
  for (const listener of [...sessionEndedListeners]) listener();
}

async function fetchMe({ signal, client }: { signal: AbortSignal; client: QueryClient }): Promise<SessionUser | null> {
  try {
    return await apiFetch<Account>('/api/auth/me', { signal });
  } catch (error) {
    if (!isUnauthorized(error)) throw error;
    // A visitor is simply nobody; a user we knew about has lost the session.
    if (client.getQueryData(queryKeys.me)) sessionEnded(client);
    return null;
  }
}

export function createQueryClient(): QueryClient {
  const onError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (isUnauthorized(error) && meta?.signInAttempt !== true) sessionEnded(client, meta?.sessionEndShownHere === true);
    // A conflict may be a call refused as made for another user than the session's (X-Expected-User): ask who
    // is signed in now, so the screen shows them (lib/account-sync.ts tells the person).
    if (error instanceof ApiError && error.status === 409) void client.invalidateQueries({ queryKey: queryKeys.me });
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 401 will not change by asking again.
        retry: (failures, error) => !isUnauthorized(error) && failures < 1,
        refetchOnWindowFocus: false,
      },
    },
  });
  return client;
}

export interface Session {
  /** The signed-in user, or null (nobody, or not known yet: see `pending`). */
  user: SessionUser | null;
  /** True until the server has said who is signed in, the first time. */
  pending: boolean;
}

export function useSession(): Session {
  const me = useQuery({
    queryKey: queryKeys.me,
    queryFn: fetchMe,
    // Coming back to the tab asks again, so a sign-out in another tab shows at once.
    refetchOnWindowFocus: true,
  });
  return { user: me.data ?? null, pending: me.isPending };
}

export function useCurrentUser(): SessionUser | null {
  return useSession().user;
}

/** Mails the signed-in user a new link to confirm their address (the answer's message says so; 429 when asked too often). */
export const resendVerificationRequest = () =>
  apiFetch<MessageBody>('/api/auth/resend-verification', { method: 'POST' });

/** A 401 from a call made outside the query cache: ask /me again, which ends the session the app's way (sessionEnded). */
export function unauthorizedRecheck(client: QueryClient, error: unknown): void {
  if (isUnauthorized(error)) void client.invalidateQueries({ queryKey: queryKeys.me });
}
