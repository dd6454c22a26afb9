import type { Queryable } from '../../db/client.js';
import { foldAccents } from './relevance.js';
import type { SearchIndex } from './search-index.js';

/** Words shorter than this are never corrected: too many real words lie one letter from them. */
const MIN_WORD = 4;
/** How long a process keeps the words it read before reading them again (they follow the jobs slowly). */
const MAX_AGE_MS = 10 * 60_000;
/** After a job change, how soon the words may be read again (at most one read a second while jobs keep changing). */
const CHANGED_REREAD_MS = 1_000;
/** How many corrections (word -> closest known word) a process remembers between reads. */
const CORRECTIONS_KEPT = 10_000;

/** Edits allowed to reach a known word: one below 7 letters, two from 7 on. */
function allowedEdits(word: string): number {
  return word.length >= 7 ? 2 : 1;
}

/**
 * Optimal string alignment distance (insertions, deletions, substitutions, swaps of two neighbours), or
 * `limit + 1` as soon as it must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** The lower-cased titles and skills of open jobs with their counts, when no index answers (a pass over the jobs). */
const FROM_JOBS = `SELECT lower(job_title) AS text, count(*)::int AS n FROM jobs WHERE status = 'open' GROUP BY 1
  UNION ALL SELECT key, count(*)::int FROM jobs, unnest(skill_keys) AS key WHERE status = 'open' GROUP BY 1`;

/**
 * The words of open jobs' titles and skills, with how many open jobs use each: what a search word is corrected
 * to when it is not the start of any of them ("devloper" -> "developer"). Read from the search index's counts
 * (`indexOf`; from the jobs when it cannot answer) every 10 minutes per process, and within a second of a job
 * change heard from any instance (`changed`, called by SearchCache.forgetAnswers), so instances correct alike.
 */
export class Vocabulary {
  /** Sorted, for the prefix test. */
  private words: string[] = [];
  /** The words by first letter, for the search of the closest. */
  private byFirst = new Map<string, string[]>();
  private readonly uses = new Map<string, number>();
  /** Words corrected since the last read (null: no close word), at most CORRECTIONS_KEPT. */
  private readonly corrections = new Map<string, string | null>();
  private readAt = -Infinity;
  private reading: Promise<void> | undefined;
  /** When the jobs last changed, and how long after a change a read may still miss it (a lagging read replica). */
  private changedAt = -Infinity;

  constructor(
    private readonly settleMs = 0,
    private readonly indexOf: () => SearchIndex | undefined = () => undefined,
  ) {}

  /** The jobs changed: the words are read again at the next search, at most one read a second. */
  changed(now: number): void {
    this.changedAt = now;
  }

  /**
   * Reads the words when they are older than MAX_AGE_MS, or were read before the last change had settled: the first
   * time awaited, later in the background.
   */
  async refresh(db: Queryable, now: number): Promise<void> {
    const missedChange = this.readAt < this.changedAt + this.settleMs && now - this.readAt >= CHANGED_REREAD_MS;
    if (now - this.readAt < MAX_AGE_MS && !missedChange) return;
    this.reading ??= this.read(db, now).finally(() => {
      this.reading = undefined;
    });
    if (this.words.length === 0) await this.reading;
    else this.reading.catch(() => {});
  }

  private async read(db: Queryable, now: number): Promise<void> {
    const index = this.indexOf();
    const rows =
      index && (await index.current()) ? index.vocabulary() : await db.query<{ text: string; n: number }>(FROM_JOBS);
    const uses = new Map<string, number>();
    for (const row of rows) {
      for (const word of foldAccents(row.text).split(/[^\p{L}\p{N}]+/u)) {
        if (word) uses.set(word, (uses.get(word) ?? 0) + Number(row.n));
      }
    }
    this.uses.clear();
    for (const [word, n] of uses) this.uses.set(word, n);
    this.words = [...uses.keys()].sort();
    this.byFirst = new Map();
    for (const word of this.words) {
      if (word.length < MIN_WORD) continue;
      const first = word[0] ?? '';
      const list = this.byFirst.get(first) ?? [];
      list.push(word);
      this.byFirst.set(first, list);
    }
    this.corrections.clear();
    this.readAt = now;
  }

  /** Whether some known word starts with `prefix` (the search matches words by prefix). */
  private known(prefix: string): boolean {
    let low = 0;
    let high = this.words.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((this.words[middle] ?? '') < prefix) low = middle + 1;
      else high = middle;
    }
    return (this.words[low] ?? '').startsWith(prefix);
  }

  /** The most used known word within the allowed edits of `word`, starting with the same letter; none if unknown. */
  private closest(word: string): string | undefined {
    const kept = this.corrections.get(word);
    if (kept !== undefined) return kept ?? undefined;
    const limit = allowedEdits(word);
    let best: { word: string; edits: number; uses: number } | undefined;
    for (const candidate of this.byFirst.get(word[0] ?? '') ?? []) {
      const edits = editDistance(word, candidate, limit);
      if (edits > limit) continue;
      const uses = this.uses.get(candidate) ?? 0;
      if (!best || edits < best.edits || (edits === best.edits && uses > best.uses))
        best = { word: candidate, edits, uses };
    }
    if (this.corrections.size >= CORRECTIONS_KEPT) this.corrections.clear();
    this.corrections.set(word, best?.word ?? null);
    return best?.word;
  }

  /**
   * `q` with each word that starts no known word replaced by the closest known one, or undefined when nothing
   * changed. Only letters are corrected: numbers, signs ("c++") and short words are left as typed.
   */
  correct(q: string): string | undefined {
    if (this.words.length === 0) return undefined;
    const typed = foldAccents(q.toLowerCase()).split(/\s+/).filter(Boolean);
    const words = typed.map((word) =>
      word.length < MIN_WORD || !/^\p{L}+$/u.test(word) || this.known(word) ? word : (this.closest(word) ?? word),
    );
    return words.some((word, i) => word !== typed[i]) ? words.join(' ') : undefined;
  }
}
