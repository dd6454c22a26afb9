import { FILTER_GROUPS, FILTER_GROUP_NAMES } from './constants.js';
import { countryName } from './country-names.js';
import { jobLanguageNameIn } from './languages.js';
import type { SearchQuery } from './schemas.js';
import { searchQueryToParams } from './search-url.js';

/*
 * Job alerts (decision record 17): the words and limits both apps use. A module without zod, so the search page's
 * "Alert me" button (in the home page's first load) can describe the search without the schemas.
 */

export const ALERT_FREQUENCIES = ['daily', 'instant'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = { daily: 'Daily', instant: 'Instant' };
export const ALERT_FREQUENCY_HINTS: Record<AlertFrequency, string> = {
  daily: 'One e-mail a day with the new jobs, if there are any.',
  instant: 'An e-mail within minutes of a new job, grouped when several arrive together.',
};

export const ALERT_LIMITS = {
  /** Alerts one user may have. */
  perUser: 20,
  /** The search's query string, as sent. */
  queryChars: 1_000,
  /** Jobs listed in one e-mail, newest first; a link to the search shows the rest. */
  jobsPerMail: 50,
} as const;

export const ALERT_MESSAGES = {
  created: 'Alert created: we will e-mail you new jobs for this search.',
  updated: 'You already had an alert for this search: its frequency is updated.',
  deleted: 'Alert deleted',
  notFound: 'Alert not found',
  tooMany: `You have ${ALERT_LIMITS.perUser} alerts, the most there can be: delete one to add another.`,
  unsubscribed: 'You are unsubscribed: this alert will send no more e-mails.',
  alreadyUnsubscribed: 'This alert was already deleted: it sends no more e-mails.',
  badLink: 'This unsubscribe link is not valid. Sign in to see and delete your alerts.',
  verifyFirst: 'Confirm your e-mail address to get job alerts: follow the link we sent you, or ask for a new one.',
} as const;

/** The search an alert follows: the search page's query without its page and order (new jobs come newest first). */
export type AlertSearch = Omit<SearchQuery, 'page' | 'sort'>;

/** The normalised query string of an alert's search: the search page's URL for it, without page and order. */
export function alertQueryString(search: Partial<AlertSearch>): string {
  return searchQueryToParams(search).toString();
}

const optionLabel = (group: (typeof FILTER_GROUP_NAMES)[number], value: string): string =>
  FILTER_GROUPS[group].find((option) => option.value === value)?.label ?? value;

/**
 * An alert's search in words, as e-mails and pages show it: 'react in Berlin', 'All jobs, remote, Full-time',
 * 'designer in Germany, Hybrid, paying at least $80,000 a year'.
 */
export function describeAlertSearch(search: Partial<AlertSearch>): string {
  const what = search.q ?? (search.skill ? `${search.skill} jobs` : 'All jobs');
  const parts: string[] = [];
  const where = search.where?.trim();
  let head = what;
  if (where && where.toLowerCase() === 'remote') parts.push('remote');
  else if (where) head = `${what} in ${where}`;
  if (search.country) head = `${head}${where ? ',' : ''} in ${countryName(search.country)}`;
  if (search.location) parts.push(`in ${optionLabel('location', search.location)}`);
  if (search.q && search.skill) parts.push(`skill ${search.skill}`);
  for (const group of FILTER_GROUP_NAMES) {
    const value = search[group];
    if (!value || group === 'location') continue;
    if (group === 'maxPrice') parts.push(`pay ${optionLabel(group, value)}`);
    else if (group === 'salaryType') parts.push(`${optionLabel(group, value)} pay`);
    else if (group === 'posted') parts.push(`posted in the ${optionLabel(group, value).toLowerCase()}`);
    else parts.push(optionLabel(group, value));
  }
  if (search.remoteCountry) parts.push(`remote from ${countryName(search.remoteCountry)}`);
  if (search.language) parts.push(`written in ${jobLanguageNameIn(search.language)}`);
  if (search.payMin !== undefined) parts.push(`paying at least $${search.payMin.toLocaleString('en-US')} a year`);
  return [head, ...parts].join(', ');
}
