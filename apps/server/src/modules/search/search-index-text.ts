/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length in the hot
   loops below, as in the store (search-index-store.ts). */
import { parseText, type TextQuery } from './search.repository.js';
import type { TextLists } from './text-prefixes.js';
import { TIER, titleHolds } from './relevance.js';
import { eachMember, hasBit, lowerBound, upperBound, type Bits } from './search-index-bits.js';
import { PREFIX_SETS_MOST, TITLE_MATCHES_MOST, TITLE_SEPARATOR } from './search-index-row.js';
import { type Store } from './search-index-store.js';

/** The search index's matching of "what": words by prefix, titles containing the text, skills, the relevance tiers. */

/** Why the index cannot answer a search, so the SQL passes do: the text's words were not parsed as plain prefixes. */
export class NotIndexable extends Error {}

/** A text of "what" as the search index matched it. */
export interface CompiledText {
  q: string;
  prefixes: readonly string[] | undefined;
  /** The titles containing the text. */
  containing: number[];
  /** The documents with every word anywhere and every symbol as a skill or in the title, or the text as a skill. */
  other: Bits;
  /** A related title's (relatedMatches): `other` holds the documents whose title holds its words, nothing else. */
  related?: boolean;
}

/** The documents whose words begin with every prefix (search_doc @@ 'a':* & 'b':*). */
export function wordBits(store: Store, prefixes: readonly string[]): Bits {
  const words = store.alive.length;
  let result: Bits | undefined;
  for (const prefix of prefixes) {
    const bits = prefixBits(store, prefix);
    if (!result) result = bits;
    else for (let w = 0; w < words; w += 1) result[w]! &= bits[w]!;
  }
  return result ?? new Uint32Array(words);
}

/** The documents with a word beginning `prefix`, as a set of their own (the caller may change it). */
export function prefixBits(store: Store, prefix: string): Bits {
  const kept = store.prefixSets.get(prefix);
  if (kept) return kept.slice();
  const bits = new Uint32Array(store.alive.length);
  const sorted = store.lexemesInOrder();
  let postings = 0;
  for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i += 1) {
    const list = store.lexemes.get(sorted[i]!);
    postings += list?.length ?? 0;
    const dense = store.denseLexemes.get(sorted[i]!);
    if (dense) for (let w = 0; w < bits.length; w += 1) bits[w]! |= dense[w]!;
    else store.bitsOf(list, bits);
  }
  // Broad: as many entries as there are documents. Kept, so the next search for it ORs nothing.
  if (postings >= store.count && store.prefixSets.size < PREFIX_SETS_MOST) store.prefixSets.set(prefix, bits.slice());
  return bits;
}

/**
 * The documents with every word of the text, each job's words compared with the text as stemmed in its language
 * (search_doc @@ to_tsquery(job_text_config(j.language), ...)): the English stems answer for every job, then the
 * jobs of each other language whose stems differ are matched again with their own.
 */
export function languageWordBits(store: Store, lists: TextLists): Bits {
  const words = store.alive.length;
  const english = lists.prefixes;
  if (!english) throw new NotIndexable('the text was not parsed as plain prefixes');
  const bits = english.length ? wordBits(store, english) : new Uint32Array(words);
  for (const [language, docs] of store.byLanguage) {
    const own = lists.byLanguage?.get(language);
    if (!own) throw new NotIndexable(`the text was not parsed as plain prefixes in ${language}`);
    if (own.length === english.length && own.every((prefix, i) => prefix === english[i])) continue;
    const theirs = new Uint32Array(words);
    store.bitsOf(docs, theirs);
    const matched = own.length ? wordBits(store, own) : new Uint32Array(words);
    for (let w = 0; w < words; w += 1) bits[w] = (bits[w]! & ~theirs[w]!) | (matched[w]! & theirs[w]!);
  }
  return bits;
}

/** The titles containing `text` (lower(job_title) LIKE '%text%'): kept per text, and looked for in the titles added since. */
export function titlesContaining(store: Store, text: string): number[] {
  const lower = text.toLowerCase();
  const values = store.titles.values;
  const kept = store.titleMatches.get(lower) ?? { titles: [], upTo: 0 };
  if (kept.upTo < values.length) {
    if (kept.upTo > 0 || lower.includes(TITLE_SEPARATOR)) {
      for (let t = kept.upTo; t < values.length; t += 1) if (values[t]!.includes(lower)) kept.titles.push(t);
    } else {
      // One native search through every title at once, each hit placed in its title by the titles' starts.
      const { joined, starts } = store.joinedTitles();
      for (let at = joined.indexOf(lower); at >= 0;) {
        const title = upperBound(starts, at) - 1;
        kept.titles.push(title);
        const next = title + 1 < starts.length ? starts[title + 1]! : joined.length;
        at = joined.indexOf(lower, next);
      }
    }
    kept.upTo = values.length;
  }
  store.titleMatches.delete(lower);
  store.titleMatches.set(lower, kept);
  if (store.titleMatches.size > TITLE_MATCHES_MOST) store.titleMatches.delete(store.titleMatches.keys().next().value!);
  return kept.titles;
}

export function titleBits(store: Store, titles: readonly number[], into: Bits): Bits {
  for (const title of titles) store.bitsOf(store.byTitle[title], into);
  return into;
}

export function skillBits(store: Store, key: string, into: Bits): Bits {
  const id = store.skillKeys.find(key);
  if (id !== undefined) store.bitsOf(store.bySkill[id], into);
  return into;
}

/**
 * The matches of a text of "what" (exactTextCondition): every word anywhere and every symbol as a skill or in the
 * title, or the whole text as a skill, or, `asTyped` (not a synonym's), the title contains it.
 */
export function textMatches(store: Store, q: string, lists: TextLists, asTyped = true): CompiledText {
  const words = store.alive.length;
  const text = parseText(q);
  const parts: Bits[] = [];
  if (text.words) parts.push(languageWordBits(store, lists));
  for (const symbol of text.symbols) {
    const bits = skillBits(store, symbol, new Uint32Array(words));
    parts.push(titleBits(store, titlesContaining(store, symbol), bits));
  }
  const other = parts[0] ?? new Uint32Array(words);
  for (const part of parts.slice(1)) for (let w = 0; w < words; w += 1) other[w]! &= part[w]!;
  skillBits(store, text.skill, other);
  return { q, prefixes: lists.prefixes, containing: asTyped ? titlesContaining(store, q) : [], other };
}

/** The documents whose title holds every word of a related title (synonyms.ts relatedOf), as words. */
export function relatedMatches(store: Store, q: string, lists: TextLists): CompiledText {
  const text = parseText(q);
  const held = titlesWithWords(store, text, lists.prefixes).filter(
    (title) => titleHolds(store.titleKeys(title), text.keys) !== undefined,
  );
  const other = titleBits(store, held, new Uint32Array(store.alive.length));
  return { q, prefixes: lists.prefixes, containing: [], other, related: true };
}

/** Adds a text's matches to `into`. */
export function addMatches(store: Store, text: CompiledText, into: Bits): void {
  for (let w = 0; w < into.length; w += 1) into[w]! |= text.other[w]!;
  titleBits(store, text.containing, into);
}

/** The titles with every word of the text beginning one of their words and every symbol inside (titleStems). */
export function titlesWithWords(store: Store, text: TextQuery, prefixes: readonly string[] | undefined): number[] {
  let worded: number[] | undefined;
  if (text.words) {
    for (const prefix of prefixes ?? []) {
      const having = store.titlesWithWordsBeginning(prefix);
      worded = worded ? worded.filter((t) => having.has(t)) : [...having];
    }
    worded ??= [];
  } else if (text.symbols.length) {
    worded = titlesContaining(store, text.symbols[0]!);
  }
  const values = store.titles.values;
  return (worded ?? []).filter((t) => text.symbols.every((symbol) => values[t]!.includes(symbol)));
}

/**
 * What decides a document's relevance tier (relevance.ts TIER), worked out once per search from its texts: each
 * title's tier, the related titles' matches, the skill, the companies and the words.
 */
export interface TierPlan {
  /** Each title's first tier (phrase, title words, title stems or title text), TIER.corrected for none. */
  titleTier: Uint8Array;
  /** The titles of each of those tiers. */
  titlesOfTier: Map<number, number[]>;
  related: Bits[];
  skills: Set<number>;
  words: Bits[];
  /** A text's matches and the companies whose name holds its words (the company tier). */
  atCompanies: { other: Bits; holding: Uint8Array }[];
}

export function tierPlan(store: Store, texts: readonly CompiledText[]): TierPlan {
  const titleTier = new Uint8Array(store.titles.values.length).fill(TIER.corrected);
  const plan: TierPlan = {
    titleTier,
    titlesOfTier: new Map(),
    related: [],
    skills: new Set(),
    words: [],
    atCompanies: [],
  };
  for (const { q, prefixes, containing, other, related } of texts) {
    if (related) {
      plan.related.push(other);
      continue;
    }
    const text = parseText(q);
    const worded = titlesWithWords(store, text, prefixes);
    const stems = new Set(worded);
    for (const title of new Set([...worded, ...containing])) {
      const tier =
        titleHolds(store.titleKeys(title), text.keys) ?? (stems.has(title) ? TIER.titleStems : TIER.titleText);
      titleTier[title] = Math.min(titleTier[title]!, tier);
    }
    const skill = store.skillKeys.find(text.skill);
    if (skill !== undefined) plan.skills.add(skill);
    plan.words.push(other);
    // A company's name is among the job's words, so its jobs are in `other`: only those are looked at.
    const companies = store.companiesHolding(text.keys);
    if (companies.size) {
      const holding = new Uint8Array(store.companies.values.length);
      for (const id of companies) holding[id] = 1;
      plan.atCompanies.push({ other, holding });
    }
  }
  titleTier.forEach((tier, title) => {
    if (tier === TIER.corrected) return;
    const titles = plan.titlesOfTier.get(tier);
    if (titles) titles.push(title);
    else plan.titlesOfTier.set(tier, [title]);
  });
  return plan;
}

/**
 * A document's relevance tier by the plan, one document at a time: for few documents (a gathered page, a small
 * pool), where the tiers' sets (relevanceTiers) would each be as large as every match of the text.
 */
export function relevanceTierOf(store: Store, plan: TierPlan): (doc: number) => number {
  const { titleTier, related, skills, words, atCompanies } = plan;
  const { title, company, skillStart } = store;
  const skillIds = store.skills.data;
  const hasSkill = (doc: number) => {
    for (let k = skillStart[doc]!; k < skillStart[doc + 1]!; k += 1) if (skills.has(skillIds[k]!)) return true;
    return false;
  };
  return (doc) => {
    const tier = titleTier[title[doc]!]!;
    if (tier <= TIER.related) return tier;
    if (related.some((bits) => hasBit(bits, doc))) return TIER.related;
    if (tier === TIER.titleStems) return tier;
    if (skills.size && hasSkill(doc)) return TIER.skill;
    if (atCompanies.some(({ other, holding }) => holding[company[doc]!] && hasBit(other, doc))) return TIER.company;
    if (words.some((bits) => hasBit(bits, doc))) return TIER.words;
    return tier;
  };
}

/** The documents of each relevance tier by the plan, but the corrected matches (the rest), as sets. */
export function relevanceTiers(store: Store, plan: TierPlan): Bits[] {
  const words = store.alive.length;
  const tiers = Array.from({ length: TIER.corrected }, () => new Uint32Array(words));
  for (const [tier, titles] of plan.titlesOfTier) titleBits(store, titles, tiers[tier]!);
  const or = (into: Bits, from: Bits) => {
    for (let w = 0; w < words; w += 1) into[w]! |= from[w]!;
  };
  for (const bits of plan.related) or(tiers[TIER.related]!, bits);
  for (const skill of plan.skills) store.bitsOf(store.bySkill[skill], tiers[TIER.skill]!);
  for (const bits of plan.words) or(tiers[TIER.words]!, bits);
  const atCompany = tiers[TIER.company]!;
  for (const { other, holding } of plan.atCompanies) {
    eachMember(other, other, (doc) => {
      if (holding[store.company[doc]!]) atCompany[doc >>> 5]! |= 1 << (doc & 31);
    });
  }
  return tiers;
}
