import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderPage } from '../../../test/render';
import { SignInPage } from './SignInPage';
import { SignUpPage } from './SignUpPage';

const refused = (message: string, status = 400) => ({ status, body: { success: false, statusCode: status, message } });

describe('sign-up errors', () => {
  it('shows each server message beside its field, and clears one as soon as that field changes', async () => {
    mockFetch((url) =>
      url === '/api/auth/signup' ? refused('name: Name is required; username: Username is required') : undefined,
    );
    renderPage(<SignUpPage />, { path: '/sign-up' });
    await userEvent.type(screen.getByLabelText('Email'), 'erin@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a-long-enough-password');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

    const name = screen.getByLabelText('Name');
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name is required'));
    expect(username).toHaveAccessibleDescription('Username is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
    // Not the raw "field: message; field: message" text in one block.
    expect(screen.queryByText(/name: Name is required/)).not.toBeInTheDocument();
    expect(screen.getByTestId('auth-error')).toHaveTextContent('');

    await userEvent.type(name, 'Erin');
    expect(name).not.toHaveAccessibleDescription('Name is required');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(username).toHaveAccessibleDescription('Username is required');
  });

  it('puts a taken username beside the username field', async () => {
    mockFetch((url) => (url === '/api/auth/signup' ? refused('This username is already taken', 409) : undefined));
    renderPage(<SignUpPage />, { path: '/sign-up' });
    await userEvent.type(screen.getByLabelText('Username'), 'alice');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This username is already taken'),
    );
  });
});

describe('sign-in errors', () => {
  it('keeps a wrong password as the form message, beside no field, and stays on the screen', async () => {
    mockFetch((url) => (url === '/api/auth/signin' ? refused('Wrong email or password', 401) : undefined));
    renderPage(<SignInPage />, { path: '/sign-in?next=%2Fmy-job' });
    await userEvent.type(screen.getByLabelText('Email'), 'alice@example.com');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByTestId('auth-error')).toHaveTextContent('Wrong email or password'));
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    // A wrong password is not an ended session: no trip to sign in again.
    expect(screen.getByTestId('where')).toHaveTextContent('/sign-in?next=%2Fmy-job');
  });

  it('shows a field message from the server beside the email field', async () => {
    mockFetch((url) =>
      url === '/api/auth/signin' ? refused('email: Email must be a valid email address') : undefined,
    );
    renderPage(<SignInPage />, { path: '/sign-in' });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.c');
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email must be a valid email address'),
    );
    await userEvent.type(screen.getByLabelText('Email'), 'm');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription('Email must be a valid email address');
  });
});
