import type { Account } from '@jobboard/shared';
import { MESSAGES } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import type { SessionUser } from '../../../lib/session';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { ForgotPasswordPage } from './ForgotPasswordPage';
import { ResetPasswordPage } from './ResetPasswordPage';
import { SignInPage } from './SignInPage';
import { VerifyEmailPage } from './VerifyEmailPage';

const refused = (message: string, status = 400) => ({ status, body: { success: false, statusCode: status, message } });
const TOKEN = 'A'.repeat(43);
const unverifiedAlice: Account = { ...alice, emailVerified: false, pendingEmail: null, locale: null };
const verifiedAlice: Account = { ...alice, emailVerified: true, pendingEmail: null, locale: null };

describe('forgot password', () => {
  it('is linked from the sign-in screen, under the password', () => {
    mockFetch(() => undefined);
    renderPage(<SignInPage />, { path: '/sign-in' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgot-password');
  });

  it('sends the address and shows the neutral answer instead of the form', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/auth/forgot-password' ? { body: { success: true, message: MESSAGES.resetSent } } : undefined,
    );
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'erin@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByTestId('account-message')).toHaveTextContent(MESSAGES.resetSent));
    expect(screen.getByTestId('account-message')).toHaveAttribute('role', 'status');
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({ email: 'erin@example.com' });
    expect(screen.queryByRole('button', { name: 'Send reset link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('shows the rate limit as the form message and keeps the form', async () => {
    mockFetch((url) => (url === '/api/auth/forgot-password' ? refused(MESSAGES.tooManyRequests, 429) : undefined));
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password' });
    await userEvent.type(screen.getByLabelText('Email'), 'erin@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent(MESSAGES.tooManyRequests));
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeEnabled();
  });
});

describe('reset password', () => {
  it('sets the new password with the token, then says so and links to sign in; nobody is signed in here any more', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/auth/reset-password' ? { body: { success: true, message: MESSAGES.passwordReset } } : undefined,
    );
    const { client } = renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}`, user: alice });
    const password = screen.getByLabelText('New password', { selector: 'input' });
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.type(password, 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByTestId('account-message')).toHaveTextContent(MESSAGES.passwordReset));
    expect(JSON.parse(String(fetch.mock.calls[0]?.[1]?.body))).toEqual({
      token: TOKEN,
      password: 'a-brand-new-password',
    });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(client.getQueryData(queryKeys.me)).toBeNull();
  });

  it('puts a weak password beside the field', async () => {
    mockFetch((url) =>
      url === '/api/auth/reset-password' ? refused('password: This password is too common') : undefined,
    );
    renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    await userEvent.type(screen.getByLabelText('New password', { selector: 'input' }), 'password1');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New password', { selector: 'input' })).toHaveAccessibleDescription(
        'This password is too common',
      ),
    );
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('puts a common password (a message naming no field) beside the field too', async () => {
    mockFetch((url) =>
      url === '/api/auth/reset-password'
        ? refused('This password is too common. Please choose a less guessable one.')
        : undefined,
    );
    renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    const password = screen.getByLabelText('New password', { selector: 'input' });
    await userEvent.type(password, 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('This password is too common. Please choose a less guessable one.'),
    );
    expect(screen.getByTestId('auth-error')).toHaveTextContent('');
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('a rate limit is the form message, without pointing at a new link', async () => {
    mockFetch((url) => (url === '/api/auth/reset-password' ? refused(MESSAGES.tooManyRequests, 429) : undefined));
    renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    await userEvent.type(screen.getByLabelText('New password', { selector: 'input' }), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent(MESSAGES.tooManyRequests));
    expect(screen.queryByRole('link', { name: 'Ask for a new link' })).not.toBeInTheDocument();
  });

  it('an expired or used link says so and offers a new one', async () => {
    mockFetch((url) => (url === '/api/auth/reset-password' ? refused(MESSAGES.linkInvalid) : undefined));
    renderPage(<ResetPasswordPage />, { path: `/reset-password?token=${TOKEN}` });
    await userEvent.type(screen.getByLabelText('New password', { selector: 'input' }), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent(MESSAGES.linkInvalid));
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it('without a token shows the invalid-link message and the way to a new link, no form', () => {
    const fetch = mockFetch(() => undefined);
    renderPage(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByRole('button', { name: 'Set new password' })).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('verify e-mail', () => {
  it('posts the token once (strict mode runs effects twice), then confirms and updates the signed-in user', async () => {
    const token = 'B'.repeat(43);
    const fetch = mockFetch((url) => (url === '/api/auth/verify-email' ? { body: verifiedAlice } : undefined));
    const { client } = renderPage(<VerifyEmailPage />, {
      path: `/verify-email?token=${token}`,
      user: unverifiedAlice,
      strict: true,
    });
    expect(screen.getByText('Confirming your e-mail address...')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument());
    expect(screen.getByTestId('account-message')).toHaveTextContent(MESSAGES.emailVerified);
    expect(screen.getByRole('link', { name: 'Post a Job' })).toHaveAttribute('href', '/post-job');
    expect(screen.getByRole('link', { name: 'Browse jobs' })).toHaveAttribute('href', '/');
    const posts = fetch.mock.calls.filter(([url]) => url === '/api/auth/verify-email');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]?.[1]?.body))).toEqual({ token });
    expect(client.getQueryData<SessionUser>(queryKeys.me)?.emailVerified).toBe(true);
  });

  it('signs nobody in when the link is opened without a session', async () => {
    const token = 'C'.repeat(43);
    mockFetch((url) => {
      if (url === '/api/auth/verify-email') return { body: verifiedAlice };
      if (url === '/api/auth/me') return refused('Not signed in', 401);
      return undefined;
    });
    const { client } = renderPage(<VerifyEmailPage />, { path: `/verify-email?token=${token}` });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'E-mail address confirmed' })).toBeInTheDocument());
    await waitFor(() => expect(client.getQueryData(queryKeys.me)).toBeNull());
  });

  it('an expired link, signed in: the message and a button that mails a new one', async () => {
    const token = 'D'.repeat(43);
    mockFetch((url) => {
      if (url === '/api/auth/verify-email') return refused(MESSAGES.linkInvalid);
      if (url === '/api/auth/resend-verification')
        return { body: { success: true, message: MESSAGES.verificationSent } };
      return undefined;
    });
    renderPage(<VerifyEmailPage />, { path: `/verify-email?token=${token}`, user: unverifiedAlice });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid));
    await userEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    await waitFor(() => expect(screen.getByTestId('resend-status')).toHaveTextContent(MESSAGES.verificationSent));
  });

  it('an expired link, signed out: the message and a way to sign in', async () => {
    const token = 'E'.repeat(43);
    mockFetch((url) => (url === '/api/auth/verify-email' ? refused(MESSAGES.linkInvalid) : undefined));
    renderPage(<VerifyEmailPage />, { path: `/verify-email?token=${token}` });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid));
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });

  it('without a token says the link is not valid and posts nothing', () => {
    const fetch = mockFetch(() => undefined);
    renderPage(<VerifyEmailPage />, { path: '/verify-email' });
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.linkInvalid);
    expect(fetch.mock.calls.filter(([url]) => url === '/api/auth/verify-email')).toHaveLength(0);
  });
});
