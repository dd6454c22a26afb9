import type { BannedUsersPage, HiddenJobsPage, QueuePage } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { AdminPage } from './AdminPage';

vi.mock('../../../components/ui/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
}));

const admin = { ...alice, isAdmin: true };
const emptyQueue: QueuePage = { items: [], total: 0, page: 1, pageSize: 10 };
const hiddenJob = {
  ...job,
  _id: 'j-hidden',
  jobTitle: 'Hidden scam',
  status: 'open' as const,
  moderation: { state: 'hidden' as const, reason: 'Asks for a fee', at: '2026-11-20T10:00:00.000Z' },
};
const hiddenPage: HiddenJobsPage = {
  items: [{ job: hiddenJob, poster: { id: 'u9', name: 'Mallory', email: 'mallory@example.com', bannedAt: null } }],
  total: 1,
  page: 1,
  pageSize: 10,
};
const bannedPage: BannedUsersPage = {
  items: [
    {
      id: 'u8',
      name: 'Spammer',
      email: 'spam@example.com',
      bannedAt: '2026-11-21T10:00:00.000Z',
      reason: 'Posts scams',
      hiddenJobs: 2,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 10,
};

function adminApi() {
  const calls: string[] = [];
  const fetch = mockFetch((url, init) => {
    if (init?.method === 'POST') {
      calls.push(url);
      if (url.endsWith('/approve'))
        return {
          body: { jobId: 'j-hidden', status: 'open', moderation: null, resolvedReports: 0, message: 'Job approved' },
        };
      if (url.endsWith('/unban'))
        return { body: { userId: 'u8', bannedAt: null, hiddenJobs: 0, message: 'Account unbanned' } };
    }
    if (url.startsWith('/api/admin/queue')) return { body: emptyQueue };
    if (url.startsWith('/api/admin/hidden-jobs'))
      return { body: calls.some((c) => c.endsWith('/approve')) ? { ...hiddenPage, items: [], total: 0 } : hiddenPage };
    if (url.startsWith('/api/admin/banned-users'))
      return { body: calls.some((c) => c.endsWith('/unban')) ? { ...bannedPage, items: [], total: 0 } : bannedPage };
    return undefined;
  });
  return { calls, fetch };
}

describe('/admin: hidden jobs and banned accounts', () => {
  it('lists hidden jobs with their reason; Unhide approves the job and it leaves the list', async () => {
    const { calls } = adminApi();
    renderPage(<AdminPage />, { path: '/admin', user: admin });
    const hidden = await screen.findByRole('region', { name: /Hidden jobs/ });
    const card = await within(hidden).findByTestId('hidden-job');
    expect(card).toHaveTextContent('Hidden scam');
    expect(card).toHaveTextContent('“Asks for a fee”');
    await userEvent.click(within(card).getByRole('button', { name: 'Unhide' }));
    await waitFor(() => expect(calls).toEqual(['/api/admin/jobs/j-hidden/approve']));
    expect(await within(hidden).findByText('No job is hidden.')).toBeInTheDocument();
    expect(screen.getByTestId('decision-outcome')).toHaveTextContent('Job approved: Hidden scam');
  });

  it('lists banned accounts; Unban calls the unban route and the account leaves the list', async () => {
    const { calls } = adminApi();
    renderPage(<AdminPage />, { path: '/admin', user: admin });
    const banned = await screen.findByRole('region', { name: /Banned accounts/ });
    const card = await within(banned).findByTestId('banned-user');
    expect(card).toHaveTextContent('spam@example.com');
    expect(card).toHaveTextContent('“Posts scams” · 2 hidden jobs');
    await userEvent.click(within(card).getByRole('button', { name: 'Unban' }));
    await waitFor(() => expect(calls).toEqual(['/api/admin/users/u8/unban']));
    expect(await within(banned).findByText('No account is banned.')).toBeInTheDocument();
  });

  it('shows neither list to someone who is not an administrator, and asks nothing of the server', async () => {
    const { fetch } = adminApi();
    renderPage(<AdminPage />, { path: '/admin', user: alice });
    expect(await screen.findByText(/This page is for the board/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Hidden jobs/ })).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/admin/'))).toEqual([]);
  });
});
