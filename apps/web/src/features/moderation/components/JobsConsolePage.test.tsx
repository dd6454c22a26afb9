import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenWidth } from '../../../test/media';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { JobsConsolePage } from './JobsConsolePage';

const admin = { ...alice, isAdmin: true };
const job = (id: string, status: string, title: string) => ({
  id,
  title,
  company: 'Acme',
  status,
  moderationReason: status === 'hidden' ? 'Asks for a fee' : null,
  posterId: 'p1',
  posterEmail: 'poster@example.com',
  postedAt: '2026-11-20T10:00:00.000Z',
  openReports: 2,
  featuredUntil: null as string | null,
});
const page = {
  items: [job('j1', 'open', 'Open Role'), job('j2', 'hidden', 'Hidden Role')],
  total: 2,
  page: 1,
  pageSize: 25,
};

describe('the console’s Jobs screen (issue 34)', () => {
  it('lists jobs of the status in the address, and hides one with a reason through the moderation route', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/admin/jobs?status=hidden&q=role') return { body: page };
      if (url === '/api/admin/jobs/j1/hide' && init?.method === 'POST') return { body: { message: 'Job hidden' } };
      return undefined;
    });
    renderPage(<JobsConsolePage />, { path: '/admin/jobs?status=hidden&q=role', user: admin });
    const table = await screen.findByRole('table', { name: 'Jobs' });
    const rowOf = (title: string) => within(table).getByRole('row', { name: new RegExp(title) });
    const hidden = rowOf('Hidden Role');
    expect(hidden).toHaveTextContent('Reason: Asks for a fee');
    expect(within(hidden).getByRole('button', { name: 'Unhide' })).toBeInTheDocument();
    expect(within(hidden).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByLabelText('Status')).toHaveValue('hidden');
    await userEvent.click(within(rowOf('Open Role')).getByRole('button', { name: 'Hide' }));
    const panel = screen.getByTestId('console-action');
    await userEvent.click(within(panel).getByRole('button', { name: 'Hide job' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Give a reason');
    await userEvent.type(within(panel).getByRole('textbox'), 'Scam');
    await userEvent.click(within(panel).getByRole('button', { name: 'Hide job' }));
    expect(await screen.findByTestId('console-outcome')).toHaveTextContent('Job hidden');
    const hide = fetch.mock.calls.find(([url]) => url === '/api/admin/jobs/j1/hide');
    expect(JSON.parse(String(hide?.[1]?.body))).toEqual({ reason: 'Scam' });
  });

  it('shows cards under 600 px and says why when the list cannot load', async () => {
    screenWidth(390);
    mockFetch((url) => (url === '/api/admin/jobs' ? { body: page } : undefined));
    const { unmount } = renderPage(<JobsConsolePage />, { path: '/admin/jobs', user: admin });
    expect(await screen.findByRole('list', { name: 'Jobs' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getAllByTestId('console-job')).toHaveLength(2);
    unmount();
    mockFetch(() => ({ status: 500, body: { success: false, statusCode: 500, message: 'Database unavailable' } }));
    renderPage(<JobsConsolePage />, { path: '/admin/jobs', user: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the jobs');
  });

  it('features an open job until a chosen day, and stops featuring a featured one (issue 36)', async () => {
    const later = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const featured = { ...job('j3', 'open', 'Featured Role'), featuredUntil: later };
    const fetch = mockFetch((url, init) => {
      if (url === '/api/admin/jobs') return { body: { ...page, items: [page.items[0], featured], total: 3 } };
      if (url === '/api/admin/jobs/j1/featured' && init?.method === 'PUT') return { body: { message: 'Job featured' } };
      if (url === '/api/admin/jobs/j3/featured' && init?.method === 'DELETE')
        return { body: { message: 'Job no longer featured' } };
      return undefined;
    });
    renderPage(<JobsConsolePage />, { path: '/admin/jobs', user: admin });
    const table = await screen.findByRole('table', { name: 'Jobs' });
    const rowOf = (title: string) => within(table).getByRole('row', { name: new RegExp(title) });
    expect(rowOf('Featured Role')).toHaveTextContent(`Featured until ${later}`);
    expect(within(rowOf('Open Role')).queryByRole('button', { name: 'Stop featuring' })).toBeNull();
    await userEvent.click(within(rowOf('Open Role')).getByRole('button', { name: 'Feature' }));
    const panel = screen.getByTestId('console-action');
    const until = within(panel).getByLabelText('Featured until (the last day)');
    await userEvent.clear(until);
    await userEvent.type(until, later);
    await userEvent.type(within(panel).getByRole('textbox'), 'Sponsored');
    await userEvent.click(within(panel).getByRole('button', { name: 'Feature job' }));
    expect(await screen.findByTestId('console-outcome')).toHaveTextContent('Job featured');
    const put = fetch.mock.calls.find(([url, init]) => url === '/api/admin/jobs/j1/featured' && init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ reason: 'Sponsored', until: later });
    await userEvent.click(within(rowOf('Featured Role')).getByRole('button', { name: 'Stop featuring' }));
    const stop = screen.getByTestId('console-action');
    await userEvent.type(within(stop).getByRole('textbox'), 'Campaign over');
    await userEvent.click(within(stop).getByRole('button', { name: 'Stop featuring' }));
    expect(await screen.findByTestId('console-outcome')).toHaveTextContent('Job no longer featured');
  });
});
