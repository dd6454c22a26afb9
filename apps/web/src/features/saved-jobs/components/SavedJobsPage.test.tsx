import type { SavedJob, SavedJobsPage as SavedPage } from '@jobboard/shared';
import { SAVED_JOBS_LIMITS } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { pageFromParams, SavedJobsPage } from './SavedJobsPage';

const savedJob = (id: string, overrides: Partial<SavedJob> = {}): SavedJob => ({
  ...job,
  _id: id,
  jobTitle: `Job ${id}`,
  savedAt: '2026-11-20T09:30:00.000Z',
  ...overrides,
});

const pageOf = (items: SavedJob[], total = items.length, page = 1): { body: SavedPage } => ({
  body: { items, total, page, pageSize: SAVED_JOBS_LIMITS.pageSize },
});

describe('Saved Jobs page', () => {
  it('lists the saved jobs; a closed or expired one is marked and does not lead on to applying', async () => {
    mockFetch((url) => {
      if (url === '/api/saved-jobs?page=1') {
        return pageOf([
          savedJob('a'),
          savedJob('b', { status: 'closed' }),
          savedJob('c', { status: 'expired', validThrough: '2026-01-31' }),
        ]);
      }
      if (url === '/api/saved-jobs/ids') return { body: { ids: ['a', 'b', 'c'] } };
      return undefined;
    });
    renderPage(<SavedJobsPage />, { path: '/saved-jobs', user: alice });
    expect(screen.getByText('Loading your saved jobs...')).toBeInTheDocument();
    const cards = await screen.findAllByTestId('saved-job');
    expect(cards).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 1, name: 'Your Saved Jobs' })).toBeInTheDocument();
    expect(screen.getByText('3 saved jobs')).toBeInTheDocument();
    const [open, closed, expired] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(open).getByRole('link', { name: 'View and apply' })).toHaveAttribute('href', '/job/a');
    expect(within(open).queryByTestId('saved-job-status')).not.toBeInTheDocument();
    expect(within(open).getByText('2026-11-20')).toBeInTheDocument();
    expect(within(closed).getByTestId('saved-job-status')).toHaveTextContent('Closed');
    expect(within(closed).getByText(/The employer has closed this job/)).toBeInTheDocument();
    expect(within(closed).queryByRole('link', { name: 'View and apply' })).not.toBeInTheDocument();
    expect(within(expired).getByTestId('saved-job-status')).toHaveTextContent('Expired');
    expect(within(expired).getByText(/Applications closed on January 31, 2026/)).toBeInTheDocument();
    expect(within(expired).queryByRole('link', { name: 'View and apply' })).not.toBeInTheDocument();
    // The title still opens the job's page (which says why it takes no applications).
    expect(within(closed).getByRole('link', { name: 'Job b' })).toHaveAttribute('href', '/job/b');
    await waitFor(() =>
      expect(within(closed).getByRole('button', { name: 'Saved' })).toHaveAttribute('aria-pressed', 'true'),
    );
  });

  it('says there is nothing saved yet, with a way to find jobs', async () => {
    mockFetch((url) =>
      url === '/api/saved-jobs?page=1' ? pageOf([]) : url === '/api/saved-jobs/ids' ? { body: { ids: [] } } : undefined,
    );
    renderPage(<SavedJobsPage />, { path: '/saved-jobs', user: alice });
    expect(await screen.findByText('No saved jobs yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find jobs' })).toHaveAttribute('href', '/');
  });

  it('says when the list could not be loaded, and tries again', async () => {
    let fail = true;
    mockFetch((url) => {
      if (url === '/api/saved-jobs?page=1') {
        return fail
          ? {
              status: 503,
              body: { success: false, statusCode: 503, message: 'The service is temporarily unavailable.' },
            }
          : pageOf([savedJob('a')]);
      }
      if (url === '/api/saved-jobs/ids') return { body: { ids: ['a'] } };
      return undefined;
    });
    renderPage(<SavedJobsPage />, { path: '/saved-jobs', user: alice });
    const alert = await screen.findByRole('alert', {}, { timeout: 4000 });
    expect(alert).toHaveTextContent('Could not load your saved jobs');
    expect(alert).toHaveTextContent('The service is temporarily unavailable.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('saved-job')).toBeInTheDocument();
  });

  it('keeps the page number in the URL, and pages with Previous and Next', async () => {
    const fetch = mockFetch((url) => {
      const page = Number(new URL(url, 'http://x').searchParams.get('page'));
      if (url.startsWith('/api/saved-jobs?page=')) return pageOf([savedJob(`p${page}`)], 25, page);
      if (url === '/api/saved-jobs/ids') return { body: { ids: [] } };
      return undefined;
    });
    renderPage(<SavedJobsPage />, { path: '/saved-jobs?page=2', user: alice });
    expect(await screen.findByRole('link', { name: 'Job p2' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('link', { name: 'Job p3' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/saved-jobs?page=3');
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: /Previous/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Previous/ }));
    expect(await screen.findByRole('link', { name: 'Job p1' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/saved-jobs$/);
    expect(fetch.mock.calls.map(([url]) => String(url))).toEqual(
      expect.arrayContaining(['/api/saved-jobs?page=2', '/api/saved-jobs?page=3', '/api/saved-jobs?page=1']),
    );
  });

  it('a page past the end offers the last page', async () => {
    mockFetch((url) => {
      if (url === '/api/saved-jobs?page=9') return pageOf([], 12, 9);
      if (url === '/api/saved-jobs?page=2') return pageOf([savedJob('z')], 12, 2);
      if (url === '/api/saved-jobs/ids') return { body: { ids: [] } };
      return undefined;
    });
    renderPage(<SavedJobsPage />, { path: '/saved-jobs?page=9', user: alice });
    await userEvent.click(await screen.findByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByRole('link', { name: 'Job z' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/saved-jobs?page=2');
  });

  it('unsaving from the list removes the job once the server has it', async () => {
    let saved = [savedJob('a'), savedJob('b')];
    const fetch = mockFetch((url, init) => {
      if (url === '/api/saved-jobs?page=1') return pageOf(saved);
      if (url === '/api/saved-jobs/ids') return { body: { ids: saved.map((j) => j._id) } };
      if (url === '/api/saved-jobs/a' && init?.method === 'DELETE') {
        saved = saved.filter((j) => j._id !== 'a');
        return { body: { jobId: 'a', saved: false, savedAt: null } };
      }
      return undefined;
    });
    renderPage(<SavedJobsPage />, { path: '/saved-jobs', user: alice });
    const first = (await screen.findAllByTestId('saved-job'))[0] as HTMLElement;
    const toggle = await within(first).findByRole('button', { name: 'Saved' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(toggle);
    await waitFor(() => expect(screen.getAllByTestId('saved-job')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Job a' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/saved-jobs/a' && init?.method === 'DELETE')).toBe(true);
  });
});

describe('pageFromParams', () => {
  it.each([
    ['', 1],
    ['page=3', 3],
    ['page=0', 1],
    ['page=-2', 1],
    ['page=abc', 1],
    ['page=1.5', 1],
    ['page=10000', 1],
  ])('%s -> %i', (query, page) => {
    expect(pageFromParams(new URLSearchParams(query))).toBe(page);
  });
});
