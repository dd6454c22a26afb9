import type { JobSort, SearchQuery, SearchResult } from '@jobboard/shared';
import { HOME_PAGE_SIZE, HOME_SKELETON_CARDS } from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ReactNode } from 'react';
import { Pagination } from '../../../components/ui/Pagination';
import { JobCardSkeletonList } from '../../../components/ui/Skeleton';
import { pageCount } from '../../../lib/paging';
import { searchParamsOf } from '../search-params';
import { JobCard } from './JobCard';
import { SearchFeeds } from './SearchFeeds';
import { SEARCH_FORM } from './SearchHero';

// Only a search that finds nothing needs them.
const emptyResults = () => import('./EmptyResults');
const EmptyResults = lazy(() => emptyResults().then((m) => ({ default: m.EmptyResults })));
const SearchFailure = lazy(() => emptyResults().then((m) => ({ default: m.SearchFailure })));

/** One page of a search as the page shows it: its total, whether that is an estimate, and where the pages end. */
export interface ResultsPage {
  data: SearchResult | undefined;
  isError: boolean;
  /** Why the search failed, when it did. */
  error?: Error | null;
  loading: boolean;
  total: number;
  estimated: boolean;
  pages: number;
  hasNext: boolean;
}

/** A search's pages: an estimated total has no known last page, so the pages go on while they come back full. */
export function pagesOf(data: SearchResult | undefined, isError: boolean, page: number) {
  const total = isError ? 0 : (data?.total ?? 0);
  const estimated = !isError && Boolean(data?.totalIsEstimate);
  const pages = pageCount(total, HOME_PAGE_SIZE);
  const hasNext = estimated ? (data?.items.length ?? 0) === HOME_PAGE_SIZE : page < pages;
  return { total, estimated, pages, hasNext };
}

/**
 * '1 Job', '12 Jobs' (the spec's heading, numbers as they are in English), 'About 331,000 Jobs' for an estimate;
 * German and Arabic group digits as their readers do and take their own plural forms.
 */
function countHeading(i18n: I18n, total: number, estimated: boolean): string {
  const english = i18n.locale === 'en';
  if (estimated) {
    const rounded = Number(total.toPrecision(3));
    const count = english ? rounded.toLocaleString('en-US') : i18n.number(rounded);
    return i18n._(msg`About ${count} Jobs`);
  }
  const count = english ? String(total) : i18n.number(total);
  return i18n._(msg`${plural(total, { one: `${count} Job`, other: `${count} Jobs` })}`);
}

interface SortControlProps {
  query: SearchQuery;
  update: (patch: Partial<SearchQuery>) => void;
}

/** The results' order: its own form, so without scripts a new order keeps the search. */
function SortControl({ query, update }: SortControlProps) {
  const sort: JobSort =
    query.sort === 'relevance' && !query.q ? 'newest' : (query.sort ?? (query.q ? 'relevance' : 'newest'));
  const { t } = useLingui();
  return (
    <>
      {/* Its own form: without scripts, a new order keeps the search, while a new search starts in its order. */}
      <form id="home-sort" method="get" action="/" className="contents">
        {[...searchParamsOf({ ...query, sort: undefined, page: 1 }).entries()].map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
      </form>
      <label htmlFor="job-sort">{t`Sort by`}</label>
      <select
        id="job-sort"
        name="sort"
        form="home-sort"
        value={sort}
        onChange={(event) => {
          const value = event.target.value as JobSort;
          update({ sort: value === (query.q ? 'relevance' : 'newest') ? undefined : value });
        }}
        className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
      >
        {query.q ? <option value="relevance">{t`Most relevant`}</option> : null}
        <option value="newest">{t`Newest`}</option>
        <option value="pay">{t`Highest pay`}</option>
      </select>
      <noscript>
        <button type="submit" form="home-sort" className="rounded-lg border border-slate-300 px-2 py-1.5">
          <Trans>Sort</Trans>
        </button>
      </noscript>
    </>
  );
}

interface ResultsListProps {
  results: ResultsPage;
  query: SearchQuery;
  update: (patch: Partial<SearchQuery>) => void;
  /** The app's "Alert me", offered under an empty result. */
  alert: ReactNode;
}

/** Skeleton cards while loading, the job cards, or what to try when nothing was found. */
function ResultsList({ results, query, update, alert }: ResultsListProps) {
  const { data, isError, loading, estimated } = results;
  const { t } = useLingui();
  if (loading) return <JobCardSkeletonList count={HOME_SKELETON_CARDS} />;
  if (isError || !data || data.items.length === 0) {
    const pastAnEstimate = estimated && query.page > 1;
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 px-4 py-16 text-center dark:border-slate-700">
        <p className="text-lg text-slate-700 dark:text-slate-300">
          {pastAnEstimate ? t`No more jobs: this page is past the last of the results.` : t`No Data Found !`}
        </p>
        {isError ? (
          <Suspense fallback={null}>
            <SearchFailure error={results.error} />
          </Suspense>
        ) : null}
        {data && !isError && !pastAnEstimate ? (
          <Suspense fallback={null}>
            <EmptyResults query={query} unknownPlace={data.unknownPlace} onChange={update} alert={alert} />
          </Suspense>
        ) : null}
      </div>
    );
  }
  // Featured matches first, each shown once on the page.
  const featured = data.featured ?? [];
  const shown = new Set(featured.map((job) => job._id));
  return (
    <ul className="space-y-4">
      {featured.map((job) => (
        <li key={job._id}>
          <JobCard job={job} featured />
        </li>
      ))}
      {data.items
        .filter((job) => !shown.has(job._id))
        .map((job) => (
          <li key={job._id}>
            <JobCard job={job} />
          </li>
        ))}
    </ul>
  );
}

interface HomeResultsProps {
  results: ResultsPage;
  query: SearchQuery;
  update: (patch: Partial<SearchQuery>) => void;
  resultsAction: ((query: SearchQuery, placement?: 'empty') => ReactNode) | undefined;
}

/** What a note above the results says was searched instead of, or as well as, the text typed. */
const NOTE = 'mb-4 text-sm text-slate-700 dark:text-slate-300';
function Searched({ text }: { text: string }) {
  return (
    <strong className="font-semibold text-slate-900 dark:text-white">
      <bdi>{text}</bdi>
    </strong>
  );
}

/** The results: their count, feeds, "Alert me" and order, the cards, and the pager. */
export function HomeResults({ results, query, update, resultsAction }: HomeResultsProps) {
  const { data, isError, loading, total, estimated, pages, hasNext } = results;
  const { i18n, t } = useLingui();
  const goTo = (page: number) => {
    update({ page });
    document.getElementById('results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  return (
    <section id="results" aria-labelledby="results-heading" aria-busy={loading}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <h2 id="results-heading" className="text-lg font-bold" aria-live="polite">
          {/* The last search's count would describe results no longer shown. */}
          {loading ? t`Loading jobs` : countHeading(i18n, total, estimated)}
        </h2>
        <div className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
          <SearchFeeds search={searchParamsOf(query).toString()} />
          {resultsAction?.(query)}
          <SortControl query={query} update={update} />
        </div>
      </div>
      {!loading && data?.relaxedQuery ? (
        <p className={NOTE}>
          <Trans>
            No job has all of your words. Showing jobs with <Searched text={data.relaxedQuery} />
          </Trans>
        </p>
      ) : null}
      {!loading && data?.correctedQuery ? (
        <p className={NOTE}>
          <Trans>
            Including results for <Searched text={data.correctedQuery} />
          </Trans>
        </p>
      ) : null}
      <ResultsList results={results} query={query} update={update} alert={resultsAction?.(query, 'empty')} />
      {!isError && total > 0 ? (
        <Pagination
          page={query.page}
          pageCount={estimated ? undefined : pages}
          hasPrevious={query.page > 1}
          hasNext={hasNext}
          onPrevious={() => goTo(query.page - 1)}
          onNext={() => goTo(query.page + 1)}
          label={t`Job results pages`}
          form={SEARCH_FORM}
        />
      ) : null}
    </section>
  );
}
