/** A rendered page as sent: its status, its HTML, and its compressed forms as browsers asked for them. */
export interface CachedPage {
  status: number;
  html: string;
  encoded: Map<string, Buffer>;
  /** SearchCache.changes when its answers were read: a page from before the last job change is not reused. */
  changes: number;
  at: number;
}

/** Pages kept at most: a few MB (a page is 20-80 KB, compressed forms a tenth of that). */
export const PAGE_CACHE_PAGES = 200;
/** The longest a page is reused: what no job change announces (a replica's lag, "posted today") is this stale at most. */
export const PAGE_CACHE_TTL_MS = 30_000;

/**
 * Anonymous renders of the home and job pages by normalised address (pages.routes.ts): least recently used pages
 * go first. A visitor without a session sees the same page as any other, so one render serves them all until a job
 * changes; rendering costs 100-170 ms of the event loop, a kept page well under one.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly maxPages = PAGE_CACHE_PAGES,
    private readonly ttlMs = PAGE_CACHE_TTL_MS,
  ) {}

  get size(): number {
    return this.pages.size;
  }

  /** The page kept for `key` if it was made after the last job change (`changes`) and within the TTL. */
  get(key: string, changes: number, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    this.pages.delete(key);
    if (page.changes !== changes || now - page.at >= this.ttlMs) return undefined;
    this.pages.set(key, page);
    return page;
  }

  set(key: string, page: CachedPage): void {
    this.pages.delete(key);
    if (this.pages.size >= this.maxPages) {
      const oldest = this.pages.keys().next();
      if (!oldest.done) this.pages.delete(oldest.value);
    }
    this.pages.set(key, page);
  }
}
