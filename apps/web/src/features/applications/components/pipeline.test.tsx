import type { Application, Note, ReceivedApplication, ResponsesPage as ResponsesAnswer } from '@jobboard/shared';
import { PIPELINE_LIMITS } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog, showError } from '../../../components/ui/dialogs';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { AppliedJobsPage } from './AppliedJobsPage';
import { filtersFromParams, ResponsesPage } from './ResponsesPage';

vi.mock('../../../components/ui/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
}));

const JOB_A = '11111111-1111-4111-8111-111111111111';
const JOB_B = '22222222-2222-4222-8222-222222222222';

const application = (id: string, overrides: Partial<ReceivedApplication> = {}): ReceivedApplication => ({
  _id: id,
  user: `u-${id}`,
  job: JOB_A,
  appliedDate: '2026-11-20T09:30:00.000Z',
  jobTitle: 'Job A',
  companyName: 'Acme',
  minPrice: '$20k',
  maxPrice: '$120k',
  postedBy: alice.email,
  applicantName: `Person ${id}`,
  applicantEmail: `${id}@example.com`,
  applicantResume: '',
  stage: 'applied',
  withdrawnAt: null,
  stageChangedAt: null,
  notesCount: 0,
  ...overrides,
});

const page = (items: ReceivedApplication[], total = items.length, pageNumber = 1): { body: ResponsesAnswer } => ({
  body: {
    items,
    total,
    page: pageNumber,
    pageSize: PIPELINE_LIMITS.pageSize,
    jobs: [
      { id: JOB_B, title: 'Job B', applications: 1 },
      { id: JOB_A, title: 'Job A', applications: 5 },
    ],
  },
});

beforeEach(() => {
  vi.mocked(confirmDialog).mockClear();
  vi.mocked(showError).mockClear();
});

describe('filtersFromParams', () => {
  it('keeps a job id, a known stage, a page and a rows-per-page choice; drops anything else', () => {
    expect(filtersFromParams(new URLSearchParams(`job=${JOB_A}&stage=interview&page=3&pageSize=25`))).toEqual({
      job: JOB_A,
      stage: 'interview',
      page: 3,
      pageSize: 25,
    });
    expect(filtersFromParams(new URLSearchParams('job=x&stage=maybe&page=0&pageSize=7'))).toEqual({
      job: '',
      stage: '',
      page: 1,
      pageSize: 4,
    });
  });
});

describe('Responses page', () => {
  it('asks for the filters of the URL and writes new ones into it, back to page 1', async () => {
    const fetch = mockFetch((url) =>
      url.startsWith('/api/applications/responses') ? page([application('a')], 9, 2) : undefined,
    );
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: `/responses?job=${JOB_A}&page=2`, user: alice });
    expect(await screen.findByText('Person a')).toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(`/api/applications/responses?job=${JOB_A}&page=2`);
    expect(screen.getByLabelText('Job')).toHaveValue(JOB_A);
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Stage'), 'interview');
    await waitFor(() =>
      expect(screen.getByTestId('where')).toHaveTextContent(`/responses?job=${JOB_A}&stage=interview`),
    );
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
      `/api/applications/responses?job=${JOB_A}&stage=interview`,
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/responses$/));
  });

  it('numbers the items by their own page: while the next page loads, the current one keeps its numbers', async () => {
    const size = PIPELINE_LIMITS.pageSize;
    let release = () => {};
    const secondPageHeld = new Promise<void>((resolve) => (release = resolve));
    const firstPage = Array.from({ length: size }, (_, i) => application(`a${i}`));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.includes('page=2')) await secondPageHeld;
        const answer = url.startsWith('/api/applications/responses')
          ? url.includes('page=2')
            ? page([application('b0')], size + 1, 2)
            : page(firstPage, size + 1)
          : url === '/api/applications/threads/unread'
            ? { body: { total: 0, asCandidate: 0, asTeam: 0, threads: {} } }
            : { body: {} };
        return new Response(JSON.stringify(answer.body), { headers: { 'Content-Type': 'application/json' } });
      }),
    );
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    const itemOf = async (name: string) => (await screen.findByText(name)).closest('tr, li') as HTMLElement;
    expect(within(await itemOf('Person a0')).getByText('1')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/responses?page=2'));
    // Page 1's items are still shown while page 2 loads: numbered 1 to 4, not 5 to 8.
    expect(within(await itemOf('Person a0')).getByText('1')).toBeInTheDocument();
    expect(within(await itemOf('Person a0')).queryByText(String(size + 1))).toBeNull();

    release();
    expect(within(await itemOf('Person b0')).getByText(String(size + 1))).toBeInTheDocument();
  });

  it('moves a candidate with the stage select and "Move"; a move that e-mails asks first, and they are e-mailed', async () => {
    let stage: ReceivedApplication['stage'] = 'applied';
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses')) return page([application('a', { stage })]);
      if (url === '/api/applications/a/stage' && init?.method === 'PATCH') {
        stage = (JSON.parse(String(init.body)) as { stage: typeof stage }).stage;
        return { body: { id: 'a', stage, stageChangedAt: '2026-11-21T10:00:00.000Z', emailed: true, undoUntil: null } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    const select = await screen.findByRole('combobox', { name: 'Stage of Person a (Job A)' });
    await user.selectOptions(select, 'interview');
    // Choosing commits nothing.
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Move Person a (Job A) to Interview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Person a to Interview?' });
    expect(within(dialog).getByTestId('stage-mail-preview')).toHaveTextContent(
      'Acme would like to interview you for “Job A”.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move and e-mail' }));
    expect(await screen.findByText('Person a moved to Interview; they were e-mailed about it.')).toBeInTheDocument();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      stage: 'interview',
      message: 'They will be in touch about the next steps.',
    });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Stage of Person a (Job A)' })).toHaveValue('interview'),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("sends the poster's edited message; Cancel moves nobody", async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses')) return page([application('a')]);
      if (init?.method === 'PATCH')
        return {
          body: {
            id: 'a',
            stage: 'rejected',
            stageChangedAt: '2026-11-21T10:00:00.000Z',
            emailed: true,
            undoUntil: null,
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    await user.selectOptions(await screen.findByRole('combobox', { name: /Stage of Person a/ }), 'rejected');
    await user.click(screen.getByRole('button', { name: /^Move Person a/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: /^Move Person a/ }));
    const box = within(await screen.findByRole('dialog')).getByLabelText('Your message (plain text)');
    expect(box).toHaveValue('Thank you for applying, and good luck with your search.');
    await user.clear(box);
    await user.type(box, 'We chose another candidate. Thanks!');
    await user.click(screen.getByRole('button', { name: 'Move and e-mail' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({
      stage: 'rejected',
      message: 'We chose another candidate. Thanks!',
    });
  });

  it('moves to a stage that e-mails nobody without asking', async () => {
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses')) return page([application('a')]);
      if (init?.method === 'PATCH')
        return {
          body: {
            id: 'a',
            stage: 'reviewing',
            stageChangedAt: '2026-11-21T10:00:00.000Z',
            emailed: false,
            undoUntil: null,
          },
        };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    await user.selectOptions(await screen.findByRole('combobox', { name: /Stage of Person a/ }), 'reviewing');
    await user.click(screen.getByRole('button', { name: /^Move Person a/ }));
    expect(await screen.findByText('Person a moved to Reviewing.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(String(fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')?.[1]?.body))).toEqual({
      stage: 'reviewing',
    });
  });

  it('offers Undo while the e-mail waits: it takes the move back and says no e-mail was sent', async () => {
    let stage: ReceivedApplication['stage'] = 'applied';
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses')) return page([application('a', { stage })]);
      if (url === '/api/applications/a/stage' && init?.method === 'PATCH') {
        stage = 'offer';
        const now = Date.now();
        return {
          body: {
            id: 'a',
            stage,
            stageChangedAt: new Date(now).toISOString(),
            emailed: true,
            undoUntil: new Date(now + 30_000).toISOString(),
          },
        };
      }
      if (url === '/api/applications/a/stage/undo' && init?.method === 'POST') {
        stage = 'applied';
        return { body: { id: 'a', stage, stageChangedAt: new Date().toISOString(), emailed: false, undoUntil: null } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    await user.selectOptions(await screen.findByRole('combobox', { name: /Stage of Person a/ }), 'offer');
    await user.click(screen.getByRole('button', { name: /^Move Person a/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Move and e-mail' }));
    // The note is a live region, there (empty) before the move answers.
    await waitFor(() =>
      expect(screen.getByTestId('stage-note')).toHaveTextContent(
        'Person a moved to Offer; the e-mail to them goes in 30 seconds.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Undone: Person a is back in Applied; no e-mail was sent.')).toBeInTheDocument();
    // Besides marking the shown applications seen, the one POST is the undo.
    const posts = fetch.mock.calls.filter(
      ([url, init]) => init?.method === 'POST' && String(url) !== '/api/applications/seen',
    );
    expect(posts.map(([url]) => String(url))).toEqual(['/api/applications/a/stage/undo']);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Stage of Person a/ })).toHaveValue('applied'));
  });

  it("shows the server's refusal of a move", async () => {
    mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses')) return page([application('a')]);
      if (init?.method === 'PATCH')
        return { status: 409, body: { success: false, statusCode: 409, message: 'This application was withdrawn' } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    await user.selectOptions(await screen.findByRole('combobox', { name: /Stage of Person a/ }), 'offer');
    await user.click(screen.getByRole('button', { name: /^Move Person a/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Move and e-mail' }));
    await waitFor(() => expect(showError).toHaveBeenCalledWith('This application was withdrawn'));
  });

  it('marks a withdrawn application, without a stage select', async () => {
    mockFetch((url) =>
      url.startsWith('/api/applications/responses')
        ? page([application('a', { withdrawnAt: '2026-11-22T08:00:00.000Z' })])
        : undefined,
    );
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    expect(await screen.findByText('Withdrawn 2026-11-22')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Stage of/ })).not.toBeInTheDocument();
  });

  it('opens the private notes, lists them and adds one', async () => {
    const notes: Note[] = [
      {
        id: 'n1',
        body: 'Strong portfolio',
        authorName: 'Alice',
        authorEmail: alice.email,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ];
    const fetch = mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses')) return page([application('a', { notesCount: notes.length })]);
      if (url === '/api/applications/a/notes' && init?.method === 'POST') {
        const note: Note = {
          id: 'n2',
          body: (JSON.parse(String(init.body)) as { body: string }).body,
          authorName: 'Alice',
          authorEmail: alice.email,
          createdAt: '2026-11-21T10:00:00.000Z',
        };
        notes.push(note);
        return { status: 201, body: note };
      }
      if (url === '/api/applications/a/notes') return { body: { items: notes } };
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    const toggle = await screen.findByRole('button', { name: 'Notes on Person a (Job A): 1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('Strong portfolio')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Add a note'), 'Invite to interview');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    const list = await screen.findByRole('list', { name: 'Notes' });
    await waitFor(() => expect(within(list).getByText('Invite to interview')).toBeInTheDocument());
    expect(screen.getByLabelText('Add a note')).toHaveValue('');
    expect(fetch.mock.calls.some(([url, init]) => url === '/api/applications/a/notes' && init?.method === 'POST')).toBe(
      true,
    );
  });

  it('has an empty state, and a filtered one', async () => {
    mockFetch((url) => (url.startsWith('/api/applications/responses') ? page([]) : undefined));
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    expect(await screen.findByText('No Data Found !')).toBeInTheDocument();
  });

  it('says when nothing matches the filters', async () => {
    mockFetch((url) => (url.startsWith('/api/applications/responses') ? page([]) : undefined));
    renderPage(<ResponsesPage />, { path: '/responses?stage=hired', user: alice });
    expect(await screen.findByText('No applications match these filters')).toBeInTheDocument();
  });

  it('shows an error with a way to try again', async () => {
    let fail = true;
    mockFetch((url) => {
      if (!url.startsWith('/api/applications/responses')) return undefined;
      return fail
        ? { status: 503, body: { success: false, statusCode: 503, message: 'Database unavailable' } }
        : page([application('a')]);
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('Database unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Person a')).toBeInTheDocument();
  });
});

describe('Applied Jobs', () => {
  const mine = (id: string, overrides: Partial<Application> = {}): Application => {
    const { stageChangedAt: _s, notesCount: _n, ...base } = application(id, { user: alice._id, jobTitle: `Job ${id}` });
    return { ...base, ...overrides };
  };

  it("shows each application's stage and withdraws after confirming", async () => {
    let withdrawnAt: string | null = null;
    const fetch = mockFetch((url, init) => {
      if (url === `/api/apply/appliedJobs/${alice._id}`)
        return {
          body: [
            mine('a', { stage: 'interview', withdrawnAt }),
            mine('b', { withdrawnAt: '2026-11-01T00:00:00.000Z' }),
          ],
        };
      if (url === '/api/applications/a/withdraw' && init?.method === 'POST') {
        withdrawnAt = '2026-11-23T12:00:00.000Z';
        return { body: { id: 'a', withdrawnAt } };
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied', user: alice });
    const rowA = (await screen.findByRole('link', { name: 'Job a' })).closest('tr') as HTMLElement;
    const rowB = screen.getByRole('link', { name: 'Job b' }).closest('tr') as HTMLElement;
    expect(within(rowA).getByTestId('stage')).toHaveTextContent('Interview');
    expect(within(rowB).getByText('Withdrawn 2026-11-01')).toBeInTheDocument();
    expect(within(rowB).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();

    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(within(rowA).getByRole('button', { name: 'Withdraw your application to Job a' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(within(rowA).getByRole('button', { name: 'Withdraw your application to Job a' }));
    await waitFor(() => expect(within(rowA).getByText('Withdrawn 2026-11-23')).toBeInTheDocument());
    expect(confirmDialog).toHaveBeenCalledTimes(2);
    expect(within(rowA).queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
    // No jobStatus (an older server): the job counts as open.
    expect(within(rowB).queryByTestId('job-gone')).not.toBeInTheDocument();
  });

  it("marks the rows whose thread holds messages not read yet, and lists each side's threads above its list", async () => {
    mockFetch((url) => {
      if (url === '/api/applications/threads/unread')
        return {
          body: {
            total: 3,
            asCandidate: 2,
            asTeam: 1,
            threads: { a: 2, b: 1 },
            waiting: [
              {
                applicationId: 'b',
                side: 'team',
                jobTitle: 'Job A',
                withName: 'Person b',
                unread: 1,
                latestAt: '2026-11-28T10:00:00.000Z',
              },
              {
                applicationId: 'a',
                side: 'candidate',
                jobTitle: 'Job a',
                withName: 'Acme',
                unread: 2,
                latestAt: '2026-11-27T10:00:00.000Z',
              },
            ],
          },
        };
      if (url === `/api/apply/appliedJobs/${alice._id}`)
        return { body: [mine('a'), mine('c'), mine('gone', { jobStatus: 'removed' })] };
      if (url.startsWith('/api/applications/responses')) return page([application('b'), application('d')]);
      return undefined;
    });
    const { unmount } = renderPage(<AppliedJobsPage />, { path: '/jobs-applied', user: alice });
    const rowOf = async (title: string) =>
      (await within(await screen.findByRole('table')).findByText(title)).closest('tr') as HTMLElement;
    await waitFor(async () =>
      expect(within(await rowOf('Job a')).getByTestId('unread-messages')).toHaveTextContent('2 new messages'),
    );
    expect(within(await rowOf('Job c')).queryByTestId('unread-messages')).not.toBeInTheDocument();
    expect(within(await rowOf('Job gone')).queryByTestId('unread-messages')).not.toBeInTheDocument();
    // Above the list, whichever page the rows are on: a link to each of this side's threads that wait.
    const notice = within(screen.getByRole('region', { name: 'New messages from employers' }));
    expect(notice.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Job a · Acme · 2 new messages']);
    expect(notice.getByRole('link', { name: 'Job a' })).toHaveAttribute('href', '/messages/a');
    unmount();

    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    const candidate = async (name: string) =>
      (await within(await screen.findByRole('table')).findByRole('link', { name })).closest('tr') as HTMLElement;
    await waitFor(async () =>
      expect(within(await candidate('Person b')).getByTestId('unread-messages')).toHaveTextContent('1 new message'),
    );
    expect(within(await candidate('Person d')).queryByTestId('unread-messages')).not.toBeInTheDocument();
    const teamNotice = within(screen.getByRole('region', { name: 'New messages from candidates' }));
    expect(teamNotice.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Person b · Job A · 1 new message',
    ]);
    expect(teamNotice.getByRole('link', { name: 'Person b' })).toHaveAttribute('href', '/candidates/b');
  });

  it('says which jobs closed, expired or were taken down, and links only to those still shown', async () => {
    mockFetch((url) =>
      url === `/api/apply/appliedJobs/${alice._id}`
        ? {
            body: [
              mine('open', { jobStatus: 'open' }),
              mine('shut', { jobStatus: 'closed' }),
              mine('late', { jobStatus: 'expired' }),
              mine('gone', { jobStatus: 'removed' }),
            ],
          }
        : undefined,
    );
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied', user: alice });
    const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr') as HTMLElement;
    // Open: linked, nothing more (as when an old server does not say: the test above).
    expect(within(await rowOf('Job open')).getByRole('link', { name: 'Job open' })).toHaveAttribute(
      'href',
      `/job/${JOB_A}`,
    );
    expect(within(await rowOf('Job open')).queryByTestId('job-gone')).not.toBeInTheDocument();
    expect(within(await rowOf('Job shut')).getByTestId('job-gone')).toHaveTextContent('Job closed');
    expect(within(await rowOf('Job shut')).getByRole('link', { name: 'Job shut' })).toBeInTheDocument();
    expect(within(await rowOf('Job late')).getByTestId('job-gone')).toHaveTextContent('Job expired');
    const removed = await rowOf('Job gone');
    expect(within(removed).getByTestId('job-gone')).toHaveTextContent('No longer available');
    expect(within(removed).queryByRole('link')).not.toBeInTheDocument();
  });
});
