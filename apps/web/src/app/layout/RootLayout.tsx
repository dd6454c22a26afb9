import { homeTitleOf } from '@jobboard/shared';
import { Trans } from '@lingui/react/macro';
import { Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { AfterHydration } from '../../lib/hydrated';
import { lazyScreen } from '../../lib/lazy-screen';
import { useCurrentUser } from '../../lib/session';
import { useSiteInfo } from '../../lib/site';
import { ErrorBoundary } from '../pages/RouteError';
import { SessionEndedRedirect } from '../guards';
import { Footer } from './Footer';
import { Header } from './Header';

// Every screen but home: the breadcrumb and the page's document title (home has neither).
const PageCrumb = lazyScreen(() => import('./PageCrumb'), 'PageCrumb', 'pages');
// Only for a signed-in user whose address is not confirmed yet: never part of a first visit.
const UnverifiedBanner = lazyScreen(() => import('./UnverifiedBanner'), 'UnverifiedBanner', 'common');
// Other tabs' sign-ins and sign-outs: nothing to show on a first paint, so loaded after it.
const AccountSync = lazyScreen(() => import('./AccountSync'), 'AccountSync');

export function RootLayout() {
  const { pathname } = useLocation();
  const home = pathname === '/';
  // Post a Job and the confirmation page offer the same action themselves.
  const user = useCurrentUser();
  const unverified = user?.emailVerified === false && pathname !== '/post-job' && pathname !== '/verify-email';
  // Tab identity matters once this tab has an account to act as, or is about to get one: a visitor's first visit
  // downloads none of it. Once started it stays, so this tab's sign-out and next sign-in reach the other tabs.
  const [syncing, setSyncing] = useState(false);
  if (!syncing && (user || pathname === '/sign-in' || pathname === '/sign-up')) setSyncing(true);
  // The site's accent and icon are in the page the server sends (modules/site/appearance.ts); the title is the app's.
  const { siteName, tagline } = useSiteInfo();
  useEffect(() => {
    if (home) document.title = homeTitleOf(siteName, tagline ?? '');
  }, [home, siteName, tagline]);
  // A new screen starts at the top (query-string changes on home keep their place).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-teal-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        <Trans>Skip to content</Trans>
      </a>
      <SessionEndedRedirect />
      <Header />
      {syncing ? (
        <AfterHydration>
          <ErrorBoundary quiet>
            <Suspense fallback={null}>
              <AccountSync />
            </Suspense>
          </ErrorBoundary>
        </AfterHydration>
      ) : null}
      {unverified ? (
        // Decoration: a chunk that fails to load leaves it out, never the page.
        <ErrorBoundary quiet>
          <Suspense fallback={null}>
            <UnverifiedBanner />
          </Suspense>
        </ErrorBoundary>
      ) : null}
      {/* At least a screen tall: the footer starts below the fold, so content arriving late never pushes it (no layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-[calc(100vh-4rem)] w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8"
      >
        {home ? null : (
          // The breadcrumb's height is held while it loads, so nothing below it moves.
          <ErrorBoundary quiet>
            <Suspense fallback={<div className="mb-6 h-5" aria-hidden="true" />}>
              <PageCrumb pathname={pathname} />
            </Suspense>
          </ErrorBoundary>
        )}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      {/*
        Part of the entry rather than a lazy chunk: a first visit downloads it either way, and as a file of its own it
        cost 0.5 KB more of the home page's 105 KB budget (docs/decisions/0008-web-app-size.md).
      */}
      <Footer />
    </div>
  );
}
