import type { Application, ReceivedApplication, ResponsesPage as ResponsesAnswer } from '@jobboard/shared';
import { PIPELINE_LIMITS } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { screenWidth } from '../../../test/media';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { AppliedJobsPage } from './AppliedJobsPage';
import { ResponsesPage } from './ResponsesPage';

vi.mock('../../../components/ui/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
}));

const JOB_A = '11111111-1111-4111-8111-111111111111';

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

const received = (id: string, overrides: Partial<ReceivedApplication> = {}): ReceivedApplication => ({
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

const mine = (n: number, overrides: Partial<Application> = {}): Application => {
  const { stageChangedAt: _s, notesCount: _n, ...base } = received(`a${n}`, { user: alice._id, jobTitle: `Job ${n}` });
  return { ...base, ...overrides };
};

/** The Responses API over `all`: 4 a page, whatever page it is asked for (past the end: no items, as the server). */
function responsesApi(all: ReceivedApplication[]) {
  return mockFetch((url) => {
    if (!url.startsWith('/api/applications/responses')) return undefined;
    const pageNumber = Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
    const body: ResponsesAnswer = {
      items: all.slice((pageNumber - 1) * PIPELINE_LIMITS.pageSize, pageNumber * PIPELINE_LIMITS.pageSize),
      total: all.length,
      page: pageNumber,
      pageSize: PIPELINE_LIMITS.pageSize,
      jobs: [{ id: JOB_A, title: 'Job A', applications: all.length }],
    };
    return { body };
  });
}

describe('Applied Jobs under 600 px', () => {
  it('shows each application as a card with the column names as labels, and no table', async () => {
    screenWidth(390);
    mockFetch((url) =>
      url === `/api/apply/appliedJobs/${alice._id}`
        ? { body: [mine(1, { stage: 'offer' }), mine(2, { withdrawnAt: '2026-11-01T00:00:00.000Z' })] }
        : undefined,
    );
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied', user: alice });
    const list = await screen.findByRole('list', { name: 'Jobs you applied to' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByRole('heading', { name: /Job 1/ })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Job 1' })).toHaveAttribute('href', `/job/${JOB_A}`);
    for (const label of ['COMPANY NAME', 'SALARY', 'APPLICATION DATE', 'STAGE'])
      expect(first.getByText(label).tagName).toBe('DT');
    expect(first.getByText('COMPANY NAME').nextElementSibling).toHaveTextContent('Acme');
    expect(first.getByText('SALARY').nextElementSibling).toHaveTextContent('$20k - $120k');
    expect(first.getByText('APPLICATION DATE').nextElementSibling).toHaveTextContent('2026-11-20');
    expect(first.getByTestId('stage')).toHaveTextContent('Offer');
    expect(first.getByRole('button', { name: 'Withdraw your application to Job 1' })).toBeInTheDocument();
    const second = within(cards[1] as HTMLElement);
    expect(second.getByText('Withdrawn 2026-11-01')).toBeInTheDocument();
    expect(second.queryByRole('button', { name: /Withdraw/ })).not.toBeInTheDocument();
  });

  it('shows the table at 600 px', async () => {
    screenWidth(600);
    mockFetch((url) => (url === `/api/apply/appliedJobs/${alice._id}` ? { body: [mine(1)] } : undefined));
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied', user: alice });
    expect(await screen.findByRole('table', { name: 'Jobs you applied to' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Jobs you applied to' })).not.toBeInTheDocument();
  });

  it('says there is nothing, as a card', async () => {
    screenWidth(390);
    mockFetch((url) => (url === `/api/apply/appliedJobs/${alice._id}` ? { body: [] } : undefined));
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied', user: alice });
    expect(await screen.findByText('No Data Found !')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('Applied Jobs: pay', () => {
  // A job posted with structured pay in pounds; its flat fields are the ones derived from it.
  const pounds = mine(1, {
    minPrice: '68000',
    maxPrice: '85000',
    salary: { min: 68000, max: 85000, currency: 'GBP', period: 'year' },
  });
  // A job posted with the spec's free text: the spec's '$min - $max' stays.
  const text = mine(2, {
    minPrice: '20k',
    maxPrice: '$120k',
    salary: { min: 20000, max: 120000, currency: 'USD', period: 'year' },
  });
  const payCells = (container: HTMLElement) =>
    within(container)
      .getAllByText('SALARY')
      .map((label) => label.nextElementSibling?.textContent);

  it('formats structured pay in its currency on the cards, and keeps the spec text for free-text pay', async () => {
    screenWidth(390);
    mockFetch((url) => (url === `/api/apply/appliedJobs/${alice._id}` ? { body: [pounds, text] } : undefined));
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied', user: alice });
    const list = await screen.findByRole('list', { name: 'Jobs you applied to' });
    const [first, second] = payCells(list);
    expect(first).toMatch(/^£68,000 ?– ?(£)?85,000 a year$/);
    expect(second).toBe('$20k - $120k');
  });

  it('formats structured pay in its currency in the table', async () => {
    screenWidth(1280);
    mockFetch((url) => (url === `/api/apply/appliedJobs/${alice._id}` ? { body: [pounds, text] } : undefined));
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied', user: alice });
    const table = await screen.findByRole('table', { name: 'Jobs you applied to' });
    expect(within(table).getByText(/^£68,000 ?– ?(£)?85,000 a year$/)).toBeInTheDocument();
    expect(within(table).getByText('$20k - $120k')).toBeInTheDocument();
    expect(within(table).queryByText('$68000 - $85000')).not.toBeInTheDocument();
  });
});

describe('Applied Jobs: the page in the URL', () => {
  const five = () =>
    mockFetch((url) =>
      url === `/api/apply/appliedJobs/${alice._id}` ? { body: [1, 2, 3, 4, 5].map((n) => mine(n)) } : undefined,
    );

  it('opens the page of the URL, and Next and Previous write it, Back returns', async () => {
    five();
    const user = userEvent.setup();
    renderPage(
      <>
        <AppliedJobsPage />
        <Back />
      </>,
      { path: '/jobs-applied?page=2', user: alice },
    );
    expect(await screen.findByRole('link', { name: 'Job 5' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('link', { name: 'Job 1' })).toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/jobs-applied$/);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/jobs-applied?page=2'));
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/jobs-applied$/));
    expect(screen.getByRole('link', { name: 'Job 1' })).toBeInTheDocument();
  });

  it('a page past the end shows the last page and says so in the URL', async () => {
    five();
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied?page=9', user: alice });
    expect(await screen.findByRole('link', { name: 'Job 5' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/jobs-applied?page=2'));
  });

  it('a malformed page is page 1, and leaves the URL', async () => {
    five();
    renderPage(<AppliedJobsPage />, { path: '/jobs-applied?page=-3', user: alice });
    expect(await screen.findByRole('link', { name: 'Job 1' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/jobs-applied$/));
  });
});

describe('Responses under 600 px', () => {
  it('shows each candidate as a card: the labelled columns, the stage select, notes inside the card', async () => {
    screenWidth(390);
    responsesApi([
      received('a', { applicantResume: 'https://example.com/cv', notesCount: 2 }),
      received('b', { withdrawnAt: '2026-11-22T08:00:00.000Z' }),
    ]);
    mockFetchNotes();
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    const list = await screen.findByRole('list', { name: 'Applications to your jobs' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('response-row');
    expect(cards).toHaveLength(2);
    expect(cards.every((card) => card.tagName === 'LI' && list.contains(card))).toBe(true);
    const a = within(cards[0] as HTMLElement);
    expect(a.getByRole('heading', { name: /Person a/ })).toBeInTheDocument();
    for (const label of ['TITLE', 'RESUME LINK', 'E-MAIL', 'APPLICATION DATE', 'STAGE'])
      expect(a.getByText(label).tagName).toBe('DT');
    expect(a.getByText('E-MAIL').nextElementSibling).toHaveTextContent('a@example.com');
    expect(a.getByRole('link', { name: /Resume/ })).toHaveAttribute('href', 'https://example.com/cv');
    expect(a.getByRole('combobox', { name: 'Stage of Person a (Job A)' })).toHaveValue('applied');
    const b = within(cards[1] as HTMLElement);
    expect(b.getByText('Withdrawn 2026-11-22')).toBeInTheDocument();
    expect(b.queryByRole('combobox')).not.toBeInTheDocument();

    const toggle = a.getByRole('button', { name: 'Notes on Person a (Job A): 2' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeNull();
    expect(cards[0]?.contains(panel)).toBe(true);
  });
});

// The notes of 'a' for the test above (added to the responses mock, which answers the rest).
function mockFetchNotes() {
  const previous = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === '/api/applications/a/notes')
      return new Response(JSON.stringify({ items: [] }), { headers: { 'Content-Type': 'application/json' } });
    return previous(input, init);
  });
}

describe('Responses: the page in the URL', () => {
  const nine = () => responsesApi(Array.from({ length: 9 }, (_, i) => received(`r${i + 1}`)));

  it('a page past the end becomes the last page, its filters kept', async () => {
    nine();
    renderPage(<ResponsesPage />, { path: `/responses?job=${JOB_A}&page=7`, user: alice });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(`/responses?job=${JOB_A}&page=3`));
    expect(await screen.findByText('Person r9')).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('a malformed page is page 1, and leaves the URL', async () => {
    const fetch = nine();
    renderPage(<ResponsesPage />, { path: '/responses?page=abc', user: alice });
    expect(await screen.findByText('Person r1')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/responses$/));
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain('/api/applications/responses?page=abc');
  });

  it('Next writes the page into the URL and Back returns to the page before', async () => {
    nine();
    const user = userEvent.setup();
    renderPage(
      <>
        <ResponsesPage />
        <Back />
      </>,
      { path: '/responses', user: alice },
    );
    expect(await screen.findByText('Person r1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/responses?page=2'));
    expect(await screen.findByText('Person r5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/responses$/));
    expect(await screen.findByText('Person r1')).toBeInTheDocument();
  });
});
