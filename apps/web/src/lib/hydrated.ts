import { useSyncExternalStore, type ReactNode } from 'react';

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

/**
 * Its children once React has taken the server's HTML over, nothing before (and on the server). A part of its own,
 * so the switch re-renders only it: were a parent to re-render then, each Suspense boundary below it still waiting
 * for its chunk would get an update before hydrating, and React would drop the server's HTML for the fallback.
 * Also for controls a member uses (forms): typed into before React has them, their text would not be the state.
 */
export function AfterHydration({ children }: { children: ReactNode }): ReactNode {
  return useHydrated() ? children : null;
}
