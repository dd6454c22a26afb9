import type { SiteInfo } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';

/** What every page shows, with the product's values until the server's are known (or on failure). */
export type Site = SiteInfo & Required<Pick<SiteInfo, 'siteName' | 'footerLinks'>>;

// Only what has no neutral empty value: an absent logo, icon, tagline or list of sign-in methods is the built-in one.
const DEFAULTS: Site = { social: [], siteName: 'Jobboard', footerLinks: [] };

/**
 * The site settings and the operator's footer links (GET /api/site). Read again when a tab comes back into view,
 * so a change made in the console shows without a reload; server-rendered pages arrive with it.
 */
export function useSiteInfo(): Site {
  const site = useQuery({
    queryKey: queryKeys.site,
    queryFn: () => apiFetch<SiteInfo>('/api/site'),
    staleTime: 30_000,
    retry: false,
  });
  return { ...DEFAULTS, ...site.data };
}
