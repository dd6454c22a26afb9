import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { MyJobsPage } from './MyJobsPage';

const mine = (id: string, jobTitle: string) => ({ ...job, _id: id, jobTitle, postedBy: alice.email });
const row = (title: string) => screen.getByRole('link', { name: title }).closest('tr') as HTMLElement;

describe('My Jobs: statistics', () => {
  it("shows each job's views, applications and conversion", async () => {
    mockFetch((url) => {
      if (url === `/api/job/myJobs/${encodeURIComponent(alice.email)}`)
        return { body: [mine('j1', 'Chef'), mine('j2', 'Baker'), mine('j3', 'Waiter')] };
      if (url === '/api/job/my-stats')
        return {
          body: {
            items: [
              { jobId: 'j1', views: 1234, applications: 5, conversion: 5 / 1234 },
              { jobId: 'j2', views: 0, applications: 0, conversion: null },
            ],
          },
        };
      return undefined;
    });
    renderPage(<MyJobsPage />, { user: alice });
    expect(await screen.findByRole('columnheader', { name: 'STATISTICS' })).toBeInTheDocument();
    const chef = await within(await screen.findByRole('link', { name: 'Chef' }).then(() => row('Chef'))).findByTestId(
      'job-stats',
    );
    expect(chef).toHaveTextContent('Views1,234');
    expect(chef).toHaveTextContent('Applications5');
    expect(chef).toHaveTextContent('Conversion0.4%');
    expect(within(row('Baker')).getByTestId('job-stats')).toHaveTextContent('Conversion–');
    // A job the figures do not list yet (just posted) shows a dash.
    expect(within(row('Waiter')).queryByTestId('job-stats')).not.toBeInTheDocument();
  });

  it('says the figures are not available when they fail to load', async () => {
    mockFetch((url) => {
      if (url === `/api/job/myJobs/${encodeURIComponent(alice.email)}`) return { body: [mine('j1', 'Chef')] };
      if (url === '/api/job/my-stats') return { status: 400, body: { success: false, statusCode: 400, message: 'No' } };
      return undefined;
    });
    renderPage(<MyJobsPage />, { user: alice });
    await screen.findByRole('link', { name: 'Chef' });
    expect(await within(row('Chef')).findByText('Not available', {}, { timeout: 5_000 })).toBeInTheDocument();
  });
});
