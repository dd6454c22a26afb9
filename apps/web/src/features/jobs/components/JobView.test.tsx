import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { job, mockFetch, renderPage } from '../../../test/render';
import { JobPage } from './JobPage';

const views = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.filter(([url, init]) => String(url) === '/api/job/j1/view' && init?.method === 'POST').length;

describe('job page: the view count', () => {
  it('counts one view once the job is shown (under StrictMode too)', async () => {
    const fetch = mockFetch((url) => {
      if (url === '/api/job/all-jobs/j1') return { body: job };
      if (url === '/api/job/j1/view') return { body: { counted: true } };
      return undefined;
    });
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', strict: true });
    expect(await screen.findByRole('heading', { level: 1, name: job.jobTitle })).toBeInTheDocument();
    await waitFor(() => expect(views(fetch)).toBe(1));
  });

  it('counts nothing for a job that is not there, and a failed count changes nothing on the page', async () => {
    const fetch = mockFetch((url) =>
      url === '/api/job/all-jobs/j1'
        ? { status: 404, body: { success: false, statusCode: 404, message: 'Job not found' } }
        : undefined,
    );
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id' });
    expect(await screen.findByRole('heading', { name: 'Job not found' })).toBeInTheDocument();
    expect(views(fetch)).toBe(0);
  });
});
