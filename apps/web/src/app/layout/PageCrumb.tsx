import { skipToken, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { matchPath } from 'react-router';
import { queryKeys } from '../../lib/query-keys';
import { useSiteInfo } from '../../lib/site';
import { crumbFor, hasOwnTitle } from '../crumbs';
import { Breadcrumb } from './Breadcrumb';

/**
 * A company page's crumb is the company's name, read from the page's own answer in the cache (never fetched here);
 * "Company" until it is known.
 */
function useCompanyName(pathname: string): string | undefined {
  const slug = matchPath('/company/:slug', pathname)?.params.slug ?? '';
  const company = useQuery<{ name: string }>({ queryKey: queryKeys.company(slug), queryFn: skipToken });
  return slug ? company.data?.name : undefined;
}

/**
 * Home > page name, and the page name in the document title, for every screen but home. Loaded lazily with the
 * first such screen (app/layout/RootLayout.tsx): home has neither, and its first load has a 105 KB budget.
 */
export function PageCrumb({ pathname }: { pathname: string }) {
  const { i18n } = useLingui();
  const named = crumbFor(pathname);
  const crumb = useCompanyName(pathname) ?? (named ? i18n._(named) : '');
  const ownTitle = hasOwnTitle(pathname);
  const { siteName } = useSiteInfo();
  useEffect(() => {
    if (!ownTitle) document.title = `${crumb} | ${siteName}`;
  }, [crumb, ownTitle, siteName]);
  return <Breadcrumb page={crumb} />;
}
