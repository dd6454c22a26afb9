import type { I18n } from '@lingui/core';
import { FIRST_PAINT_MESSAGES as MESSAGES } from './first-paint-messages';
import { appI18n } from './i18n';
import { serverText } from './server-text';

/** The one error type of the web app: an HTTP status (0 when the request never got an answer) and a message a person can read. */
export class ApiError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

/**
 * A failed call's message (an ApiError is an Error) in the reader's language: the server's English text, or this
 * app's for a network failure, translated when it is a known one (lib/server-text.ts).
 */
export function errorMessage(error: unknown, fallback: string = MESSAGES.serverError, i18n: I18n = appI18n()): string {
  return serverText(i18n, (error instanceof Error && error.message) || fallback);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

let shownUserId: string | null = null;

/**
 * The id of the user the app shows (lib/session.ts keeps it up to date). State-changing calls carry it as
 * X-Expected-User: when another tab has signed in as someone else since, the server refuses the call (409)
 * instead of making it as that account.
 */
export function setShownUser(id: string | null): void {
  shownUserId = id;
}

export function shownUser(): string | null {
  return shownUserId;
}

export interface FetchOptions {
  method?: Method;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** The user this call is made for, when a screen holds its own (a dialog filled in for them); else the shown user. */
  expectedUser?: string | null;
}

/**
 * fetch against our own origin with the session cookie. A 4xx/5xx, a `{success:false}` body or a network
 * failure all become an ApiError carrying the server's message.
 */
export async function apiFetch<T>(path: string, options: FetchOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  const expected = options.expectedUser === undefined ? shownUserId : options.expectedUser;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(method !== 'GET' && expected ? { 'X-Expected-User': expected } : {}),
        ...options.headers,
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
    throw new ApiError(
      response.status,
      message ?? (response.status >= 500 ? MESSAGES.serverError : response.statusText || MESSAGES.serverError),
    );
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
