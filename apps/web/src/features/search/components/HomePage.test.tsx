import type { JobSummary, SearchResult } from '@jobboard/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { job, mockFetch, renderPage } from '../../../test/render';
import { HomePage } from './HomePage';
import { JobCard } from './JobCard';

const summary: JobSummary = { ...job };
const facets = { location: {}, salaryType: {}, maxPrice: {}, posted: {}, experience: {}, employment: {} } as SearchResult['facets'];

function searchAnswers(total: number) {
  return mockFetch((url) => {
    if (!url.startsWith('/api/job/search')) return undefined;
    const page = Number(new URL(url, 'http://x.test').searchParams.get('page') ?? '1');
    const pages = Math.max(1, Math.ceil(total / 6));
    const items = page <= pages ? Array.from({ length: Math.min(6, total - (page - 1) * 6) }, (_, i) => ({ ...summary, _id: `j${page}-${i}` })) : [];
    return { body: { items, total, page, pageSize: 6, facets } satisfies SearchResult };
  });
}

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

describe('job card', () => {
  it('shows the company initials instead of a broken logo', () => {
    renderPage(<JobCard job={summary} />);
    const img = document.querySelector('article img');
    expect(img).not.toBeNull();
    fireEvent.error(img as Element);
    expect(document.querySelector('article img')).toBeNull();
    expect(screen.getByTestId('logo-initials')).toHaveTextContent('TL');
  });
});
