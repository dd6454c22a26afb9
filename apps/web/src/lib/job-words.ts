import { PERIOD_WORDS, type Job } from '@jobboard/shared';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { countryLabel } from './countries';
import { payText } from './job-view';

/*
 * The job facts' words in the reader's language (job-view.ts writes them in English, as the spec has them): the
 * workplace, the pay period and the spec's option values (employment type, experience level, salary type), which
 * posters pick from a list and the API keeps in English. What posters wrote (titles, places) stays as written.
 */

const WORKPLACE: Record<Job['workplace'], MessageDescriptor> = {
  'on-site': msg`On-site`,
  hybrid: msg`Hybrid`,
  remote: msg`Remote`,
};

const PERIOD: Record<keyof typeof PERIOD_WORDS, MessageDescriptor> = {
  hour: msg`an hour`,
  day: msg`a day`,
  week: msg`a week`,
  month: msg`a month`,
  year: msg`a year`,
};

const OPTION_WORDS: Record<string, MessageDescriptor> = {
  'Full-time': msg`Full-time`,
  'Part-time': msg`Part-time`,
  Temporary: msg`Temporary`,
  'Work remotely': msg`Work remotely`,
  'No Experience': msg`No Experience`,
  'Any Experience': msg`Any Experience`,
  Internship: msg`Internship`,
  Hourly: msg`Hourly`,
  Monthly: msg`Monthly`,
  Yearly: msg`Yearly`,
  'On-site': WORKPLACE['on-site'],
  Hybrid: WORKPLACE.hybrid,
  Remote: WORKPLACE.remote,
};

/**
 * One of the spec's option values ('Full-time', 'Any Experience', 'Yearly') in the reader's language; a value from
 * before the lists (free text an old client sent) as it was written.
 */
export function optionWord(i18n: I18n, value: string): string {
  const word = OPTION_WORDS[value];
  return word ? i18n._(word) : value;
}

/** 'On-site', 'Hybrid', 'Remote (anywhere)', 'Remote (Germany, France +3)', translated. */
export function workplaceIn(i18n: I18n, job: Pick<Job, 'workplace' | 'remoteCountries'>, max = 3): string {
  const word = i18n._(WORKPLACE[job.workplace]);
  if (job.workplace !== 'remote') return word;
  const countries = job.remoteCountries;
  if (countries.length === 0) return i18n._(msg`${word} (anywhere)`);
  const shown = countries.slice(0, max).map(countryLabel).join(', ');
  return `${word} (${shown}${countries.length > max ? ` +${countries.length - max}` : ''})`;
}

/** The pay in the reader's locale with the period in their language ('60.000–75.000 € im Jahr'). */
export function payIn(
  i18n: I18n,
  job: Pick<Job, 'salary' | 'salaryType' | 'minPrice' | 'maxPrice'>,
  locale: string,
): string {
  if (!job.salary) return payText({ ...job, salaryType: optionWord(i18n, job.salaryType) }, locale);
  const text = payText(job, locale);
  const english = ` ${PERIOD_WORDS[job.salary.period]}`;
  return `${text.slice(0, -english.length)} ${i18n._(PERIOD[job.salary.period])}`;
}
