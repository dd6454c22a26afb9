/**
 * Server rendering of the home, job and company pages (built by `vite build --ssr` into apps/web/dist-ssr and loaded by
 * apps/server/src/modules/pages). The server asks `prefetchPlan` which API answers a page is made of, gets them
 * from its own API, and `render`s the same components the browser runs, from a query cache seeded with those
 * answers; the browser seeds its cache with the same state and hydrates (app/main.tsx).
 */
import type { QueryKey } from '@tanstack/react-query';
import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { isLanguage, LANGUAGES, type Language } from '@jobboard/shared';
import type { Messages } from '@lingui/core';
import { AppProviders } from './app/App';
import { AppRoutes } from './app/router';
import { parseSearchParams, searchApiPath, searchParamsOf } from './features/search/search-params';
import { queryKeys } from './lib/query-keys';
import { createI18n } from './lib/i18n';
import { createQueryClient } from './lib/session';
import { seedQueries, type SsrState } from './lib/ssr-state';

export type { SsrState } from './lib/ssr-state';
export { SSR_STATE_ID } from './lib/ssr-state';

export type PageKind = 'home' | 'job' | 'company';

export interface PagePlan {
  kind: PageKind;
  /** The job's id on a job page, the company's slug on a company page. */
  id?: string;
  /** What the page is rendered from: each query's key and the API path that answers it. */
  queries: { key: QueryKey; path: string }[];
}

/** The queries a server-rendered page needs, or null for a page the browser renders alone. */
export function prefetchPlan(pathname: string, search: string): PagePlan | null {
  // The site settings come first (the header and footer show them); the page's own answer is always last.
  const me = { key: queryKeys.me as QueryKey, path: '/api/auth/me' };
  const site = { key: queryKeys.site as QueryKey, path: '/api/site' };
  if (pathname === '/') {
    const params = searchParamsOf(parseSearchParams(new URLSearchParams(search))).toString();
    return {
      kind: 'home',
      queries: [site, me, { key: queryKeys.search(params), path: searchApiPath(params) }],
    };
  }
  const job = matchPath('/job/:id', pathname);
  const id = job?.params.id;
  if (id)
    return {
      kind: 'job',
      id,
      queries: [site, me, { key: queryKeys.job(id), path: `/api/job/all-jobs/${encodeURIComponent(id)}` }],
    };
  const slug = matchPath('/company/:slug', pathname)?.params.slug;
  if (slug)
    return {
      kind: 'company',
      id: slug,
      queries: [site, me, { key: queryKeys.company(slug), path: `/api/companies/${encodeURIComponent(slug)}` }],
    };
  return null;
}

// The server renders in any language at any moment: every catalogue of every language is at hand (the core one and
// each feature's: a server-rendered company page speaks the companies catalogue), one i18n per render.
const FILES = import.meta.glob<{ messages: Messages }>(
  ['./locales/*/messages.po', './features/*/locales/*.po', './app/pages/locales/*.po', './components/locales/*.po'],
  { eager: true },
);
const languageOf = (file: string) => /\/(\w+)(?:\/messages)?\.po$/.exec(file)?.[1];
const CATALOGUES = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    Object.assign(
      {},
      ...Object.entries(FILES)
        .filter(([file]) => languageOf(file) === language)
        .map(([, module]) => module.messages),
    ) as Messages,
  ]),
) as Record<Language, Messages>;

/** Renders the page at `url` (path and query string) from `state`, waiting for its lazy parts; the #root markup. */
export function render(url: string, state: SsrState, timeoutMs = 5000): Promise<string> {
  const client = createQueryClient();
  seedQueries(client, state);
  const language = isLanguage(state.language) ? state.language : 'en';
  const i18n = createI18n(language, CATALOGUES[language]);
  return new Promise<string>((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        client.clear();
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(
      <AppProviders client={client} i18n={i18n} locale={state.locale}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>,
      {
        // Every Suspense boundary inline, in place: a boundary over this size would be sent after the shell with an
        // inline script to move it into place, which the Content-Security-Policy (script-src 'self') blocks.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onAllReady() {
          stream.pipe(sink);
        },
        onShellError(error) {
          client.clear();
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      },
    );
    setTimeout(
      () => stream.abort(new Error(`server rendering of ${url} took over ${timeoutMs} ms`)),
      timeoutMs,
    ).unref();
  });
}
