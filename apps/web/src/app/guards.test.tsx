import type { User } from '@jobboard/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../lib/query-keys';
import { createQueryClient } from '../lib/session';
import { crumbFor } from './crumbs';
import { GuestOnly, RequireAuth } from './guards';

const alice: User = { _id: 'u1', name: 'A', username: 'a', email: 'a@example.com', avatar: '', resume: '' };

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string, user: User | null, exitTo?: string) {
  const client: QueryClient = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  if (exitTo) client.setQueryData(queryKeys.exitTo, exitTo);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route element={<GuestOnly />}>
            <Route path="/sign-in" element={<p>sign-in screen</p>} />
            <Route path="/sign-up" element={<p>sign-up screen</p>} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route path="/my-job" element={<p>my jobs screen</p>} />
          </Route>
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequireAuth', () => {
  it('sends a visitor to /sign-in, remembering the page', () => {
    renderAt('/my-job?x=1', null);
    expect(screen.getByText('sign-in screen')).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/sign-in?next=%2Fmy-job%3Fx%3D1');
  });

  it('after a deliberate sign-out goes where that exit goes, with no way back to the page', () => {
    renderAt('/my-job', null, '/sign-in');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/sign-in$/);
  });

  it('lets a signed-in user through', () => {
    renderAt('/my-job', alice);
    expect(screen.getByText('my jobs screen')).toBeInTheDocument();
  });
});

describe('GuestOnly', () => {
  it('shows sign-in and sign-up to a visitor', () => {
    renderAt('/sign-in', null);
    expect(screen.getByText('sign-in screen')).toBeInTheDocument();
  });

  it('sends a signed-in user home, or on to a safe next', () => {
    renderAt('/sign-up', alice);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('goes on to next when it is a path on this site', () => {
    renderAt('/sign-in?next=%2Fmy-job', alice);
    expect(screen.getByText('my jobs screen')).toBeInTheDocument();
  });

  it('ignores a next that leaves the site', () => {
    renderAt('/sign-in?next=%2F%2Fevil.example', alice);
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});

describe('breadcrumb names', () => {
  it('has none on home, the page name elsewhere', () => {
    expect(crumbFor('/')).toBeUndefined();
    expect(crumbFor('/job/abc')?.message).toBe('Job Details');
    expect(crumbFor('/edit-job/abc')?.message).toBe('Edit Job');
    expect(crumbFor('/my-job')?.message).toBe('My Jobs');
    expect(crumbFor('/nope')?.message).toBe('Page Not Found');
    expect(crumbFor('/forgot-password')?.message).toBe('Forgot Password');
    expect(crumbFor('/reset-password')?.message).toBe('Reset Password');
    expect(crumbFor('/verify-email')?.message).toBe('Confirm E-mail');
  });
});
