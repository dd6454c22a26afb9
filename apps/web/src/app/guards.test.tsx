import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialUserSlice, useAppStore } from '../lib/store';
import { RequireAuth } from './guards';
import { crumbFor } from './router';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/sign-in" element={<p>sign-in screen</p>} />
        <Route element={<RequireAuth />}>
          <Route path="/my-job" element={<p>my jobs screen</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('RequireAuth', () => {
  beforeEach(() => useAppStore.setState({ user: initialUserSlice }));

  it('sends a visitor to /sign-in', () => {
    renderAt('/my-job');
    expect(screen.getByText('sign-in screen')).toBeInTheDocument();
  });

  it('lets a signed-in user through', () => {
    useAppStore.getState().signInSuccess({ _id: 'u1', name: 'A', username: 'a', email: 'a@example.com', avatar: '', resume: '' });
    renderAt('/my-job');
    expect(screen.getByText('my jobs screen')).toBeInTheDocument();
  });
});

describe('breadcrumb names', () => {
  it('has none on home, the page name elsewhere', () => {
    expect(crumbFor('/')).toBeUndefined();
    expect(crumbFor('/job/abc')).toBe('Job Details');
    expect(crumbFor('/edit-job/abc')).toBe('Edit Job');
    expect(crumbFor('/my-job')).toBe('My Jobs');
    expect(crumbFor('/nope')).toBe('Page Not Found');
  });
});
