import { FIRST_PAINT_MESSAGES as MESSAGES } from './first-paint-messages';

/** The one error type of the web app: an HTTP status (0 when the request never got an answer) and a message a person can read. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export function errorMessage(error: unknown, fallback: string = MESSAGES.serverError): string {
  if (error instanceof ApiError || error instanceof Error) return error.message || fallback;
  return fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * fetch against our own origin with the session cookie. A 4xx/5xx, a `{success:false}` body or a network
 * failure all become an ApiError carrying the server's message.
 */
export async function apiFetch<T>(path: string, options: { method?: Method; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, MESSAGES.databaseUnavailable);
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  const message = isRecord(data) && typeof data.message === 'string' ? data.message : null;
  if (!response.ok) {
    throw new ApiError(response.status, message ?? (response.status >= 500 ? MESSAGES.serverError : response.statusText || MESSAGES.serverError));
  }
  if (isRecord(data) && data.success === false) {
    throw new ApiError(response.status, message ?? MESSAGES.serverError);
  }
  return data as T;
}

/**
 * The spec's write answers carry `acknowledged: true`; the success dialog waits for it (docs/product.md, "States").
 * Answers are not validated at run time, so this is checked on the value, not trusted from the type.
 */
export function isAcknowledged(answer: { acknowledged?: unknown }): boolean {
  return answer.acknowledged === true;
}
