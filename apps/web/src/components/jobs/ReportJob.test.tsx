import type { MyReport } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, job, mockFetch, renderPage } from '../../test/render';
import { ReportJob } from './ReportJob';

const theirs = { _id: job._id, jobTitle: 'Scam job', postedBy: 'someone@example.com' };
const reportApi = (first: MyReport, afterPost: MyReport = first) => {
  let posted = false;
  return mockFetch((url, init) => {
    if (url !== `/api/job/${job._id}/report`) return undefined;
    if (init?.method === 'POST') {
      posted = true;
      return { status: 201, body: { reportId: 'r1', message: 'Thank you: an administrator will review this job' } };
    }
    return { body: posted ? afterPost : first };
  });
};
const open: MyReport = { report: { reportedAt: '2026-11-20T10:00:00.000Z', resolvedAt: null, resolution: null } };

describe('ReportJob: the caller who already reported', () => {
  it('shows "You reported this job" instead of the button after a reload', async () => {
    reportApi(open);
    renderPage(<ReportJob job={theirs} />, { user: alice });
    expect(await screen.findByTestId('reported-note')).toHaveTextContent(
      'You reported this job. An administrator will review it.',
    );
    expect(screen.queryByRole('button', { name: 'Report job' })).not.toBeInTheDocument();
  });

  it('shows the button to someone who never reported it, and the note once their report is sent', async () => {
    reportApi({ report: null }, open);
    const user = userEvent.setup();
    renderPage(<ReportJob job={theirs} />, { user: alice });
    await user.click(await screen.findByRole('button', { name: 'Report job' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Spam or advertising' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Done' }));
    expect(await screen.findByTestId('reported-note')).toHaveTextContent('You reported this job');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Report job' })).not.toBeInTheDocument());
  });

  it('tells the outcome once an administrator left the job up, and lets them report again', async () => {
    reportApi({
      report: {
        reportedAt: '2026-11-20T10:00:00.000Z',
        resolvedAt: '2026-11-21T10:00:00.000Z',
        resolution: 'approved',
      },
    });
    renderPage(<ReportJob job={theirs} />, { user: alice });
    expect(await screen.findByTestId('reported-note')).toHaveTextContent(
      'An administrator reviewed it and left it up.',
    );
    expect(screen.getByRole('button', { name: 'Report job' })).toBeInTheDocument();
  });
});
