import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React takes over server-rendered HTML (and on the server), true from then on and in pages the
 * browser renders alone. What only the browser knows (the theme saved in localStorage) is shown once this is
 * true, so the first client render matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
