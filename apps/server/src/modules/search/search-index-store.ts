/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length in the hot
   loops below: `!` costs nothing, where `?? 0` on every read would hide a wrong index instead of failing a test. */
import { foldAccents, wordKeys } from './relevance.js';
import { type Bits, U32List, grownBits, lowerBound } from './search-index-bits.js';
import { CompletionWords } from './search-index-word-starts.js';
import {
  DENSE_SHARE,
  Dictionary,
  type IndexRow,
  OPTION_KEYS,
  type PageOrder,
  REGION_COUNTRIES,
  TITLE_SEPARATOR,
  cityRegionKey,
  numberOrNaN,
  optionBitsOf,
} from './search-index-row.js';

/**
 * What the search index (search-index.ts, decision record 24) keeps of one load of the open jobs, and the set and
 * order helpers its passes use: documents numbered as they are added, their search fields column by column in typed
 * arrays, posting lists, bitsets, and the page orders.
 */

/** The jobs of one load: appended to, never rewritten but for the alive bits. */
export class Store {
  count = 0;
  dead = 0;
  /** Counts the documents added and killed: what is worked out from the alive bits holds while it stays the same. */
  version = 0;
  seq = new Float64Array(1024);
  postingDay = new Int32Array(1024);
  validDay = new Int32Array(1024);
  pay = new Float64Array(1024);
  maxPrice = new Float64Array(1024);
  city = new Uint32Array(1024);
  cityKey = new Uint32Array(1024);
  country = new Uint32Array(1024);
  salary = new Uint32Array(1024);
  experience = new Uint32Array(1024);
  employment = new Uint32Array(1024);
  workplace = new Uint32Array(1024);
  title = new Uint32Array(1024);
  /** The company of each job, by id in `companies`. */
  company = new Uint32Array(1024);
  /** The place of each job: its city as lower-cased and its country (the top places group by them). */
  place = new Uint32Array(1024);
  /** The filter options each job meets (optionBitsOf). */
  optionBits = new Uint32Array(1024);
  skillStart = new Uint32Array(1025);
  skills = new U32List();
  /** The jobs open to remote workers in each country listed, and those listing none (open to every country). */
  readonly byRemoteCountry = new Map<string, U32List>();
  /** As a set rather than a list: most jobs list none, and a search ORs them 32 at a time rather than one by one. */
  noRemoteCountrySet: Bits = new Uint32Array(32);
  /** The jobs written in each language but English (most boards have none: a text is then matched once). */
  readonly byLanguage = new Map<string, U32List>();
  alive: Bits = new Uint32Array(32);
  /** The jobs meeting each filter option, by slot (none for "date of posting", which moves with the day). */
  optionSets: Bits[] = OPTION_KEYS.map(() => new Uint32Array(32));
  coarse: Bits = new Uint32Array(32);
  fine: Bits = new Uint32Array(32);
  readonly strings = new Dictionary();
  readonly titles = new Dictionary();
  readonly skillKeys = new Dictionary();
  /** Places by id ('cityKey country' ids), and the spellings of each place's city seen (usually one). */
  readonly places = new Dictionary();
  readonly placeCities: number[][] = [];
  /** Company ids (uuids), and each one's name and slug as last read (SearchIndex reads them with the jobs). */
  readonly companies = new Dictionary();
  readonly companyNames: string[] = [];
  readonly companySlugs: string[] = [];
  /**
   * Each title's and skill's label: the first in code point order of those seen since the load (a title written
   * "Nurse" and "nurse" is one title), for the completions and the top skills.
   */
  readonly titleLabels: string[] = [];
  readonly skillLabels: string[] = [];
  /** Open jobs (alive documents) per title, skill and company id: the completions' and the spelling's counts. */
  readonly titleOpen: number[] = [];
  readonly skillOpen: number[] = [];
  readonly companyOpen: number[] = [];
  /** The titles' and companies' words as the completions look them up (built with the orders). */
  readonly completionWords = new CompletionWords();
  readonly lexemes = new Map<string, U32List>();
  /**
   * The documents of each word found in one job in DENSE_SHARE or more when loaded, also as a set (made by trim,
   * kept up to date by add): a prefix's sets are ORed a word of 32 documents at a time, where its posting lists are
   * set a document at a time (the words common enough to be dense hold most of all postings).
   */
  readonly denseLexemes = new Map<string, Bits>();
  readonly byTitle: U32List[] = [];
  /** The jobs of each lower-cased city and of each country, by string id: "where" and the country filters. */
  readonly byCityKey: U32List[] = [];
  /** The jobs of each city in the three countries with regions, by 'cityKey country region' ids (region '' too). */
  readonly byCityRegion = new Map<string, U32List>();
  readonly byCountry: U32List[] = [];
  readonly bySkill: U32List[] = [];
  readonly docOf = new Map<number, number>();
  /** The words of each title (weight A of search_doc), by title id: the relevance order's first tier. */
  readonly titleWords: (string[] | undefined)[] = [];
  private sortedLexemes: string[] | undefined;

  private grow(): void {
    const size = this.seq.length * 2;
    const grown = <T extends Float64Array | Int32Array | Uint32Array>(old: T): T => {
      const next = new (old.constructor as new (n: number) => T)(size);
      next.set(old);
      return next;
    };
    this.seq = grown(this.seq);
    this.postingDay = grown(this.postingDay);
    this.validDay = grown(this.validDay);
    this.pay = grown(this.pay);
    this.maxPrice = grown(this.maxPrice);
    this.city = grown(this.city);
    this.cityKey = grown(this.cityKey);
    this.country = grown(this.country);
    this.salary = grown(this.salary);
    this.experience = grown(this.experience);
    this.employment = grown(this.employment);
    this.workplace = grown(this.workplace);
    this.title = grown(this.title);
    this.company = grown(this.company);
    this.place = grown(this.place);
    this.optionBits = grown(this.optionBits);
    const start = new Uint32Array(size + 1);
    start.set(this.skillStart);
    this.skillStart = start;
    const words = size / 32;
    this.alive = grownBits(this.alive, words);
    this.coarse = grownBits(this.coarse, words);
    this.fine = grownBits(this.fine, words);
    this.noRemoteCountrySet = grownBits(this.noRemoteCountrySet, words);
    this.optionSets = this.optionSets.map((set) => grownBits(set, words));
    for (const [prefix, set] of this.prefixSets) this.prefixSets.set(prefix, grownBits(set, words));
    for (const [lexeme, set] of this.denseLexemes) this.denseLexemes.set(lexeme, grownBits(set, words));
  }

  add(row: IndexRow): void {
    this.version += 1;
    if (this.count === this.seq.length) this.grow();
    const doc = this.count++;
    const seq = Number(row.seq);
    this.seq[doc] = seq;
    this.postingDay[doc] = row.posting_day;
    this.validDay[doc] = row.valid_day;
    this.pay[doc] = numberOrNaN(row.pay);
    this.maxPrice[doc] = numberOrNaN(row.max_price_k);
    this.optionBits[doc] = optionBitsOf(row, this.maxPrice[doc]!);
    this.city[doc] = this.strings.id(row.city);
    this.cityKey[doc] = this.strings.id(row.city_key);
    (this.byCityKey[this.cityKey[doc]!] ??= new U32List()).push(doc);
    (this.byCountry[this.strings.id(row.country)] ??= new U32List()).push(doc);
    if (REGION_COUNTRIES.has(row.country) && row.city_key) {
      const key = cityRegionKey(this.cityKey[doc]!, this.strings.id(row.country), row.region);
      let list = this.byCityRegion.get(key);
      if (!list) this.byCityRegion.set(key, (list = new U32List()));
      list.push(doc);
    }
    const place = this.places.id(`${this.cityKey[doc]} ${this.strings.id(row.country)}`);
    this.place[doc] = place;
    const spellings = (this.placeCities[place] ??= []);
    if (!spellings.includes(this.city[doc]!)) spellings.push(this.city[doc]!);
    this.country[doc] = this.strings.id(row.country);
    this.salary[doc] = this.strings.id(row.salary_key);
    this.experience[doc] = this.strings.id(row.experience_key);
    this.employment[doc] = this.strings.id(row.employment_key);
    this.workplace[doc] = this.strings.id(row.workplace);
    this.addTitleAndSkills(doc, row);
    this.addRemote(doc, row.remote);
    if (row.language !== 'en') {
      let list = this.byLanguage.get(row.language);
      if (!list) this.byLanguage.set(row.language, (list = new U32List()));
      list.push(doc);
    }
    if (row.lexemes) {
      for (const lexeme of row.lexemes.split(' ')) {
        for (const [prefix, set] of this.prefixSets) if (lexeme.startsWith(prefix)) set[doc >>> 5]! |= 1 << (doc & 31);
        const dense = this.denseLexemes.get(lexeme);
        if (dense) dense[doc >>> 5]! |= 1 << (doc & 31);
        let list = this.lexemes.get(lexeme);
        if (!list) {
          list = new U32List();
          this.lexemes.set(lexeme, list);
          this.sortedLexemes = undefined;
        }
        list.push(doc);
      }
    }
    const bit = 1 << (doc & 31);
    const word = doc >>> 5;
    this.alive[word]! |= bit;
    if (row.s32) this.coarse[word]! |= bit;
    if (row.s4) this.fine[word]! |= bit;
    for (let options = this.optionBits[doc]!; options !== 0;) {
      const low = options & -options;
      options ^= low;
      this.optionSets[31 - Math.clz32(low)]![word]! |= bit;
    }
    this.countOpen(doc, 1);
    const previous = this.docOf.get(seq);
    if (previous !== undefined) this.kill(previous);
    if (this.orders) {
      this.recent.push(doc);
      this.recentSorted = {};
    }
    this.docOf.set(seq, doc);
  }

  /** The countries a document is open to remote workers in: filed under each, or with those listing none. */
  private addRemote(doc: number, countries: readonly string[]): void {
    if (countries.length === 0) this.noRemoteCountrySet[doc >>> 5]! |= 1 << (doc & 31);
    for (const country of new Set(countries)) {
      if (!this.byRemoteCountry.has(country)) this.byRemoteCountry.set(country, new U32List());
      this.byRemoteCountry.get(country)!.push(doc);
    }
  }

  /** A document's title, company and skills, with their labels. */
  private addTitleAndSkills(doc: number, row: IndexRow): void {
    const title = this.titles.id(row.title_key);
    this.title[doc] = title;
    (this.byTitle[title] ??= new U32List()).push(doc);
    this.titleLabels[title] = firstOf(this.titleLabels[title], row.title);
    this.company[doc] = this.companies.id(row.company_id);
    row.skills.forEach((key, i) => {
      const skill = this.skillKeys.id(key);
      this.skills.push(skill);
      (this.bySkill[skill] ??= new U32List()).push(doc);
      this.skillLabels[skill] = firstOf(this.skillLabels[skill], row.skill_labels[i] ?? key);
    });
    this.skillStart[doc + 1] = this.skills.length;
  }

  /** Adds `by` to the open jobs of a document's title, skills and company. */
  countOpen(doc: number, by: 1 | -1): void {
    const title = this.title[doc]!;
    this.titleOpen[title] = (this.titleOpen[title] ?? 0) + by;
    const company = this.company[doc]!;
    this.companyOpen[company] = (this.companyOpen[company] ?? 0) + by;
    const skills = this.skills.data;
    for (let k = this.skillStart[doc]!; k < this.skillStart[doc + 1]!; k += 1)
      this.skillOpen[skills[k]!] = (this.skillOpen[skills[k]!] ?? 0) + by;
  }

  /** Records the name and slug of companies (by uuid) as read now: a rename reaches the jobs, so their changes. */
  learnCompanies(rows: readonly { id: string; name: string; slug: string }[]): void {
    for (const row of rows) {
      const id = this.companies.id(row.id);
      if (this.companyNames[id] !== row.name) {
        this.fileCompanyName(id, this.companyNames[id], row.name);
        this.completionWords.companies.changedKey(id);
      }
      this.companyNames[id] = row.name;
      this.companySlugs[id] = row.slug;
    }
  }

  /** Titles whose words are not known yet, of `keys` (lower-cased titles). */
  titlesWithoutWords(keys: readonly string[]): string[] {
    return [...new Set(keys)].filter((key) => {
      const id = this.titles.find(key);
      return id === undefined || this.titleWords[id] === undefined;
    });
  }

  /** Records the words of titles (TitleWords), each once. */
  learnTitleWords(words: ReadonlyMap<string, string[]>): void {
    for (const [key, list] of words) {
      const id = this.titles.find(key);
      if (id !== undefined && this.titleWords[id] === undefined) this.setTitleWords(id, list);
    }
  }

  kill(doc: number): void {
    const word = doc >>> 5;
    const bit = 1 << (doc & 31);
    if ((this.alive[word]! & bit) === 0) return;
    this.version += 1;
    this.alive[word]! &= ~bit;
    this.dead += 1;
    this.countOpen(doc, -1);
    const seq = this.seq[doc]!;
    if (this.docOf.get(seq) === doc) this.docOf.delete(seq);
  }

  /** The alive documents in the two page orders, as of the last build (buildOrders). */
  /** (Written to the index's snapshot and read back with it: building them is most of reading one.) */
  orders: Record<PageOrder, Uint32Array> | undefined;
  /** Documents added since the orders were built (new and changed jobs), sorted per order when walked. */
  recent: number[] = [];
  private recentSorted: Partial<Record<PageOrder, number[]>> = {};

  /**
   * Sorts the alive documents newest first and highest paid first. Keys are packed into one float each (day or pay
   * rank times 2^32, plus seq) and sorted natively: about 0.3 s at a million jobs, at load and after RECENT_MOST
   * changes.
   */
  buildOrders(): void {
    const docs: number[] = [];
    for (let w = 0; w < this.alive.length; w += 1) {
      let word = this.alive[w]!;
      while (word !== 0) {
        const low = word & -word;
        word ^= low;
        docs.push((w << 5) | (31 - Math.clz32(low)));
      }
    }
    const sortBy = (key: (doc: number) => number): Uint32Array => {
      const keys = new Float64Array(docs.length);
      const docOfKey = new Map<number, number>();
      docs.forEach((doc, i) => {
        keys[i] = key(doc);
        docOfKey.set(keys[i]!, doc);
      });
      // Exact while the packed keys stay under 2^53: days and pay ranks under 2 million.
      keys.sort().reverse();
      return Uint32Array.from(keys, (k) => docOfKey.get(k)!);
    };
    const pays = [...new Set(docs.map((doc) => this.pay[doc]!).filter((p) => !Number.isNaN(p)))].sort((a, b) => a - b);
    const rank = new Map(pays.map((p, i) => [p, i + 1]));
    this.orders = {
      newest: sortBy((doc) => this.postingDay[doc]! * 2 ** 32 + this.seq[doc]!),
      pay: sortBy((doc) => (rank.get(this.pay[doc]!) ?? 0) * 2 ** 32 + this.seq[doc]!),
    };
    this.recent = [];
    this.recentSorted = {};
    this.completionWords.build(this);
  }

  /**
   * Calls `visit` for each alive document in a page order until it returns false: the built order merged with the
   * documents added since.
   */
  walk(order: PageOrder, visit: (doc: number) => boolean): void {
    if (!this.orders) this.buildOrders();
    const main = this.orders![order];
    const before = order === 'pay' ? paidMoreThan(this) : newerThan(this);
    const recent = (this.recentSorted[order] ??= [...this.recent].sort((a, b) => (before(a, b) ? -1 : 1)));
    const alive = this.alive;
    let i = 0;
    let j = 0;
    while (i < main.length || j < recent.length) {
      let doc: number;
      if (j >= recent.length || (i < main.length && before(main[i]!, recent[j]!))) doc = main[i++]!;
      else doc = recent[j++]!;
      if ((alive[doc >>> 5]! & (1 << (doc & 31))) === 0) continue;
      if (!visit(doc)) return;
    }
  }

  private joined: { joined: string; starts: Uint32Array } | undefined;

  /** Every title in one string, each followed by TITLE_SEPARATOR, and where each begins: made again when titles are added. */
  joinedTitles(): { joined: string; starts: Uint32Array } {
    const values = this.titles.values;
    if (this.joined?.starts.length !== values.length) {
      const starts = new Uint32Array(values.length);
      let at = 0;
      values.forEach((title, i) => {
        starts[i] = at;
        at += title.length + 1;
      });
      this.joined = { joined: values.join(TITLE_SEPARATOR) + TITLE_SEPARATOR, starts };
    }
    return this.joined;
  }

  /**
   * The titles containing each text searched lately (SearchIndex.titlesContaining), most recently used last, as of
   * `upTo` titles: a search looks for its text in every title two or three times (its matches, the relevance order's
   * title tier, a correction's), a scan of every title each time without it.
   */
  readonly titleMatches = new Map<string, { titles: number[]; upTo: number }>();

  /**
   * The jobs with a word beginning each of a few broad prefixes ("a", "de"), whose posting lists together run to
   * millions of entries: made when first searched, kept exact as jobs are added (add), at most PREFIX_SETS_MOST.
   */
  readonly prefixSets = new Map<string, Bits>();

  /** The titles by each of their words, and those words sorted: a prefix is a range of them. */
  private readonly titlesByWord = new Map<string, number[]>();
  private sortedTitleWords: string[] | undefined;

  setTitleWords(title: number, words: string[]): void {
    this.titleWords[title] = words;
    for (const word of words) {
      const titles = this.titlesByWord.get(word);
      if (titles) titles.push(title);
      else {
        this.titlesByWord.set(word, [title]);
        this.sortedTitleWords = undefined;
      }
    }
  }

  /** A title's words as relevance compares them (relevance.ts wordKeys), worked out when first asked for. */
  titleKeys(title: number): string[] {
    return (this.keysOfTitles[title] ??= wordKeys(foldAccents(this.titles.values[title]!)));
  }

  private readonly keysOfTitles: string[][] = [];

  /** The companies whose name holds every one of `keys` (relevance.ts wordKeys), by id. */
  companiesHolding(keys: readonly string[]): Set<number> {
    if (!this.companiesByWord) {
      this.companiesByWord = new Map();
      this.companyNames.forEach((name, id) => this.fileCompanyName(id, undefined, name));
    }
    const byWord = this.companiesByWord;
    const [first, ...rest] = keys;
    const found = new Set(first === undefined ? [] : byWord.get(first));
    for (const key of rest) for (const id of found) if (!byWord.get(key)?.has(id)) found.delete(id);
    return found;
  }

  /**
   * The companies by each word of their names (relevance.ts wordKeys): the company tier's lookup, built at its first
   * use (after a load or a snapshot read has set every name), then kept as names are learnt.
   */
  private companiesByWord: Map<string, Set<number>> | undefined;

  /** Files a company's name under its words, and no longer under those of the name it had. */
  private fileCompanyName(id: number, before: string | undefined, name: string): void {
    const byWord = this.companiesByWord;
    if (!byWord) return;
    const keysOf = (text: string) => wordKeys(foldAccents(text.toLowerCase()));
    if (before !== undefined) for (const key of keysOf(before)) byWord.get(key)?.delete(id);
    for (const key of keysOf(name)) {
      const ids = byWord.get(key) ?? new Set<number>();
      ids.add(id);
      byWord.set(key, ids);
    }
  }

  /** The titles with a word beginning `prefix` (title_doc @@ 'prefix':*). */

  titlesWithWordsBeginning(prefix: string): Set<number> {
    this.sortedTitleWords ??= [...this.titlesByWord.keys()].sort();
    const sorted = this.sortedTitleWords;
    const found = new Set<number>();
    for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i += 1) {
      for (const title of this.titlesByWord.get(sorted[i]!) ?? []) found.add(title);
    }
    return found;
  }

  /** Every word of the jobs, sorted: a prefix is a range of them. */
  lexemesInOrder(): string[] {
    this.sortedLexemes ??= [...this.lexemes.keys()].sort();
    return this.sortedLexemes;
  }

  trim(): void {
    this.skills.trim();
    for (const [lexeme, list] of this.lexemes) {
      list.trim();
      if (list.length * DENSE_SHARE >= this.count) {
        const bits = new Uint32Array(this.alive.length);
        this.bitsOf(list, bits);
        this.denseLexemes.set(lexeme, bits);
      }
    }
    for (const list of this.byTitle) list.trim();
    for (const list of this.bySkill) list.trim();
    // Sparse: indexed by string ids, not every string a city or a country.
    this.byCityKey.forEach((list) => list.trim());
    for (const list of this.byCityRegion.values()) list.trim();
    this.byCountry.forEach((list) => list.trim());
    for (const list of this.byRemoteCountry.values()) list.trim();
    for (const list of this.byLanguage.values()) list.trim();
  }

  bitsOf(list: U32List | undefined, into: Bits): void {
    if (!list) return;
    const data = list.data;
    for (let i = 0; i < list.length; i += 1) {
      const doc = data[i]!;
      into[doc >>> 5]! |= 1 << (doc & 31);
    }
  }
}

/** The first of two labels in code point order (`min`), or the new one when there is none yet. */
function firstOf(kept: string | undefined, seen: string): string {
  return kept === undefined || seen < kept ? seen : kept;
}

/** Newest first: posting date, then seq, descending. */
export function newerThan(store: Store): (a: number, b: number) => boolean {
  const { postingDay, seq } = store;
  return (a, b) => postingDay[a]! > postingDay[b]! || (postingDay[a] === postingDay[b] && seq[a]! > seq[b]!);
}

/** Highest yearly pay first, unknown pay last, then seq descending. */
export function paidMoreThan(store: Store): (a: number, b: number) => boolean {
  const { pay, seq } = store;
  const of = (doc: number) => (Number.isNaN(pay[doc]!) ? Number.NEGATIVE_INFINITY : pay[doc]!);
  return (a, b) => of(a) > of(b) || (of(a) === of(b) && seq[a]! > seq[b]!);
}
