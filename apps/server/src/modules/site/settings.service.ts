import { FIELD_MESSAGES, SITE_PAGE_TITLES, type SitePageSlug, type SiteSettingsUpdate } from '@jobboard/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { CurrentUser } from '../../http/session.js';
import { recordAdminAction } from '../moderation/audit.repository.js';
import { saveSettings, saveSitePage } from './settings.repository.js';
import type { SiteSettingsStore } from './settings-store.js';

/**
 * Saves an administrator's changes with their line in the audit log, in one transaction, then reads them back
 * here at once (the other instances hear the NOTIFY). A setting the environment sets cannot be changed here.
 */
export async function updateSettings(
  db: Db,
  store: SiteSettingsStore,
  admin: CurrentUser,
  changes: SiteSettingsUpdate,
): Promise<void> {
  const keys = Object.keys(changes).filter((key) => changes[key as keyof SiteSettingsUpdate] !== undefined);
  const locked = keys.filter((key) => store.fromEnvironment().includes(key as never));
  if (locked.length > 0) throw new AppError('bad_request', `${locked[0]}: ${FIELD_MESSAGES.setByEnvironment}`);
  if (keys.length === 0) return;
  await db.transaction(async (tx) => {
    await saveSettings(tx, changes);
    await recordAdminAction(tx, {
      admin,
      action: 'settings.update',
      targetId: null,
      targetLabel: keys.join(', '),
    });
  });
  await store.refresh();
}

export async function updatePage(db: Db, admin: CurrentUser, slug: SitePageSlug, body: string): Promise<void> {
  await db.transaction(async (tx) => {
    await saveSitePage(tx, slug, body);
    await recordAdminAction(tx, {
      admin,
      action: 'page.update',
      targetId: null,
      targetLabel: body.trim() === '' ? `${SITE_PAGE_TITLES[slug]} (default text)` : SITE_PAGE_TITLES[slug],
    });
  });
}
