import { PERSIST_KEY } from '@jobboard/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadPersisted, migratePersisted, useAppStore } from './store';

describe('useAppStore (theme only)', () => {
  beforeEach(() => {
    useAppStore.setState({ theme: { darkMode: false } });
  });

  it('starts in the light theme (darkMode false)', () => {
    expect(useAppStore.getState().theme.darkMode).toBe(false);
  });

  it('toggleTheme flips darkMode', () => {
    useAppStore.getState().toggleTheme();
    expect(useAppStore.getState().theme.darkMode).toBe(true);
    useAppStore.getState().toggleTheme();
    expect(useAppStore.getState().theme.darkMode).toBe(false);
  });

  it('persists only the theme under "root", version 1', () => {
    useAppStore.getState().toggleTheme();
    const saved = JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null') as { version: number; state: unknown };
    expect(saved.version).toBe(1);
    expect(saved.state).toEqual({ theme: { darkMode: true } });
  });
});

describe('loading what an older app saved', () => {
  const stale = {
    state: {
      user: {
        currentUser: {
          _id: 'u1',
          name: 'Alice',
          username: 'alice',
          email: 'alice@example.com',
          avatar: '',
          resume: '',
        },
        error: null,
        loading: false,
      },
      theme: { darkMode: true },
    },
    version: 1,
  };

  it('keeps the theme and drops the stale user, in memory and in storage', () => {
    localStorage.setItem(PERSIST_KEY, JSON.stringify(stale));
    const state = loadPersisted() as unknown as Record<string, unknown>;
    expect(state).toEqual({ theme: { darkMode: true } });
    expect(state).not.toHaveProperty('user');
    expect(JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null')).toEqual({
      state: { theme: { darkMode: true } },
      version: 1,
    });
  });

  it('loads the store from what was saved when the app starts', async () => {
    localStorage.setItem(PERSIST_KEY, JSON.stringify(stale));
    vi.resetModules();
    const fresh = await import('./store');
    expect(fresh.useAppStore.getState().theme).toEqual({ darkMode: true });
    expect(fresh.useAppStore.getState()).not.toHaveProperty('user');
  });

  it('migrates another version and survives any shape', () => {
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ ...stale, version: 0 }));
    expect(loadPersisted()).toEqual({ theme: { darkMode: true } });
    expect(JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null')).toEqual({
      state: { theme: { darkMode: true } },
      version: 1,
    });
    expect(migratePersisted(null)).toEqual({ theme: { darkMode: false } });
    expect(migratePersisted('nonsense')).toEqual({ theme: { darkMode: false } });
    expect(migratePersisted({ theme: { darkMode: 'yes' } })).toEqual({ theme: { darkMode: false } });
    localStorage.setItem(PERSIST_KEY, '{not json');
    expect(loadPersisted()).toEqual({ theme: { darkMode: false } });
    localStorage.removeItem(PERSIST_KEY);
    expect(loadPersisted()).toEqual({ theme: { darkMode: false } });
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });
});
