import { msg } from '@lingui/core/macro';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export const WEBHOOK_EVENTS = [
  { event: 'application.created', label: msg`New application` },
  { event: 'application.stage_changed', label: msg`Application moved to another stage` },
  { event: 'job.closed', label: msg`Job closed` },
  { event: 'job.expired', label: msg`Job expired` },
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number]['event'];

export interface Webhook {
  id: string;
  url: string;
  events: WebhookEvent[];
  secret: string;
  createdAt: string;
}

export interface WebhookDelivery {
  id: string;
  event: WebhookEvent;
  createdAt: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: string | null;
  lastAttemptAt: string | null;
  lastStatus: number | null;
  lastError: string | null;
  lastResponse: string | null;
}

const path = (slug: string) => `/api/companies/${encodeURIComponent(slug)}/webhooks`;

/** The company's webhooks: its owner only (ask only then). */
export function useWebhooks(slug: string) {
  return useQuery({
    queryKey: queryKeys.companyWebhooks(slug),
    queryFn: ({ signal }) => apiFetch<Webhook[]>(path(slug), { signal }),
    retry: false,
  });
}

export function useCreateWebhook(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { url: string; events: WebhookEvent[] }) =>
      apiFetch<Webhook>(path(slug), { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companyWebhooks(slug) }),
  });
}

export function useDeleteWebhook(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<Webhook>(`${path(slug)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.companyWebhooks(slug) }),
  });
}

/** An endpoint's latest 50 deliveries, asked for when the owner opens them. */
export function useWebhookDeliveries(slug: string, id: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.webhookDeliveries(slug, id),
    queryFn: ({ signal }) =>
      apiFetch<WebhookDelivery[]>(`${path(slug)}/${encodeURIComponent(id)}/deliveries`, { signal }),
    enabled,
    retry: false,
  });
}

export function useResendDelivery(slug: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      apiFetch<WebhookDelivery>(
        `${path(slug)}/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        { method: 'POST' },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.webhookDeliveries(slug, id) }),
  });
}
