import { useSyncExternalStore } from 'react';

/**
 * The table screens' breakpoint (docs/product.md, "Constants and filters": 600 px). Tailwind's `sm` is 640 px, so
 * the lists ask for this query themselves.
 */
export const WIDE_SCREEN_QUERY = '(min-width: 600px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(WIDE_SCREEN_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * True at 600 px and wider: My Jobs, Applied Jobs and Responses render their table there and a list of cards below
 * (one tree, not both hidden by CSS, so screen readers, ids and tests meet each row once). Read synchronously at the
 * first render, so the narrow layout never flashes a table; true where there is no `matchMedia` (the server, jsdom).
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => mediaQuery()?.matches ?? true,
    () => true,
  );
}
