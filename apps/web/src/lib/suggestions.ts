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

/**
 * A typeahead's suggestions: GET `path`?q= with what was typed, once typing pauses for `pauseMs`, from `minLength`
 * characters on; the last answer stays shown while the next loads.
 */
function useTypeahead<T>(
  key: (q: string) => readonly unknown[],
  path: string,
  text: string,
  enabled: boolean,
  { pauseMs = 200, minLength = 0, staleTime = 5 * 60_000 } = {},
) {
  const q = useDebounced(prefix(text), pauseMs);
  return useQuery({
    queryKey: key(q),
    queryFn: ({ signal }) =>
      apiFetch<T>(`${path}${path.includes('?') ? '' : '?'}q=${encodeURIComponent(q)}`, { signal }),
    enabled: enabled && q.length >= minLength,
    staleTime,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** The most used skills starting with the typed text (GET /api/skills?q=); empty text: the most used. */
export function useSkillSuggestions(text: string, enabled: boolean) {
  return useTypeahead<SkillSuggestion[]>(queryKeys.skillSuggestions, '/api/skills', text, enabled);
}

/** World cities starting with the typed text, most populous first (GET /api/places?q=), from two letters on. */
export function usePlaceSuggestions(text: string, enabled: boolean) {
  return useTypeahead<PlaceSuggestion[]>(queryKeys.placeSuggestions, '/api/places', text, enabled, { minLength: 2 });
}

/** The search's "where": the countries the text begins, then the cities (GET /api/places?countries=first). */
export function useWherePlaceSuggestions(text: string, enabled: boolean) {
  return useTypeahead<PlaceSuggestion[]>(queryKeys.whereSuggestions, '/api/places?countries=first&', text, enabled, {
    minLength: 2,
  });
}

/** Completions of the search box's "what": titles, skills and companies of open jobs (GET /api/job/suggest), from two letters on. */
export function useSearchSuggestions(text: string, enabled: boolean) {
  return useTypeahead<SearchSuggestion[]>(queryKeys.searchSuggestions, '/api/job/suggest', text, enabled, {
    pauseMs: 150,
    minLength: 2,
    staleTime: 60_000,
  });
}
