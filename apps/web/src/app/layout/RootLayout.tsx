import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Spinner } from '../../components/ui/Spinner';
import { ErrorBoundary } from '../pages/RouteError';
import { crumbFor } from '../router';
import { Breadcrumb } from './Breadcrumb';
import { Header } from './Header';

// Below the fold on every screen: it loads right after the first paint, keeping the home page's first JS small.
const Footer = lazy(() => import('./Footer').then((m) => ({ default: m.Footer })));

export function RootLayout() {
  const { pathname } = useLocation();
  const crumb = crumbFor(pathname);
  useEffect(() => {
    document.title = crumb ? `${crumb} | Jobboard` : 'Jobboard: find your next job';
  }, [crumb]);
  // A new screen starts at the top (query-string changes on home keep their place).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-teal-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <Header />
      {/* At least a screen tall: the footer starts below the fold, so content arriving late never pushes it (no layout shift). */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-[calc(100vh-4rem)] w-full max-w-6xl flex-1 px-4 py-6 focus:outline-none sm:px-6 sm:py-8">
        {crumb ? <Breadcrumb page={crumb} /> : null}
        <ErrorBoundary key={pathname}>
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Suspense fallback={<div className="min-h-48" aria-hidden="true" />}>
        <Footer />
      </Suspense>
    </div>
  );
}
