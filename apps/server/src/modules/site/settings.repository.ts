import type { SitePageSlug, SiteSettingKey } from '@jobboard/shared';
import type { Queryable } from '../../db/client.js';

/** What an administrator saved: only the keys set (the rest are defaults), unchecked until the store reads them. */
export interface StoredSettings {
  settings: Record<string, unknown>;
  version: number;
}

export async function readStoredSettings(db: Queryable): Promise<StoredSettings> {
  const [row] = await db.query<{ settings: Record<string, unknown>; version: string }>(
    'SELECT settings, version::text AS version FROM site_settings',
  );
  return { settings: row?.settings ?? {}, version: Number(row?.version ?? 0) };
}

/** The one number each instance polls: it grows with every save. */
export async function readSettingsVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: string }>('SELECT version::text AS version FROM site_settings');
  return Number(row?.version ?? 0);
}

/**
 * Sets `changes` (a null removes the key: back to its default) in one statement, so two administrators saving
 * different settings at once both keep theirs. The trigger of migration 036 tells every listening instance.
 */
export async function saveSettings(db: Queryable, changes: Partial<Record<SiteSettingKey, unknown>>): Promise<void> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== null));
  const removed = Object.entries(changes)
    .filter(([, value]) => value === null)
    .map(([key]) => key);
  await db.query(
    `UPDATE site_settings SET settings = (settings - $2::text[]) || $1::jsonb, version = version + 1, updated_at = now()`,
    [JSON.stringify(set), removed],
  );
}

export async function readSitePage(
  db: Queryable,
  slug: SitePageSlug,
): Promise<{ body: string; updated_at: string } | undefined> {
  const [row] = await db.query<{ body: string; updated_at: string }>(
    `SELECT body, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS updated_at
       FROM site_pages WHERE slug = $1`,
    [slug],
  );
  return row;
}

/** An empty body removes the page's row: the default text shows again. */
export async function saveSitePage(db: Queryable, slug: SitePageSlug, body: string): Promise<void> {
  if (body.trim() === '') {
    await db.query('DELETE FROM site_pages WHERE slug = $1', [slug]);
    return;
  }
  await db.query(
    `INSERT INTO site_pages (slug, body) VALUES ($1, $2)
     ON CONFLICT (slug) DO UPDATE SET body = EXCLUDED.body, updated_at = now()`,
    [slug, body],
  );
}
