import type { ReceivedApplication, ResponsesPage as ResponsesAnswer } from '@jobboard/shared';
import { PIPELINE_LIMITS } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { ResponsesPage } from './ResponsesPage';

/* What Responses offers a team member by role (issue 33): a viewer reads notes without the form the server refuses;
 * the bulk move reaches the company's own stages, as a row's move does. */

const JOB_A = '11111111-1111-4111-8111-111111111111';
const SHORTLIST = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  name: 'Shortlist',
  after: 'reviewing' as const,
  position: 0,
};

const application = (id: string): ReceivedApplication => ({
  _id: id,
  user: `u-${id}`,
  job: JOB_A,
  appliedDate: '2026-11-20T09:30:00.000Z',
  jobTitle: 'Job A',
  companyName: 'Acme',
  minPrice: '$20k',
  maxPrice: '$120k',
  postedBy: 'someone@example.com',
  applicantName: `Person ${id}`,
  applicantEmail: `${id}@example.com`,
  applicantResume: '',
  stage: 'applied',
  withdrawnAt: null,
  stageChangedAt: null,
  notesCount: 1,
});

const answer = (items: ReceivedApplication[], extra: Partial<ResponsesAnswer>): { body: ResponsesAnswer } => ({
  body: {
    items,
    total: items.length,
    page: 1,
    pageSize: PIPELINE_LIMITS.pageSize,
    jobs: [{ id: JOB_A, title: 'Job A', applications: items.length }],
    ...extra,
  },
});

describe('Responses for a team', () => {
  it('shows a viewer the notes without the form to add one', async () => {
    mockFetch((url) => {
      if (url.startsWith('/api/applications/responses')) return answer([application('a')], { readOnly: [JOB_A] });
      if (url === '/api/applications/a/notes') {
        const note = { id: 'n1', body: 'Strong portfolio', authorName: 'Owen', authorEmail: 'o@example.com' };
        return { body: { items: [{ ...note, createdAt: '2026-11-20T10:00:00.000Z' }] } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    await user.click(await screen.findByRole('button', { name: 'Notes on Person a (Job A): 1' }));
    expect(await screen.findByText('Strong portfolio')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add a note')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
  });

  it("offers the company's own stages in the bulk move and sends the one chosen", async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses'))
        return answer([application('a'), application('b')], { customStages: { [JOB_A]: [SHORTLIST] } });
      if (url === '/api/applications/bulk-stage' && init?.method === 'POST') {
        const change = { stage: 'reviewing', stageChangedAt: '2026-11-21T10:00:00.000Z', emailed: false };
        const items = ['a', 'b'].map((id) => ({ id, ok: true, change: { id, ...change, undoUntil: null } }));
        return { body: { items, moved: 2, failed: 0 } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    await user.click(await screen.findByRole('checkbox', { name: 'Select Person a (Job A) for a bulk move' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Person b (Job A) for a bulk move' }));
    const bar = screen.getByTestId('bulk-move-bar');
    const select = within(bar).getByLabelText('Move them to');
    expect(within(select).getByRole('option', { name: /Shortlist/ })).toBeInTheDocument();
    await user.selectOptions(select, `custom:${SHORTLIST.id}`);
    await user.click(within(bar).getByRole('button', { name: 'Move selected' }));
    await waitFor(() => expect(screen.getByTestId('bulk-outcome')).toHaveTextContent('2 moved.'));
    const sent = fetch.mock.calls.find(([url]) => url === '/api/applications/bulk-stage')?.[1]?.body;
    expect(JSON.parse(String(sent))).toEqual({ ids: ['a', 'b'], stage: 'reviewing', customStageId: SHORTLIST.id });
  });
});
