import type { FilterGroup } from './constants.js';

type PostedWindow = '24h' | '7d' | '30d';

const WINDOW_DAYS: Record<PostedWindow, number> = { '24h': 1, '7d': 7, '30d': 30 };

/** yyyy-mm-dd of a date in UTC: the format of `postingDate`, comparable as a string. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * First posting date inside a "Date of Posting" window: a job matches when its postingDate is on or after
 * this date (docs/product.md, "Constants and filters"). Dates are whole days, so "last 24 hours" means posted today or yesterday.
 */
export function postedWindowStart(window: PostedWindow, now: Date = new Date()): string {
  const start = new Date(now.getTime() - WINDOW_DAYS[window] * 24 * 60 * 60 * 1000);
  return toIsoDate(start);
}

export function isPostedWindow(value: string): value is PostedWindow {
  return Object.hasOwn(WINDOW_DAYS, value);
}

export type { PostedWindow, FilterGroup };
