import type { Application } from '@jobboard/shared';
import { formatSalary, legacyFromSalary } from '@jobboard/shared';
import { salaryRangeDollars } from '../../lib/format';
import { browserLocale } from '../../lib/locale';

// Not in lib/job-view.ts: that module is in the home page's first load, and only Applied Jobs needs this.

/**
 * Applied Jobs' pay: a job posted with structured pay (its flat fields are the ones derived from it) reads as
 * everywhere else ('£68,000–85,000 a year'); one posted with the spec's free-text fields keeps the spec's
 * '$min - $max'.
 */
export function appliedPayText(
  application: Pick<Application, 'salary' | 'minPrice' | 'maxPrice'>,
  locale?: string,
): string {
  const { salary } = application;
  if (salary) {
    const derived = legacyFromSalary(salary);
    if (derived.minPrice === application.minPrice && derived.maxPrice === application.maxPrice) {
      return formatSalary(salary, locale ?? browserLocale());
    }
  }
  return salaryRangeDollars(application.minPrice, application.maxPrice);
}
