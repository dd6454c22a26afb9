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
