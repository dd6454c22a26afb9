import { TABLE_PAGE_SIZE, TABLE_PAGE_SIZES } from '@jobboard/shared';

export type TablePageSize = (typeof TABLE_PAGE_SIZES)[number];

/** The rows per page of a table's URL (`?pageSize=10`): one of 4, 10, 25; anything else is the spec's 4. */
export function pageSizeFromParams(params: URLSearchParams): TablePageSize {
  const raw = Number(params.get('pageSize'));
  return TABLE_PAGE_SIZES.find((size) => size === raw) ?? TABLE_PAGE_SIZE;
}

/** `params` with `pageSize` set (the default drops it) and back to page 1: the rows of page N change with the size. */
export function withPageSize(params: URLSearchParams, size: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (size === TABLE_PAGE_SIZE) next.delete('pageSize');
  else next.set('pageSize', String(size));
  next.delete('page');
  return next;
}
