import type { Job } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '../../../components/ui/dialogs';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { addDays, todayIso } from '../job-dates';
import { MyJobsPage } from './MyJobsPage';

vi.mock('../../../components/ui/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
}));

const mine = (status: Job['status'], id: string, title: string, validThrough: string): Job => ({
  ...job,
  _id: id,
  jobTitle: title,
  status,
  validThrough,
  postedBy: alice.email,
});

function api() {
  const today = todayIso();
  let jobs = [
    mine('open', 'j1', 'Open Chef', addDays(today, 10)),
    mine('closed', 'j2', 'Closed Baker', addDays(today, 10)),
    mine('expired', 'j3', 'Expired Waiter', addDays(today, -3)),
  ];
  const fetch = mockFetch((url, init) => {
    if (url === `/api/job/myJobs/${encodeURIComponent(alice.email)}`) return { body: jobs };
    const patch = /^\/api\/job\/update-job\/(\w+)$/.exec(url);
    if (patch && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as { status: 'open' | 'closed'; validThrough?: string };
      jobs = jobs.map((j) =>
        j._id === patch[1] ? { ...j, status: body.status, validThrough: body.validThrough ?? j.validThrough } : j,
      );
      return { body: { acknowledged: true, modifiedCount: 1 } };
    }
    return undefined;
  });
  return { fetch, today };
}

const row = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;
const patches = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === 'PATCH')
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body)) as unknown]);

describe('My Jobs: status and actions', () => {
  it('shows each job with its status and the actions it allows', async () => {
    api();
    renderPage(<MyJobsPage />, { user: alice });
    await screen.findByRole('link', { name: 'Open Chef' });
    expect(screen.getByRole('columnheader', { name: 'STATUS' })).toBeInTheDocument();
    expect(within(row('Open Chef')).getByText('Open')).toBeInTheDocument();
    expect(within(row('Open Chef')).getByText(/^until /)).toBeInTheDocument();
    expect(within(row('Closed Baker')).getByText('Closed')).toBeInTheDocument();
    expect(within(row('Expired Waiter')).getByText('Expired')).toBeInTheDocument();
    expect(within(row('Expired Waiter')).getByText(/^on /)).toBeInTheDocument();
    expect(within(row('Open Chef')).getByRole('button', { name: 'Close Open Chef' })).toBeInTheDocument();
    expect(within(row('Open Chef')).getByRole('button', { name: 'Renew (+30 days) Open Chef' })).toBeInTheDocument();
    expect(within(row('Closed Baker')).getByRole('button', { name: 'Reopen Closed Baker' })).toBeInTheDocument();
    expect(
      within(row('Expired Waiter')).getByRole('button', { name: 'Renew (+30 days) Expired Waiter' }),
    ).toBeInTheDocument();
    expect(within(row('Open Chef')).getByText(/\$20,000.*120,000 a year/)).toBeInTheDocument();
  });

  it('a hidden job says Hidden, not a green Open, and offers no Close or Renew; one awaiting review says so', async () => {
    const today = todayIso();
    const hidden: Job = {
      ...mine('open', 'h1', 'Hidden Cook', addDays(today, 10)),
      moderation: { state: 'hidden', reason: 'Scam', at: '2026-11-20T10:00:00.000Z' },
    };
    const pending: Job = {
      ...mine('open', 'p1', 'Pending Cook', addDays(today, 10)),
      moderation: { state: 'pending', reason: null, at: null },
    };
    mockFetch((url) =>
      url === `/api/job/myJobs/${encodeURIComponent(alice.email)}` ? { body: [hidden, pending] } : undefined,
    );
    renderPage(<MyJobsPage />, { user: alice });
    await screen.findByRole('link', { name: 'Hidden Cook' });
    const status = (title: string) => within(row(title)).getAllByRole('cell')[4] as HTMLElement;
    expect(status('Hidden Cook')).toHaveTextContent('Hiddenby an administrator');
    expect(within(status('Hidden Cook')).queryByText('Open')).not.toBeInTheDocument();
    expect(within(row('Hidden Cook')).queryByRole('button', { name: /^(Close|Renew|Reopen)/ })).not.toBeInTheDocument();
    expect(status('Pending Cook')).toHaveTextContent('Awaiting reviewnot in search yet');
    expect(within(status('Pending Cook')).queryByText('Open')).not.toBeInTheDocument();
  });

  it('close asks first, then the table refreshes', async () => {
    const { fetch } = api();
    renderPage(<MyJobsPage />, { user: alice });
    await userEvent.click(await screen.findByRole('button', { name: 'Close Open Chef' }));
    expect(confirmDialog).toHaveBeenCalledWith(
      'Close this job?',
      expect.stringContaining('Open Chef'),
      'Yes, close it',
    );
    await waitFor(() => expect(within(row('Open Chef')).getByText('Closed')).toBeInTheDocument());
    expect(patches(fetch)).toEqual([['/api/job/update-job/j1', { status: 'closed' }]]);
    expect(screen.getByTestId('status-note')).toHaveTextContent('"Open Chef" is closed');
    expect(within(row('Open Chef')).getByRole('button', { name: 'Reopen Open Chef' })).toBeInTheDocument();
  });

  it('a refused confirmation changes nothing', async () => {
    const { fetch } = api();
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    renderPage(<MyJobsPage />, { user: alice });
    await userEvent.click(await screen.findByRole('button', { name: 'Close Open Chef' }));
    expect(patches(fetch)).toEqual([]);
  });

  it('reopen and renew send the status, and a new date for the renewal', async () => {
    const { fetch, today } = api();
    renderPage(<MyJobsPage />, { user: alice });
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen Closed Baker' }));
    await waitFor(() => expect(within(row('Closed Baker')).getByText('Open')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Renew (+30 days) Expired Waiter' }));
    await waitFor(() => expect(within(row('Expired Waiter')).getByText('Open')).toBeInTheDocument());
    expect(patches(fetch)).toEqual([
      ['/api/job/update-job/j2', { status: 'open' }],
      ['/api/job/update-job/j3', { status: 'open', validThrough: addDays(today, 30) }],
    ]);
  });
});
