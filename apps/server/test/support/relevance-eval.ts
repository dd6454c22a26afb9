/**
 * Measures of a ranking against graded judgments (issue 32, item 6): NDCG@10 with the gain (2^grade - 1) / log2(i + 2)
 * at 0-based rank i, normalised by the best order the judgments allow; precision@6, the share of the first six results
 * graded 2 or more. Grades: 3 exactly what the person wants, 2 good, 1 marginal, unlisted 0.
 */

export type Judgments = Readonly<Record<string, number>>;

export interface JudgedQuery {
  q?: string;
  where?: string;
  /** Sent as `radius`: the jobs within this many kilometres of the city in `where`. */
  radiusKm?: number;
  group: string;
  judgments: Judgments;
}

/** The groups the product does not answer yet (a region's name alone, a radius): reported apart, not in the floor. */

export const NDCG_DEPTH = 10;
export const PRECISION_DEPTH = 6;
/** The lowest grade precision counts as relevant. */
export const RELEVANT_FROM = 2;

/** Discounted cumulative gain of grades in rank order, over the first `depth`. */
export function dcg(grades: readonly number[], depth = NDCG_DEPTH): number {
  return grades.slice(0, depth).reduce((sum, grade, i) => sum + (2 ** grade - 1) / Math.log2(i + 2), 0);
}

/** NDCG of a ranking (job keys, best first): its DCG over that of the judgments sorted best first; 0 when none is relevant. */
export function ndcgAt(ranked: readonly string[], judgments: Judgments, depth = NDCG_DEPTH): number {
  const ideal = dcg(
    Object.values(judgments).sort((a, b) => b - a),
    depth,
  );
  if (ideal === 0) return 0;
  return (
    dcg(
      ranked.map((key) => judgments[key] ?? 0),
      depth,
    ) / ideal
  );
}

/** The share of the first `depth` places held by a job graded RELEVANT_FROM or more (an empty place counts as a miss). */
export function precisionAt(ranked: readonly string[], judgments: Judgments, depth = PRECISION_DEPTH): number {
  return ranked.slice(0, depth).filter((key) => (judgments[key] ?? 0) >= RELEVANT_FROM).length / depth;
}

/** The precision a perfect ranking reaches: below 1 when fewer than `depth` jobs are relevant at all. */
export function bestPrecisionAt(judgments: Judgments, depth = PRECISION_DEPTH): number {
  return Math.min(depth, Object.values(judgments).filter((grade) => grade >= RELEVANT_FROM).length) / depth;
}

export interface QueryScore {
  query: JudgedQuery;
  ranked: string[];
  ndcg: number;
  precision: number;
  bestPrecision: number;
}

export function scoreQuery(query: JudgedQuery, ranked: string[]): QueryScore {
  return {
    query,
    ranked,
    ndcg: ndcgAt(ranked, query.judgments),
    precision: precisionAt(ranked, query.judgments),
    bestPrecision: bestPrecisionAt(query.judgments),
  };
}

export interface Figures {
  name: string;
  queries: number;
  ndcg: number;
  precision: number;
  bestPrecision: number;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

function figuresOf(name: string, scores: readonly QueryScore[]): Figures {
  return {
    name,
    queries: scores.length,
    ndcg: mean(scores.map((s) => s.ndcg)),
    precision: mean(scores.map((s) => s.precision)),
    bestPrecision: mean(scores.map((s) => s.bestPrecision)),
  };
}

/** Means per group (in the order first met), then over every query. */
export function summarize(scores: readonly QueryScore[]): { groups: Figures[]; all: Figures } {
  const names = [...new Set(scores.map((s) => s.query.group))];
  return {
    groups: names.map((name) =>
      figuresOf(
        name,
        scores.filter((s) => s.query.group === name),
      ),
    ),
    all: figuresOf('all', scores),
  };
}

/** A markdown table of one or more orders' figures side by side (NDCG@10 and P@6 per order; best P@6 once). */
export function figuresTable(orders: { name: string; scores: readonly QueryScore[] }[]): string {
  const summaries = orders.map((order) => summarize(order.scores));
  const [first] = summaries;
  if (!first) return '';
  const rows = [...first.groups, first.all];
  const pick = (i: number, name: string) => {
    const s = summaries[i];
    return [...(s?.groups ?? []), s?.all].find((f) => f?.name === name);
  };
  const header = orders.flatMap((o) => [`NDCG@10 ${o.name}`, `P@6 ${o.name}`]);
  const lines = [
    `| group | queries | ${header.join(' | ')} | best P@6 |`,
    `|---|---:|${header.map(() => '---:').join('|')}|---:|`,
  ];
  for (const row of rows) {
    const cells = orders.flatMap((_, i) => {
      const f = pick(i, row.name);
      return [f?.ndcg.toFixed(3) ?? '-', f?.precision.toFixed(3) ?? '-'];
    });
    lines.push(`| ${row.name} | ${row.queries} | ${cells.join(' | ')} | ${row.bestPrecision.toFixed(3)} |`);
  }
  return lines.join('\n');
}
