import type { ReceivedApplication, ResponsesPage as ResponsesAnswer } from '@jobboard/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { alice, mockFetch, renderPage } from '../../../test/render';
import { ResponsesPage } from './ResponsesPage';

vi.mock('../../../components/ui/dialogs', () => ({
  confirmDialog: vi.fn(async () => true),
  showError: vi.fn(async () => undefined),
  showSuccess: vi.fn(async () => undefined),
}));

const JOB_A = '11111111-1111-4111-8111-111111111111';

const application = (id: string): ReceivedApplication => ({
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
});

/** The answer for a Responses URL: 12 applications, cut to the page size asked for. */
function responses(url: string): { body: ResponsesAnswer } {
  const params = new URL(url, 'http://x').searchParams;
  const pageSize = Number(params.get('pageSize') ?? 4);
  const pageNumber = Number(params.get('page') ?? 1);
  const all = Array.from({ length: 12 }, (_, i) => application(`a${i + 1}`));
  return {
    body: {
      items: all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize),
      total: all.length,
      page: pageNumber,
      pageSize,
      jobs: [{ id: JOB_A, title: 'Job A', applications: 12 }],
    },
  };
}

describe('Responses: rows per page, the total, and a status line that ends with its filter', () => {
  it('shows 4 rows and the total by default; 10 rows when chosen, in the URL and the call', async () => {
    const fetch = mockFetch((url) => (url.startsWith('/api/applications/responses') ? responses(url) : undefined));
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });
    expect(await screen.findByText('12 applications')).toBeInTheDocument();
    expect(screen.getAllByTestId('response-row')).toHaveLength(4);
    expect(screen.getByLabelText('Rows per page')).toHaveValue('4');

    await user.selectOptions(screen.getByLabelText('Rows per page'), '10');
    await waitFor(() => expect(screen.getAllByTestId('response-row')).toHaveLength(10));
    expect(screen.getByTestId('where')).toHaveTextContent('/responses?pageSize=10');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/applications/responses?pageSize=10');
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it("a stage move's status line goes when the filter changes", async () => {
    mockFetch((url, init) => {
      if (url.startsWith('/api/applications/responses')) return responses(url);
      if (init?.method === 'PATCH')
        return {
          body: {
            id: 'a1',
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
    await user.selectOptions(await screen.findByRole('combobox', { name: /Stage of Person a1\b/ }), 'reviewing');
    await user.click(screen.getByRole('button', { name: /^Move Person a1\b/ }));
    await waitFor(() => expect(screen.getByTestId('stage-note')).toHaveTextContent('Person a1 moved to Reviewing.'));
    await user.selectOptions(screen.getByLabelText('Stage'), 'interview');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('stage=interview'));
    expect(screen.getByTestId('stage-note')).toBeEmptyDOMElement();
  });
});

describe('Open CV', () => {
  it('opens a PDF in a new tab, made during the click; a DOCX downloads without a tab', async () => {
    const withCv = (id: string, fileName: string): ReceivedApplication => ({
      ...application(id),
      cv: { fileName, size: 2048 },
    });
    mockFetch((url) => {
      if (url.startsWith('/api/applications/responses')) {
        return {
          body: {
            items: [withCv('p', 'cara-cv.pdf'), withCv('d', 'cara-cv.docx')],
            total: 2,
            page: 1,
            pageSize: 4,
            jobs: [],
          },
        };
      }
      const link = /^\/api\/applications\/(\w+)\/cv-link$/.exec(url);
      if (link)
        return { body: { url: `/api/cvs/${link[1]}/file?expires=1&sig=x`, expiresAt: '2026-11-26T21:00:00.000Z' } };
      return undefined;
    });
    const tab = { opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.getAttribute('href') ?? '');
    });
    const user = userEvent.setup();
    renderPage(<ResponsesPage />, { path: '/responses', user: alice });

    await user.click(
      await screen.findByRole('button', { name: /^Open CV of Person p \(cara-cv\.pdf, .*opens in a new tab\)$/ }),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('/api/cvs/p/file?expires=1&sig=x'));
    expect(tab.opener).toBeNull();

    open.mockClear();
    await user.click(screen.getByRole('button', { name: /^Open CV of Person d \(cara-cv\.docx/ }));
    await waitFor(() => expect(clicks).toEqual(['/api/cvs/d/file?expires=1&sig=x']));
    expect(open).not.toHaveBeenCalled();
    open.mockRestore();
    click.mockRestore();
  });
});
