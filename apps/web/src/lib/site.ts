import type { SiteInfo } from '@jobboard/shared';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';

/** The footer's social links as the operator configured them (none until known, or if the call fails). */
export function useSocialLinks(): SiteInfo['social'] {
  const site = useQuery({
    queryKey: queryKeys.site,
    queryFn: () => apiFetch<SiteInfo>('/api/site'),
    staleTime: Infinity,
    retry: false,
  });
  return site.data?.social ?? [];
}
