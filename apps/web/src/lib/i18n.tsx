import { DEFAULT_LANGUAGE, type Language } from '@jobboard/shared';
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { LinguiContext, Trans as LinguiTrans } from '@lingui/react';
import { useContext, type ComponentProps } from 'react';
import { messages as english } from '../locales/en/messages.po';

/**
 * The app's translations (Lingui, docs/decisions/0048-languages.md). The macros in the screens compile to
 * `Trans` and `useLingui` from this module (lingui.config.ts, runtimeConfigModule): inside the I18nProvider that
 * App.tsx puts around the routes they read its language; a component rendered alone (a unit test) speaks English.
 * English is in the entry; German or Arabic is fetched when chosen, one catalogue at a time.
 */

export const createI18n = (language: Language, messages: Messages): I18n =>
  setupI18n({ locale: language, messages: { [language]: messages } });

export const englishMessages: Messages = english;

const loaders: Record<Exclude<Language, 'en'>, () => Promise<{ messages: Messages }>> = {
  de: () => import('../locales/de/messages.po'),
  ar: () => import('../locales/ar/messages.po'),
};

/** The catalogue of `language`: English at once, the others fetched. */
export async function loadMessages(language: Language): Promise<Messages> {
  return language === 'en' ? englishMessages : (await loaders[language]()).messages;
}

const englishI18n = createI18n(DEFAULT_LANGUAGE, englishMessages);
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
