import type { User } from '@jobboard/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialUserSlice, useAppStore, userTransitions } from './store';

const alice: User = { _id: 'u1', name: 'Alice', username: 'alice', email: 'alice@example.com', avatar: '', resume: '' };

describe('user transitions (spec section 4)', () => {
  it('start sets loading and keeps the rest', () => {
    expect(userTransitions.start({ currentUser: alice, error: 'x', loading: false })).toEqual({ currentUser: alice, error: 'x', loading: true });
  });
  it('success stores the user, stops loading and clears the error', () => {
    expect(userTransitions.success({ currentUser: null, error: 'old', loading: true }, alice)).toEqual({ currentUser: alice, error: null, loading: false });
  });
  it('signed out clears the user, loading and error', () => {
    expect(userTransitions.signedOut({ currentUser: alice, error: 'old', loading: true })).toEqual(initialUserSlice);
  });
  it('failure stores the error and stops loading, keeping the user', () => {
    expect(userTransitions.failure({ currentUser: alice, error: null, loading: true }, 'boom')).toEqual({ currentUser: alice, error: 'boom', loading: false });
  });
  it('clearError only clears the error', () => {
    expect(userTransitions.clearError({ currentUser: alice, error: 'boom', loading: true })).toEqual({ currentUser: alice, error: null, loading: true });
  });
});

describe('useAppStore', () => {
  beforeEach(() => {
    useAppStore.setState({ user: initialUserSlice, theme: { darkMode: false } });
  });

  it('starts signed out, not loading, light theme', () => {
    const state = useAppStore.getState();
    expect(state.user).toEqual({ currentUser: null, error: null, loading: false });
    expect(state.theme.darkMode).toBe(false);
  });

  it('runs sign in start -> failure -> clear -> success -> sign out', () => {
    const s = () => useAppStore.getState();
    s().signInStart();
    expect(s().user.loading).toBe(true);
    s().signInFailure('Wrong email or password');
    expect(s().user).toEqual({ currentUser: null, error: 'Wrong email or password', loading: false });
    s().clearError();
    expect(s().user.error).toBeNull();
    s().signInStart();
    s().signInSuccess(alice);
    expect(s().user).toEqual({ currentUser: alice, error: null, loading: false });
    s().updateUserStart();
    s().updateUserSuccess({ ...alice, name: 'Alice B' });
    expect(s().user.currentUser?.name).toBe('Alice B');
    s().signOutStart();
    s().signOutSuccess();
    expect(s().user.currentUser).toBeNull();
  });

  it('deletion success signs out; deletion failure keeps the user with the error', () => {
    const s = () => useAppStore.getState();
    s().signInSuccess(alice);
    s().deleteUserStart();
    s().deleteUserFailure('Error in deleting user');
    expect(s().user).toEqual({ currentUser: alice, error: 'Error in deleting user', loading: false });
    s().deleteUserStart();
    s().deleteUserSuccess();
    expect(s().user).toEqual(initialUserSlice);
  });

  it('persists user and theme under "root", version 1, never a pending loading flag', () => {
    const s = () => useAppStore.getState();
    s().signInStart();
    s().signInSuccess(alice);
    s().toggleTheme();
    s().updateUserStart();
    const saved = JSON.parse(localStorage.getItem('root') ?? 'null') as { version: number; state: unknown };
    expect(saved.version).toBe(1);
    expect(saved.state).toEqual({ user: { currentUser: alice, error: null, loading: false }, theme: { darkMode: true } });
  });

  it('toggleTheme flips darkMode', () => {
    useAppStore.getState().toggleTheme();
    expect(useAppStore.getState().theme.darkMode).toBe(true);
    useAppStore.getState().toggleTheme();
    expect(useAppStore.getState().theme.darkMode).toBe(false);
  });

  it('syncSession replaces or clears the stored user', () => {
    useAppStore.getState().signInSuccess(alice);
    useAppStore.getState().syncSession(null);
    expect(useAppStore.getState().user.currentUser).toBeNull();
  });
});
