import type { CompanyPage as CompanyPageData } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../lib/query-keys';
import { mockFetch, renderPage } from '../../test/render';
import { PageCrumb } from './PageCrumb';

const company = {
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
} satisfies CompanyPageData;

describe("a company page's breadcrumb", () => {
  it('names the company, not "Company", once it is known; and the crumb leaves the title to the page', async () => {
    mockFetch(() => undefined);
    document.title = 'Tidewater Labs | Jobboard';
    const { client } = renderPage(<PageCrumb pathname="/company/tidewater-labs" />, {
      path: '/company/tidewater-labs',
    });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Company');
    client.setQueryData(queryKeys.company('tidewater-labs'), company);
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('Tidewater Labs'),
    );
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).not.toHaveTextContent('Company');
    expect(document.title).toBe('Tidewater Labs | Jobboard');
  });
});
