import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { payIn } from './job-words';

const job = {
  salary: { min: 23, max: 31, currency: 'USD', period: 'hour' as const },
  salaryType: 'Hourly' as const,
  minPrice: '23',
  maxPrice: '31',
};

describe('payIn', () => {
  it('keeps a range left to right inside Arabic text, so its two numbers never swap places', () => {
    const arabic = payIn(setupI18n({ locale: 'ar', messages: { ar: {} } }), job, 'en-US');
    expect(arabic).toMatch(/^\u2066[^\u2069]*23[^\u2069]*31[^\u2069]*\u2069 /);
  });

  it('writes English as before, with no direction marks', () => {
    const english = payIn(setupI18n({ locale: 'en', messages: { en: {} } }), job, 'en-US');
    expect(english).not.toMatch(/[\u2066-\u2069]/);
    expect(english).toContain('23');
  });
});
