import type { Language } from '@jobboard/shared';
import type { Messages } from '@lingui/core';

/** A feature with a catalogue of its own (lingui.config.ts, FEATURE_CATALOGUES). */
export type Catalogue =
  'alerts' | 'applications' | 'auth' | 'companies' | 'conversations' | 'jobs' | 'moderation' | 'profile' | 'saved-jobs';

// Fetched with the first screen that needs a feature's catalogue, so the home page does not carry the map.
const loaders = import.meta.glob<{ messages: Messages }>('../features/*/locales/*.po');

/** A feature's messages in `language`, fetched. */
export async function featureMessages(catalogue: Catalogue, language: Language): Promise<Messages> {
  const load = loaders[`../features/${catalogue}/locales/${language}.po`];
  if (!load) throw new Error(`No ${language} catalogue for ${catalogue}`);
  return (await load()).messages;
}
