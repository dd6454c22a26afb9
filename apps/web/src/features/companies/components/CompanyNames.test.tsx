import type { CompanyPage as CompanyPageData } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { CompanyPage } from './CompanyPage';

const company: CompanyPageData = {
  id: 'c1',
  slug: 'tidewater-labs',
  name: 'Tidewater Labs',
  logo: '',
  website: '',
  description: '',
  canEdit: false,
  openJobs: 0,
  cover: '',
  links: [],
  descriptionHtml: '',
  jobs: [],
};

describe('a company page names the company', () => {
  it('in the document title: "<Company name> | Jobboard"', async () => {
    mockFetch((url) => (url === '/api/companies/tidewater-labs' ? { body: company } : undefined));
    renderPage(<CompanyPage />, { path: '/company/tidewater-labs', route: '/company/:slug', user: alice });
    await screen.findByRole('heading', { level: 1, name: 'Tidewater Labs' });
    await waitFor(() => expect(document.title).toBe('Tidewater Labs | Jobboard'));
  });
});
