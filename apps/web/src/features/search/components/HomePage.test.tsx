import type { JobSummary, SearchResult } from '@jobboard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { JobCard } from './JobCard';
import { job, mockFetch, renderPage } from '../../../test/render';
import { HomePage } from './HomePage';

const summary: JobSummary = { ...job };
const facets = { location: {}, salaryType: {}, maxPrice: {}, posted: {}, experience: {}, employment: {}, workplace: { remote: 4, hybrid: 2 } } as SearchResult['facets'];
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
    const items = page <= pages ? Array.from({ length: Math.min(6, matches - (page - 1) * 6) }, (_, i) => ({ ...summary, _id: `j${page}-${i}` })) : [];
    const sort = (params.get('sort') ?? (params.get('q') ? 'relevance' : 'newest')) as SearchResult['sort'];
    return {
      body: { items, total, page, pageSize: 6, facets, topFacets, sort, totalIsEstimate: estimated, facetsAreEstimates: estimated } satisfies SearchResult,
    };
  });
}

const where = () => screen.getByTestId('where').textContent;
const sidebar = () => within(screen.getByRole('complementary', { name: 'Filters' }));

describe('home results', () => {
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
    expect(screen.getAllByRole('article')).toHaveLength(2);
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
    expect(sidebar().getByRole('link', { name: /Berlin, Germany.*about 5$/ })).toBeInTheDocument();
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
      return { body: { items: [], total: 0, page: 1, pageSize: 6, facets, topFacets, sort: 'relevance', totalIsEstimate: false, facetsAreEstimates: false } as SearchResult };
    });
    renderPage(<HomePage />, { path: '/' });
    const what = screen.getByRole('combobox', { name: /What/ });
    await user.type(what, 'fron');
    const list = await screen.findByRole('listbox');
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Frontend DeveloperJob title · 1,200', 'Frontier LabsCompany · 4']);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(what).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[1]?.id);
    await user.keyboard('{Enter}');
    expect(what).toHaveValue('Frontier Labs');
    await waitFor(() => expect(where()).toBe('/?q=Frontier+Labs'));
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/job/search?q=Frontier+Labs');
  });

  it('"where" suggests remote and world cities', async () => {
    const user = userEvent.setup();
    mockFetch((url) => {
      if (url.startsWith('/api/places?q=re')) return { body: [{ city: 'Recife', country: 'BR', countryName: 'Brazil', region: 'Pernambuco', population: 1500000 }] };
      if (!url.startsWith('/api/job/search')) return undefined;
      return { body: { items: [], total: 0, page: 1, pageSize: 6, facets, topFacets, sort: 'newest', totalIsEstimate: false, facetsAreEstimates: false } as SearchResult };
    });
    renderPage(<HomePage />, { path: '/' });
    await user.type(screen.getByRole('combobox', { name: /Where/ }), 're');
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['RemoteWork from anywhere', 'Recife, BrazilPernambuco']));
    await user.click(within(list).getByRole('option', { name: /Recife/ }));
    await waitFor(() => expect(where()).toBe('/?where=Recife%2C+Brazil'));
  });

  it('says what a misspelt search also found', async () => {
    mockFetch((url) =>
      url.startsWith('/api/job/search')
        ? { body: { items: [summary], total: 1, page: 1, pageSize: 6, facets, topFacets, sort: 'relevance', correctedQuery: 'developer' } as SearchResult }
        : undefined,
    );
    renderPage(<HomePage />, { path: '/?q=devloper' });
    expect(await screen.findByText(/Including results for/)).toHaveTextContent('Including results for developer');
  });

  it('both boxes settle into the URL and the request', async () => {
    const fetch = searchAnswers(3);
    renderPage(<HomePage />, { path: '/?skill=react' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    fireEvent.change(screen.getByRole('combobox', { name: /What/ }), { target: { value: 'acme rust' } });
    fireEvent.change(screen.getByRole('combobox', { name: /Where/ }), { target: { value: ' Berlin ' } });
    await waitFor(() => expect(where()).toBe('/?q=acme+rust&where=Berlin&skill=react'));
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/job/search?q=acme+rust&where=Berlin&skill=react'));
  });

  it('text settling in one box never clears the other', async () => {
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    fireEvent.change(screen.getByRole('combobox', { name: /What/ }), { target: { value: 'rust' } });
    await new Promise((resolve) => setTimeout(resolve, 150));
    fireEvent.change(screen.getByRole('combobox', { name: /Where/ }), { target: { value: 'Berlin' } });
    await waitFor(() => expect(where()).toBe('/?q=rust'));
    expect(screen.getByRole('combobox', { name: /Where/ })).toHaveValue('Berlin');
    await waitFor(() => expect(where()).toBe('/?q=rust&where=Berlin'));
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
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Newest', 'Highest pay']);
    expect(select).toHaveValue('newest');
    fireEvent.change(select, { target: { value: 'pay' } });
    expect(where()).toBe('/?sort=pay');
    unmount();

    renderPage(<HomePage />, { path: '/?q=react&sort=pay&page=2' });
    const withText = await screen.findByRole('combobox', { name: 'Sort by' });
    expect(within(withText).getAllByRole('option').map((o) => o.textContent)).toEqual(['Most relevant', 'Newest', 'Highest pay']);
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

  it('top places and skills of the results are links with counts', async () => {
    searchAnswers(3);
    renderPage(<HomePage />, { path: '/?q=dev&page=2' });
    await screen.findByRole('heading', { name: '3 Jobs' });
    const places = within(sidebar().getByRole('navigation', { name: 'Popular places' }));
    const berlin = places.getByRole('link', { name: /Berlin, Germany/ });
    expect(berlin).toHaveTextContent('5');
    expect(berlin).toHaveAttribute('href', '/?q=dev&location=berlin&country=DE');
    const skills = within(sidebar().getByRole('navigation', { name: 'Skills' }));
    expect(skills.getByRole('link', { name: /Any skill/ })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(skills.getByRole('link', { name: /Rust/ }));
    expect(where()).toBe('/?q=dev&skill=rust');
    expect(within(sidebar().getByRole('navigation', { name: 'Skills' })).getByRole('link', { name: /Rust/ })).toHaveAttribute('aria-current', 'true');
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
    renderPage(<JobCard job={{ ...summary, workplace: 'remote', remoteCountries: ['DE', 'FR'], salary: { min: 60000, max: 75000, currency: 'EUR', period: 'year' } }} />);
    const facts = within(screen.getByRole('list', { name: 'Job facts' }));
    expect(facts.getByText(/€60,000.*75,000 a year/)).toBeInTheDocument();
    expect(facts.getByText('London, United Kingdom')).toBeInTheDocument();
    expect(facts.getByText('Remote (Germany, France)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tidewater Labs' })).toHaveAttribute('href', '/company/tidewater-labs');
    expect(screen.getByRole('link', { name: 'Frontend Engineer' })).toHaveAttribute('href', '/job/j1');
  });

  it('falls back to the old salary and location text for jobs without the new fields', () => {
    renderPage(<JobCard job={{ ...summary, salary: null, location: { city: '', country: '' }, jobLocation: 'Seattle' }} />);
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
    const alternates = [...document.head.querySelectorAll('link[rel="alternate"]')].map((link) => [link.getAttribute('type'), link.getAttribute('href'), link.getAttribute('title')]);
    expect(alternates).toEqual([
      ['application/rss+xml', '/feed.rss?q=react&where=Berlin', 'RSS: react jobs in Berlin'],
      ['application/atom+xml', '/feed.atom?q=react&where=Berlin', 'Atom: react jobs in Berlin'],
      ['application/feed+json', '/feed.json?q=react&where=Berlin', 'JSON Feed: react jobs in Berlin'],
    ]);
    expect(screen.getByRole('link', { name: /^RSS/ })).toHaveAttribute('href', '/feed.rss?q=react&where=Berlin');
  });
});
