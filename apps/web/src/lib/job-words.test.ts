import { EMPLOYMENT_TYPES, EXPERIENCE_LEVELS, SALARY_TYPES } from '@jobboard/shared';
import { describe, expect, it } from 'vitest';
import { createI18n, loadMessages } from './i18n';
import { optionWord, payIn } from './job-words';

const legacyPay = { salary: null, salaryType: 'Yearly', minPrice: 'Negotiable', maxPrice: 'Negotiable' };

describe("the spec's option values in the reader's language (issue 35)", () => {
  it('English keeps the spec’s words byte for byte', async () => {
    const i18n = createI18n('en', await loadMessages('en'));
    for (const value of [...EMPLOYMENT_TYPES, ...EXPERIENCE_LEVELS, ...SALARY_TYPES]) {
      expect(optionWord(i18n, value)).toBe(value);
    }
    expect(payIn(i18n, legacyPay, 'en')).toBe('Yearly · Negotiable');
  });

  it('German and Arabic translate every value a poster can pick, and the pay of a job without a structured salary', async () => {
    for (const language of ['de', 'ar'] as const) {
      const i18n = createI18n(language, await loadMessages(language));
      for (const value of [...EMPLOYMENT_TYPES, ...EXPERIENCE_LEVELS, ...SALARY_TYPES]) {
        expect(optionWord(i18n, value), `${language}: ${value}`).not.toBe(value);
      }
    }
    const de = createI18n('de', await loadMessages('de'));
    expect(optionWord(de, 'Full-time')).toBe('Vollzeit');
    expect(payIn(de, legacyPay, 'de')).toBe('Jährlich · Negotiable');
  });

  it('a value an old client wrote as free text stays as written', async () => {
    const i18n = createI18n('de', await loadMessages('de'));
    expect(optionWord(i18n, 'Contract (6 months)')).toBe('Contract (6 months)');
  });
});
