import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage } from '../../../test/render';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';

describe('Continue with Google', () => {
  it.each([
    ['Sign In', <SignInPage key="in" />, '/sign-in'],
    ['Sign Up', <SignUpPage key="up" />, '/sign-up'],
  ])('%s: not offered when the server says Google sign-in is not configured', async (_name, page, path) => {
    const fetch = mockFetch((url) => (url === '/api/auth/google/config' ? { body: { configured: false } } : undefined));
    renderPage(page, { path });
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/auth/google/config'));
    // Let the answer land before looking for what it leaves out.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('offered when it is configured', async () => {
    mockFetch((url) => (url === '/api/auth/google/config' ? { body: { configured: true } } : undefined));
    renderPage(<SignInPage />, { path: '/sign-in' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('the site settings choose the methods shown: Google alone, or the password form alone (issue 34)', async () => {
    const site = (methods: string[]) => (url: string) =>
      url === '/api/auth/google/config'
        ? { body: { configured: true } }
        : url === '/api/site'
          ? { body: { social: [], signInMethods: methods } }
          : undefined;
    mockFetch(site(['google']));
    const { unmount } = renderPage(<SignInPage />, { path: '/sign-in' });
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Email')).not.toBeInTheDocument());
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    unmount();
    mockFetch(site(['password']));
    renderPage(<SignUpPage />, { path: '/sign-up' });
    expect(await screen.findByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
  });
});
