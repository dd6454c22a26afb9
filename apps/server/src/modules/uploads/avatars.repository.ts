import type { Queryable } from '../../db/client.js';

/**
 * Of the given URLs of uploaded images, those something still shows: an account's picture, a company's logo or cover, a
 * job's logo (any image URL may be given for those, an uploaded one included) or the new company's logo of a job
 * draft. One pass over each table.
 */
export async function findImageUrlsInUse(db: Queryable, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await db.query<{ url: string }>(
    `SELECT avatar AS url FROM users WHERE avatar = ANY($1::text[])
     UNION SELECT logo FROM companies WHERE logo = ANY($1::text[])
     UNION SELECT cover FROM companies WHERE cover = ANY($1::text[])
     UNION SELECT company_logo FROM jobs WHERE company_logo = ANY($1::text[])
     UNION SELECT payload->>'companyLogo' FROM job_drafts WHERE payload->>'companyLogo' = ANY($1::text[])`,
    [urls],
  );
  return new Set(rows.map((row) => row.url));
}
