import type { User } from '@jobboard/shared';
import { PERSIST_KEY, PERSIST_VERSION } from '@jobboard/shared';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Session holder of spec section 3 and the theme: the shape persisted under localStorage 'root', version 1. */
export interface UserSlice {
  currentUser: User | null;
  error: string | null;
  loading: boolean;
}

export interface ThemeSlice {
  darkMode: boolean;
}

export interface RootState {
  user: UserSlice;
  theme: ThemeSlice;
}

export const initialUserSlice: UserSlice = { currentUser: null, error: null, loading: false };
export const initialThemeSlice: ThemeSlice = { darkMode: false };

/** The transitions of spec section 4, as pure functions so they can be tested on their own. */
export const userTransitions = {
  start: (s: UserSlice): UserSlice => ({ ...s, loading: true }),
  success: (s: UserSlice, user: User): UserSlice => ({ ...s, currentUser: user, loading: false, error: null }),
  signedOut: (s: UserSlice): UserSlice => ({ ...s, currentUser: null, loading: false, error: null }),
  failure: (s: UserSlice, error: string): UserSlice => ({ ...s, loading: false, error }),
  clearError: (s: UserSlice): UserSlice => ({ ...s, error: null }),
};

export interface RootActions {
  signInStart: () => void;
  signInSuccess: (user: User) => void;
  signInFailure: (error: string) => void;
  updateUserStart: () => void;
  updateUserSuccess: (user: User) => void;
  updateUserFailure: (error: string) => void;
  deleteUserStart: () => void;
  deleteUserSuccess: () => void;
  deleteUserFailure: (error: string) => void;
  signOutStart: () => void;
  signOutSuccess: () => void;
  signOutFailure: (error: string) => void;
  clearError: () => void;
  /** The server session is the source of truth: GET /api/auth/me on load replaces or clears the stored user. */
  syncSession: (user: User | null) => void;
  toggleTheme: () => void;
}

export type RootStore = RootState & RootActions;

export const useAppStore = create<RootStore>()(
  persist(
    (set) => {
      const onUser = (fn: (s: UserSlice) => UserSlice) => set((state) => ({ user: fn(state.user) }));
      return {
        user: initialUserSlice,
        theme: initialThemeSlice,
        signInStart: () => onUser(userTransitions.start),
        signInSuccess: (user) => onUser((s) => userTransitions.success(s, user)),
        signInFailure: (error) => onUser((s) => userTransitions.failure(s, error)),
        updateUserStart: () => onUser(userTransitions.start),
        updateUserSuccess: (user) => onUser((s) => userTransitions.success(s, user)),
        updateUserFailure: (error) => onUser((s) => userTransitions.failure(s, error)),
        deleteUserStart: () => onUser(userTransitions.start),
        deleteUserSuccess: () => onUser(userTransitions.signedOut),
        deleteUserFailure: (error) => onUser((s) => userTransitions.failure(s, error)),
        signOutStart: () => onUser(userTransitions.start),
        signOutSuccess: () => onUser(userTransitions.signedOut),
        signOutFailure: (error) => onUser((s) => userTransitions.failure(s, error)),
        clearError: () => onUser(userTransitions.clearError),
        syncSession: (user) => onUser((s) => ({ ...s, currentUser: user })),
        toggleTheme: () => set((state) => ({ theme: { darkMode: !state.theme.darkMode } })),
      };
    },
    {
      name: PERSIST_KEY,
      version: PERSIST_VERSION,
      storage: createJSONStorage(() => localStorage),
      // A reload never resumes half a request: loading and error start fresh, the user and theme persist.
      partialize: (state): RootState => ({
        user: { currentUser: state.user.currentUser, error: null, loading: false },
        theme: state.theme,
      }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<RootState>;
        return {
          ...current,
          user: { ...current.user, currentUser: saved.user?.currentUser ?? null },
          theme: { darkMode: saved.theme?.darkMode === true },
        };
      },
    },
  ),
);

export const useCurrentUser = () => useAppStore((s) => s.user.currentUser);
export const useDarkMode = () => useAppStore((s) => s.theme.darkMode);
