import type { SearchQuery, SearchResult } from '@jobboard/shared';
import { FIRST_PAINT_MESSAGES as MESSAGES } from '../../../lib/first-paint-messages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { searchApiPath, searchParamsOf } from '../search-params';

/** One page of results from the server (GET /api/job/search); the home page never downloads every job. */
export function useJobSearch(query: SearchQuery) {
  const params = searchParamsOf(query).toString();
  return useQuery({
    queryKey: queryKeys.search(params),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<SearchResult>(searchApiPath(params), { signal });
      } catch (error) {
        console.error(MESSAGES.logFetchJobsData, error);
        throw error;
      }
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
}
