import type { Job } from '@jobboard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { screenWidth } from '../../../test/media';
import { alice, job, mockFetch, renderPage } from '../../../test/render';
import { MyJobsPage, searchFromParams } from './MyJobsPage';

vi.mock('../../../components/ui/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
}));

const mine = (id: string, jobTitle: string, status: Job['status'] = 'open'): Job => ({
  ...job,
  _id: id,
  jobTitle,
  status,
  postedBy: alice.email,
});
const TITLES = ['Chef', 'Baker', 'Waiter', 'Head Chef', 'Barista', 'Sous Chef'];

function api(jobs = TITLES.map((title, i) => mine(`j${i + 1}`, title))) {
  return mockFetch((url) => {
    if (url === `/api/job/myJobs/${encodeURIComponent(alice.email)}`) return { body: jobs };
    if (url === '/api/job/my-stats')
      return { body: { items: [{ jobId: 'j1', views: 8, applications: 2, conversion: 0.25 }] } };
    return undefined;
  });
}

function Back() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

describe('My Jobs under 600 px', () => {
  it('shows each job as a card: labelled fields, the statistics, and every action as a button', async () => {
    screenWidth(390);
    api([mine('j1', 'Chef'), mine('j2', 'Baker', 'closed')]);
    renderPage(<MyJobsPage />, { path: '/my-job', user: alice });
    const list = await screen.findByRole('list', { name: 'Jobs you posted' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const chef = within(cards[0] as HTMLElement);
    expect(chef.getByRole('heading', { name: 'Chef' })).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent(/^NO\. 1Chef/);
    expect(chef.getByRole('link', { name: 'Chef' })).toHaveAttribute('href', '/job/j1');
    for (const label of ['COMPANY NAME', 'SALARY', 'STATUS', 'STATISTICS'])
      expect(chef.getByText(label).tagName).toBe('DT');
    expect(chef.getByText('COMPANY NAME').nextElementSibling).toHaveTextContent('Tidewater Labs');
    expect(await chef.findByTestId('job-stats')).toHaveTextContent('Conversion25%');
    expect(chef.getByText('Open')).toBeInTheDocument();
    expect(chef.getByRole('button', { name: 'Close Chef' })).toBeInTheDocument();
    expect(chef.getByRole('link', { name: 'Edit Chef' })).toHaveAttribute('href', '/edit-job/j1');
    expect(chef.getByRole('button', { name: 'Delete Chef' })).toBeInTheDocument();
    expect(within(cards[1] as HTMLElement).getByRole('button', { name: 'Reopen Baker' })).toBeInTheDocument();
  });

  it('shows placeholder cards while loading, and the empty state as a card', async () => {
    screenWidth(390);
    let answer: (() => void) | undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      await gate;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return new Response(JSON.stringify(url.startsWith('/api/job/myJobs/') ? [] : { items: [] }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderPage(<MyJobsPage />, { path: '/my-job', user: alice });
    expect(screen.getAllByTestId('skeleton-card').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('skeleton-row')).not.toBeInTheDocument();
    answer?.();
    expect(await screen.findByText('No Data Found !')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the table at 600 px', async () => {
    screenWidth(600);
    api();
    renderPage(<MyJobsPage />, { path: '/my-job', user: alice });
    expect(await screen.findByRole('table', { name: 'Jobs you posted' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Jobs you posted' })).not.toBeInTheDocument();
  });
});

describe('My Jobs: the search and the page in the URL', () => {
  it('reads the search of the URL', () => {
    expect(searchFromParams(new URLSearchParams('q=chef&page=2'))).toBe('chef');
    expect(searchFromParams(new URLSearchParams(''))).toBe('');
    expect(searchFromParams(new URLSearchParams(`q=${'x'.repeat(500)}`))).toHaveLength(200);
  });

  it('opens the search and page of the URL', async () => {
    api();
    renderPage(<MyJobsPage />, { path: '/my-job?q=chef&page=1', user: alice });
    expect(await screen.findByRole('link', { name: 'Head Chef' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search my jobs by title')).toHaveValue('chef');
    expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'Baker' })).not.toBeInTheDocument();
    // page=1 is the plain address.
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/my-job\?q=chef$/));
  });

  it('a search writes q and starts at page 1; Next writes the page; Back returns to each', async () => {
    api();
    const user = userEvent.setup();
    renderPage(
      <>
        <MyJobsPage />
        <Back />
      </>,
      { path: '/my-job', user: alice },
    );
    await screen.findByRole('link', { name: 'Chef' });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/my-job?page=2'));
    expect(screen.getByRole('link', { name: 'Barista' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search my jobs by title'), 'chef');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/my-job\?q=chef$/));
    expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/my-job\?page=2$/));
    expect(screen.getByRole('link', { name: 'Barista' })).toBeInTheDocument();
    expect(screen.getByLabelText('Search my jobs by title')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/my-job$/));
    expect(screen.getByRole('link', { name: 'Chef' })).toBeInTheDocument();
  });

  it('Enter in the box searches and leaves the focus there', async () => {
    api();
    const user = userEvent.setup();
    renderPage(<MyJobsPage />, { path: '/my-job', user: alice });
    await screen.findByRole('link', { name: 'Chef' });
    const box = screen.getByLabelText('Search my jobs by title');
    await user.type(box, 'baker{Enter}');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/my-job\?q=baker$/));
    expect(screen.getByLabelText('Search my jobs by title')).toHaveFocus();
    expect(screen.getByLabelText('Search my jobs by title')).toHaveValue('baker');
  });

  it('a page past the end shows the last page and corrects the URL; junk is page 1', async () => {
    api();
    const first = renderPage(<MyJobsPage />, { path: '/my-job?page=40', user: alice });
    expect(await screen.findByRole('link', { name: 'Sous Chef' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/my-job?page=2'));
    first.unmount();

    renderPage(<MyJobsPage />, { path: '/my-job?q=zzz&page=3', user: alice });
    expect(await screen.findByText('No Data Found !')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/my-job\?q=zzz$/));
  });
});
