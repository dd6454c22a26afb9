import type { ErrorBody } from '@jobboard/shared';

/** The one error type of the server: services throw it, the error handler turns it into JSON. */
export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_configured'
  | 'unavailable';

/** The one table from error code to HTTP status. */
export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_configured: 501,
  unavailable: 503,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.headers = headers;
  }

  get statusCode(): number {
    return STATUS_BY_CODE[this.code];
  }
}

export function errorBody(statusCode: number, message: string): ErrorBody {
  return { success: false, statusCode, message };
}

/** PostgreSQL unique violation: the database, not a prior SELECT, is the judge of duplicates. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e.code !== '23505') return false;
  if (!constraint) return true;
  return e.constraint === constraint || (typeof e.message === 'string' && e.message.includes(constraint));
}

/** Connection-level failures: the database is down or unreachable, which is a 503, not a 500. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const e = error as { code?: unknown; message?: unknown };
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P03', '08006', '08001', '08003'];
  if (typeof e.code === 'string' && codes.includes(e.code)) return true;
  return (
    typeof e.message === 'string' &&
    /(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/i.test(
      e.message,
    )
  );
}
