/** Client-side paging of the table screens (4 rows a page). Pages start at 1. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page)), pageCount(total, pageSize));
}

export function pageSlice<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const current = clampPage(page, items.length, pageSize);
  const start = (current - 1) * pageSize;
  return items.slice(start, start + pageSize);
}

export function hasPreviousPage(page: number): boolean {
  return page > 1;
}

export function hasNextPage(page: number, total: number, pageSize: number): boolean {
  return page * pageSize < total;
}
