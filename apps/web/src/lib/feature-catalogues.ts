import type { Language } from '@jobboard/shared';
import type { Messages } from '@lingui/core';
import { setServerTexts } from './server-text';

/** A feature with a catalogue of its own (lingui.config.ts, FEATURE_CATALOGUES), or the app's own pages. */
export type Catalogue =
  | 'alerts'
  | 'applications'
  | 'auth'
  | 'companies'
  | 'conversations'
  | 'jobs'
  | 'moderation'
  | 'pages'
  | 'common'
  | 'profile'
  | 'saved-jobs';

// Fetched with the first screen that needs a feature's catalogue, so the home page does not carry the map.
const loaders = import.meta.glob<{ messages: Messages }>([
  '../features/*/locales/*.po',
  '../app/pages/locales/*.po',
  '../components/locales/*.po',
]);

const DIRS: Partial<Record<Catalogue | 'common', string>> = { pages: '../app/pages', common: '../components' };

async function messagesOf(catalogue: Catalogue | 'common', language: Language): Promise<Messages> {
  const dir = DIRS[catalogue] ?? `../features/${catalogue}`;
  const load = loaders[`${dir}/locales/${language}.po`];
  if (!load) throw new Error(`No ${language} catalogue for ${catalogue}`);
  return (await load()).messages;
}

/**
 * The map of the server's texts (components/server-text.ts): its messages are in `common`, so it comes with them,
 * and from then on lib/api's errorMessage speaks the reader's language.
 */
async function addServerTextMap(): Promise<void> {
  const { lookUpServerText } = await import('../components/server-text');
  setServerTexts(lookUpServerText);
}

/**
 * A feature's messages in `language` with those of the shared forms and tables every such screen may use; `pages`
 * alone (lingui.config.ts), `common` with the server's texts.
 */
export async function featureMessages(catalogue: Catalogue, language: Language): Promise<Messages> {
  if (catalogue === 'pages') return messagesOf('pages', language);
  if (catalogue === 'common') return (await Promise.all([messagesOf('common', language), addServerTextMap()]))[0];
  const [common, own] = await Promise.all([
    messagesOf('common', language),
    messagesOf(catalogue, language),
    addServerTextMap(),
  ]);
  return { ...common, ...own };
}
