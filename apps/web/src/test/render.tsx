import type { Job, User } from '@jobboard/shared';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { queryKeys } from '../lib/query-keys';
import { createQueryClient } from '../lib/session';

export const alice: User = {
  _id: 'u1',
  name: 'Alice',
  username: 'alice',
  email: 'alice@example.com',
  avatar: '/static/default-avatar.svg',
  resume: '',
};

export const job: Job = {
  _id: 'j1',
  jobTitle: 'Frontend Engineer',
  companyName: 'Tidewater Labs',
  companyLogo: '/static/logos/tidewater.svg',
  jobLocation: 'London',
  employmentType: 'Full-time',
  experienceLevel: 'Any Experience',
  salaryType: 'Yearly',
  minPrice: '$20k',
  maxPrice: '$120k',
  postingDate: '2024-05-06',
  description: 'Build the web app.',
  postedBy: 'carol@example.com',
  posterName: 'Carol Poster',
  skills: [{ value: 'React', label: 'React' }],
  company: { id: 'c1', slug: 'tidewater-labs', name: 'Tidewater Labs', logo: '/static/logos/tidewater.svg' },
  location: { city: 'London', country: 'GB' },
  workplace: 'hybrid',
  remoteCountries: [],
  language: 'en',
  salary: { min: 20000, max: 120000, currency: 'USD', period: 'year' },
  validThrough: '2099-12-31',
  status: 'open',
};

export type Answer = { status?: number; body: unknown };
export type Handler = (url: string, init: RequestInit | undefined) => Answer | undefined;

/** fetch answered by `handler` (404 for anything it leaves out); the calls are in the returned mock. */
export function mockFetch(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = handler(url, init) ?? {
      status: 404,
      body: { success: false, statusCode: 404, message: 'Not found' },
    };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/**
 * `ui` at `path` (matched by `route`), with a query client that knows who is signed in. `strict`: inside
 * <StrictMode> at the root, as main.tsx renders the app (React runs effects twice only under a root StrictMode).
 */
export function renderPage(
  ui: ReactElement,
  { path = '/', route = '*', user = null as User | null, strict = false } = {},
) {
  const client: QueryClient = createQueryClient();
  client.setQueryData(queryKeys.me, user);
  const tree = (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={ui} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, client };
}
