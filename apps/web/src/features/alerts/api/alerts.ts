import type { Alert, AlertFrequency, AlertSaved, UnsubscribeInfo } from '@jobboard/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { useCurrentUser } from '../../../lib/session';

/** The signed-in user's job alerts (GET /api/alerts), newest first. */
export function useAlerts() {
  const userId = useCurrentUser()?._id ?? '';
  return useQuery({
    queryKey: queryKeys.alertList(userId),
    queryFn: ({ signal }) => apiFetch<Alert[]>('/api/alerts', { signal }),
    enabled: Boolean(userId),
  });
}

/** Saves a search as an alert (POST /api/alerts); the same search again changes its frequency. */
export function useCreateAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { query: string; frequency: AlertFrequency }) =>
      apiFetch<AlertSaved>('/api/alerts', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.alerts }),
  });
}

export function useDeleteAlert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ message: string }>(`/api/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.alerts }),
  });
}

const unsubscribeUrl = (token: string) => `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`;

/** What an unsubscribe link stops (read only: a GET never unsubscribes). */
export function useUnsubscribeInfo(token: string) {
  return useQuery({
    queryKey: [...queryKeys.alerts, 'unsubscribe', token],
    queryFn: ({ signal }) => apiFetch<UnsubscribeInfo>(unsubscribeUrl(token), { signal }),
    enabled: token !== '',
    retry: false,
  });
}

/** The unsubscribe itself: works signed out, the token authorises it. */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ message: string }>(unsubscribeUrl(token), { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.alerts }),
  });
}
