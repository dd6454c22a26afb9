import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { LocaleContext } from '../lib/locale';
import { useApplyTheme } from '../lib/theme';
import { AppRoutes } from './router';

/** Everything around the routes, the same in the browser and on the server (entry-server.tsx). */
export function AppProviders({
  client,
  locale,
  children,
}: {
  client: QueryClient;
  locale: string | undefined;
  children: ReactNode;
}) {
  useApplyTheme();
  return (
    <QueryClientProvider client={client}>
      <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>
    </QueryClientProvider>
  );
}

/** The app in the browser; `locale` is the one a server-rendered page was written in (lib/locale.ts). */
export function App({ client, locale }: { client: QueryClient; locale?: string | undefined }) {
  return (
    <AppProviders client={client} locale={locale}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
