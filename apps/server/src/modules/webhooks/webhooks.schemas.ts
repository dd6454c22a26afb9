import { z } from 'zod';
import { INTEGRATION_LIMITS } from '@jobboard/shared';

export const WEBHOOK_EVENTS = [
  'application.created',
  'application.stage_changed',
  'job.closed',
  'job.expired',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Endpoints per company: a few receivers, not a fan-out service. */
export const MAX_ENDPOINTS = INTEGRATION_LIMITS.webhooks;

export const webhookCreateBodySchema = z.strictObject({
  url: z
    .string({ error: 'url: an https:// address is required' })
    .trim()
    .max(2000, { error: 'url: at most 2000 characters' })
    .pipe(z.url({ protocol: /^https?$/, error: 'url: an https:// address is required' })),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: `events: each must be one of ${WEBHOOK_EVENTS.join(', ')}` }), {
      error: 'events: a list of events is required',
    })
    .min(1, { error: 'events: at least one event' })
    .max(WEBHOOK_EVENTS.length),
});

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  secret: z.string().describe('Signs each delivery: Jobboard-Signature t=<unix>,v1=<HMAC-SHA256 of "t.body">'),
  createdAt: z.string(),
});

export const deliverySchema = z.object({
  id: z.string().describe('Also the payload id: the same across retries and resends'),
  event: z.enum(WEBHOOK_EVENTS),
  createdAt: z.string(),
  state: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  lastStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastResponse: z.string().nullable().describe('The first 1,000 characters of the last answer'),
});

export const endpointParams = z.object({ slug: z.string().max(100), endpointId: z.string().max(100) });
export const deliveryParams = endpointParams.extend({ deliveryId: z.string().max(100) });
