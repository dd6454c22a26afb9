import type { Job } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { placeOf } from './alert-checker.js';

const job = (fields: Partial<Job>) =>
  ({
    location: { city: 'Berlin', country: 'DE' },
    jobLocation: 'Berlin',
    workplace: 'on-site',
    remoteCountries: [],
    ...fields,
  }) as Job;

describe("an alert e-mail's place of a job (issue 29)", () => {
  it('a remote job names every country it hires in, or anywhere; others their city and country', () => {
    expect(placeOf(job({ workplace: 'remote', remoteCountries: ['AU', 'DE'] }))).toBe('Remote (Australia, Germany)');
    expect(placeOf(job({ workplace: 'remote', remoteCountries: [] }))).toBe('Remote (anywhere)');
    expect(placeOf(job({}))).toBe('Berlin, Germany');
    expect(placeOf(job({ workplace: 'hybrid' }))).toBe('Berlin, Germany (hybrid)');
  });
});
