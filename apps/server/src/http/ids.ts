import { AppError } from './errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A malformed id names nothing, so it is a 404 (docs/principles.md, "API rules"), never a database error. */
export function parseId(value: string, notFoundMessage: string): string {
  if (!UUID.test(value)) throw new AppError('not_found', notFoundMessage);
  return value.toLowerCase();
}

export function isId(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}
