import { z } from './zod.js';
import { ALERT_FREQUENCIES, ALERT_LIMITS, alertQueryString, type AlertSearch } from './alert-words.js';
import { searchQuerySchema } from './schemas.js';
import { SEARCH_KEYS } from './search-url.js';

/** The search fields an alert keeps: the search page's, without page and order. */
const alertSearchSchema = searchQuerySchema.omit({ page: true, sort: true });
const ALERT_KEYS = new Set<string>(SEARCH_KEYS);
/** In a search page's URL, but not part of what an alert follows. */
const IGNORED_KEYS = new Set(['page', 'sort']);

export type AlertQueryResult = { ok: true; search: AlertSearch; query: string } | { ok: false; message: string };

/**
 * A search page's query string ('q=react&where=Berlin&page=3', with or without '?') -> the alert's search and its
 * normalised query string. Validated by the search's own schema, so an alert means what the search page means;
 * page and order are dropped; an unknown or repeated field is refused (naming it), never silently dropped.
 */
export function parseAlertQuery(text: string): AlertQueryResult {
  const params = new URLSearchParams(text.startsWith('?') ? text.slice(1) : text);
  const raw: Record<string, string> = {};
  const entries: [string, string][] = [];
  params.forEach((value, key) => entries.push([key, value]));
  for (const [key, value] of entries) {
    if (IGNORED_KEYS.has(key)) continue;
    if (!ALERT_KEYS.has(key)) return { ok: false, message: `${key || 'a field'} is not a search field` };
    if (key in raw) return { ok: false, message: `${key} is given twice` };
    raw[key] = value;
  }
  const parsed = alertSearchSchema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') };
  return { ok: true, search: parsed.data, query: alertQueryString(parsed.data) };
}

export const alertFrequencySchema = z.enum(ALERT_FREQUENCIES, { error: 'frequency must be daily or instant' });

export const alertCreateBodySchema = z.strictObject({
  /** The search page's query string; normalised on the way in. */
  query: z
    .string({ error: 'query must be the search as a query string' })
    .max(ALERT_LIMITS.queryChars, { error: `query must be at most ${ALERT_LIMITS.queryChars} characters` })
    .transform((text, ctx) => {
      const result = parseAlertQuery(text);
      if (!result.ok) {
        ctx.addIssue({ code: 'custom', message: result.message });
        return z.NEVER;
      }
      return result.query;
    })
    .describe("The search, as the search page's query string ('q=react&where=Berlin'); page and sort are ignored"),
  frequency: alertFrequencySchema,
});
export type AlertCreateBody = z.input<typeof alertCreateBodySchema>;

export const alertSchema = z.object({
  id: z.string(),
  query: z.string().describe('The normalised query string: /?<query> is the search page'),
  description: z.string().describe("The search in words ('react in Berlin, Full-time')"),
  frequency: alertFrequencySchema,
  createdAt: z.string().describe('ISO 8601'),
  lastSentAt: z.string().nullable().describe('When it last e-mailed jobs (ISO 8601); null: never yet'),
});
export type Alert = z.infer<typeof alertSchema>;
export const alertListSchema = z.array(alertSchema);

/** POST /api/alerts: the alert, and whether it is new (201) or an existing one given a new frequency (200). */
export const alertSavedSchema = z.object({ alert: alertSchema, created: z.boolean(), message: z.string() });
export type AlertSaved = z.infer<typeof alertSavedSchema>;

/** An unsubscribe link's token: `<alert id>.<HMAC-SHA256 of it, base64url>`; anything else is refused by shape. */
export const unsubscribeTokenSchema = z
  .string({ error: 'token is required' })
  .regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, { error: 'This unsubscribe link is not valid' });
export const unsubscribeQuerySchema = z.object({ token: unsubscribeTokenSchema });

/** What an unsubscribe link stops, for its page: shown before anything changes (a GET never unsubscribes). */
export const unsubscribeInfoSchema = z.object({
  active: z.boolean().describe('false when the alert was deleted already'),
  description: z.string().nullable(),
  frequency: alertFrequencySchema.nullable(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
