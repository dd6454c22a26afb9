import type { PlaceSuggestion, SearchSuggestion } from '@jobboard/shared';
import { JOB_MODEL_LIMITS } from '@jobboard/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api';
import { queryKeys } from './query-keys';
import { useDebounced } from './use-debounced';

export interface SkillSuggestion {
  value: string;
  label: string;
  count: number;
}

/** The suggestion endpoints read at most this many characters of q. */
const prefix = (text: string) => text.trim().slice(0, JOB_MODEL_LIMITS.skillChars);

/** The most used skills starting with the typed text (GET /api/skills?q=), once typing pauses; empty text: the most used. */
export function useSkillSuggestions(text: string, enabled: boolean) {
  const q = useDebounced(prefix(text), 200);
  return useQuery({
    queryKey: queryKeys.skillSuggestions(q),
    queryFn: ({ signal }) => apiFetch<SkillSuggestion[]>(`/api/skills?q=${encodeURIComponent(q)}`, { signal }),
    enabled,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** World cities starting with the typed text, most populous first (GET /api/places?q=), from two letters on. */
export function usePlaceSuggestions(text: string, enabled: boolean) {
  const q = useDebounced(prefix(text), 200);
  return useQuery({
    queryKey: queryKeys.placeSuggestions(q),
    queryFn: ({ signal }) => apiFetch<PlaceSuggestion[]>(`/api/places?q=${encodeURIComponent(q)}`, { signal }),
    enabled: enabled && q.length >= 2,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** Completions of the search box's "what": titles, skills and companies of open jobs (GET /api/job/suggest), from two letters on. */
export function useSearchSuggestions(text: string, enabled: boolean) {
  const q = useDebounced(prefix(text), 150);
  return useQuery({
    queryKey: queryKeys.searchSuggestions(q),
    queryFn: ({ signal }) => apiFetch<SearchSuggestion[]>(`/api/job/suggest?q=${encodeURIComponent(q)}`, { signal }),
    enabled: enabled && q.length >= 2,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
