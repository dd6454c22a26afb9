import { browserLocale } from './locale';
import type { Job } from '@jobboard/shared';
import { formatSalary, parseSalaryThousands } from '@jobboard/shared';
import { countryLabel } from './countries';
import { salaryRangeK } from './format';

/*
 * How cards, the job page and tables show the job model's fields. Home-page safe: no zod, no country tables
 * (docs/decisions/0008-web-app-size.md).
 */

type Place = Pick<Job, 'location' | 'jobLocation'>;

/** 'Berlin, Germany', 'Germany', or the spec's free-text jobLocation when the job has no structured place. */
export function placeText(job: Place): string {
  const { city, country } = job.location;
  const parts = [city, countryLabel(country)].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : job.jobLocation;
}

/**
 * 'EUR 60,000–75,000 a year' in the reader's locale. A job from an old client without a structured salary: the
 * spec's 'Yearly · 20k - 120k', or its words when they hold no number ('Negotiable').
 */
export function payText(job: Pick<Job, 'salary' | 'salaryType' | 'minPrice' | 'maxPrice'>, locale?: string): string {
  if (job.salary) return formatSalary(job.salary, locale ?? browserLocale());
  if (parseSalaryThousands(job.minPrice) === null || parseSalaryThousands(job.maxPrice) === null) {
    const words = job.minPrice === job.maxPrice ? job.minPrice : `${job.minPrice} - ${job.maxPrice}`;
    return `${job.salaryType} · ${words}`;
  }
  return `${job.salaryType} · ${salaryRangeK(job.minPrice, job.maxPrice)}`;
}

const WORKPLACE_WORDS = { 'on-site': 'On-site', hybrid: 'Hybrid', remote: 'Remote' } as const;

/** 'On-site', 'Hybrid', 'Remote (anywhere)', 'Remote (Germany, France)'; past `max` countries: 'Remote (Germany, France +3)'. */
export function workplaceText(job: Pick<Job, 'workplace' | 'remoteCountries'>, max = 3): string {
  const word = WORKPLACE_WORDS[job.workplace];
  if (job.workplace !== 'remote') return word;
  const countries = job.remoteCountries;
  if (countries.length === 0) return `${word} (anywhere)`;
  const shown = countries.slice(0, max).map(countryLabel).join(', ');
  return `${word} (${shown}${countries.length > max ? ` +${countries.length - max}` : ''})`;
}

/**
 * '2026-12-22' -> 'December 22, 2026' ('Dec 22, 2026' in the medium style) in the reader's locale; the date is a
 * calendar day, so no time zone shifts it.
 */
export function longDate(isoDate: string, locale?: string, style: 'long' | 'medium' = 'long'): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale ?? browserLocale(), { dateStyle: style, timeZone: 'UTC' }).format(date);
}

const DAY_MS = 86_400_000;

/**
 * How long ago a calendar day was, as a reader says it: 'today', 'yesterday', '3 days ago', '2 weeks ago',
 * '3 months ago', in the reader's locale. Days count in UTC, as posting dates are stored, so the server's render
 * and the browser's agree except across midnight UTC.
 */
export function relativeDay(isoDate: string, now: Date, locale?: string): string {
  const day = Date.parse(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(day)) return '';
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Math.max(0, Math.round((today - day) / DAY_MS));
  const format = new Intl.RelativeTimeFormat(locale ?? browserLocale(), { numeric: 'auto' });
  if (days < 14) return format.format(-days, 'day');
  if (days < 60) return format.format(-Math.floor(days / 7), 'week');
  if (days < 365) return format.format(-Math.floor(days / 30), 'month');
  return format.format(-Math.floor(days / 365), 'year');
}
