import { useEffect } from 'react';
import { crumbFor, hasOwnTitle } from '../crumbs';
import { Breadcrumb } from './Breadcrumb';

/**
 * Home > page name, and the page name in the document title, for every screen but home. Loaded lazily with the
 * first such screen (app/layout/RootLayout.tsx): home has neither, and its first load has a 105 KB budget.
 */
export function PageCrumb({ pathname }: { pathname: string }) {
  const crumb = crumbFor(pathname) ?? 'Page Not Found';
  const ownTitle = hasOwnTitle(pathname);
  useEffect(() => {
    if (!ownTitle) document.title = `${crumb} | Jobboard`;
  }, [crumb, ownTitle]);
  return <Breadcrumb page={crumb} />;
}
