import { PIPELINE_LIMITS } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { ResponsesPage } from './ResponsesPage';

const JOB = '11111111-1111-4111-8111-111111111111';
const empty = {
  body: {
    items: [],
    total: 0,
    page: 1,
    pageSize: PIPELINE_LIMITS.pageSize,
    jobs: [{ id: JOB, title: 'Job A', applications: 2 }],
  },
};

describe('Responses: new applications (issue 33)', () => {
  it("marks the job's applications seen once shown, and saves how the team hears of new ones", async () => {
    let mode = 'each';
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses')) return empty;
      if (url === '/api/applications/seen') return { body: { total: 0, jobs: {} } };
      if (url === `/api/applications/jobs/${JOB}/notifications`) {
        if (init?.method === 'PUT') mode = (JSON.parse(String(init.body)) as { mode: string }).mode;
        return { body: { mode } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: `/responses?job=${JOB}`, user: alice });
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url, init]) => url === '/api/applications/seen' && init?.method === 'POST')).toBe(
        true,
      ),
    );
    const seen = fetch.mock.calls.find(([url]) => url === '/api/applications/seen');
    expect(JSON.parse(String(seen?.[1]?.body))).toEqual({ jobId: JOB });

    const choice = await screen.findByLabelText('E-mail me about new ones');
    await waitFor(() => expect(choice).toBeEnabled());
    expect(choice).toHaveValue('each');
    await user.selectOptions(choice, 'daily');
    await waitFor(() => expect(mode).toBe('daily'));
    await waitFor(() => expect(choice).toHaveValue('daily'));
  });

  it('offers no e-mail choice for all jobs at once', async () => {
    mockFetch((url) =>
      url.startsWith('/api/applications/responses')
        ? empty
        : url === '/api/applications/seen'
          ? { body: { total: 0, jobs: {} } }
          : undefined,
    );
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    expect(await screen.findByLabelText('Job')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail me about new ones')).not.toBeInTheDocument();
  });
});
