import { describe, expect, it } from 'vitest';
import { isPostedWindow, postedWindowStart, toIsoDate } from './dates.js';

describe('toIsoDate', () => {
  it('is the UTC yyyy-mm-dd of the instant', () => {
    expect(toIsoDate(new Date('2024-03-05T23:59:59.999Z'))).toBe('2024-03-05');
    expect(toIsoDate(new Date('2024-03-06T00:00:00Z'))).toBe('2024-03-06');
  });
});

describe('postedWindowStart', () => {
  const now = new Date('2024-03-10T12:00:00Z');
  it('counts back whole days from now', () => {
    expect(postedWindowStart('24h', now)).toBe('2024-03-09');
    expect(postedWindowStart('7d', now)).toBe('2024-03-03');
    expect(postedWindowStart('30d', now)).toBe('2024-02-09');
  });
  it('crosses month and year ends, and leap days', () => {
    expect(postedWindowStart('24h', new Date('2024-01-01T00:30:00Z'))).toBe('2023-12-31');
    expect(postedWindowStart('24h', new Date('2024-03-01T10:00:00Z'))).toBe('2024-02-29');
    expect(postedWindowStart('30d', new Date('2023-03-01T10:00:00Z'))).toBe('2023-01-30');
  });
  it('yields dates that compare correctly as strings with postingDate', () => {
    const start = postedWindowStart('7d', now);
    expect('2024-03-03' >= start).toBe(true);
    expect('2024-03-02' >= start).toBe(false);
    expect(toIsoDate(now) >= start).toBe(true);
  });
  it('defaults to the current time', () => {
    const before = postedWindowStart('7d', new Date());
    const value = postedWindowStart('7d');
    const after = postedWindowStart('7d', new Date());
    expect([before, after]).toContain(value);
  });
});

describe('isPostedWindow', () => {
  it('accepts the three windows only', () => {
    expect(['24h', '7d', '30d'].every(isPostedWindow)).toBe(true);
    expect(isPostedWindow('1y')).toBe(false);
    expect(isPostedWindow('')).toBe(false);
  });
  it('refuses inherited object keys such as toString', () => {
    expect(isPostedWindow('toString')).toBe(false);
  });
});
