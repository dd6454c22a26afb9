import type { Application } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { JobPage } from './JobPage';

const carol = { ...alice, _id: 'u3', name: 'Carol', username: 'carol', email: 'carol@example.com' };

function renderJob(body: object, user?: typeof alice) {
  mockFetch((url) => (url === '/api/job/all-jobs/j1' ? { body } : undefined));
  return renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', ...(user ? { user } : {}) });
}

describe('job page: the poster and their company', () => {
  it('the poster gets Edit and View applicants instead of Apply Now', async () => {
    renderJob({ ...job, yourRole: 'poster' }, carol);
    expect(await screen.findByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/edit-job/j1');
    expect(screen.getByRole('link', { name: 'View applicants' })).toHaveAttribute('href', '/responses?job=j1');
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });

  it("a member of the job's company gets View applicants, neither Edit nor Apply Now", async () => {
    renderJob({ ...job, postedBy: 'carol@example.com', yourRole: 'member' }, alice);
    expect(await screen.findByRole('link', { name: 'View applicants' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Apply Now' })).not.toBeInTheDocument();
  });

  it('anybody else gets Apply Now and no owner actions', async () => {
    renderJob({ ...job, postedBy: job.posterName });
    expect(await screen.findByRole('button', { name: 'Apply Now' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View applicants' })).not.toBeInTheDocument();
  });
});

/** A screen `width` px wide as far as the `(max-width: N px)` queries go. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /\(max-width:\s*([\d.]+)px\)/.exec(query);
    const min = /\(min-width:\s*([\d.]+)px\)/.exec(query);
    const matches = max ? width <= Number(max[1]) : min ? width >= Number(min[1]) : false;
    return { matches, media: query, addEventListener: () => undefined, removeEventListener: () => undefined };
  });
}

describe('job page on a phone: Apply Now at the bottom of the screen', () => {
  it('at 390 px a seeker gets the bar; it opens the apply dialog', async () => {
    screenWidth(390);
    mockFetch((url) =>
      url === '/api/job/all-jobs/j1'
        ? { body: { ...job, postedBy: job.posterName } }
        : url === `/api/apply/appliedJobs/${alice._id}`
          ? { body: [] }
          : undefined,
    );
    renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: alice });
    const bar = await screen.findByTestId('mobile-apply-bar');
    // The page's one Apply Now: the panel after the description has none of its own there.
    expect(screen.getAllByRole('button', { name: 'Apply Now' })).toHaveLength(1);
    await userEvent.click(within(bar).getByRole('button', { name: 'Apply Now' }));
    expect(await screen.findByRole('dialog', { name: /^Apply to / })).toBeInTheDocument();
  });

  it('not for the poster, not after applying, not on a wide screen', async () => {
    screenWidth(390);
    const { unmount } = renderJob({ ...job, yourRole: 'poster' }, carol);
    await screen.findByRole('link', { name: 'View applicants' });
    expect(screen.queryByTestId('mobile-apply-bar')).not.toBeInTheDocument();
    unmount();

    const applied = { _id: 'a1', user: alice._id, job: job._id } as Application;
    mockFetch((url) =>
      url === '/api/job/all-jobs/j1'
        ? { body: job }
        : url === `/api/apply/appliedJobs/${alice._id}`
          ? { body: [applied] }
          : undefined,
    );
    const second = renderPage(<JobPage />, { path: '/job/j1', route: '/job/:id', user: alice });
    await waitFor(() => expect(screen.getByTestId('already-applied-note')).toBeInTheDocument());
    expect(screen.queryByTestId('mobile-apply-bar')).not.toBeInTheDocument();
    second.unmount();

    screenWidth(1280);
    renderJob({ ...job, postedBy: job.posterName });
    await screen.findAllByRole('button', { name: 'Apply Now' });
    expect(screen.queryByTestId('mobile-apply-bar')).not.toBeInTheDocument();
  });
});
