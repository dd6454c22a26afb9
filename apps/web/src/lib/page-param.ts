import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** 1 to 9999, no leading zero (the server's LIMITS.maxPage is 10,000). */
const PAGE_PATTERN = /^[1-9]\d{0,3}$/;

/** The page number of a list's URL (`?page=N`): a whole number from 1 to 9999; anything else (0, -1, 2.5, x) is page 1. */
export function pageFromParams(params: URLSearchParams): number {
  const raw = params.get('page') ?? '';
  return PAGE_PATTERN.test(raw) ? Number(raw) : 1;
}

/** `params` with `page` set; page 1 is the list's plain address, so it drops the parameter. Other parameters stay. */
export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  return next;
}

/** The page of the URL and a way to move to another (a new history entry: Back returns to the page before). */
export function usePageParam() {
  const [params, setParams] = useSearchParams();
  const setPage = useCallback((page: number) => setParams((current) => withPage(current, page)), [setParams]);
  return { page: pageFromParams(params), setPage, params, setParams };
}

/**
 * Once `shown` is known (the page the list can show: the last one when the URL asks past the end, 1 for junk), a
 * URL that says otherwise is corrected in place (replace, so Back does not return to a page that is not there).
 */
export function useShownPage(shown: number | undefined) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('page');
  useEffect(() => {
    if (shown === undefined) return;
    const wanted = shown > 1 ? String(shown) : null;
    if (raw !== wanted) setParams((current) => withPage(current, shown), { replace: true });
  }, [shown, raw, setParams]);
}
