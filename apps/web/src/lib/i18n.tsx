import { DEFAULT_LANGUAGE, type Language } from '@jobboard/shared';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LinguiContext, Trans as LinguiTrans } from '@lingui/react';
import { startTransition, useContext, useEffect, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import type { Catalogue } from './feature-catalogues';
import { messages as english } from '../locales/en/messages.po';

/**
 * The app's translations (Lingui, docs/decisions/0048-languages.md). The macros in the screens compile to
 * `Trans` and `useLingui` from this module (lingui.config.ts, runtimeConfigModule): inside the I18nProvider that
 * App.tsx puts around the routes they read its language; a component rendered alone (a unit test) speaks English.
 * The core catalogue (the shell, home, the job page) comes first: English is in the entry, German or Arabic is
 * fetched when chosen. Every other feature's catalogue is fetched with its screen (lazyScreen), in the app's
 * language, and again in a new language when the language menu changes it.
 */

export const createI18n = (language: Language, messages: Messages): I18n =>
  setupI18n({ locale: language, messages: { [language]: messages } });

export const englishMessages: Messages = english;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de/messages.po'),
  ar: () => import('../locales/ar/messages.po'),
};

/** The core catalogue of `language`: English at once, the others fetched. */
export async function loadMessages(language: Language): Promise<Messages> {
  return language === 'en' ? englishMessages : (await loaders[language]()).messages;
}

const englishI18n = createI18n(DEFAULT_LANGUAGE, englishMessages);

let appI18n_: I18n = englishI18n;

/** The browser app's i18n (main.tsx): what screens drawn in a root of their own (message dialogs) speak. */
export function setAppI18n(i18n: I18n): void {
  appI18n_ = i18n;
}

export const appI18n = (): I18n => appI18n_;

export type { Catalogue };

const loadedCatalogues = new Set<Catalogue>();

/** Adds a feature's messages to the app's i18n, in its language, before the feature's screen renders. */
export async function loadCatalogue(catalogue: Catalogue): Promise<void> {
  const i18n = appI18n_;
  const language = i18n.locale as Language;
  // Noted first: a language chosen while this loads fetches the feature's messages in that language too.
  loadedCatalogues.add(catalogue);
  // Outside a production build the English texts stay in the code (lingui-plugins.config.ts): nothing to fetch.
  if (language === 'en' && !import.meta.env.PROD) return;
  const { featureMessages } = await import('./feature-catalogues');
  i18n.load(language, await featureMessages(catalogue, language));
}

/** Every catalogue the app holds, in `language`: the core one and each feature's fetched so far. */
export async function messagesIn(language: Language): Promise<Messages> {
  const { featureMessages } = await import('./feature-catalogues');
  const parts = await Promise.all([
    loadMessages(language),
    ...[...loadedCatalogues].map((catalogue) => featureMessages(catalogue, language)),
  ]);
  return Object.assign({}, ...parts) as Messages;
}

/**
 * `children` in `i18n`'s language, read again when messages are added to it. Lingui's own I18nProvider re-renders
 * on a change from an effect, as an urgent update; here every change is a transition. A server-rendered part still
 * waiting for its chunk is then hydrated as the server wrote it before the change reaches it: an urgent update would
 * make React drop the server's HTML for the loading fallback, or hydrate in the new language against the old text.
 */
function LinguiProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [added, setAdded] = useState(0);
  useEffect(() => i18n.on('change', () => startTransition(() => setAdded((n) => n + 1))), [i18n]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `added`: messages came into the same i18n
  const context = useMemo(() => ({ i18n, _: i18n.t.bind(i18n) }), [i18n, added]);
  return <LinguiContext.Provider value={context}>{children}</LinguiContext.Provider>;
}

/** Hands the app's root the i18n of a language the menu chose (AppI18nProvider). */
let switchTo: ((i18n: I18n) => void) | undefined;

/** The app's language: `i18n` first, then each language chosen (switchLanguage), swapped in as a transition. */
export function AppI18nProvider({ i18n: initial, children }: { i18n: I18n; children: ReactNode }) {
  const [i18n, setI18n] = useState(initial);
  useEffect(() => {
    switchTo = (next) => startTransition(() => setI18n(next));
    return () => {
      switchTo = undefined;
    };
  }, []);
  return <LinguiProvider i18n={i18n}>{children}</LinguiProvider>;
}

/**
 * Turns the app to another language: a new i18n rather than the one on screen changed in place, so what React
 * renders before the switch reaches it (hydration of a part still waiting) still reads the page's language.
 */
export function switchLanguage(language: Language, messages: Messages): void {
  const next = createI18n(language, messages);
  appI18n_ = next;
  switchTo?.(next);
}

/** `children` in the app's language, for a React root outside the app's tree. */
export function InAppLanguage({ children }: { children: ReactNode }) {
  return <LinguiProvider i18n={appI18n_}>{children}</LinguiProvider>;
}
const englishContext = { i18n: englishI18n, _: englishI18n.t.bind(englishI18n) };

export function useLingui() {
  return useContext(LinguiContext) ?? englishContext;
}

export function Trans(props: ComponentProps<typeof LinguiTrans>) {
  const context = useContext(LinguiContext);
  return context ? (
    <LinguiTrans {...props} />
  ) : (
    <LinguiContext.Provider value={englishContext}>
      <LinguiTrans {...props} />
    </LinguiContext.Provider>
  );
}
