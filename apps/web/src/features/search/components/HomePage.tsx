import { Trans, useLingui } from '@lingui/react/macro';
import type { SearchQuery, SearchResult } from '@jobboard/shared';
import { SlidersHorizontal } from '../../../components/ui/icons';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router';
import { useDebounced } from '../../../lib/use-debounced';
import { useJobSearch } from '../api/use-job-search';
import { parseSearchParams, searchHref, searchParamsOf } from '../search-params';
import { FilterPanel, type FilterPanelProps } from './FilterPanel';
import { HomeResults, pagesOf, type ResultsPage } from './HomeResults';
import { SEARCH_FORM, SearchHero } from './SearchHero';

export interface HomePageProps {
  /**
   * Shown beside the results' order (the app's "Alert me"), and under an empty result ('empty'): given by app/,
   * since features do not import each other.
   */
  resultsAction?: (query: SearchQuery, placement?: 'empty') => ReactNode;
}

type Update = (patch: Partial<SearchQuery>, options?: { replace?: boolean; state?: unknown }) => void;

/** The history state of a URL that took the "what" box's settled text: the box's own doing, not a new search. */
export const SETTLED_TEXT_STATE = { settledText: true } as const;
const isSettledText = (state: unknown) =>
  typeof state === 'object' && state !== null && 'settledText' in state && state.settledText === true;

/**
 * The search as the URL holds it, and the two boxes' text: "what" settles for 300 ms before the URL (and so the
 * request) changes; "where" waits for Search, Enter or a picked place: a city half typed ("Seatt") matches no job,
 * and its "0 Jobs" would flash while typing.
 */
function useSearchState() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseSearchParams(params), [params]);
  const [text, setText] = useState(query.q ?? '');
  const [where, setWhere] = useState(query.where ?? '');
  const debouncedText = useDebounced(text.trim(), 300);

  const next = (patch: Partial<SearchQuery>): Partial<SearchQuery> => {
    const merged = { ...query, page: 1, ...patch };
    // "Most relevant" needs text to be relevant to: without it the order is the newest first anyway.
    if (!merged.q && merged.sort === 'relevance') merged.sort = undefined;
    return merged;
  };
  const update: Update = (patch, options = {}) => {
    setParams(searchParamsOf(next(patch)), { replace: options.replace ?? false, state: options.state });
  };

  const { pathname, state } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    // A link followed while the text settled (a card clicked) renders in a transition, and this page stays on
    // screen until the next one has loaded: the browser's address is already the next page's, and the settled
    // text must not bring the person back here.
    if (window.location.pathname !== pathname) return;
    if ((query.q ?? '') !== debouncedText) {
      update({ q: debouncedText || undefined }, { replace: true, state: SETTLED_TEXT_STATE });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the settled text drives this
  }, [debouncedText]);

  // Back/forward to a URL with other text puts that text back in the boxes (state adjusted during render, as
  // React recommends for state derived from a changed input).
  // Each box follows only its own key: the other box may hold text that has not settled yet.
  const [urlQ, setUrlQ] = useState(query.q);
  if (urlQ !== query.q) {
    setUrlQ(query.q);
    // The URL taking the text as it settled is this box's own doing, rendered in a transition: the box may hold
    // more typed since ("engin" when "eng" comes back, with "engi" still on its way), which putting "eng" back would
    // lose. Back and forward to such a URL are not: they put its text back.
    const own = navigationType !== 'POP' && isSettledText(state);
    if (!own && text.trim() !== (query.q ?? '')) setText(query.q ?? '');
  }
  const [urlWhere, setUrlWhere] = useState(query.where);
  if (urlWhere !== query.where) {
    setUrlWhere(query.where);
    if (where.trim() !== (query.where ?? '')) setWhere(query.where ?? '');
  }
  const hrefFor = (patch: Partial<SearchQuery>) => searchHref(next(patch));
  return { query, text, setText, where, setWhere, update, hrefFor };
}

/** The search's results as the page shows them; a page past the last one (an old link, fewer jobs since) goes to
 * the last page, showing nothing in between. Past the end of an estimate, the page says so and Previous leads back. */
function useResults(query: SearchQuery, update: Update): ResultsPage {
  const search = useJobSearch(query);
  const data = search.data;
  const { total, estimated, pages, hasNext } = pagesOf(data, search.isError, query.page);
  const pastTheEnd =
    data !== undefined && !search.isPlaceholderData && !search.isError && !estimated && query.page > pages;
  useEffect(() => {
    if (pastTheEnd) update({ page: pages }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only reaching past the end drives this
  }, [pastTheEnd, pages]);
  const loading = search.isPending || search.isPlaceholderData || pastTheEnd;
  return { data, isError: search.isError, error: search.error, loading, total, estimated, pages, hasNext };
}

type FilterProps = Omit<FilterPanelProps, 'idPrefix' | 'form'>;

function filterProps(data: SearchResult | undefined, rest: Pick<FilterProps, 'query' | 'onChange' | 'hrefFor'>) {
  return { ...rest, facets: data?.facets, topFacets: data?.topFacets, estimated: data?.facetsAreEstimates };
}

/** On a phone the filters fold behind "Apply Filters". */
function MobileFilters(props: FilterProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="sm:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="mobile-filters"
        onClick={() => setOpen((v) => !v)}
        className="flex w-full items-center justify-center gap-2 rounded-xl border border-slate-300 bg-white px-4 py-3 font-semibold text-slate-800 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        <SlidersHorizontal size={18} aria-hidden="true" />
        <Trans>Apply Filters</Trans>
      </button>
      {open ? (
        <div
          id="mobile-filters"
          className="mt-3 rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
        >
          <FilterPanel idPrefix="mobile" {...props} />
        </div>
      ) : null}
    </div>
  );
}

export function HomePage({ resultsAction }: HomePageProps = {}) {
  const { query, text, setText, where, setWhere, update, hrefFor } = useSearchState();
  const results = useResults(query, update);
  const filters = filterProps(results.data, { query, onChange: update, hrefFor });
  const { t } = useLingui();
  return (
    <div>
      <SearchHero query={query} text={text} setText={setText} where={where} setWhere={setWhere} update={update} />
      <div className="mt-8 grid gap-8 sm:grid-cols-[14rem_1fr] lg:grid-cols-[16rem_1fr]">
        <aside aria-label={t`Filters`} className="hidden sm:block">
          <h2 className="mb-4 text-lg font-bold">
            <Trans>Filters</Trans>
          </h2>
          <FilterPanel idPrefix="desktop" form={SEARCH_FORM} {...filters} />
        </aside>
        <MobileFilters {...filters} />
        <HomeResults results={results} query={query} update={update} resultsAction={resultsAction} />
      </div>
    </div>
  );
}
