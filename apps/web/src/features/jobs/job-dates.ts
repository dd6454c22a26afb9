import { toIsoDate } from '@jobboard/shared';

/** 'YYYY-MM-DD' plus whole days, in UTC (the calendar of `postingDate` and `validThrough`). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}

export function todayIso(): string {
  return toIsoDate(new Date());
}
