import { describe, expect, it } from 'vitest';
import { Store } from './search-index-store.js';

describe('the company tier lookup', () => {
  it('finds a company by every word of its name, folded, and follows a rename', () => {
    const store = new Store();
    store.learnCompanies([
      { id: 'a', name: 'Stripe', slug: 'stripe' },
      { id: 'b', name: 'Café Stripe Partners', slug: 'cafe-stripe' },
    ]);
    const ids = (keys: string[]) => [...store.companiesHolding(keys)].map((id) => store.companyNames[id]).sort();
    expect(ids(['stripe'])).toEqual(['Café Stripe Partners', 'Stripe']);
    expect(ids(['cafe', 'partner'])).toEqual(['Café Stripe Partners']);
    expect(ids([])).toEqual([]);
    store.learnCompanies([{ id: 'a', name: 'Acme Payments', slug: 'stripe' }]);
    expect(ids(['stripe'])).toEqual(['Café Stripe Partners']);
    expect(ids(['payment'])).toEqual(['Acme Payments']);
  });
});

describe('the jobs listing no remote country, as a set', () => {
  it('holds exactly those jobs, as jobs are added, the store grows and is trimmed', () => {
    const store = new Store();
    const listsNone = (seq: number) => seq % 3 !== 0;
    const row = (seq: number) => ({
      ...{ seq, posting_day: 20_000, valid_day: 30_000, pay: null, max_price_k: null, city: '', country: 'DE' },
      ...{ city_key: '', region: '', salary_key: '', experience_key: '', employment_key: '', workplace: 'remote' },
      ...{ title_key: 'nurse', title: 'Nurse', company_id: 'c', skills: [], skill_labels: [] },
      ...{ remote: listsNone(seq) ? [] : ['DE'], language: 'en', lexemes: null, s32: false, s4: false },
    });
    const same = (added: number) => {
      const expected = new Uint32Array(store.alive.length);
      for (let seq = 0; seq < added; seq += 1) {
        const doc = store.docOf.get(seq) ?? -1;
        if (listsNone(seq)) expected[doc >>> 5] = (expected[doc >>> 5] ?? 0) | (1 << (doc & 31));
      }
      expect(store.noRemoteCountrySet).toEqual(expected);
    };
    for (let seq = 0; seq < 700; seq += 1) store.add(row(seq));
    same(700);
    store.trim();
    same(700);
    for (let seq = 700; seq < 2_500; seq += 1) store.add(row(seq));
    same(2_500);
  });
});
