import type { Company } from '@jobboard/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { MyJobsPage } from './MyJobsPage';

vi.mock('../../../components/ui/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
}));

const acme: Company = {
  id: 'c1',
  slug: 'acme',
  name: 'Acme',
  logo: '',
  website: '',
  description: '',
  canEdit: true,
  openJobs: 3,
};

describe('My companies', () => {
  it('My Jobs lists the companies one is a member of, each a link to its page', async () => {
    mockFetch((url) => {
      if (url === '/api/companies/mine')
        return { body: [acme, { ...acme, id: 'c2', slug: 'beta-co', name: 'Beta Co', openJobs: 1 }] };
      if (url === `/api/job/myJobs/${encodeURIComponent(alice.email)}`) return { body: [] };
      return undefined;
    });
    renderPage(<MyJobsPage />, { path: '/my-job', user: alice });
    const list = await screen.findByRole('list', { name: 'My companies' });
    expect(screen.getByRole('link', { name: 'Acme' })).toHaveAttribute('href', '/company/acme');
    expect(screen.getByRole('link', { name: 'Beta Co' })).toHaveAttribute('href', '/company/beta-co');
    expect(list).toHaveTextContent('3 open jobs');
    expect(list).toHaveTextContent('1 open job');
  });
});
