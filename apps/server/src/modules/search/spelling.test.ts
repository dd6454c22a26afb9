import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client.js';
import { editDistance, Vocabulary } from './spelling.js';

/** The kept counts as the vocabulary reads them: titles and skills of open jobs with their number. */
function countsDb(rows: { text: string; n: number }[]): Queryable & { reads: number } {
  const db = {
    reads: 0,
    async query<T>() {
      db.reads += 1;
      return rows as T[];
    },
  };
  return db;
}

describe('editDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours', () => {
    expect(editDistance('devloper', 'developer', 2)).toBe(1);
    expect(editDistance('enigneer', 'engineer', 2)).toBe(1);
    expect(editDistance('managr', 'manager', 2)).toBe(1);
    expect(editDistance('nurse', 'nurse', 2)).toBe(0);
    expect(editDistance('desinger', 'designer', 2)).toBe(1);
    expect(editDistance('kitten', 'sitting', 5)).toBe(3);
  });

  it('stops at the limit', () => {
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });
});

describe('Vocabulary', () => {
  const rows = [
    { text: 'senior software developer', n: 40 },
    { text: 'frontend developer', n: 25 },
    { text: 'registered nurse', n: 30 },
    { text: 'devops engineer', n: 12 },
    { text: 'javascript', n: 50 },
    { text: 'c++', n: 9 },
  ];

  it('corrects a word that starts no known word to the closest, most used one; leaves known words and prefixes', async () => {
    const vocabulary = new Vocabulary();
    await vocabulary.refresh(countsDb(rows), 0);
    expect(vocabulary.correct('devloper')).toBe('developer');
    expect(vocabulary.correct('Senior DEVLOPER')).toBe('senior developer');
    expect(vocabulary.correct('javascirpt')).toBe('javascript');
    expect(vocabulary.correct('nurse')).toBeUndefined();
    // A prefix of a known word is what the search matches by: not a typo.
    expect(vocabulary.correct('devel')).toBeUndefined();
    expect(vocabulary.correct('engin')).toBeUndefined();
  });

  it('leaves short words, numbers, signs, and words too far from any known word', async () => {
    const vocabulary = new Vocabulary();
    await vocabulary.refresh(countsDb(rows), 0);
    expect(vocabulary.correct('dvo')).toBeUndefined();
    expect(vocabulary.correct('c+++')).toBeUndefined();
    expect(vocabulary.correct('2025')).toBeUndefined();
    expect(vocabulary.correct('zookeeper')).toBeUndefined();
    // A typo in the first letter is not corrected: another first letter is most often another word.
    expect(vocabulary.correct('nevelopers')).toBeUndefined();
  });

  it('knows nothing before its first read, reads once per 10 minutes, and refreshes in the background', async () => {
    const vocabulary = new Vocabulary();
    expect(vocabulary.correct('devloper')).toBeUndefined();
    const db = countsDb(rows);
    await vocabulary.refresh(db, 0);
    await vocabulary.refresh(db, 9 * 60_000);
    expect(db.reads).toBe(1);
    await vocabulary.refresh(db, 11 * 60_000);
    expect(db.reads).toBe(2);
  });

  it('reads again within a second of a job change, at most once a second while jobs keep changing', async () => {
    const vocabulary = new Vocabulary();
    const db = countsDb(rows);
    await vocabulary.refresh(db, 0);
    vocabulary.changed(10_000);
    await vocabulary.refresh(db, 10_001); // the last read is older than a second: read now
    expect(db.reads).toBe(2);
    vocabulary.changed(10_002);
    await vocabulary.refresh(db, 10_500); // changed again, but the last read is half a second old
    expect(db.reads).toBe(2);
    await vocabulary.refresh(db, 11_001);
    expect(db.reads).toBe(3);
    await vocabulary.refresh(db, 12_500); // nothing changed since that read
    expect(db.reads).toBe(3);
  });

  it('with read replicas, a read made before a change had settled is read again', async () => {
    const vocabulary = new Vocabulary(1_000);
    const db = countsDb(rows);
    vocabulary.changed(0);
    await vocabulary.refresh(db, 500); // may have come from a replica not yet at the change
    await vocabulary.refresh(db, 1_600);
    expect(db.reads).toBe(2);
    await vocabulary.refresh(db, 2_700); // read at 1,600, after the change had settled
    expect(db.reads).toBe(2);
  });
});
