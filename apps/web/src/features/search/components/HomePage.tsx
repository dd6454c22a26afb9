import type { JobSort, SearchQuery } from '@jobboard/shared';
import { HOME_PAGE_SIZE, HOME_SKELETON_CARDS } from '@jobboard/shared';
import { FIRST_PAINT_MESSAGES as MESSAGES } from '../../../lib/first-paint-messages';
import { MapPin, SlidersHorizontal, Search } from '../../../components/ui/icons';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Pagination } from '../../../components/ui/Pagination';
import { JobCardSkeletonList } from '../../../components/ui/Skeleton';
import { aboutJobCount, jobCount } from '../../../lib/format';
import { pageCount } from '../../../lib/paging';
import { useDebounced } from '../../../lib/use-debounced';
import { useJobSearch } from '../api/use-job-search';
import { parseSearchParams, searchHref, searchParamsOf } from '../search-params';
import { FilterPanel } from './FilterPanel';
import { JobCard } from './JobCard';
import { SearchFeeds } from './SearchFeeds';

const iconClass = 'pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-500';
// White in both themes, so the browser's own parts of the box (its clear button) are drawn for a light one.
const boxClass =
  'w-full rounded-xl border-0 bg-white py-3 pl-10 pr-3 text-slate-900 placeholder:text-sm placeholder:text-slate-500 shadow [color-scheme:light] focus:outline-none focus:ring-4 focus:ring-amber-200';

const completions = () => import('./SearchCompletions');
const WhatCompletions = lazy(() => completions().then((m) => ({ default: m.WhatCompletions })));
const WhereCompletions = lazy(() => completions().then((m) => ({ default: m.WhereCompletions })));
// Only a search that finds nothing needs it.
const EmptyResults = lazy(() => import('./EmptyResults').then((m) => ({ default: m.EmptyResults })));

/**
 * The search is a GET form (the hero's boxes, the sidebar's choices, the order and the pager belong to it): it works
 * before the app's scripts have run and without them, and a crawler can follow it.
 */
const SEARCH_FORM = 'home-search';

interface SearchBoxProps {
  id: string;
  /** The URL parameter the box submits. */
  name: 'q' | 'where';
  label: string;
  icon: ReactNode;
  value: string;
  placeholder: string;
  onChange: (text: string) => void;
  /** A completion was picked: search with it now. */
  onPick: (text: string) => void;
  /** Which completions; undefined until they are wanted (their code loads then). */
  completions: typeof WhatCompletions | undefined;
  onWanted: () => void;
}

/**
 * One of the hero's boxes: a combobox whose completions (SearchCompletions) load on first focus or pointing,
 * so the first visit does not download them. The input is always this one element.
 */
function SearchBox({
  id,
  name,
  label,
  icon,
  value,
  placeholder,
  onChange,
  onPick,
  completions: Completions,
  onWanted,
}: SearchBoxProps) {
  const [open, setOpen] = useState(false);
  const [aria, setAria] = useState<{ expanded: boolean; activeId: string | undefined }>({
    expanded: false,
    activeId: undefined,
  });
  const keysRef = useRef<((event: KeyboardEvent<HTMLInputElement>) => boolean) | undefined>(undefined);
  const attached = useRef(false);
  // The completions are loaded and shown.
  const wanted = () => {
    onWanted();
    setOpen(true);
  };
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {icon}
      <input
        id={id}
        name={name}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={aria.expanded}
        aria-controls={Completions ? `${id}-listbox` : undefined}
        aria-activedescendant={aria.activeId}
        // In the server's HTML before the app's scripts run: text typed meanwhile is taken over once they do, and
        // a box typed into or focused meanwhile shows its completions. Only when React first takes the box.
        ref={(input) => {
          if (!input || attached.current) return;
          attached.current = true;
          const typed = input.value;
          if (typed !== value) onChange(typed);
          if (typed !== value || document.activeElement === input) wanted();
        }}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onFocus={wanted}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (keysRef.current?.(event)) event.preventDefault();
        }}
        placeholder={placeholder}
        className={boxClass}
      />
      {Completions ? (
        <Suspense fallback={null}>
          <Completions
            inputId={id}
            text={value}
            open={open}
            onPick={(text) => {
              setOpen(false);
              onPick(text);
            }}
            onClose={() => setOpen(false)}
            keysRef={keysRef}
            onAria={setAria}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

export interface HomePageProps {
  /**
   * Shown beside the results' order (the app's "Alert me"), and under an empty result ('empty'): given by app/,
   * since features do not import each other.
   */
  resultsAction?: (query: SearchQuery, placement?: 'empty') => ReactNode;
}

export function HomePage({ resultsAction }: HomePageProps = {}) {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseSearchParams(params), [params]);
  const [text, setText] = useState(query.q ?? '');
  const [where, setWhere] = useState(query.where ?? '');
  const debouncedText = useDebounced(text.trim(), 300);
  const [filtersOpen, setFiltersOpen] = useState(false);

  const next = (patch: Partial<SearchQuery>): Partial<SearchQuery> => {
    const merged = { ...query, page: 1, ...patch };
    // "Most relevant" needs text to be relevant to: without it the order is the newest first anyway.
    if (!merged.q && merged.sort === 'relevance') merged.sort = undefined;
    return merged;
  };
  const update = (patch: Partial<SearchQuery>, options: { replace?: boolean } = {}) => {
    setParams(searchParamsOf(next(patch)), { replace: options.replace ?? false });
  };

  // Typing "what" settles for 300 ms before the URL (and so the request) changes. "Where" waits for Search, Enter
  // or a picked place: a city half typed ("Seatt") matches no job, and its "0 Jobs" would flash while typing.
  useEffect(() => {
    if ((query.q ?? '') !== debouncedText) update({ q: debouncedText || undefined }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the settled text drives this
  }, [debouncedText]);

  // Back/forward to a URL with other text puts that text back in the boxes (state adjusted during render, as
  // React recommends for state derived from a changed input).
  // Each box follows only its own key: the other box may hold text that has not settled yet.
  const [urlQ, setUrlQ] = useState(query.q);
  if (urlQ !== query.q) {
    setUrlQ(query.q);
    if (text.trim() !== (query.q ?? '')) setText(query.q ?? '');
  }
  const [urlWhere, setUrlWhere] = useState(query.where);
  if (urlWhere !== query.where) {
    setUrlWhere(query.where);
    if (where.trim() !== (query.where ?? '')) setWhere(query.where ?? '');
  }

  // The boxes' completions load once wanted (focus, or the pointer over the search form).
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const searchNow = (patch: { q?: string; where?: string }) => {
    const q = (patch.q ?? text).trim();
    const at = (patch.where ?? where).trim();
    update({ q: q || undefined, where: at || undefined });
  };

  const search = useJobSearch(query);
  const data = search.data;
  const total = search.isError ? 0 : (data?.total ?? 0);
  // An estimated total has no known last page: the pages go on while they come back full.
  const estimated = !search.isError && Boolean(data?.totalIsEstimate);
  const pages = pageCount(total, HOME_PAGE_SIZE);
  const hasNext = estimated ? (data?.items.length ?? 0) === HOME_PAGE_SIZE : query.page < pages;
  // A page past the last one (an old link, fewer jobs since): go to the last page, showing nothing in between.
  // Past the end of an estimate, the page says so and Previous leads back.
  const pastTheEnd =
    data !== undefined && !search.isPlaceholderData && !search.isError && !estimated && query.page > pages;
  useEffect(() => {
    if (pastTheEnd) update({ page: pages }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only reaching past the end drives this
  }, [pastTheEnd, pages]);
  const loading = search.isPending || search.isPlaceholderData || pastTheEnd;

  const sort: JobSort =
    query.sort === 'relevance' && !query.q ? 'newest' : (query.sort ?? (query.q ? 'relevance' : 'newest'));
  const hrefFor = (patch: Partial<SearchQuery>) => searchHref(next(patch));
  const goTo = (page: number) => {
    update({ page });
    document.getElementById('results')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div>
      <section className="relative rounded-3xl bg-gradient-to-br from-teal-800 via-teal-700 to-cyan-800 px-5 py-10 text-white shadow-lg sm:px-10 sm:py-14">
        <h1 className="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">
          Find your <span className="text-amber-200">new job</span> today
        </h1>
        <p className="mt-3 max-w-xl text-teal-50 sm:text-lg">
          Thousands of jobs in technology, design and more are waiting for you.
        </p>
        <form
          id={SEARCH_FORM}
          role="search"
          // Without JavaScript (or before it runs) the browser submits the boxes to the home page's address.
          action="/"
          method="get"
          // The What box's placeholder (the spec's question) is the longer: it gets the wider column.
          className="mt-6 grid max-w-3xl gap-2 sm:grid-cols-[3fr_2fr_auto]"
          onPointerEnter={want}
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: text.trim() || undefined, where: where.trim() || undefined });
          }}
        >
          {/* The chosen order, kept by a new search and by the pager's plain requests. */}
          {query.sort ? <input type="hidden" name="sort" value={query.sort} /> : null}
          <SearchBox
            id="job-search"
            name="q"
            label="What: job title, company, skill or words"
            icon={<Search className={iconClass} size={18} aria-hidden="true" />}
            value={text}
            placeholder={MESSAGES.searchPlaceholder}
            onChange={setText}
            onPick={(picked) => {
              setText(picked);
              searchNow({ q: picked });
            }}
            completions={wanted ? WhatCompletions : undefined}
            onWanted={want}
          />
          <SearchBox
            id="job-where"
            name="where"
            label="Where: city, country or remote"
            icon={<MapPin className={iconClass} size={18} aria-hidden="true" />}
            value={where}
            placeholder="City, country or remote"
            onChange={setWhere}
            onPick={(picked) => {
              setWhere(picked);
              searchNow({ where: picked });
            }}
            completions={wanted ? WhereCompletions : undefined}
            onWanted={want}
          />
          <button
            type="submit"
            className="rounded-xl bg-slate-900 px-6 py-3 font-semibold text-white hover:bg-slate-800 focus-visible:outline-white"
          >
            Search
          </button>
        </form>
      </section>

      <div className="mt-8 grid gap-8 sm:grid-cols-[14rem_1fr] lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Filters" className="hidden sm:block">
          <h2 className="mb-4 text-lg font-bold">Filters</h2>
          <FilterPanel
            idPrefix="desktop"
            form={SEARCH_FORM}
            query={query}
            facets={data?.facets}
            topFacets={data?.topFacets}
            estimated={data?.facetsAreEstimates}
            onChange={update}
            hrefFor={hrefFor}
          />
        </aside>

        <div className="sm:hidden">
          <button
            type="button"
            aria-expanded={filtersOpen}
            aria-controls="mobile-filters"
            onClick={() => setFiltersOpen((v) => !v)}
            className="flex w-full items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
          >
            <SlidersHorizontal size={18} aria-hidden="true" />
            Apply Filters
          </button>
          {filtersOpen ? (
            <div
              id="mobile-filters"
              className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <FilterPanel
                idPrefix="mobile"
                query={query}
                facets={data?.facets}
                topFacets={data?.topFacets}
                estimated={data?.facetsAreEstimates}
                onChange={update}
                hrefFor={hrefFor}
              />
            </div>
          ) : null}
        </div>

        <section id="results" aria-labelledby="results-heading" aria-busy={loading}>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
            <h2 id="results-heading" className="text-lg font-bold" aria-live="polite">
              {/* The last search's count would describe results no longer shown. */}
              {loading ? 'Loading jobs' : estimated ? aboutJobCount(total) : jobCount(total)}
            </h2>
            <div className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
              <SearchFeeds search={searchParamsOf(query).toString()} />
              {resultsAction?.(query)}
              {/* Its own form: without scripts, a new order keeps the search, while a new search starts in its order. */}
              <form id="home-sort" method="get" action="/" className="contents">
                {[...searchParamsOf({ ...query, sort: undefined, page: 1 }).entries()].map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
              </form>
              <label htmlFor="job-sort">Sort by</label>
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
                {query.q ? <option value="relevance">Most relevant</option> : null}
                <option value="newest">Newest</option>
                <option value="pay">Highest pay</option>
              </select>
              <noscript>
                <button type="submit" form="home-sort" className="rounded-lg border border-slate-300 px-2 py-1.5">
                  Sort
                </button>
              </noscript>
            </div>
          </div>
          {!loading && data?.correctedQuery ? (
            <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
              Including results for{' '}
              <strong className="font-semibold text-slate-900 dark:text-white">{data.correctedQuery}</strong>
            </p>
          ) : null}
          {loading ? (
            <JobCardSkeletonList count={HOME_SKELETON_CARDS} />
          ) : search.isError || !data || data.items.length === 0 ? (
            <div className="rounded-2xl border border-dashed border-slate-300 px-4 py-16 text-center dark:border-slate-700">
              <p className="text-lg text-slate-700 dark:text-slate-300">
                {estimated && query.page > 1
                  ? 'No more jobs: this page is past the last of the results.'
                  : MESSAGES.noDataFound}
              </p>
              {data && !search.isError && !(estimated && query.page > 1) ? (
                <Suspense fallback={null}>
                  <EmptyResults
                    query={query}
                    unknownPlace={data.unknownPlace}
                    onChange={update}
                    alert={resultsAction?.(query, 'empty')}
                  />
                </Suspense>
              ) : null}
            </div>
          ) : (
            <ul className="space-y-4">
              {data.items.map((job) => (
                <li key={job._id}>
                  <JobCard job={job} />
                </li>
              ))}
            </ul>
          )}
          {!search.isError && total > 0 ? (
            <Pagination
              page={query.page}
              pageCount={estimated ? undefined : pages}
              hasPrevious={query.page > 1}
              hasNext={hasNext}
              onPrevious={() => goTo(query.page - 1)}
              onNext={() => goTo(query.page + 1)}
              label="Job results pages"
              form={SEARCH_FORM}
            />
          ) : null}
        </section>
      </div>
    </div>
  );
}
