import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
