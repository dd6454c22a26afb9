import { PERSIST_KEY, PERSIST_VERSION } from '@jobboard/shared';
import { create } from 'zustand';

/**
 * The persisted browser state: only the theme (docs/product.md, "Data": darkMode, false by default), under
 * localStorage 'root' as `{"state":{"theme":{"darkMode":…}},"version":1}`. Who is signed in is not kept here:
 * the server's session is the one source, read through the `/api/auth/me` query (lib/session.ts).
 *
 * Persisted by hand rather than with zustand's persist middleware: for one boolean the middleware is most of
 * a kilobyte on the home page, which has a 105 KB budget (docs/decisions/0008-web-app-size.md). The format
 * is the middleware's, so states saved by earlier versions of the app load as they are.
 */
export interface ThemeSlice {
  darkMode: boolean;
}

export interface RootState {
  theme: ThemeSlice;
}

export interface RootActions {
  toggleTheme: () => void;
}

export type RootStore = RootState & RootActions;

/**
 * Whatever an app saved, in any version (an older one also kept a `user` slice, the signed-in user as it was
 * then): keep the theme, drop the rest. Never throws, whatever the shape.
 */
export function migratePersisted(saved: unknown): RootState {
  const theme = typeof saved === 'object' && saved !== null ? (saved as { theme?: unknown }).theme : undefined;
  const darkMode = typeof theme === 'object' && theme !== null && (theme as { darkMode?: unknown }).darkMode === true;
  return { theme: { darkMode } };
}

/** Reads the saved state; one that still carries more than the theme (a stale user) is written back without it. */
export function loadPersisted(): RootState {
  let saved: unknown = null;
  try {
    saved = JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null');
  } catch {
    saved = null;
  }
  const state = typeof saved === 'object' && saved !== null ? (saved as { state?: unknown }).state : undefined;
  const loaded = migratePersisted(state);
  const version = typeof saved === 'object' && saved !== null ? (saved as { version?: unknown }).version : undefined;
  if (state !== undefined && (version !== PERSIST_VERSION || JSON.stringify(state) !== JSON.stringify(loaded)))
    save(loaded);
  return loaded;
}

function save(state: RootState): void {
  try {
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ state, version: PERSIST_VERSION }));
  } catch {
    // Storage full or refused (private mode): the theme still works for this visit.
  }
}

export const useAppStore = create<RootStore>()((set) => ({
  ...loadPersisted(),
  toggleTheme: () => set((state) => ({ theme: { darkMode: !state.theme.darkMode } })),
}));

useAppStore.subscribe((state, previous) => {
  if (state.theme !== previous.theme) save({ theme: state.theme });
});

export const useDarkMode = () => useAppStore((s) => s.theme.darkMode);
