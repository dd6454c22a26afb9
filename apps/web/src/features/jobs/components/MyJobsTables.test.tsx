import type { Job } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { MyJobsPage } from './MyJobsPage';

vi.mock('../../../components/ui/dialogs', () => ({ confirmDialog: vi.fn(async () => true), showError: vi.fn(async () => undefined), showSuccess: vi.fn(async () => undefined) }));

describe('My Jobs: rows per page, the total, and applications that lead to them', () => {
  const mine = (i: number): Job => ({ ...job, _id: `j${i}`, jobTitle: `Job ${i}`, postedBy: alice.email });

  it('shows 4 jobs and the total by default, 10 when chosen; the applications count links to Responses for that job', async () => {
    mockFetch((url) => {
      if (url === `/api/job/myJobs/${encodeURIComponent(alice.email)}`) return { body: Array.from({ length: 12 }, (_, i) => mine(i + 1)) };
      if (url === '/api/job/my-stats') return { body: { items: [{ jobId: 'j1', views: 9, applications: 3, conversion: 1 / 3 }] } };
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
});
