import type { JobSummary, SearchResult } from '@jobboard/shared';
import { MESSAGES } from '@jobboard/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, Suspense, type JSX } from 'react';
import { BrowserRouter, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import { createQueryClient } from '../../../lib/session';
import { JobCard } from './JobCard';
import { job, mockFetch, renderPage } from '../../../test/render';
import { HomePage, SETTLED_TEXT_STATE } from './HomePage';

const summary: JobSummary = { ...job };
const facets = {
  location: {},
  salaryType: {},
  maxPrice: {},
  posted: {},
  experience: {},
  employment: {},
  workplace: { remote: 4, hybrid: 2 },
} as SearchResult['facets'];
const topFacets: SearchResult['topFacets'] = {
  places: [
    { city: 'Berlin', country: 'DE', count: 5 },
    { city: 'London', country: 'GB', count: 3 },
  ],
  skills: [
    { value: 'React', label: 'React', count: 7 },
    { value: 'Rust', label: 'Rust', count: 2 },
  ],
};

function searchAnswers(total: number, { estimated = false, matches = total } = {}) {
  return mockFetch((url) => {
    if (!url.startsWith('/api/job/search')) return undefined;
    const params = new URL(url, 'http://x.test').searchParams;
    const page = Number(params.get('page') ?? '1');
    // `matches` jobs exist; `total` is what the answer says (an estimate may be off either way).
    const pages = Math.max(1, Math.ceil(matches / 6));
    const items =
      page <= pages
        ? Array.from({ length: Math.min(6, matches - (page - 1) * 6) }, (_, i) => ({
            ...summary,
            _id: `j${page}-${i}`,
          }))
        : [];
    const sort = (params.get('sort') ?? (params.get('q') ? 'relevance' : 'newest')) as SearchResult['sort'];
    return {
      body: {
        items,
        total,
        page,
        pageSize: 6,
        facets,
        topFacets,
        sort,
        totalIsEstimate: estimated,
        facetsAreEstimates: estimated,
      } satisfies SearchResult,
    };
  });
}

const where = () => screen.getByTestId('where').textContent;
const sidebar = () => within(screen.getByRole('complementary', { name: 'Filters' }));

describe('home results', () => {
  it('shows the featured matches first, labelled, and each job once on the page (issue 36)', async () => {
    const featured = { ...summary, _id: 'f1', jobTitle: 'Featured Gardener' };
    mockFetch((url) =>
      url.startsWith('/api/job/search')
        ? {
            body: {
              featured: [featured],
              items: [
                { ...summary, _id: 'j1', jobTitle: 'Plain Gardener' },
                { ...featured, jobTitle: 'Featured Gardener' },
              ],
              total: 2,
              page: 1,
              pageSize: 6,
              facets,
              topFacets,
              sort: 'newest',
              totalIsEstimate: false,
              facetsAreEstimates: false,
            } satisfies SearchResult,
          }
        : undefined,
    );
    renderPage(<HomePage />, { path: '/' });
    const first = await screen.findByRole('link', { name: 'Featured Gardener' });
    const [top, next, ...rest] = screen.getAllByRole('article');
    if (!top || !next) throw new Error('two cards expected');
    expect(rest).toHaveLength(0);
    expect(top).toContainElement(first);
    expect(within(top).getByText('Featured')).toBeInTheDocument();
    expect(within(next).queryByText('Featured')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Featured Gardener' })).toHaveLength(1);
  });

  it('says "1 Job" for one result', async () => {
    searchAnswers(1);
    renderPage(<HomePage />, { path: '/' });
    expect(await screen.findByRole('heading', { name: '1 Job' })).toBeInTheDocument();
  });

  it('says "12 Jobs" for more', async () => {
    searchAnswers(12);
    renderPage(<HomePage />, { path: '/' });
    expect(await screen.findByRole('heading', { name: '12 Jobs' })).toBeInTheDocument();
  });

  it('a page past the last one goes to the last page', async () => {
    searchAnswers(62);
    renderPage(<HomePage />, { path: '/?page=15' });
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/?page=11'));
    expect(await screen.findByText('Page 11 of 11')).toBeInTheDocument();
    expect(screen.queryByText(/Page 15/)).not.toBeInTheDocument();
    // The pager shows the page asked for while that page's cards are still on their way.
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
  });
});

describe('estimated totals', () => {
  it('says "About N Jobs", marks the counts as estimates and pages on while pages come back full', async () => {
    const user = userEvent.setup();
    searchAnswers(330_272, { estimated: true, matches: 14 });
    renderPage(<HomePage />, { path: '/?q=developer' });
    expect(await screen.findByRole('heading', { name: 'About 330,000 Jobs' })).toBeInTheDocument();
    // No "of N": the last page of an estimate is not known.
    expect(screen.getByText('Page 1')).toBeInTheDocument();
    expect(sidebar().getByRole('radio', { name: /Berlin, Germany.*about 5$/ })).toBeInTheDocument();
    expect(sidebar().getByRole('radio', { name: /Remote.*about 4$/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Next/ }));
    // Page 3 holds the last two: the pages end there, whatever the estimate said.
    expect(await screen.findByText('Page 3')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('a page past the end of an estimate says so and stays, with Previous', async () => {
    searchAnswers(330_272, { estimated: true, matches: 14 });
    renderPage(<HomePage />, { path: '/?q=developer&page=9' });
    expect(await screen.findByText('No more jobs: this page is past the last of the results.')).toBeInTheDocument();
    expect(where()).toBe('/?q=developer&page=9');
    expect(screen.getByRole('button', { name: /Previous/ })).toBeEnabled();
  });
});

describe('what and where', () => {
  it('completes "what" from the server: arrows and Enter pick one, and the search runs with it', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((url) => {
      if (url.startsWith('/api/job/suggest?q=fron')) {
        return {
          body: [
            { kind: 'title', value: 'Frontend Developer', label: 'Frontend Developer', count: 1200 },
            { kind: 'company', value: 'Frontier Labs', label: 'Frontier Labs', count: 4, slug: 'frontier-labs' },
          ],
        };
      }
      if (!url.startsWith('/api/job/search')) return undefined;
      return {
        body: {
          items: [],
          total: 0,
          page: 1,
          pageSize: 6,
          facets,
          topFacets,
          sort: 'relevance',
          totalIsEstimate: false,
          facetsAreEstimates: false,
        } as SearchResult,
      };
    });
    renderPage(<HomePage />, { path: '/' });
    const what = screen.getByRole('combobox', { name: /What/ });
    await user.type(what, 'fron');
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Frontend DeveloperJob title · 1,200', 'Frontier LabsCompany · 4']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(what).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');
    expect(what).toHaveValue('Frontier Labs');
    await waitFor(() => expect(where()).toBe('/?q=Frontier+Labs'));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/job/search?q=Frontier+Labs&match=words');
  });

  it('"where" suggests remote, countries first and world cities; one option per place, regions by name', async () => {
    const user = userEvent.setup();
    const fetch = mockFetch((url) => {
      if (url.startsWith('/api/places?countries=first&q=ge')) {
        return {
          body: [
            { city: '', country: 'DE', countryName: 'Germany', region: '', population: 0 },
            { city: 'Germantown', country: 'US', countryName: 'United States', region: 'Maryland', population: 90000 },
            { city: 'Germantown', country: 'US', countryName: 'United States', region: 'Tennessee', population: 39000 },
            { city: 'Germering', country: 'DE', countryName: 'Germany', region: '', population: 40000 },
            { city: 'Germantown', country: 'US', countryName: 'United States', region: 'Wisconsin', population: 20000 },
          ],
        };
      }
      if (url.startsWith('/api/places?countries=first&q=re'))
        return {
          body: [{ city: 'Recife', country: 'BR', countryName: 'Brazil', region: 'Pernambuco', population: 1500000 }],
        };
      if (!url.startsWith('/api/job/search')) return undefined;
      return {
        body: {
          items: [],
          total: 0,
          page: 1,
          pageSize: 6,
          facets,
          topFacets,
          sort: 'newest',
          totalIsEstimate: false,
          facetsAreEstimates: false,
        } as SearchResult,
      };
    });
    renderPage(<HomePage />, { path: '/' });
    const box = screen.getByRole('combobox', { name: /Where/ });
    await user.type(box, 'ge');
    const list = await screen.findByRole('listbox');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['GermanyCountry', 'Germantown, United States', 'Germering, Germany']),
    );
    await user.clear(box);
    await user.type(box, 're');
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['RemoteWork from anywhere', 'Recife, BrazilPernambuco']),
    );
    // Typing searched nothing: "where" waits for a choice (no "0 Jobs" for a half-typed place).
    expect(where()).toBe('/');
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('where='))).toEqual([]);
    await user.click(within(list).getByRole('option', { name: /Recife/ }));
    await waitFor(() => expect(where()).toBe('/?where=Recife%2C+Brazil'));
  });

  it("keeps what was typed while an older settled text reaches the URL; Back puts the URL's text back", async () => {
    searchAnswers(3);
    let go: NavigateFunction = () => undefined;
    function Navigator() {
      go = useNavigate();
      return null;
    }
    renderPage(
      <>
        <HomePage />
        <Navigator />
      </>,
      { path: '/' },
    );
    const what = screen.getByRole('combobox', { name: /What/ });
    // "eng" settled and its URL renders late, while "engi" is on its way and "engin" is in the box.
    fireEvent.change(what, { target: { value: 'engin' } });
    await act(async () => go('/?q=eng', { replace: true, state: SETTLED_TEXT_STATE }));
    expect(where()).toBe('/?q=eng');
    expect(what).toHaveValue('engin');
    // Another search's URL (a link, a completion) is not the box's own: its text replaces what is typed.
    await act(async () => go('/?q=nurse'));
    expect(what).toHaveValue('nurse');
    // Back to the settled text's entry puts its text back, though the box set it.
    await act(async () => go(-1));
    expect(where()).toBe('/?q=eng');
    expect(what).toHaveValue('eng');
  });

  it('says what a misspelt search also found', async () => {
    mockFetch((url) =>
      url.startsWith('/api/job/search')
        ? {
            body: {
              items: [summary],
              total: 1,
              page: 1,
              pageSize: 6,
              facets,
              topFacets,
              sort: 'relevance',
              correctedQuery: 'developer',
            } as SearchResult,
          }
        : undefined,
    );
    renderPage(<HomePage />, { path: '/?q=devloper' });
    expect(await screen.findByText(/Including results for/)).toHaveTextContent('Including results for developer');
  });

  it('says which words it searched when no job held them all', async () => {
    mockFetch((url) =>
      url.startsWith('/api/job/search')
        ? {
            body: {
              items: [summary],
              total: 1,
              page: 1,
              pageSize: 6,
              facets,
              topFacets,
              sort: 'relevance',
              relaxedQuery: 'software engineer',
            } as SearchResult,
          }
        : undefined,
    );
    renderPage(<HomePage />, { path: '/?q=senior+software+engineer+golang' });
    expect(await screen.findByText(/No job has all of your words/)).toHaveTextContent(
      'No job has all of your words. Showing jobs with software engineer',
    );
  });

  it('"what" settles into the URL and the request; "where" on Search', async () => {
    const user = userEvent.setup();
    const fetch = searchAnswers(3);
    renderPage(<HomePage />, { path: '/?skill=react' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    fireEvent.change(screen.getByRole('combobox', { name: /What/ }), { target: { value: 'acme rust' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Where/ }), { target: { value: ' Berlin ' } });
    await waitFor(() => expect(where()).toBe('/?q=acme+rust&skill=react'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(where()).toBe('/?q=acme+rust&skill=react');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(where()).toBe('/?q=acme+rust&where=Berlin&skill=react'));
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
        '/api/job/search?q=acme+rust&where=Berlin&skill=react&match=words',
      ),
    );
  });

  it('text settling in one box never clears the other', async () => {
    const user = userEvent.setup();
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/?where=Paris' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    fireEvent.change(screen.getByRole('combobox', { name: /Where/ }), { target: { value: 'Berlin' } });
    fireEvent.change(screen.getByRole('combobox', { name: /What/ }), { target: { value: 'rust' } });
    await waitFor(() => expect(where()).toBe('/?q=rust&where=Paris'));
    expect(screen.getByRole('combobox', { name: /Where/ })).toHaveValue('Berlin');
    await user.type(screen.getByRole('combobox', { name: /Where/ }), '{Enter}');
    await waitFor(() => expect(where()).toBe('/?q=rust&where=Berlin'));
  });

  it('hides the last count while the next search loads (no "3 Jobs" above the skeletons)', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: string) => {
      if (input.includes('q=rust')) await held;
      const total = input.includes('q=rust') ? 1 : 3;
      const items = Array.from({ length: total }, (_, i) => ({ ...summary, _id: `j${i}` }));
      const body = {
        items,
        total,
        page: 1,
        pageSize: 6,
        facets,
        topFacets,
        sort: 'newest',
        totalIsEstimate: false,
        facetsAreEstimates: false,
      } satisfies SearchResult;
      return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    });
    renderPage(<HomePage />, { path: '/' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    fireEvent.change(screen.getByRole('combobox', { name: /What/ }), { target: { value: 'rust' } });
    expect(await screen.findByRole('heading', { name: 'Loading jobs' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: '3 Jobs' })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: '1 Job' })).toBeInTheDocument();
  });

  it('back to an older URL puts its text back in the boxes', async () => {
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/?q=go&where=remote' });
    expect(await screen.findByRole('combobox', { name: /What/ })).toHaveValue('go');
    expect(screen.getByRole('combobox', { name: /Where/ })).toHaveValue('remote');
  });
});

describe('sort', () => {
  it('offers "Most relevant" only when there is text, and keeps the default out of the URL', async () => {
    searchAnswers(3);
    const { unmount } = renderPage(<HomePage />, { path: '/' });
    const select = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Newest', 'Highest pay']);
    expect(select).toHaveValue('newest');
    fireEvent.change(select, { target: { value: 'pay' } });
    expect(where()).toBe('/?sort=pay');
    unmount();

    renderPage(<HomePage />, { path: '/?q=react&sort=pay&page=2' });
    const withText = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(
      within(withText)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Most relevant', 'Newest', 'Highest pay']);
    fireEvent.change(withText, { target: { value: 'relevance' } });
    expect(where()).toBe('/?q=react');
  });
});

describe('sidebar', () => {
  it('workplace with counts, pay at least, and the spec groups', async () => {
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    const remote = sidebar().getByRole('radio', { name: /^Remote/ });
    expect(remote.closest('label')).toHaveTextContent('Remote4');
    fireEvent.click(remote);
    expect(where()).toBe('/?workplace=remote');
    fireEvent.click(sidebar().getByRole('radio', { name: '$80,000+' }));
    expect(where()).toBe('/?workplace=remote&payMin=80000');
    expect(sidebar().getByRole('radio', { name: '$80,000+' })).toBeChecked();
    fireEvent.click(sidebar().getByRole('radio', { name: /London/ }));
    expect(where()).toBe('/?location=london&workplace=remote&payMin=80000');
  });

  it("one Location group: the spec cities and the results' top places, each with its count; skills are links", async () => {
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/?q=dev&page=2' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    expect(sidebar().queryByRole('navigation', { name: 'Popular places' })).not.toBeInTheDocument();
    const location = within(sidebar().getByRole('group', { name: 'Location' }));
    expect(location.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'All',
      'London',
      'Seattle',
      'Madrid',
      'Boston',
      'Berlin, Germany5',
    ]);
    fireEvent.click(location.getByRole('radio', { name: /Berlin, Germany/ }));
    expect(where()).toBe('/?q=dev&location=berlin&country=DE');
    expect(
      within(sidebar().getByRole('group', { name: 'Location' })).getByRole('radio', { name: /Berlin, Germany/ }),
    ).toBeChecked();
    const skills = within(sidebar().getByRole('navigation', { name: 'Skills' }));
    expect(skills.getByRole('link', { name: /Any skill/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(skills.getByRole('link', { name: /Rust/ }));
    expect(where()).toBe('/?q=dev&location=berlin&skill=rust&country=DE');
    expect(
      within(sidebar().getByRole('navigation', { name: 'Skills' })).getByRole('link', { name: /Rust/ }),
    ).toHaveAttribute('aria-current', 'true');
  });

  it('pay is one group whose options read right; "work remotely" is the Workplace group\'s, and an old link to it still shows', async () => {
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    const pay = within(sidebar().getByRole('group', { name: 'Pay' }));
    expect(pay.getByRole('group', { name: 'Up to' })).toBeInTheDocument();
    expect(pay.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Any',
      '$40,000+',
      '$60,000+',
      '$80,000+',
      '$100,000+',
      '$150,000+',
      'All',
      'Up to $30k',
      'Up to $50k',
      'Up to $80k',
      'Up to $100k',
    ]);
    expect(sidebar().queryByText(/30000k/)).not.toBeInTheDocument();
    fireEvent.click(pay.getByRole('radio', { name: 'Up to $30k' }));
    expect(where()).toBe('/?maxPrice=30');
    const experience = within(sidebar().getByRole('group', { name: 'Work Experience' }));
    expect(experience.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Any experience',
      'Internship',
    ]);
  });

  it("an old link's experience=work remotely and location with a country show checked", async () => {
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/?experience=work+remotely&location=london&country=GB' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    expect(
      within(sidebar().getByRole('group', { name: 'Work Experience' })).getByRole('radio', { name: 'Work remotely' }),
    ).toBeChecked();
    expect(
      within(sidebar().getByRole('group', { name: 'Location' })).getByRole('radio', { name: 'London, United Kingdom' }),
    ).toBeChecked();
  });

  it('remote jobs open to my country sets workplace and the country', async () => {
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    const select = sidebar().getByRole('combobox', { name: 'Remote jobs open to my country' });
    expect(within(select).getByRole('option', { name: 'Germany' })).toHaveValue('DE');
    fireEvent.change(select, { target: { value: 'DE' } });
    expect(where()).toBe('/?workplace=remote&remoteCountry=DE');
    expect(select).toHaveValue('DE');
    fireEvent.change(select, { target: { value: '' } });
    expect(where()).toBe('/?workplace=remote');
  });
});

describe('an empty result', () => {
  it('keeps "No Data Found !" and offers the places meant, clearing the filters, searching everywhere and an alert', async () => {
    const fetch = mockFetch((url) => {
      if (!url.startsWith('/api/job/search')) return undefined;
      const unknown = url.includes('where=Seatle');
      const body = {
        items: [],
        total: 0,
        page: 1,
        pageSize: 6,
        facets,
        topFacets,
        sort: 'newest',
        totalIsEstimate: false,
        facetsAreEstimates: false,
      } as SearchResult;
      return {
        body: unknown
          ? { ...body, unknownPlace: { where: 'Seatle', suggestions: ['Seattle, WA', 'SeaTac, WA'] } }
          : body,
      };
    });
    const alert = vi.fn(() => <button type="button">Create an alert</button>);
    renderPage(<HomePage resultsAction={(query, placement) => (placement === 'empty' ? alert() : null)} />, {
      path: '/?where=Seatle&workplace=remote',
    });
    expect(await screen.findByText('No Data Found !')).toBeInTheDocument();
    expect(await screen.findByText(/We do not know a place called/)).toHaveTextContent(
      'We do not know a place called Seatle. Did you mean:',
    );
    expect(screen.getByRole('button', { name: 'Create an alert' })).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole('list', { name: 'Places you may mean' })).getByRole('button', { name: 'Seattle, WA' }),
    );
    await waitFor(() => expect(where()).toBe('/?where=Seattle%2C+WA&workplace=remote'));
    expect(screen.getByRole('combobox', { name: /Where/ })).toHaveValue('Seattle, WA');
    await userEvent.click(await screen.findByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(where()).toBe('/?where=Seattle%2C+WA'));
    await userEvent.click(await screen.findByRole('button', { name: 'Search everywhere' }));
    await waitFor(() => expect(where()).toBe('/'));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/job/search?where=Seattle%2C+WA&match=words');
  });
});

describe('a failed search', () => {
  it('says why under "No Data Found !": a distance from no city, a search too slow, no connection', async () => {
    const refusal = (status: number, message: string) => ({
      status,
      body: { success: false, statusCode: status, message },
    });
    mockFetch((url) => {
      if (!url.startsWith('/api/job/search')) return undefined;
      if (url.includes('where=Seatle')) return refusal(400, MESSAGES.radiusNeedsCity);
      if (url.includes('q=slow')) return refusal(503, MESSAGES.searchTimedOut);
      throw new TypeError('Failed to fetch');
    });
    const { unmount } = renderPage(<HomePage />, { path: '/?where=Seatle&radius=25' });
    expect(await screen.findByText('No Data Found !')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A distance is measured from a city: type one in the Where box (such as Seattle, WA), or choose This place only.',
    );
    unmount();
    const slow = renderPage(<HomePage />, { path: '/?q=slow' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.searchTimedOut);
    slow.unmount();
    renderPage(<HomePage />, { path: '/?q=offline' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The search could not reach the server. Check your connection and try again.',
    );
  });
});

describe('job card', () => {
  it('shows the company initials instead of a broken logo', () => {
    renderPage(<JobCard job={summary} />);
    const img = document.querySelector('article img');
    expect(img).not.toBeNull();
    fireEvent.error(img as Element);
    expect(document.querySelector('article img')).toBeNull();
    expect(screen.getByTestId('logo-initials')).toHaveTextContent('TL');
  });

  it('shows pay, place and workplace, and links the company', () => {
    renderPage(
      <JobCard
        job={{
          ...summary,
          workplace: 'remote',
          remoteCountries: ['DE', 'FR'],
          salary: { min: 60000, max: 75000, currency: 'EUR', period: 'year' },
        }}
      />,
    );
    const facts = within(screen.getByRole('list', { name: 'Job facts' }));
    expect(facts.getByText(/€60,000.*75,000 a year/)).toBeInTheDocument();
    expect(facts.getByText('London, United Kingdom')).toBeInTheDocument();
    expect(facts.getByText('Remote (Germany, France)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tidewater Labs' })).toHaveAttribute('href', '/company/tidewater-labs');
    expect(screen.getByRole('link', { name: 'Frontend Engineer' })).toHaveAttribute('href', '/job/j1');
  });

  it('falls back to the old salary and location text for jobs without the new fields', () => {
    renderPage(
      <JobCard job={{ ...summary, salary: null, location: { city: '', country: '' }, jobLocation: 'Seattle' }} />,
    );
    const facts = within(screen.getByRole('list', { name: 'Job facts' }));
    expect(facts.getByText('Yearly · 20k - 120k')).toBeInTheDocument();
    expect(facts.getByText('Seattle')).toBeInTheDocument();
  });
});

describe('home feeds', () => {
  it("names the search's RSS, Atom and JSON feeds in the head, without its page, and links the RSS feed", async () => {
    searchAnswers(12);
    renderPage(<HomePage />, { path: '/?q=react&where=Berlin&page=2' });
    await screen.findByRole('heading', { name: '12 Jobs' });
    const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
      link.getAttribute('type'),
      link.getAttribute('href'),
      link.getAttribute('title'),
    ]);
    expect(alternates).toEqual([
      ['application/rss+xml', '/feed.rss?q=react&where=Berlin', 'RSS: react jobs in Berlin'],
      ['application/atom+xml', '/feed.atom?q=react&where=Berlin', 'Atom: react jobs in Berlin'],
      ['application/feed+json', '/feed.json?q=react&where=Berlin', 'JSON Feed: react jobs in Berlin'],
    ]);
    expect(screen.getByRole('link', { name: /^RSS/ })).toHaveAttribute('href', '/feed.rss?q=react&where=Berlin');
  });
});

/**
 * In a browser router (the app's): a followed link renders in a transition, so while the next screen's chunk loads
 * the home page is still on screen, and its settling text must not take the person back.
 */
describe('leaving the page', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('a card clicked while the typed text settles leads to the job, not back to the search', async () => {
    searchAnswers(1);
    let loaded: (value: { default: () => JSX.Element }) => void = () => {};
    const JobScreen = lazy(() => new Promise<{ default: () => JSX.Element }>((resolve) => (loaded = resolve)));
    window.history.replaceState(null, '', '/?q=eng');
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, null);
    render(
      <QueryClientProvider client={client}>
        <BrowserRouter>
          <Suspense fallback="loading">
            <Routes>
              <Route path="/" element={<HomePage />} />
              <Route path="/job/:id" element={<JobScreen />} />
            </Routes>
          </Suspense>
        </BrowserRouter>
      </QueryClientProvider>,
    );
    const card = await screen.findByRole('link', { name: 'Frontend Engineer' });
    fireEvent.change(screen.getByRole('combobox', { name: /What/ }), { target: { value: 'engi' } });
    fireEvent.click(card);
    expect(window.location.pathname).toBe('/job/j1-0');
    // The text settles (300 ms) while the job's screen is still loading.
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)));
    expect(screen.getByRole('link', { name: 'Frontend Engineer' })).toBeInTheDocument();
    expect(`${window.location.pathname}${window.location.search}`).toBe('/job/j1-0');
    await act(async () => loaded({ default: () => <h1>The job</h1> }));
    expect(await screen.findByRole('heading', { name: 'The job' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/job/j1-0');
  });
});
