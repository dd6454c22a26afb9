/* eslint-disable @typescript-eslint/no-non-null-assertion -- typed arrays indexed within their length, as in the store */
import { createHash } from 'node:crypto';
import type { IndexState } from './search-index.js';
import { U32List } from './search-index-bits.js';
import { INDEX_COLUMNS, OPTION_KEYS } from './search-index-row.js';
import { Store } from './search-index-store.js';

/**
 * What a search index snapshot (search-index-snapshot.ts) holds of a Store, and the Store read back from it. Only
 * what a load cannot cheaply work out again is written: the lists per title, city, country and skill, the places'
 * spellings, the sets per option, docOf and the page orders are rebuilt from the columns.
 */

/** What the index reads of a job and how it files the options: a snapshot made by other code is not read. */
export const CODE = createHash('sha256')
  .update(INDEX_COLUMNS)
  .update(JSON.stringify(OPTION_KEYS))
  .digest('hex')
  .slice(0, 16);

export type Kind = 'f64' | 'i32' | 'u32' | 'u8' | 'text';
export interface SectionInfo {
  name: string;
  kind: Kind;
  offset: number;
  bytes: number;
  /** text: how many strings. */
  count?: number;
}
export interface SnapshotHeader {
  format: number;
  code: string;
  /** The highest migration applied. */
  schema: string;
  /** schema_state's random database_id and the database's oid: another database's snapshot is never read. */
  database: string;
  /** Open jobs (alive documents); documents in all, of which dead; the arrays' capacity. */
  jobs: number;
  count: number;
  dead: number;
  capacity: number;
  lastChange: number;
  writtenAt: string;
  bodyBytes: number;
  /** sha256 of the body, padding included. */
  sha256: string;
  sections: SectionInfo[];
}
export interface Section {
  name: string;
  kind: Kind;
  parts: Uint8Array[];
  count?: number;
}

/** Why a snapshot is not used: a full load follows, logged with it. */
export class Unusable extends Error {}

const F64 = ['seq', 'pay', 'maxPrice'] as const;
const I32 = ['postingDay', 'validDay'] as const;
const U32 = [
  'city',
  'cityKey',
  'country',
  'salary',
  'experience',
  'employment',
  'workplace',
  'title',
  'company',
  'place',
  'optionBits',
] as const;
const BITS = ['alive', 'coarse', 'fine', 'noRemoteCountrySet'] as const;
const DICTIONARIES = ['strings', 'titles', 'skillKeys', 'places', 'companies'] as const;
/** Strings per title, skill or company id. */
const LABELS = ['titleLabels', 'skillLabels', 'companyNames', 'companySlugs'] as const;
/** Posting lists by a key the columns do not hold (a word, a remote country, a city in a region). */
const KEYED = ['lexemes', 'byRemoteCountry', 'byCityRegion', 'byLanguage'] as const;
export const BYTES_PER: Record<Kind, number> = { f64: 8, i32: 4, u32: 4, u8: 1, text: 1 };

const bytesOf = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
export const pad8 = (n: number) => (8 - (n % 8)) % 8;

/**
 * The sections of `state`, taken in one turn of the event loop: a catch-up applies its changes in one turn too, so
 * what is written is the store as of `lastChange`. Columns and lists only change past their length: viewed; the
 * bits change in place: copied.
 */
export function capture({ store, lastChange, holes }: IndexState): {
  sections: Section[];
  header: Partial<SnapshotHeader>;
} {
  const n = store.count;
  const sections: Section[] = [];
  const binary = (name: string, kind: Kind, array: ArrayBufferView) =>
    sections.push({ name, kind, parts: [bytesOf(array)] });
  const text = (name: string, values: readonly string[]) =>
    sections.push({ name, kind: 'text', parts: [Buffer.from(values.join('\0'))], count: values.length });
  for (const column of F64) binary(column, 'f64', store[column].subarray(0, n));
  for (const column of I32) binary(column, 'i32', store[column].subarray(0, n));
  for (const column of U32) binary(column, 'u32', store[column].subarray(0, n));
  binary('skillStart', 'u32', store.skillStart.subarray(0, n + 1));
  binary('skills', 'u32', store.skills.data.subarray(0, store.skills.length));
  for (const bits of BITS) binary(bits, 'u32', store[bits].slice());
  for (const name of DICTIONARIES) text(name, store[name].values);
  const sizes = {
    titleLabels: 'titles',
    skillLabels: 'skillKeys',
    companyNames: 'companies',
    companySlugs: 'companies',
  } as const;
  for (const name of LABELS)
    text(
      name,
      Array.from(store[sizes[name]].values, (_, id) => store[name][id] ?? ''),
    );
  const titleWords = store.titleWords.slice(0, store.titles.values.length);
  text(
    'titleWords',
    Array.from(titleWords, (words) => words?.join(' ') ?? ''),
  );
  binary(
    'titleWordsKnown',
    'u8',
    Uint8Array.from(titleWords, (words) => (words ? 1 : 0)),
  );
  for (const name of KEYED) {
    const lists = [...store[name]];
    text(
      `${name}.keys`,
      lists.map(([key]) => key),
    );
    binary(
      `${name}.lengths`,
      'u32',
      Uint32Array.from(lists, ([, list]) => list.length),
    );
    const parts = lists.map(([, list]) => bytesOf(list.data.subarray(0, list.length)));
    sections.push({ name: `${name}.postings`, kind: 'u32', parts });
  }
  if (store.orders) {
    // Replaced, never changed, when built again; the documents added since are kept beside them.
    binary('orders.newest', 'u32', store.orders.newest);
    binary('orders.pay', 'u32', store.orders.pay);
    binary('recent', 'u32', Uint32Array.from(store.recent));
  }
  // The change numbers skipped by transactions then open, and since when: looked for again after a restart.
  binary('holes', 'f64', Float64Array.from([...holes].flat()));
  const header = { jobs: n - store.dead, count: n, dead: store.dead, capacity: store.seq.length, lastChange };
  return { sections, header };
}

/** The store as written: the sections read back, and what they do not hold worked out again from the columns. */
export function restore(header: SnapshotHeader, sections: ReadonlyMap<string, Uint8Array<ArrayBuffer>>): Store {
  const section = (name: string) => {
    const bytes = sections.get(name);
    if (!bytes) throw new Unusable(`the section ${name} is missing`);
    return bytes;
  };
  const u32 = (name: string, length = section(name).byteLength / 4) => new Uint32Array(section(name).buffer, 0, length);
  const texts = (name: string) => {
    const info = header.sections.find((s) => s.name === name);
    return info?.count ? Buffer.from(section(name)).toString('utf8').split('\0') : [];
  };
  const { count: n, capacity } = header;
  const store = new Store();
  for (const column of F64) store[column] = new Float64Array(section(column).buffer, 0, capacity);
  for (const column of I32) store[column] = new Int32Array(section(column).buffer, 0, capacity);
  for (const column of U32) store[column] = u32(column, capacity);
  store.skillStart = new Uint32Array(capacity + 1);
  store.skillStart.set(u32('skillStart'));
  store.skills.data = u32('skills');
  store.skills.length = store.skills.data.length;
  for (const bits of BITS) store[bits] = u32(bits);
  for (const name of DICTIONARIES) for (const value of texts(name)) store[name].id(value);
  for (const name of LABELS) texts(name).forEach((value, id) => (store[name][id] = value));
  const known = section('titleWordsKnown');
  texts('titleWords').forEach((words, title) => {
    if (known[title]) store.setTitleWords(title, words ? words.split(' ') : []);
  });
  for (const name of KEYED) {
    const lengths = u32(`${name}.lengths`);
    const postings = u32(`${name}.postings`);
    let at = 0;
    texts(`${name}.keys`).forEach((key, i) => {
      const list = new U32List();
      list.data = postings.subarray(at, (at += lengths[i]!));
      list.length = list.data.length;
      store[name].set(key, list);
    });
  }
  store.count = n;
  store.dead = header.dead;
  rebuild(store);
  // The dense words' sets, as a load makes them (trim).
  store.trim();
  if (sections.has('orders.newest')) {
    store.orders = { newest: u32('orders.newest'), pay: u32('orders.pay') };
    store.recent = Array.from(u32('recent'));
    store.completionWords.build(store);
  } else store.buildOrders();
  return store;
}

/** The lists the columns hold (as Store.add makes them, document by document), the option sets and docOf. */
function rebuild(store: Store): void {
  store.optionSets = OPTION_KEYS.map(() => new Uint32Array(store.alive.length));
  const { title, cityKey, country, skillStart, place, city, optionBits, alive, seq } = store;
  const skills = store.skills.data;
  for (let doc = 0; doc < store.count; doc += 1) {
    (store.byTitle[title[doc]!] ??= new U32List()).push(doc);
    (store.byCityKey[cityKey[doc]!] ??= new U32List()).push(doc);
    (store.byCountry[country[doc]!] ??= new U32List()).push(doc);
    for (let i = skillStart[doc]!; i < skillStart[doc + 1]!; i += 1)
      (store.bySkill[skills[i]!] ??= new U32List()).push(doc);
    const spellings = (store.placeCities[place[doc]!] ??= []);
    if (!spellings.includes(city[doc]!)) spellings.push(city[doc]!);
    const word = doc >>> 5;
    const bit = 1 << (doc & 31);
    for (let options = optionBits[doc]!; options !== 0;) {
      const low = options & -options;
      options ^= low;
      store.optionSets[31 - Math.clz32(low)]![word]! |= bit;
    }
    if ((alive[word]! & bit) !== 0) {
      store.docOf.set(seq[doc]!, doc);
      store.countOpen(doc, 1);
    }
  }
}

/** Bytes to allocate for a section read back: a column gets room for the store's capacity (it grows from there). */
export function roomFor(info: SectionInfo, capacity: number): number {
  const column = [...F64, ...I32, ...U32].includes(info.name as never);
  return column ? capacity * BYTES_PER[info.kind] : 0;
}
