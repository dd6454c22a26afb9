import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, loadConfig, rateLimitsOf } from './config.js';

describe('SIGN_IN_PER_ADDRESS', () => {
  it('keeps the shipped 100 per 15 minutes unless set, and sets only the count when set', () => {
    expect(rateLimitsOf(loadConfig({})).signInPerAddress).toEqual({ limit: 100, windowMs: 15 * 60_000 });
    const raised = rateLimitsOf(loadConfig({ SIGN_IN_PER_ADDRESS: '2000' }));
    expect(raised.signInPerAddress).toEqual({ limit: 2000, windowMs: DEFAULT_RATE_LIMITS.signInPerAddress.windowMs });
    expect(raised.signInFailuresPerAccount).toEqual(DEFAULT_RATE_LIMITS.signInFailuresPerAccount);
    expect(() => loadConfig({ SIGN_IN_PER_ADDRESS: '0' })).toThrow(/SIGN_IN_PER_ADDRESS/);
  });
});
