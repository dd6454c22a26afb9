import type { AdminSiteSettings, SitePage, SitePageSlug, SiteSettingsUpdate } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const settingsKey = ['moderation', 'settings'] as const;

/** The site settings in effect, their defaults and which the environment sets (GET /api/admin/settings). */
export function useAdminSettings(enabled: boolean) {
  return useQuery({
    queryKey: settingsKey,
    queryFn: ({ signal }) => apiFetch<AdminSiteSettings>('/api/admin/settings', { signal }),
    enabled,
    retry: false,
  });
}

/** Saves changed settings; the answer is the new state, and every page's site information is read again. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: SiteSettingsUpdate) =>
      apiFetch<AdminSiteSettings>('/api/admin/settings', { method: 'PUT', body: changes }),
    onSuccess: async (answer) => {
      client.setQueryData(settingsKey, answer);
      await client.invalidateQueries({ queryKey: queryKeys.site });
    },
  });
}

/** Saves a site page's text (empty: back to the default). */
export function useSavePage(slug: SitePageSlug) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => apiFetch<SitePage>(`/api/admin/pages/${slug}`, { method: 'PUT', body: { body } }),
    // The page is kept once per language (a default is written in the reader's): each asks again.
    onSuccess: () => client.invalidateQueries({ queryKey: ['site', 'pages', slug] }),
  });
}
