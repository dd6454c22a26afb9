import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../demo/random.js';
import { TIER } from './relevance.js';
import { hasBit } from './search-index-bits.js';
import { compile } from './search-index-compile.js';
import type { IndexRow } from './search-index-row.js';
import { Store } from './search-index-store.js';
import { relevanceTierOf, relevanceTiers, tierPlan } from './search-index-text.js';
import { alternativesOf, relatedOf } from './synonyms.js';
import type { TextLists } from './text-prefixes.js';

const TITLE_WORDS = ['Senior', 'Software', 'Engineer', 'Developer', 'Development', 'Programmer', 'Intern', 'Nurse'];
const OTHER_WORDS = ['stripe', 'python', 'registered', 'rn', 'remote', 'engineering', 'develop'];

function row(random: () => number, seq: number): IndexRow {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const title = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(TITLE_WORDS)).join(' ');
  const words = [...title.toLowerCase().split(' '), pick(OTHER_WORDS), pick(OTHER_WORDS)];
  const skill = pick(['python', 'developer', 'nurse']);
  return {
    ...{ seq, posting_day: 20_000 + (seq % 50), valid_day: 30_000, pay: null, max_price_k: null, city: '' },
    ...{ country: 'DE', city_key: '', region: '', salary_key: '', experience_key: '', employment_key: '' },
    ...{ workplace: 'remote', title_key: title.toLowerCase(), title, company_id: `c${seq % 5}` },
    ...{ skills: [skill], skill_labels: [skill], remote: [], language: 'en', lexemes: words.join(' ') },
    ...{ s32: false, s4: false },
  };
}

/** A text's words as the index's prefixes (the database stems them; here each word is its own stem). */
const listsOf = (q: string): TextLists => {
  const prefixes = q.toLowerCase().match(/[a-z]+/g) ?? [];
  return { prefixes, byLanguage: new Map() };
};

describe('the relevance tiers, one document at a time and as sets', () => {
  it('give every candidate the same tier', () => {
    const random = mulberry32(11);
    const store = new Store();
    const rows = Array.from({ length: 3_000 }, (_, seq) => row(random, seq));
    for (const r of rows) store.add(r);
    store.learnTitleWords(new Map(rows.map((r) => [r.title_key, r.title_key.split(' ')])));
    store.learnCompanies(
      [0, 1, 2, 3, 4].map((i) => ({ id: `c${i}`, name: i ? `Acme ${i}` : 'Stripe', slug: `c${i}` })),
    );
    store.trim();
    for (let doc = 0; doc < 3_000; doc += 13) store.kill(doc);
    const seen = new Set<number>();
    for (const q of ['developer', 'software engineer', 'engineer', 'stripe', 'python', 'rn', 'nurse', 'develop']) {
      const texts = [q, ...alternativesOf(q), ...relatedOf(q)];
      const criteria = { q, textLists: new Map(texts.map((text) => [text, listsOf(text)])) };
      const compiled = compile(store, criteria, new Date(), new Map());
      const plan = tierPlan(store, compiled.texts);
      const one = relevanceTierOf(store, plan);
      const sets = relevanceTiers(store, plan);
      for (let doc = 0; doc < store.count; doc += 1) {
        if (!compiled.candidates || !hasBit(compiled.candidates, doc) || !hasBit(store.alive, doc)) continue;
        const first = sets.findIndex((set) => hasBit(set, doc));
        expect(one(doc), `${q}: document ${doc}`).toBe(first < 0 ? TIER.corrected : first);
        seen.add(one(doc));
      }
    }
    // Every tier but the corrected matches' is met by some query above.
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
