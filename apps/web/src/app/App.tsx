import type { I18n } from '@lingui/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AppI18nProvider } from '../lib/i18n';
import { LocaleContext } from '../lib/locale';
import { useApplyTheme } from '../lib/theme';
import { AppRoutes } from './router';

/** Everything around the routes, the same in the browser and on the server (entry-server.tsx). */
export function AppProviders({
  client,
  i18n,
  locale,
  children,
}: {
  client: QueryClient;
  i18n: I18n;
  locale: string | undefined;
  children: ReactNode;
}) {
  useApplyTheme();
  return (
    <QueryClientProvider client={client}>
      <AppI18nProvider i18n={i18n}>
        <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>
      </AppI18nProvider>
    </QueryClientProvider>
  );
}

/** The app in the browser; `locale` is the one a server-rendered page was written in (lib/locale.ts). */
export function App({ client, i18n, locale }: { client: QueryClient; i18n: I18n; locale?: string | undefined }) {
  return (
    <AppProviders client={client} i18n={i18n} locale={locale}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
