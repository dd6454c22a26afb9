import type { Account } from '@jobboard/shared';
import { MESSAGES } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../test/render';
import { RootLayout } from './RootLayout';

const refused = (message: string, status = 400) => ({ status, body: { success: false, statusCode: status, message } });
const unverified: Account = { ...alice, emailVerified: false, pendingEmail: null, locale: null };
const verified: Account = { ...alice, emailVerified: true, pendingEmail: null, locale: null };

describe('the unverified-address banner', () => {
  it('shows under the header while the address is not confirmed, and mails a new link', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/auth/resend-verification'
        ? { body: { success: true, message: MESSAGES.verificationSent } }
        : undefined,
    );
    renderPage(<RootLayout />, { path: '/about', user: unverified });
    const banner = await screen.findByTestId('unverified-banner');
    expect(banner).toHaveTextContent('Confirm your e-mail address to post jobs.');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(screen.getByTestId('resend-status')).toHaveTextContent(MESSAGES.verificationSent));
    const [, init] = fetch.mock.calls.find(([url]) => url === '/api/auth/resend-verification') ?? [];
    expect(init?.method).toBe('POST');
  });

  it('shows the rate limit when asked too often', async () => {
    mockFetch((url) => (url === '/api/auth/resend-verification' ? refused(MESSAGES.tooManyRequests, 429) : undefined));
    renderPage(<RootLayout />, { path: '/about', user: unverified });
    await userEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(screen.getByTestId('resend-status')).toHaveTextContent(MESSAGES.tooManyRequests));
  });

  it('leaves it to Post a Job and the confirmation page, which offer the same action', async () => {
    mockFetch(() => undefined);
    renderPage(<RootLayout />, { path: '/post-job', user: unverified });
    renderPage(<RootLayout />, { path: '/verify-email', user: unverified });
    await waitFor(() => expect(screen.getAllByRole('contentinfo')).toHaveLength(2));
    expect(screen.queryByTestId('unverified-banner')).not.toBeInTheDocument();
  });

  it('is not there for a confirmed address, nor for a visitor', async () => {
    mockFetch(() => undefined);
    renderPage(<RootLayout />, { path: '/about', user: verified });
    renderPage(<RootLayout />, { path: '/about' });
    // The footers have rendered, so the layouts are complete.
    await waitFor(() => expect(screen.getAllByRole('contentinfo')).toHaveLength(2));
    expect(screen.queryByTestId('unverified-banner')).not.toBeInTheDocument();
  });
});
