import type { SiteInfo } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';

/** What the operator configured for the footer: social links and a contact address (none until known or on failure). */
export function useSiteInfo(): SiteInfo {
  const site = useQuery({
    queryKey: queryKeys.site,
    queryFn: () => apiFetch<SiteInfo>('/api/site'),
    staleTime: Infinity,
    retry: false,
  });
  return site.data ?? { social: [] };
}
