import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { ApiError } from './api';
import { queryKeys } from './query-keys';

/**
 * What a server-rendered page was rendered from, sent with it as a JSON data block (`<script
 * type="application/json" id="ssr-state">`, which a strict Content-Security-Policy allows: it is never run).
 * The server answered each query by asking its own API (so an answer is exactly what the browser would have
 * fetched); the browser seeds its query cache with the same answers before hydrating, so its first render is
 * the server's render.
 */
export interface SsrQuery {
  key: QueryKey;
  /** The API's HTTP status for this query. */
  status: number;
  /** The API's JSON answer: the data for a 2xx, the error body otherwise. */
  body: unknown;
}

export interface SsrState {
  /** The locale dates were written in (lib/locale.ts). */
  locale: string;
  /** The language the page was written in (the account's, else the cookie's, else Accept-Language's). */
  language?: string;
  queries: SsrQuery[];
}

export const SSR_STATE_ID = 'ssr-state';

function messageOf(body: unknown): string {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof message === 'string' ? message : '';
}

/**
 * Puts the answers into a query cache, the same way on the server and in the browser: a 2xx is the data, a 401
 * from /api/auth/me is "nobody signed in", any other status is the query's error (an ApiError, as apiFetch makes).
 */
export function seedQueries(client: QueryClient, state: SsrState, now = Date.now()): void {
  for (const { key, status, body } of state.queries) {
    if (status >= 200 && status < 300) {
      client.setQueryData(key, body, { updatedAt: now });
    } else if (status === 401 && JSON.stringify(key) === JSON.stringify(queryKeys.me)) {
      client.setQueryData(key, null, { updatedAt: now });
    } else {
      const query = client.getQueryCache().build(client, { queryKey: key });
      query.setState({
        status: 'error',
        error: new ApiError(status, messageOf(body)),
        errorUpdatedAt: now,
        fetchStatus: 'idle',
      });
    }
  }
}

/** The state a server-rendered page carries, or undefined for a page the browser renders alone. */
export function readSsrState(doc: Document): SsrState | undefined {
  const text = doc.getElementById(SSR_STATE_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as SsrState;
    return Array.isArray(state.queries) && typeof state.locale === 'string' ? state : undefined;
  } catch {
    return undefined;
  }
}
