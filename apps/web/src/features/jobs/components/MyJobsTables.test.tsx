import type { Job } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { MyJobsPage } from './MyJobsPage';

vi.mock('../../../components/ui/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
}));

describe('My Jobs: rows per page, the total, and applications that lead to them', () => {
  const mine = (i: number): Job => ({ ...job, _id: `j${i}`, jobTitle: `Job ${i}`, postedBy: alice.email });

  it('shows 4 jobs and the total by default, 10 when chosen; the applications count links to Responses for that job', async () => {
    mockFetch((url) => {
      if (url === `/api/job/myJobs/${encodeURIComponent(alice.email)}`)
        return { body: Array.from({ length: 12 }, (_, i) => mine(i + 1)) };
      if (url === '/api/job/my-stats')
        return { body: { items: [{ jobId: 'j1', views: 9, applications: 3, conversion: 1 / 3 }] } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<MyJobsPage />, { path: '/my-job', user: alice });
    expect(await screen.findByText('12 jobs')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Job \d+$/ })).toHaveLength(4);
    const row = screen.getByRole('link', { name: 'Job 1' }).closest('tr') as HTMLElement;
    const applications = await within(row).findByRole('link', { name: '3 applications to Job 1' });
    expect(applications).toHaveAttribute('href', '/responses?job=j1');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '10');
    await waitFor(() => expect(screen.getAllByRole('link', { name: /^Job \d+$/ })).toHaveLength(10));
    expect(screen.getByTestId('where')).toHaveTextContent('/my-job?pageSize=10');
  });

  it('marks the applications the poster has not looked at yet as new, per job', async () => {
    mockFetch((url) => {
      if (url === `/api/job/myJobs/${encodeURIComponent(alice.email)}`) return { body: [mine(1), mine(2)] };
      if (url === '/api/job/my-stats') {
        return {
          body: { items: [1, 2].map((i) => ({ jobId: `j${i}`, views: 9, applications: 3, conversion: 1 / 3 })) },
        };
      }
      if (url === '/api/applications/unseen') return { body: { total: 2, jobs: { j1: 2 } } };
      return undefined;
    });
    renderPage(<MyJobsPage />, { path: '/my-job', user: alice });
    const first = (await screen.findByRole('link', { name: 'Job 1' })).closest('tr') as HTMLElement;
    expect(await within(first).findByTestId('unseen-applications')).toHaveTextContent('2 new');
    const second = screen.getByRole('link', { name: 'Job 2' }).closest('tr') as HTMLElement;
    await within(second).findByRole('link', { name: '3 applications to Job 2' });
    expect(within(second).queryByTestId('unseen-applications')).not.toBeInTheDocument();
  });
});
