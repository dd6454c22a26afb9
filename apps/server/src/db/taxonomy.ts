import { createHash } from 'node:crypto';
import { LOCATION_OPTIONS, MAX_PRICE_OPTIONS } from '@jobboard/shared';
import type { Transaction } from './client.js';

/**
 * The filter taxonomy in SQL, derived from the shared options (the sidebar's cities and price caps), so there is
 * one list to change. The precomputed search counts (migration 003) key on two functions of it:
 * - job_location_key: a job's city when it is one of the options, else '';
 * - job_price_bucket: the smallest price option at or above a job's maximum price (NO_BUCKET when none is),
 *   so "maximum price at or below v" holds exactly when the bucket is at or below v, for every option v.
 * migrate() redefines both and recounts whenever the options change.
 */
export interface Taxonomy {
  locations: readonly { value: string }[];
  maxPrices: readonly { value: string }[];
}

export const SHARED_TAXONOMY: Taxonomy = { locations: LOCATION_OPTIONS, maxPrices: MAX_PRICE_OPTIONS };

/** Above every price option: jobs without a number, or paying more than the highest cap. */
export const NO_BUCKET = 32_767;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

export function taxonomySql(taxonomy: Taxonomy = SHARED_TAXONOMY): string {
  const cities = taxonomy.locations.map((o) => literal(o.value.toLowerCase())).join(', ');
  const caps = taxonomy.maxPrices.map((o) => Number(o.value)).sort((a, b) => a - b);
  if (caps.some((cap) => !Number.isFinite(cap) || cap >= NO_BUCKET))
    throw new Error('price options must be numbers below 32767');
  const buckets = caps.map((cap) => `    WHEN max_price_k <= ${cap} THEN ${cap}`).join('\n');
  return `CREATE OR REPLACE FUNCTION job_location_key(location text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lower(location) IN (${cities || "''"}) THEN lower(location) ELSE '' END
$$;

CREATE OR REPLACE FUNCTION job_price_bucket(max_price_k numeric) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (CASE
    WHEN max_price_k IS NULL THEN ${NO_BUCKET}
${buckets}
    ELSE ${NO_BUCKET} END)::smallint
$$;`;
}

/** The counts of open jobs, as the triggers of migration 005 keep them. */
const RECOUNT_SQL = `DELETE FROM job_facet_counts;
INSERT INTO job_facet_counts (location_key, salary_key, price_bucket, experience_key, employment_key, workplace_key, posting_date, n)
SELECT job_location_key(city), lower(salary_type), job_price_bucket(max_price_k), lower(experience_level),
       lower(employment_type), workplace, posting_date, count(*)
  FROM jobs WHERE status = 'open' GROUP BY 1, 2, 3, 4, 5, 6, 7;`;

/**
 * Brings the taxonomy functions and the counts built on them in line with `taxonomy`; answers whether anything
 * changed. Runs inside migrate()'s transaction and lock, so instances starting together do it once.
 */
export async function syncTaxonomy(tx: Transaction, taxonomy: Taxonomy = SHARED_TAXONOMY): Promise<boolean> {
  const sql = taxonomySql(taxonomy);
  const digest = createHash('sha256').update(sql).digest('hex');
  await tx.query(`CREATE TABLE IF NOT EXISTS schema_state (key text PRIMARY KEY, value text NOT NULL)`);
  const stored = await tx.query<{ value: string }>("SELECT value FROM schema_state WHERE key = 'taxonomy'");
  if (stored[0]?.value === digest) return false;
  await tx.exec(sql);
  await tx.exec(RECOUNT_SQL);
  await tx.query(
    `INSERT INTO schema_state (key, value) VALUES ('taxonomy', $1) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [digest],
  );
  return true;
}
