import type { Application } from '@jobboard/shared';
import type { I18n } from '@lingui/core';
import { salaryRangeDollars } from '../../lib/format';
import { payIn } from '../../lib/job-words';

/** The flat amounts a structured salary gives old clients ('68000'); the spec's free text is anything else ('$20k'). */
const PLAIN_AMOUNT = /^\d+(\.\d+)?$/;

/**
 * Applied Jobs' pay: a job posted with structured pay (its flat fields are plain amounts derived from it) reads as
 * everywhere else ('£68,000–85,000 a year', the period in the reader's language); one posted with the spec's free-text fields keeps the spec's
 * '$min - $max'. (Not in lib/job-view.ts, which is in the home page's first load.)
 */
export function appliedPayText(
  i18n: I18n,
  application: Pick<Application, 'salary' | 'minPrice' | 'maxPrice'>,
  locale: string,
): string {
  const { salary, minPrice, maxPrice } = application;
  if (salary && PLAIN_AMOUNT.test(minPrice) && PLAIN_AMOUNT.test(maxPrice)) {
    // salaryType is not read when a salary is given.
    return payIn(i18n, { salary, minPrice, maxPrice, salaryType: '' }, locale);
  }
  return salaryRangeDollars(minPrice, maxPrice);
}
