import { describe, expect, it } from 'vitest';
import { longDate, payText, placeText, relativeDay, workplaceText } from './job-view';

const legacy = { salaryType: 'Yearly', minPrice: '$20k', maxPrice: '$120k' };

describe('job view', () => {
  it('place: city and country name, country alone, or the old free text', () => {
    expect(placeText({ location: { city: 'Berlin', country: 'DE' }, jobLocation: 'Berlin' })).toBe('Berlin, Germany');
    expect(placeText({ location: { city: '', country: 'FR' }, jobLocation: '' })).toBe('France');
    expect(placeText({ location: { city: 'Springfield', country: '' }, jobLocation: 'x' })).toBe('Springfield');
    expect(placeText({ location: { city: '', country: '' }, jobLocation: 'London' })).toBe('London');
  });

  it('pay: formatted for the locale, or the old display without a structured salary', () => {
    expect(
      payText({ ...legacy, salary: { min: 60000, max: 75000, currency: 'EUR', period: 'year' } }, 'en-US'),
    ).toMatch(/^€60,000 ?– ?(€)?75,000 a year$/);
    expect(payText({ ...legacy, salary: { min: 45, max: 60, currency: 'USD', period: 'hour' } }, 'en-US')).toMatch(
      /^\$45 ?– ?(\$)?60 an hour$/,
    );
    expect(payText({ ...legacy, salary: { min: 50, max: 50, currency: 'GBP', period: 'day' } }, 'en-GB')).toBe(
      '£50 a day',
    );
    expect(payText({ ...legacy, salary: null })).toBe('Yearly · 20k - 120k');
    expect(payText({ salaryType: 'Yearly', minPrice: 'Negotiable', maxPrice: 'Negotiable', salary: null })).toBe(
      'Yearly · Negotiable',
    );
    expect(payText({ salaryType: 'Hourly', minPrice: 'DOE', maxPrice: '$40', salary: null })).toBe(
      'Hourly · DOE - $40',
    );
  });

  it('workplace: remote with its countries or anywhere', () => {
    expect(workplaceText({ workplace: 'on-site', remoteCountries: [] })).toBe('On-site');
    expect(workplaceText({ workplace: 'hybrid', remoteCountries: [] })).toBe('Hybrid');
    expect(workplaceText({ workplace: 'remote', remoteCountries: [] })).toBe('Remote (anywhere)');
    expect(workplaceText({ workplace: 'remote', remoteCountries: ['DE', 'FR'] })).toBe('Remote (Germany, France)');
    expect(workplaceText({ workplace: 'remote', remoteCountries: ['DE', 'FR', 'ES', 'IT', 'PT'] })).toBe(
      'Remote (Germany, France, Spain +2)',
    );
  });

  it('dates: a calendar day, never shifted by the time zone', () => {
    expect(longDate('2026-12-22', 'en-US')).toBe('December 22, 2026');
    expect(longDate('2026-01-01', 'en-GB')).toBe('1 January 2026');
    expect(longDate('not a date', 'en-US')).toBe('not a date');
    expect(longDate('2026-12-22', 'en-US', 'medium')).toBe('Dec 22, 2026');
  });

  it("relative day: today, yesterday, days, weeks, months and years ago, in the reader's locale", () => {
    const now = new Date('2026-11-26T23:30:00Z');
    expect(relativeDay('2026-11-26', now, 'en-US')).toBe('today');
    expect(relativeDay('2026-11-25', now, 'en-US')).toBe('yesterday');
    expect(relativeDay('2026-11-23', now, 'en-US')).toBe('3 days ago');
    expect(relativeDay('2026-11-13', now, 'en-US')).toBe('13 days ago');
    expect(relativeDay('2026-11-12', now, 'en-US')).toBe('2 weeks ago');
    expect(relativeDay('2026-09-20', now, 'en-US')).toBe('2 months ago');
    expect(relativeDay('2024-11-20', now, 'en-US')).toBe('2 years ago');
    expect(relativeDay('2026-11-23', now, 'de-DE')).toBe('vor 3 Tagen');
    // A date in the future (a clock behind the server's) is today, never 'in 2 days'.
    expect(relativeDay('2026-11-28', now, 'en-US')).toBe('today');
    expect(relativeDay('not a date', now, 'en-US')).toBe('');
  });
});
