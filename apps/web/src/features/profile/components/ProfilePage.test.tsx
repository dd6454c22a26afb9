import type { Account, User } from '@jobboard/shared';
import { MESSAGES } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import type { SessionUser } from '../../../lib/session';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { confirmWithPassword } from '../../../components/ui/dialogs';
import { ProfilePage } from './ProfilePage';

vi.mock('../../../components/ui/dialogs', () => ({
  showSuccess: vi.fn(async () => {}),
  showError: vi.fn(async () => {}),
  confirmDialog: vi.fn(async () => false),
  confirmWithPassword: vi.fn(async () => undefined),
}));

/** XMLHttpRequest that answers an upload with a stored URL, reporting progress on the way. */
class FakeUpload {
  static url = '/uploads/1715000000000-me.webp';
  status = 200;
  response: unknown = null;
  withCredentials = false;
  responseType = '';
  private listeners: Record<string, () => void> = {};
  private progress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null = null;
  upload = { addEventListener: (_type: string, cb: FakeUpload['progress']) => (this.progress = cb) };
  open() {}
  setRequestHeader() {}
  addEventListener(type: string, cb: () => void) {
    this.listeners[type] = cb;
  }
  send() {
    setTimeout(() => {
      this.progress?.({ lengthComputable: true, loaded: 1, total: 1 });
      this.response = { url: FakeUpload.url };
      this.listeners.load?.();
    }, 0);
  }
}

/** The account calls a test sends, without the reads of the profile's candidate sections (their own tests). */
const accountCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url]) => !String(url).startsWith('/api/profile/'));

describe('profile avatar', () => {
  beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeUpload));

  it('is saved as soon as it is uploaded, without pressing Update, and keeps unsaved edits', async () => {
    const saved: User = { ...alice, avatar: FakeUpload.url };
    const fetch = mockFetch((url, init) =>
      url === '/api/user/update/u1' && init?.method === 'POST' ? { body: saved } : undefined,
    );
    const { client } = renderPage(<ProfilePage />, { path: '/profile', user: alice });
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.type(screen.getByLabelText('Name'), 'Alice B');

    await userEvent.upload(screen.getByTestId('avatar-file'), new File(['png'], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(screen.getByTestId('upload-status')).toHaveTextContent('Image successfully uploaded!'));

    expect(accountCalls(fetch)).toHaveLength(1);
    const [, init] = accountCalls(fetch)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ avatar: FakeUpload.url });
    // Everyone (the header too) sees the new avatar; the name typed but not saved is still there.
    expect(client.getQueryData<User>(queryKeys.me)?.avatar).toBe(FakeUpload.url);
    expect(screen.getByLabelText('Name')).toHaveValue('Alice B');
  });
});

describe('profile notes and field messages', () => {
  it('"Nothing to update" goes away once a field changes', async () => {
    mockFetch(() => undefined);
    renderPage(<ProfilePage />, { path: '/profile', user: alice });
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(screen.getByText(/Nothing to update/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Resume link'), 'h');
    expect(screen.queryByText(/Nothing to update/)).not.toBeInTheDocument();
  });

  it('a taken username shows beside the username, until the username is changed', async () => {
    mockFetch((url) =>
      url === '/api/user/update/u1'
        ? { status: 409, body: { success: false, statusCode: 409, message: 'This username is already taken' } }
        : undefined,
    );
    renderPage(<ProfilePage />, { path: '/profile', user: alice });
    const username = screen.getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'bob');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(username).toHaveAccessibleDescription('This username is already taken'));
    await userEvent.type(username, 'by');
    expect(username).not.toHaveAccessibleDescription('This username is already taken');
    expect(screen.queryByText('This username is already taken')).not.toBeInTheDocument();
  });
});

describe('profile: current password and e-mail change', () => {
  const account: Account = { ...alice, emailVerified: true, pendingEmail: null, locale: null };
  const refused = (message: string, status = 400) => ({
    status,
    body: { success: false, statusCode: status, message },
  });
  const bodyOf = (fetch: ReturnType<typeof mockFetch>) =>
    JSON.parse(String(fetch.mock.calls.find(([url]) => url === '/api/user/update/u1')?.[1]?.body)) as unknown;

  it('asks for the current password once a new password is typed, and sends it along', async () => {
    const fetch = mockFetch((url) => (url === '/api/user/update/u1' ? { body: account } : undefined));
    renderPage(<ProfilePage />, { path: '/profile', user: account });
    expect(screen.queryByLabelText('Current password', { selector: 'input' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a-brand-new-password');
    const current = screen.getByLabelText('Current password', { selector: 'input' });
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    await userEvent.type(current, 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(bodyOf(fetch)).toEqual({ password: 'a-brand-new-password', currentPassword: 'the-old-password' }),
    );
    // Saved: both password fields are empty again, and the current password is not asked for any more.
    await waitFor(() =>
      expect(screen.queryByLabelText('Current password', { selector: 'input' })).not.toBeInTheDocument(),
    );
  });

  it('a new e-mail waits for its link: the notice names it, the field keeps the confirmed address', async () => {
    const pending: Account = { ...account, pendingEmail: 'alice.new@example.com' };
    const fetch = mockFetch((url) => (url === '/api/user/update/u1' ? { body: pending } : undefined));
    const { client } = renderPage(<ProfilePage />, { path: '/profile', user: account });
    const email = screen.getByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'alice.new@example.com');
    await userEvent.type(screen.getByLabelText('Current password', { selector: 'input' }), 'the-old-password');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    const notice = await screen.findByTestId('pending-email');
    expect(notice).toHaveTextContent('Waiting for confirmation: alice.new@example.com');
    expect(notice).toHaveTextContent(MESSAGES.emailChangePending);
    expect(bodyOf(fetch)).toEqual({ email: 'alice.new@example.com', currentPassword: 'the-old-password' });
    expect(email).toHaveValue('alice@example.com');
    expect(client.getQueryData<SessionUser>(queryKeys.me)?.pendingEmail).toBe('alice.new@example.com');
  });

  it('shows an address already waiting when the page opens', () => {
    mockFetch(() => undefined);
    renderPage(<ProfilePage />, { path: '/profile', user: { ...account, pendingEmail: 'later@example.com' } as User });
    expect(screen.getByTestId('pending-email')).toHaveTextContent('Waiting for confirmation: later@example.com');
  });

  it('a wrong current password shows beside that field', async () => {
    mockFetch((url) => (url === '/api/user/update/u1' ? refused(MESSAGES.currentPasswordWrong) : undefined));
    renderPage(<ProfilePage />, { path: '/profile', user: account });
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a-brand-new-password');
    await userEvent.type(screen.getByLabelText('Current password', { selector: 'input' }), 'not-it');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Current password', { selector: 'input' })).toHaveAccessibleDescription(
        'Your current password is not correct',
      ),
    );
  });

  it('an account without a password is told to sign in with Google again, as the form note', async () => {
    mockFetch((url) => (url === '/api/user/update/u1' ? refused(MESSAGES.reauthenticateWithGoogle, 403) : undefined));
    renderPage(<ProfilePage />, { path: '/profile', user: account });
    await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'a-brand-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(screen.getByTestId('profile-note')).toHaveTextContent(MESSAGES.reauthenticateWithGoogle),
    );
  });
});

describe('account deletion', () => {
  it('asks for the current password in the confirmation and sends it; cancelling sends nothing', async () => {
    const fetch = mockFetch((url, init) =>
      url === '/api/user/delete/u1' && init?.method === 'DELETE'
        ? { body: { success: true, message: 'User has been deleted' } }
        : undefined,
    );
    renderPage(<ProfilePage />, { path: '/profile', user: alice });
    await userEvent.click(screen.getByRole('button', { name: /Delete Account/ }));
    expect(accountCalls(fetch)).toHaveLength(0);

    vi.mocked(confirmWithPassword).mockResolvedValueOnce('my current password');
    await userEvent.click(screen.getByRole('button', { name: /Delete Account/ }));
    await waitFor(() => expect(accountCalls(fetch)).toHaveLength(1));
    expect(confirmWithPassword).toHaveBeenCalledWith(
      MESSAGES.confirmTitle,
      MESSAGES.confirmDeleteAccountText,
      MESSAGES.confirmDeleteAccountButton,
    );
    const [url, init] = accountCalls(fetch)[0] ?? [];
    expect(url).toBe('/api/user/delete/u1');
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: 'my current password' });
  });
});
