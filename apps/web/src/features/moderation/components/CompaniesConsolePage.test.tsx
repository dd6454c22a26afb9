import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { screenWidth } from '../../../test/media';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { CompaniesConsolePage } from './CompaniesConsolePage';

const admin = { ...alice, isAdmin: true };
const company = (id: string, name: string, slug: string) => ({
  id,
  name,
  slug,
  creatorEmail: 'owner@example.com',
  members: 2,
  jobs: 3,
  openJobs: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
});
const page = {
  items: [
    company('c1', 'Harbour Freight Ltd', 'harbour-freight-ltd'),
    company('c2', 'Harbour Freight', 'harbour-freight'),
  ],
  total: 2,
  page: 1,
  pageSize: 25,
};

describe('the console’s Companies screen (issue 34)', () => {
  it('lists companies and merges a duplicate into the one kept, with a reason', async () => {
    const fetch = mockFetch((url, init) => {
      if (url === '/api/admin/companies?q=harbour') return { body: page };
      if (url === '/api/admin/companies/c1/merge' && init?.method === 'POST')
        return { body: { id: 'c1', message: 'Companies merged' } };
      return undefined;
    });
    renderPage(<CompaniesConsolePage />, { path: '/admin/companies?q=harbour', user: admin });
    const table = await screen.findByRole('table', { name: 'Companies' });
    const row = within(table).getByRole('row', { name: /Harbour Freight Ltd/ });
    expect(row).toHaveTextContent('3 (1)');
    await userEvent.click(within(row).getByRole('button', { name: 'Merge into…' }));
    const panel = screen.getByTestId('console-action');
    await userEvent.type(within(panel).getByLabelText('Merge into the company at /company/…'), 'harbour-freight');
    await userEvent.click(within(panel).getByRole('button', { name: 'Merge companies' }));
    expect(within(panel).getByRole('alert')).toHaveTextContent('Give a reason');
    await userEvent.type(within(panel).getByLabelText('Reason'), 'Same company twice');
    await userEvent.click(within(panel).getByRole('button', { name: 'Merge companies' }));
    expect(await screen.findByTestId('console-outcome')).toHaveTextContent('Companies merged');
    const merge = fetch.mock.calls.find(([url]) => url === '/api/admin/companies/c1/merge');
    expect(JSON.parse(String(merge?.[1]?.body))).toEqual({ reason: 'Same company twice', into: 'harbour-freight' });
  });

  it('shows cards under 600 px, and says so when nothing matches', async () => {
    screenWidth(390);
    mockFetch((url) => (url === '/api/admin/companies' ? { body: page } : undefined));
    const { unmount } = renderPage(<CompaniesConsolePage />, { path: '/admin/companies', user: admin });
    expect(await screen.findByRole('list', { name: 'Companies' })).toBeInTheDocument();
    expect(screen.getAllByTestId('console-company')).toHaveLength(2);
    unmount();
    mockFetch((url) =>
      url === '/api/admin/companies?q=zzz' ? { body: { items: [], total: 0, page: 1, pageSize: 25 } } : undefined,
    );
    renderPage(<CompaniesConsolePage />, { path: '/admin/companies?q=zzz', user: admin });
    expect(await screen.findByText('No company matches “zzz”')).toBeInTheDocument();
  });
});
