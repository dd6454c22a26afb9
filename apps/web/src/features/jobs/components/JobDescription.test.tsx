import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { job, mockFetch, renderPage } from '../../../test/render';
import { JobPage } from './JobPage';

describe('job page: the description (decision 26)', () => {
  it("shows the server's HTML: links clickable with rel nofollow ugc noopener, lists; right-to-left text laid out as such", async () => {
    const withHtml = {
      ...job,
      description: 'Apply at https://example.com/apply\n\n- one',
      descriptionHtml: '<p>Apply at <a href="https://example.com/apply" rel="nofollow ugc noopener">https://example.com/apply</a></p><ul><li>one</li></ul>',
    };
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: withHtml } : undefined));
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    const link = await screen.findByRole('link', { name: 'https://example.com/apply' });
    expect(link).toHaveAttribute('href', 'https://example.com/apply');
    expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    const description = screen.getByTestId('job-description');
    expect(description).toHaveAttribute('dir', 'auto');
    expect(description.querySelector('ul > li')).toHaveTextContent('one');
  });

  it('an answer without the HTML (an older server) shows the plain text as before', async () => {
    mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body: { ...job, description: 'Plain **text**' } } : undefined));
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    expect(await screen.findByText('Plain **text**')).toHaveAttribute('dir', 'auto');
  });
});
