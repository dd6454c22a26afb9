import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { job, mockFetch, renderPage } from '../../../test/render';
import { JobPage } from './JobPage';

describe('job page: the description (decision 27)', () => {
  it("shows the server's HTML: links clickable with rel nofollow ugc noopener, lists; right-to-left text laid out as such", async () => {
    const withHtml = {
      ...job,
      description: 'Apply at https://example.com/apply\n\n- one',
      descriptionHtml:
        '<p>Apply at <a href="https://example.com/apply" rel="nofollow ugc noopener">https://example.com/apply</a></p><ul><li>one</li></ul>',
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
    mockFetch((url) =>
      url === '/api/job/all-jobs/j1' ? { body: { ...job, description: 'Plain **text**' } } : undefined,
    );
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    expect(await screen.findByText('Plain **text**')).toHaveAttribute('dir', 'auto');
  });

  it('one date style (Posted on as Applications close on); title and company laid out by their own direction', async () => {
    mockFetch((url) =>
      url === '/api/job/all-jobs/j1'
        ? { body: { ...job, jobTitle: 'مهندس برمجيات', postingDate: '2026-11-25', validThrough: '2027-02-23' } }
        : undefined,
    );
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'مهندس برمجيات' })).toHaveAttribute('dir', 'auto');
    const posted = screen.getByText('Posted on').closest('div') as HTMLElement;
    expect(posted).toHaveTextContent('November 25, 2026');
    expect(posted).not.toHaveTextContent('2026-11-25');
    expect(screen.getByText('February 23, 2027')).toBeInTheDocument();
  });

  it('a missing job says "Job not found" once', async () => {
    mockFetch((url) =>
      url === '/api/job/all-jobs/j1'
        ? { status: 404, body: { success: false, statusCode: 404, message: 'Job not found' } }
        : undefined,
    );
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeInTheDocument();
    expect(screen.getAllByText(/Job not found/)).toHaveLength(1);
  });
});
